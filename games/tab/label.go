package tab

import (
	"fmt"
	"strings"

	"kilab/lang"
)

// Label words a legal move for a button in l (games.Labeler): the score, where
// the piece goes, and what else happens: "1: b5 → b4", "3: stack of 2 b4 →
// b1, captures", "1: top of c7 → c8", "give up the 3".
func (p Position) Label(l *lang.Lang, move string) string {
	tr, err := p.Trace(move)
	if err != nil {
		return move
	}
	m := tr.Move
	switch {
	case m.Pass && m.Score == 0:
		return l.T("tab.label.end_pass")
	case m.Pass:
		return l.T("tab.label.give_up", "Score", m.Score)
	}
	parts := []string{p.labelHead(l, m)}
	switch tr.Captured {
	case 0:
	case 1:
		parts = append(parts, l.T("tab.label.captures"))
	default:
		parts = append(parts, l.N("tab.label.captures_n", tr.Captured))
	}
	if tr.Reduced > 0 {
		parts = append(parts, l.N("tab.label.loses", tr.Reduced))
	}
	if tr.Flipped {
		parts = append(parts, l.T("tab.label.row4"))
	}
	return strings.Join(parts, ", ")
}

// labelHead is the score and the way of what moves: "3: stack of 2 b4 → b1".
func (p Position) labelHead(l *lang.Lang, m Move) string {
	switch n := len(p.Stack(m.From)); {
	case m.Split:
		return l.T("tab.label.top", "Score", m.Score, "From", m.From, "To", m.To)
	case n > 1:
		return l.T("tab.label.stack", "Score", m.Score, "Stack", n, "From", m.From, "To", m.To)
	}
	return fmt.Sprintf("%d: %s → %s", m.Score, m.From, m.To)
}

// MoveNotation explains in l how moves are typed (games.NotationGuide).
func (Game) MoveNotation(l *lang.Lang) []string {
	return []string{
		l.T("tab.notation.move"),
		l.T("tab.notation.split"),
		l.T("tab.notation.pass"),
		l.T("tab.notation.cells"),
	}
}

// Named words a well-formed move in l as a player means it, legal or not
// (games.Namer): the score and the way, "3: b4 → b1", "1: top of c7 → c8",
// "give up the 3", "end the turn". It says nothing only a legal move can
// tell (a capture, a shrinking stack, row 4 entered), so that a lesson shows
// its right move among wrong ones in the same words.
func (p Position) Named(l *lang.Lang, move string) string {
	m, err := ParseMove(move)
	switch {
	case err != nil:
		return move
	case m.Pass && m.Score == 0:
		return l.T("tab.label.end_turn")
	case m.Pass:
		return l.T("tab.label.give_up", "Score", m.Score)
	case m.Split:
		return l.T("tab.label.top", "Score", m.Score, "From", m.From, "To", m.To)
	}
	return fmt.Sprintf("%d: %s → %s", m.Score, m.From, m.To)
}
