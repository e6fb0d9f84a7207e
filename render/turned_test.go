package render

import (
	"fmt"
	"image"
	"math"
	"testing"

	"kilab/games"
	"kilab/games/seega"
	"kilab/games/tab"
	"kilab/lang"
)

// cellRects are the picture rectangles (display pixels) of every cell of a
// game's board as the view draws it, by a name that is the same in both
// views.
type cellRects func(turned bool) map[string][4]float64

// turnedCase is a game in mid-play, with its cells and its coordinate
// labels: each label's text and the display x or y it must sit at.
type turnedCase struct {
	game   string
	cfg    games.Config
	cells  cellRects
	coords func(turned bool) map[string]coord
}

type coord struct {
	x, y  float64 // where the label's centre must be
	along string  // "x" or "y": which of the two the label is placed by
	below float64 // a column's label: under the board, whose bottom edge this is
}

// Both sides of every game: every cell shows the same in both views (its
// wood, number, piece and marks travel with it), the turned view puts the
// second seat's home row (Aseb, Tab) at the bottom or A1 at the top right
// (Seega), and every coordinate label sits beside its own row or column.
func TestBothSidesOfEveryGame(t *testing.T) {
	t.Parallel()
	for _, tc := range turnedCases() {
		g, err := games.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := games.Normalize(g, tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		tc.cfg = cfg
		start, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		plies, err := RandomRecord(start, games.Seeded(11), 12)
		if err != nil {
			t.Fatal(err)
		}
		pos, last, err := FromRecord(start, plies)
		if err != nil {
			t.Fatal(err)
		}
		var pics [2]*canvas
		for k, turned := range []bool{false, true} {
			last.Turned = turned
			if pics[k], err = paint(lang.En, g, tc.cfg, pos, last); err != nil {
				t.Fatal(err)
			}
			checkCoords(t, fmt.Sprintf("%s turned %v", tc.game, turned), pics[k], tc.coords(turned))
		}
		plain, turned := tc.cells(false), tc.cells(true)
		moved := 0
		for name, r := range plain {
			if d := diffBlocks(pics[0].pal, r, pics[1].pal, turned[name]); d > 0 {
				t.Errorf("%s %v: cell %s drawn otherwise when turned (%d pixels)", tc.game, tc.cfg.Options, name, d)
			}
			if r != turned[name] {
				moved++
			}
		}
		if moved == 0 {
			t.Errorf("%s: the turned view moves no cell", tc.game)
		}
		checkTurnedPlaces(t, tc.game, plain, turned)
	}
}

// checkTurnedPlaces checks where the turned view puts each cell, from the
// rectangles alone: Seega's board turns half round about its centre (A1
// goes to the top right); Tab's rows turn over top to bottom, so black's
// home row d is at the bottom, its columns keeping their places (numbered
// from white's left as the notation is, the row arrows showing each row's
// way); Aseb's second seat's home cells go below the first's.
func checkTurnedPlaces(t *testing.T, game string, plain, turned map[string][4]float64) {
	t.Helper()
	if game == "aseb" {
		for cell := 1; cell <= 4; cell++ {
			first, second := fmt.Sprintf("%v-%d", games.First, cell), fmt.Sprintf("%v-%d", games.Second, cell)
			if plain[first][1] <= plain[second][1] || turned[first][1] >= turned[second][1] {
				t.Errorf("aseb: home cell %d: the first seat's at y %v plain and %v turned, the second's at %v and %v; want the reader's below",
					cell, plain[first][1], turned[first][1], plain[second][1], turned[second][1])
			}
		}
		return
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range plain {
		x0, y0, x1, y1 = min(x0, r[0]), min(y0, r[1]), max(x1, r[0]+r[2]), max(y1, r[1]+r[3])
	}
	for name, r := range plain {
		want := [2]float64{x0 + x1 - r[0] - r[2], y0 + y1 - r[1] - r[3]}
		if game == "tab" {
			want[0] = r[0]
		}
		if got := turned[name]; math.Abs(got[0]-want[0]) > 0.5 || math.Abs(got[1]-want[1]) > 0.5 {
			t.Errorf("%s: cell %s turned at %v, want %v (half a turn from %v)", game, name, got[:2], want, r[:2])
		}
	}
}

// checkCoords fails t unless each coordinate label of want is drawn once,
// where it must be.
func checkCoords(t *testing.T, what string, c *canvas, want map[string]coord) {
	t.Helper()
	for text, w := range want {
		found := false
		for _, l := range c.labels {
			if l.text != text {
				continue
			}
			x := (l.x0 + l.x1) / 2
			if w.along == "x" && math.Abs(x-w.x) < 1.5 && l.y > w.below || w.along == "y" && math.Abs(l.y-w.y) < 1.5 {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no label %q at %v", what, text, w)
		}
	}
}

// diffBlocks counts the pixels that differ between rectangle a of p and
// rectangle b of q, both shrunk by 5 display pixels from the cell's edge:
// past the ring of a move's cell (2 pixels wide, 2 in), whose antialiased
// edge falls otherwise where cells do not start on whole pixels (7x7 Seega).
func diffBlocks(p *image.Paletted, a [4]float64, q *image.Paletted, b [4]float64) int {
	n := 0
	w, h := int((a[2]-10)*scale), int((a[3]-10)*scale)
	ax, ay, bx, by := int((a[0]+5)*scale), int((a[1]+5)*scale), int((b[0]+5)*scale), int((b[1]+5)*scale)
	for dy := range h {
		for dx := range w {
			if p.ColorIndexAt(ax+dx, ay+dy) != q.ColorIndexAt(bx+dx, by+dy) {
				n++
			}
		}
	}
	return n
}

func turnedCases() []turnedCase {
	return []turnedCase{
		{game: "aseb", cfg: games.Config{Variant: "standard"}, cells: func(turned bool) map[string][4]float64 {
			v := asebView{turned}
			out := map[string][4]float64{}
			for side := games.First; side <= games.Second; side++ {
				for cell := 1; cell <= 4; cell++ {
					x, y := asebCellRect(v.cell(side, cell))
					out[fmt.Sprintf("%v-%d", side, cell)] = [4]float64{x, y, asebCellW, asebCellH}
				}
			}
			for cell := 5; cell <= 16; cell++ {
				x, y := asebCellRect(v.cell(games.First, cell))
				out[fmt.Sprint(cell)] = [4]float64{x, y, asebCellW, asebCellH}
			}
			for side := games.First; side <= games.Second; side++ {
				for _, off := range []bool{false, true} {
					x, y, w := asebPileBox(v, side, off)
					out[fmt.Sprintf("pile %v %v", side, off)] = [4]float64{x, y, w, asebCellH - 4}
				}
			}
			return out
		}, coords: func(bool) map[string]coord { return nil }},
		tabTurnedCase(7), tabTurnedCase(9), seegaTurnedCase(5), seegaTurnedCase(7), seegaTurnedCase(9),
	}
}

// tabTurnedCase is the turned case of a board w wide.
func tabTurnedCase(w int) turnedCase {
	return turnedCase{game: "tab", cfg: games.Config{Variant: "standard", Options: map[string]string{"width": fmt.Sprint(w)}}, cells: func(turned bool) map[string][4]float64 {
		l := newTabLayout(w, turned)
		out := map[string][4]float64{}
		for row := 1; row <= 4; row++ {
			for col := 1; col <= w; col++ {
				x, y := l.cellXY(tab.Cell{Row: row, Col: col})
				out[fmt.Sprintf("%d/%d", row, col)] = [4]float64{x, y, l.cell, l.cell}
			}
		}
		return out
	}, coords: func(turned bool) map[string]coord {
		l := newTabLayout(w, turned)
		out := map[string]coord{}
		for row := 1; row <= 4; row++ {
			_, y := l.centre(tab.Cell{Row: row, Col: 1})
			out[string(rune('a'+row-1))] = coord{y: y, along: "y"}
		}
		_, bottom := l.cellXY(tab.Cell{Row: l.bottom, Col: 1})
		for col := 1; col <= w; col++ {
			x, _ := l.centre(tab.Cell{Row: 1, Col: col})
			out[fmt.Sprint(col)] = coord{x: x, along: "x", below: bottom + l.cell}
		}
		return out
	}}
}

// seegaTurnedCase is the turned case of a board n wide.
func seegaTurnedCase(n int) turnedCase {
	return turnedCase{game: "seega", cfg: games.Config{Variant: "free", Options: map[string]string{"size": fmt.Sprint(n)}}, cells: func(turned bool) map[string][4]float64 {
		g := seegaGrid{n, turned}
		out := map[string][4]float64{}
		for col := range n {
			for row := range n {
				x, y := g.xy(seega.CellAt(col, row))
				out[seega.CellAt(col, row).String()] = [4]float64{x, y, seegaCellSize(n), seegaCellSize(n)}
			}
		}
		return out
	}, coords: func(turned bool) map[string]coord {
		g := seegaGrid{n, turned}
		out := map[string]coord{}
		for i := range n {
			x, _ := g.centre(seega.CellAt(i, 0))
			_, y := g.centre(seega.CellAt(0, i))
			out[string(rune('A'+i))] = coord{x: x, along: "x", below: seegaMargin + seegaBoard}
			out[fmt.Sprint(i+1)] = coord{y: y, along: "y"}
		}
		return out
	}}
}
