package play

import "kilab/bot/kit"

// Play is playing a game: its board's controls, /move, /board, /resign,
// /draw and the autocomplete of games and moves, on the bot's
// shared Core.
type Play struct{ *kit.Core }

// New is the play of the bot whose Core is core.
func New(core *kit.Core) *Play { return &Play{core} }
