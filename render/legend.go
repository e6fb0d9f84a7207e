package render

import (
	"sort"
	"strings"

	"kilab/games"
	"kilab/lang"
)

// Legend explains in l, in a line for the board message, the marks of a
// picture that do not explain themselves, as the game's art words them
// (Legender): Tab's stack heights and the quiet counts of Tab (T12) and
// Seega (S8), quoting the picture's own label. It is "" when the picture
// shows none of them.
func Legend(l *lang.Lang, pos games.Position) string {
	var parts []string
	for _, lg := range legenders() {
		parts = append(parts, lg.Legend(l, pos)...)
	}
	if len(parts) == 0 {
		return ""
	}
	return l.T("render.legend.intro", "Parts", strings.Join(parts, l.T("render.legend.sep")))
}

// legenders are the registered arts with a legend, in the order of their
// games' names, so that the words come in a stable order.
func legenders() []Legender {
	artsMu.RLock()
	defer artsMu.RUnlock()
	names := make([]string, 0, len(arts))
	for n := range arts {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []Legender
	for _, n := range names {
		if lg, ok := arts[n].(Legender); ok {
			out = append(out, lg)
		}
	}
	return out
}
