package aseb

import (
	"fmt"
	"strings"

	"kilab/lang"
)

// Label words a legal move for a button in l (games.Labeler): "enter on 3",
// "5 → 8, captures", "bear off from 14", with "throw again" where it lands
// on a house (A11).
func (p Position) Label(l *lang.Lang, move string) string {
	m, err := ParseMove(move)
	if err != nil || p.state != MoveDue {
		return move
	}
	if m.IsPass() {
		return l.T("aseb.label.pass")
	}
	if p.check(m) != nil {
		return move
	}
	var parts []string
	switch {
	case int(m.From) == Reserve:
		parts = append(parts, l.T("aseb.label.enter", "Cell", m.To))
	case int(m.To) == Off && p.off[p.turn]+1 == p.rules.Pieces:
		return l.T("aseb.label.bear_off_win", "Cell", m.From)
	case int(m.To) == Off:
		parts = append(parts, l.T("aseb.label.bear_off", "Cell", m.From))
	default:
		parts = append(parts, fmt.Sprintf("%d → %d", m.From, m.To))
	}
	if p.Captures(m) {
		parts = append(parts, l.T("aseb.label.captures"))
	}
	if int(m.To) != Off && p.rules.Houses&(1<<uint(m.To)) != 0 {
		parts = append(parts, l.T("aseb.label.again"))
	}
	return strings.Join(parts, ", ")
}

// MoveNotation explains in l how moves are typed (games.NotationGuide).
func (Game) MoveNotation(l *lang.Lang) []string {
	return []string{
		l.T("aseb.notation.enter"),
		l.T("aseb.notation.move"),
		l.T("aseb.notation.off"),
		l.T("aseb.notation.cells"),
	}
}

// Named words a well-formed move in l as a player means it, legal or not
// (games.Namer): "enter on 3", "5 → 8", "bear off from 14", "pass". It says
// nothing only a legal move can tell (a capture, a throw again), so that a
// lesson shows its right move among wrong ones in the same words.
func (p Position) Named(l *lang.Lang, move string) string {
	m, err := ParseMove(move)
	switch {
	case err != nil:
		return move
	case m.IsPass():
		return l.T("aseb.label.pass_turn")
	case int(m.From) == Reserve:
		return l.T("aseb.label.enter", "Cell", m.To)
	case int(m.To) == Off:
		return l.T("aseb.label.bear_off", "Cell", m.From)
	}
	return fmt.Sprintf("%d → %d", m.From, m.To)
}
