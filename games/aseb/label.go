package aseb

import "fmt"

// Label words a legal move for a button (games.Labeler): "enter on 3",
// "5 → 8, captures", "14 → off (bear off)", with "throw again" where it lands
// on a house (A11).
func (p Position) Label(move string) string {
	m, err := ParseMove(move)
	if err != nil || p.state != MoveDue {
		return move
	}
	if m.IsPass() {
		return "pass (no move)"
	}
	if p.check(m) != nil {
		return move
	}
	var s string
	switch {
	case int(m.From) == Reserve:
		s = fmt.Sprintf("enter on %d", m.To)
	case int(m.To) == Off && p.off[p.turn]+1 == p.rules.Pieces:
		return fmt.Sprintf("bear off from %d and win", m.From)
	case int(m.To) == Off:
		s = fmt.Sprintf("bear off from %d", m.From)
	default:
		s = fmt.Sprintf("%d → %d", m.From, m.To)
	}
	if p.Captures(m) {
		s += ", captures"
	}
	if int(m.To) != Off && p.rules.Houses&(1<<uint(m.To)) != 0 {
		s += ", throw again"
	}
	return s
}

// MoveNotation explains how moves are typed (games.NotationGuide).
func (Game) MoveNotation() []string {
	return []string{
		"`in-3`: enter a piece on cell 3",
		"`5-8`: move the piece on cell 5 to cell 8 (`5x8` when it captures)",
		"`14-off`: bear off the piece on cell 14",
		"Cells 1-4 are your own, 5-16 the shared middle row, counted along your path.",
	}
}
