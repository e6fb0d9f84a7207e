package moderation

import "kilab/bot/kit"

// Moderation is /mod, on the bot's shared Core.
type Moderation struct{ *kit.Core }

// New is the moderation of the bot whose Core is core.
func New(core *kit.Core) *Moderation { return &Moderation{core} }
