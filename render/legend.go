package render

import (
	"strings"

	"kilab/games"
	"kilab/games/seega"
	"kilab/games/tab"
	"kilab/lang"
)

// Legend explains in l, in a line for the board message, the marks of a
// picture that do not explain themselves: Tab's stack heights and the quiet
// counts of Tab (T12) and Seega (S8), quoting the picture's own label. It is
// "" when the picture shows none of them.
func Legend(l *lang.Lang, pos games.Position) string {
	var parts []string
	switch p := pos.(type) {
	case tab.Position:
		if tallestStack(p) > 1 {
			parts = append(parts, l.T("render.legend.stacks"))
		}
		if q := p.Quiet(); q > 0 {
			parts = append(parts, l.T("render.legend.tab_quiet", "Label", quietLabel(l, q, p.QuietLimit()),
				"Turns", l.N("render.legend.turns", q), "Limit", p.QuietLimit()))
		}
	case seega.Position:
		if q, limit := p.Quiet(); p.Phase() == seega.Movement && q > 0 {
			parts = append(parts, l.T("render.legend.seega_quiet", "Label", quietLabel(l, q, limit),
				"Steps", l.N("render.legend.steps", q), "Limit", limit))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return l.T("render.legend.intro", "Parts", strings.Join(parts, l.T("render.legend.sep")))
}

// tallestStack is the height of the highest stack on the board.
func tallestStack(p tab.Position) int {
	n := 0
	for row := 1; row <= 4; row++ {
		for col := 1; col <= p.Width(); col++ {
			n = max(n, len(p.Stack(tab.Cell{Row: row, Col: col})))
		}
	}
	return n
}
