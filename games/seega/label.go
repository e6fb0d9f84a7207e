package seega

import (
	"fmt"
	"strings"
)

// Label words a legal move for a button (games.Labeler): "place A1 and B2",
// "C2 → C3, captures D3", "stop capturing", "remove your piece on C4".
func (p Position) Label(move string) string {
	e, err := p.Effect(move)
	if err != nil {
		return move
	}
	switch e.Move.Kind {
	case Place:
		return fmt.Sprintf("place %s and %s", e.Move.From, e.Move.To)
	case Stop:
		return "stop capturing"
	case Pass:
		return "pass (no step possible)"
	case Remove:
		return fmt.Sprintf("remove your piece on %s", e.Removed)
	}
	s := fmt.Sprintf("%s → %s", e.From, e.To[0])
	if n := len(e.Captured); n > 0 {
		cells := make([]string, n)
		for i, c := range e.Captured {
			cells[i] = c.String()
		}
		s += ", captures " + strings.Join(cells, ", ")
	}
	return s
}

// MoveNotation explains how moves are typed (games.NotationGuide).
func (Game) MoveNotation() []string {
	return []string{
		"`D2+E2`: place two pieces, on D2 and E2",
		"`C2-C3`: move the piece on C2 to C3",
		"`stop`: end a chain of captures; `xC4`: remove your own piece on C4 to free a shut-in opponent",
		"Columns A, B, C... from the left, rows 1, 2, 3... from the bottom, as on a chess board.",
	}
}
