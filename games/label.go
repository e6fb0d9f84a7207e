package games

// Labeler is implemented by positions that can word their moves for a player:
// what a button shows ("enter on 3", "5 → 8, captures", "place D2 and E2"),
// while the notation stays what /move, records and button ids carry.
type Labeler interface {
	// Label words move, a legal move of the position in its notation, in a few
	// words that fit a button (80 characters). A move it cannot read is given
	// back as it is.
	Label(move string) string
}

// MaxLabel is the longest label a move may have: Discord's limit on a button's
// label.
const MaxLabel = 80

// Label words a move of pos for a player (Labeler), or returns its notation
// where the position has no words for it. It never returns more than
// MaxLabel characters.
func Label(pos Position, move string) string {
	l, ok := pos.(Labeler)
	if !ok {
		return move
	}
	s := l.Label(move)
	if s == "" {
		return move
	}
	if r := []rune(s); len(r) > MaxLabel {
		return string(r[:MaxLabel-1]) + "…"
	}
	return s
}

// NotationGuide is implemented by games that explain how their moves are
// typed (docs/notation.md), a line per kind of move, for /rules and for a
// /move that names no move.
type NotationGuide interface {
	MoveNotation() []string
}
