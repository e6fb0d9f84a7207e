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
				t.Errorf("%s: cell %s drawn otherwise when turned (%d pixels)", tc.game, name, d)
			}
			if r != turned[name] {
				moved++
			}
		}
		if moved == 0 {
			t.Errorf("%s: the turned view moves no cell", tc.game)
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
// rectangle b of q, both shrunk by 3 display pixels from the cell's edge.
func diffBlocks(p *image.Paletted, a [4]float64, q *image.Paletted, b [4]float64) int {
	n := 0
	w, h := int((a[2]-6)*scale), int((a[3]-6)*scale)
	ax, ay, bx, by := int((a[0]+3)*scale), int((a[1]+3)*scale), int((b[0]+3)*scale), int((b[1]+3)*scale)
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
		{game: "tab", cfg: games.Config{Variant: "standard", Options: map[string]string{"width": "9"}}, cells: func(turned bool) map[string][4]float64 {
			l := newTabLayout(9, turned)
			out := map[string][4]float64{}
			for row := 1; row <= 4; row++ {
				for col := 1; col <= 9; col++ {
					x, y := l.cellXY(tab.Cell{Row: row, Col: col})
					out[fmt.Sprintf("%d/%d", row, col)] = [4]float64{x, y, l.cell, l.cell}
				}
			}
			return out
		}, coords: func(turned bool) map[string]coord {
			l := newTabLayout(9, turned)
			out := map[string]coord{}
			for row := 1; row <= 4; row++ {
				_, y := l.centre(tab.Cell{Row: row, Col: 1})
				out[string(rune('a'+row-1))] = coord{y: y, along: "y"}
			}
			_, bottom := l.cellXY(tab.Cell{Row: l.bottom, Col: 1})
			for col := 1; col <= 9; col++ {
				x, _ := l.centre(tab.Cell{Row: 1, Col: col})
				out[fmt.Sprint(col)] = coord{x: x, along: "x", below: bottom + l.cell}
			}
			return out
		}},
		{game: "seega", cfg: games.Config{Variant: "free", Options: map[string]string{"size": "5"}}, cells: func(turned bool) map[string][4]float64 {
			g := seegaGrid{5, turned}
			out := map[string][4]float64{}
			for col := range 5 {
				for row := range 5 {
					x, y := g.xy(seega.CellAt(col, row))
					out[seega.CellAt(col, row).String()] = [4]float64{x, y, seegaCellSize(5), seegaCellSize(5)}
				}
			}
			return out
		}, coords: func(turned bool) map[string]coord {
			g := seegaGrid{5, turned}
			out := map[string]coord{}
			for i := range 5 {
				x, _ := g.centre(seega.CellAt(i, 0))
				_, y := g.centre(seega.CellAt(0, i))
				out[string(rune('A'+i))] = coord{x: x, along: "x", below: seegaMargin + seegaBoard}
				out[fmt.Sprint(i+1)] = coord{y: y, along: "y"}
			}
			return out
		}},
	}
}
