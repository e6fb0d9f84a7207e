package tab

import "fmt"

// Label words a legal move for a button (games.Labeler): the score, where the
// piece goes, and what else happens: "1: b5 → b4", "3: stack of 2 b4 → b1,
// captures", "1: top of c7 → c8", "give up the 3".
func (p Position) Label(move string) string {
	tr, err := p.Trace(move)
	if err != nil {
		return move
	}
	m := tr.Move
	switch {
	case m.Pass && m.Score == 0:
		return "pass: nothing left can move"
	case m.Pass:
		return fmt.Sprintf("give up the %d", m.Score)
	}
	what := ""
	switch n := len(p.Stack(m.From)); {
	case m.Split:
		what = "top of "
	case n > 1:
		what = fmt.Sprintf("stack of %d ", n)
	}
	s := fmt.Sprintf("%d: %s%s → %s", m.Score, what, m.From, m.To)
	switch tr.Captured {
	case 0:
	case 1:
		s += ", captures"
	default:
		s += fmt.Sprintf(", captures %d", tr.Captured)
	}
	if tr.Reduced > 0 {
		s += fmt.Sprintf(", loses %d %s", tr.Reduced, plural(tr.Reduced, "piece"))
	}
	if tr.Flipped {
		s += ", into row 4"
	}
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// MoveNotation explains how moves are typed (games.NotationGuide).
func (Game) MoveNotation() []string {
	return []string{
		"`3b5-b8`: with a 3, the piece or stack on b5 goes to b8",
		"`1c7^c8`: with a 1, only the top piece of the stack on c7 goes to c8",
		"`pass3`: give up a 3 whose every move would break up a stack",
		"Rows a-d from white's side (a is white's home row), columns from white's left.",
	}
}
