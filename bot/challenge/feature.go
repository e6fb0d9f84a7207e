package challenge

import "kilab/bot/kit"

// Challenges is /challenge, its buttons and rematches, on the bot's shared
// Core.
type Challenges struct{ *kit.Core }

// New is the challenges of the bot whose Core is core.
func New(core *kit.Core) *Challenges { return &Challenges{core} }
