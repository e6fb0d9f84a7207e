package render

import (
	"fmt"
	"strings"

	"kilab/games"
	"kilab/games/seega"
	"kilab/games/tab"
)

// Legend explains, in a line for the board message, the marks of a picture
// that do not explain themselves: Tab's stack heights and the quiet counts of
// Tab (T12) and Seega (S8). It is "" when the picture shows none of them.
func Legend(pos games.Position) string {
	var parts []string
	switch p := pos.(type) {
	case tab.Position:
		if tallestStack(p) > 1 {
			parts = append(parts, "a number on a piece is how many pieces are stacked there")
		}
		if q := p.Quiet(); q > 0 {
			parts = append(parts, fmt.Sprintf("quiet %d/%d = %s in a row without a piece leaving the board; at %d the side with more pieces wins", q, p.QuietLimit(), count(q, "turn", "turns"), p.QuietLimit()))
		}
	case seega.Position:
		if q, limit := p.Quiet(); p.Phase() == seega.Movement && q > 0 {
			parts = append(parts, fmt.Sprintf("quiet %d/%d = %s since a piece last left the board; at %d the side with more pieces wins", q, limit, count(q, "step", "steps"), limit))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "In the picture: " + strings.Join(parts, "; ") + "."
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

// count is n with its noun: "1 turn", "5 turns".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
