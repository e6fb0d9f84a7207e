package tab

import "kilab/lang"

// Summary explains the game to a newcomer in a few lines, in l, for /rules:
// true to the rulebook (docs/rules.md), with the rule ids in brackets for
// whoever wants the exact wording, and the variants named where they change
// what a newcomer does.
func (Game) Summary(l *lang.Lang) []string {
	return []string{
		l.T("tab.summary.goal"),
		l.T("tab.summary.board"),
		l.T("tab.summary.path"),
		l.T("tab.summary.turn"),
		l.T("tab.summary.first"),
		l.T("tab.summary.stacks"),
		l.T("tab.summary.row4"),
		l.T("tab.summary.captures"),
		l.T("tab.summary.end"),
	}
}
