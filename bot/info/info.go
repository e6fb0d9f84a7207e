package info

import "kilab/bot/kit"

// Info is the information commands, on the bot's shared Core.
type Info struct{ *kit.Core }

// New is the information commands of the bot whose Core is core.
func New(core *kit.Core) *Info { return &Info{core} }
