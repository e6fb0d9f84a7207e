package vacation

import "kilab/bot/kit"

// Vacations is /vacation and its notices, on the bot's shared Core.
type Vacations struct{ *kit.Core }

// New is the vacations of the bot whose Core is core.
func New(core *kit.Core) *Vacations { return &Vacations{core} }
