package seega

import "kilab/lang"

// Summary explains the game to a newcomer in a few lines, in l, for /rules:
// true to the rulebook (docs/rules.md), with the rule ids in brackets for
// whoever wants the exact wording, and the variants named where they change
// what a newcomer does.
func (Game) Summary(l *lang.Lang) []string {
	return []string{
		l.T("seega.summary.goal"),
		l.T("seega.summary.board"),
		l.T("seega.summary.placing"),
		l.T("seega.summary.moving"),
		l.T("seega.summary.captures"),
		l.T("seega.summary.shuttle"),
		l.T("seega.summary.blocked"),
		l.T("seega.summary.end"),
	}
}
