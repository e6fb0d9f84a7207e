package games

import "kilab/lang"

// Labeler is implemented by positions that can word their moves for a player:
// what a button shows ("enter on 3", "5 → 8, captures", "place D2 and E2"),
// while the notation stays what /move, records and button ids carry.
type Labeler interface {
	// Label words move, a legal move of the position in its notation, in l in
	// a few words that fit a button (80 characters). A move it cannot read is
	// given back as it is.
	Label(l *lang.Lang, move string) string
}

// MaxLabel is the longest label a move may have: Discord's limit on a button's
// label.
const MaxLabel = 80

// Label words a move of pos for a player reading l (Labeler), or returns its
// notation where the position has no words for it. It never returns more
// than MaxLabel characters.
func Label(l *lang.Lang, pos Position, move string) string {
	lb, ok := pos.(Labeler)
	if !ok {
		return move
	}
	s := lb.Label(l, move)
	if s == "" {
		return move
	}
	return clipLabel(s)
}

func clipLabel(s string) string {
	if r := []rune(s); len(r) > MaxLabel {
		return string(r[:MaxLabel-1]) + "…"
	}
	return s
}

// GroupLabeler is implemented by positions whose picker groups (Move.Group)
// hold words, such as Seega's "row 1": a picker shows a group through it.
type GroupLabeler interface {
	// GroupLabel words one level of a group path ("row 1", not "row 1/A1")
	// in l; a level it does not know is given back as it is.
	GroupLabel(l *lang.Lang, level string) string
}

// GroupLabel words one level of a picker group of pos for a player reading l
// (GroupLabeler), or returns it as it is: a piece's cell ("5", "b5") is the
// same in every language.
func GroupLabel(l *lang.Lang, pos Position, level string) string {
	if g, ok := pos.(GroupLabeler); ok {
		if s := g.GroupLabel(l, level); s != "" {
			return clipLabel(s)
		}
	}
	return level
}

// NotationGuide is implemented by games that explain how their moves are
// typed (docs/notation.md), a line per kind of move, for /rules and for a
// /move that names no move. The examples in backquotes are notation and stay
// as they are in every language.
type NotationGuide interface {
	MoveNotation(l *lang.Lang) []string
}

// MoveNotation returns g's notation guide in l, or nil.
func MoveNotation(l *lang.Lang, g Game) []string {
	if n, ok := g.(NotationGuide); ok {
		return n.MoveNotation(l)
	}
	return nil
}

// SeatNamer is implemented by games that name their seats for players, in
// each language, seat 0 first, lower case as mid-sentence ("cones"); the
// keys of Game.Seats stay English: they are what records and notation carry.
type SeatNamer interface {
	SeatNames() [2]lang.Text
}

// SeatName names seat p of g in l (SeatNamer), or gives its key (Game.Seats)
// where g has no words for it.
func SeatName(l *lang.Lang, g Game, p Player) string {
	if n, ok := g.(SeatNamer); ok {
		if t := n.SeatNames()[p]; t.ID != "" {
			return t.In(l)
		}
	}
	return g.Seats()[p]
}

// SeatWord names the seat whose key is key (Game.Seats: "cones") in l, as
// the registered game with a seat of that key names it (SeatName), for a
// caller that kept only the key; a key no game has is given back as it is.
func SeatWord(l *lang.Lang, key string) string {
	for _, name := range Names() {
		g, err := Lookup(name)
		if err != nil {
			continue
		}
		for p, k := range g.Seats() {
			if k == key {
				return SeatName(l, g, Player(p))
			}
		}
	}
	return key
}

// Namer is implemented by positions that can word any well-formed move, legal
// or not, in the same words whichever it is: how a lesson offers its right
// move among wrong ones without telling which is which.
type Namer interface {
	Named(l *lang.Lang, move string) string
}

// Named words move for a lesson's button (Namer), or returns its notation
// where the position has no such words.
func Named(l *lang.Lang, pos Position, move string) string {
	if n, ok := pos.(Namer); ok {
		if s := n.Named(l, move); s != "" {
			return clipLabel(s)
		}
	}
	return move
}
