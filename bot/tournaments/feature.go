package tournaments

import "kilab/bot/kit"

// Tournaments is /tournament, /standings, a tournament's buttons and its
// notices, on the bot's shared Core.
type Tournaments struct{ *kit.Core }

// New is the tournaments of the bot whose Core is core.
func New(core *kit.Core) *Tournaments { return &Tournaments{core} }
