package games

import "kilab/lang"

// What a game may say of itself besides the Game interface. The bot asks
// these instead of naming games, so a new game needs no edit outside its own
// folder (and render's) but one registration line.

// DrawAgreer is implemented by games whose players may agree a draw (Tab,
// T12; Seega, S8). A game without it is played to a result: Aseb is a race.
type DrawAgreer interface {
	AgreedDraws() bool
}

// AgreedDraws reports whether players of g may agree a draw.
func AgreedDraws(g Game) bool {
	d, ok := g.(DrawAgreer)
	return ok && d.AgreedDraws()
}

// SideMatterer is implemented by games in which moving first is an edge
// worth evening out: a round robin of such a game plays every pair twice,
// each side once. The figures behind each answer are the game's own.
type SideMatterer interface {
	SidesMatter() bool
}

// SidesMatter reports whether moving first in g is an edge (SideMatterer);
// a game that does not say is taken to have none.
func SidesMatter(g Game) bool {
	s, ok := g.(SideMatterer)
	return ok && s.SidesMatter()
}

// TurnOdder is implemented by games whose turn is several throws (Tab, T2):
// the chance that a turn's throws hold each score at least once, for /rules.
type TurnOdder interface {
	TurnOdds() []Odds
}

// TurnOdds returns g's per-turn odds, or nil where a turn is one throw.
func TurnOdds(g Game) []Odds {
	if t, ok := g.(TurnOdder); ok {
		return t.TurnOdds()
	}
	return nil
}

// Summarizer is implemented by games that explain themselves to a newcomer in
// a few lines (Markdown), for /rules, in the reader's language.
type Summarizer interface {
	Summary(l *lang.Lang) []string
}

// Summary returns g's summary lines in l, or nil.
func Summary(l *lang.Lang, g Game) []string {
	if s, ok := g.(Summarizer); ok {
		return s.Summary(l)
	}
	return nil
}
