package seega

import (
	"fmt"
	"strconv"
	"strings"

	"kilab/lang"
)

// Label words a legal move for a button in l (games.Labeler): "place A1 and
// B2", "C2 → C3, captures D3", "stop capturing", "remove your piece on C4".
func (p Position) Label(l *lang.Lang, move string) string {
	e, err := p.Effect(move)
	if err != nil {
		return move
	}
	switch e.Move.Kind {
	case Place:
		return l.T("seega.label.place", "A", e.Move.From, "B", e.Move.To)
	case Stop:
		return l.T("seega.label.stop")
	case Pass:
		return l.T("seega.label.pass")
	case Remove:
		return l.T("seega.label.remove", "Cell", e.Removed)
	}
	s := fmt.Sprintf("%s → %s", e.From, e.To[0])
	if n := len(e.Captured); n > 0 {
		cells := make([]string, n)
		for i, c := range e.Captured {
			cells[i] = c.String()
		}
		s += ", " + l.T("seega.label.captures", "Cells", strings.Join(cells, ", "))
	}
	return s
}

// GroupLabel words a level of a placement's picker group in l
// (games.GroupLabeler): "row 3"; a cell ("A1") is the same in every language.
func (p Position) GroupLabel(l *lang.Lang, level string) string {
	if n, ok := strings.CutPrefix(level, rowGroup); ok {
		if row, err := strconv.Atoi(n); err == nil {
			return l.T("seega.label.row", "Row", row)
		}
	}
	return level
}

// MoveNotation explains in l how moves are typed (games.NotationGuide).
func (Game) MoveNotation(l *lang.Lang) []string {
	return []string{
		l.T("seega.notation.place"),
		l.T("seega.notation.step"),
		l.T("seega.notation.stop"),
		l.T("seega.notation.cells"),
	}
}

// Named words a well-formed move in l as a player means it, legal or not
// (games.Namer): "place A1 and B2", "C2 → C3", "stop capturing", "remove
// your piece on C4", "pass". It says nothing only a legal move can tell (what
// a step captures), so that a lesson shows its right move among wrong ones
// in the same words.
func (p Position) Named(l *lang.Lang, move string) string {
	m, err := ParseMove(move, p.Size())
	if err != nil {
		return move
	}
	switch m.Kind {
	case Place:
		return l.T("seega.label.place", "A", m.From, "B", m.To)
	case Stop:
		return l.T("seega.label.stop")
	case Pass:
		return l.T("seega.label.pass_turn")
	case Remove:
		return l.T("seega.label.remove", "Cell", m.From)
	}
	return fmt.Sprintf("%s → %s", m.From, m.To)
}
