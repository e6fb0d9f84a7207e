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

// Placer is implemented by positions of games whose turns may place pieces
// from the hand (Seega, S2): a player may have such a turn made for them at
// random, from a button or their settings, instead of choosing its cells.
type Placer interface {
	// Placing reports whether the turn is a placement.
	Placing() bool
	// RandomPlacement picks, with randomness from src, one of the turn's
	// legal placements, each as likely as any other, in the game's notation;
	// ok is false when the turn places nothing.
	RandomPlacement(src Source) (move string, ok bool)
}

// Placing reports whether pos's turn is a placement of pieces (Placer).
func Placing(pos Position) bool {
	p, ok := pos.(Placer)
	return ok && p.Placing()
}

// RandomPlacement picks one of pos's legal placements at random from src
// (Placer); ok is false where the turn is no placement.
func RandomPlacement(pos Position, src Source) (move string, ok bool) {
	p, isPlacer := pos.(Placer)
	if !isPlacer || !p.Placing() {
		return "", false
	}
	return p.RandomPlacement(src)
}

// Uniform is a number below n (n > 0) drawn from src, every one as likely
// as any other: draws that would favour the low numbers are thrown away.
func Uniform(src Source, n uint64) uint64 {
	limit := -n % n // 2^64 mod n: the draws below it are the uneven rest
	for {
		if v := src.Uint64(); v >= limit {
			return v % n
		}
	}
}
