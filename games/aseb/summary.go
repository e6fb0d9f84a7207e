package aseb

import "kilab/lang"

// Summary explains the game to a newcomer in a few lines, in l, for /rules:
// true to the rulebook (docs/rules.md), with the rule ids in brackets for
// whoever wants the exact wording, and the variants named where they change
// what a newcomer does.
func (Game) Summary(l *lang.Lang) []string {
	return []string{
		l.T("aseb.summary.goal"),
		l.T("aseb.summary.board"),
		l.T("aseb.summary.start"),
		l.T("aseb.summary.turn"),
		l.T("aseb.summary.own"),
		l.T("aseb.summary.houses"),
		l.T("aseb.summary.captures"),
		l.T("aseb.summary.end"),
	}
}
