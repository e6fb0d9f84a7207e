package tab

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kilab/games"
)

// On a 4x7 board white's path is a1..a7, b7..b1, c1..c7, then d7..d1 (or back to
// b7), and from d1 on to c1; black's is d7..d1, c1..c7, b7..b1, then a1..a7 (or
// back to c1), and from a7 on to b7. Positions list rows d, c, b, a.

func TestT1_BoardAndStart(t *testing.T) {
	for w := 7; w <= 29; w += 2 {
		p, err := Start(w)
		if err != nil {
			t.Fatal(err)
		}
		n := strconv.Itoa(w)
		want := strings.Repeat("c", w) + "/" + n + "/" + n + "/" + strings.Repeat("C", w) + " w - t10 0"
		wantPos(t, p, want)
		if p.Width() != w || p.Pieces(games.First) != w || p.Pieces(games.Second) != w {
			t.Errorf("width %d: Width %d, pieces %d and %d", w, p.Width(), p.Pieces(games.First), p.Pieces(games.Second))
		}
		for col := 1; col <= w; col++ {
			white, black := p.Stack(Cell{1, col}), p.Stack(Cell{4, col})
			if len(white) != 1 || white[0] != (Piece{Owner: games.First, Christian: true}) ||
				len(black) != 1 || black[0] != (Piece{Owner: games.Second, Christian: true}) {
				t.Errorf("width %d column %d: home cells hold %v and %v", w, col, white, black)
			}
		}
		checkMirror(t, p)
	}
	for _, w := range []int{5, 6, 8, 31} {
		if _, err := Start(w); !errors.Is(err, games.ErrBadConfig) {
			t.Errorf("Start(%d): %v, want ErrBadConfig", w, err)
		}
	}
}

// checkMirror checks T1's frame: each path covers the board once, white's row r is
// black's row 5-r with columns mirrored, and rows 2 and 3 run the same way for both.
func checkMirror(t *testing.T, p Position) {
	t.Helper()
	w := p.Width()
	white, black := p.Path(games.First), p.Path(games.Second)
	seen := map[Cell]bool{}
	for i := range white {
		seen[white[i]] = true
		mirror := Cell{5 - white[i].Row, w + 1 - white[i].Col}
		if black[i] != mirror {
			t.Fatalf("width %d: black's path cell %d is %v, want %v", w, i, black[i], mirror)
		}
		if r := p.Row(games.First, white[i]); r != i/w+1 || p.Row(games.Second, white[i]) != 5-r {
			t.Fatalf("width %d: %v is white's row %d, black's %d", w, white[i], r, p.Row(games.Second, white[i]))
		}
	}
	if len(seen) != 4*w {
		t.Fatalf("width %d: white's path covers %d cells", w, len(seen))
	}
	// Row b is white's row 2 and black's row 3, run right to left by both.
	if white[w] != (Cell{2, w}) || black[2*w] != (Cell{2, w}) || white[2*w-1] != (Cell{2, 1}) || black[3*w-1] != (Cell{2, 1}) {
		t.Fatalf("width %d: rows 2 and 3 not run the same way: %v %v", w, white[w:2*w], black[2*w:3*w])
	}
}

func TestT1_WidthOption(t *testing.T) {
	g := Game{}
	want := []string{"11", "7", "9", "13", "15", "17", "19", "21", "23", "25", "27", "29"}
	if vs := g.Variants(); len(vs) != 1 || vs[0].Key != "standard" || !slices.Equal(vs[0].Options[0].Values, want) {
		t.Fatalf("variants: %+v", vs)
	}
	for _, c := range []struct {
		opts  map[string]string
		width int
	}{{nil, 11}, {map[string]string{"width": "7"}, 7}, {map[string]string{"Width": " 29 "}, 29}} {
		p, err := g.New(games.Config{Options: c.opts})
		if err != nil || p.(Position).Width() != c.width {
			t.Errorf("New(%v): %v, %v; want width %d", c.opts, p, err, c.width)
		}
	}
	for _, bad := range []string{"8", "5", "31", "eleven"} {
		if _, err := g.New(games.Config{Options: map[string]string{"width": bad}}); !errors.Is(err, games.ErrBadConfig) {
			t.Errorf("width=%s: %v, want ErrBadConfig", bad, err)
		}
	}
	if _, err := g.Parse(games.Config{Options: map[string]string{"width": "9"}}, "ccccccc/7/7/CCCCCCC w - t10 0"); !errors.Is(err, games.ErrBadConfig) {
		t.Errorf("a 7-wide position with width=9: %v, want ErrBadConfig", err)
	}
	if _, err := g.Parse(games.Config{}, "ccccccc/7/7/CCCCCCC w - t10 0"); !errors.Is(err, games.ErrBadConfig) {
		t.Errorf("a 7-wide position under the default width 11: %v, want ErrBadConfig", err)
	}
	if p, err := g.Parse(games.Config{Options: map[string]string{"width": "7"}}, "ccccccc/7/7/CCCCCCC w - t10 0"); err != nil || p.(Position).Width() != 7 {
		t.Errorf("a 7-wide position with width=7: %v, %v", p, err)
	}
	if got, err := games.Lookup("tab"); err != nil || got.Title() != "Tab" || got.Seats() != [2]string{"white", "black"} {
		t.Errorf("registry: %v, %v", got, err)
	}
}

func TestT2_ThrowsAndScores(t *testing.T) {
	p := at(t, "ccccccc/7/6M/CCCCCC1 w - - 0")
	if d := p.Due(); d.Kind != games.DueThrow || d.Auto || d.Dice != games.TabSticks {
		t.Fatalf("turn start: %+v, want a clicked throw of the tab sticks", d)
	}
	for _, s := range []games.Throw{1, 4, 6} {
		p = throw(t, p, s)
		if d := p.Due(); d.Kind != games.DueThrow || !d.Auto {
			t.Fatalf("after a %d: %+v, want another throw drawn by the server", s, d)
		}
	}
	wantPos(t, p, "ccccccc/7/6M/CCCCCC1 w 1,4,6+ - 0")
	for _, stop := range []games.Throw{2, 3} {
		q := throw(t, p, stop)
		if d := q.Due(); d.Kind != games.DueMove || d.Auto {
			t.Errorf("after a %d: %+v, want a move", stop, d)
		}
		if _, err := q.WithThrow(1); !errors.Is(err, games.ErrIllegalMove) {
			t.Errorf("throw after the %d: %v, want ErrIllegalMove", stop, err)
		}
	}
	for _, bad := range []games.Throw{0, 5, 7, -1} {
		if _, err := p.WithThrow(bad); !errors.Is(err, games.ErrIllegalMove) {
			t.Errorf("throw %d: %v, want ErrIllegalMove", bad, err)
		}
	}
}

func TestT2_ScoresNeverAdded(t *testing.T) {
	// One piece on b7 with a 1 and a 4: it can make 1 and 4, in either order, never 5.
	p := at(t, "ccccccc/7/6M/7 w 1,4 - 0")
	wantMoves(t, p, "1b7-b6", "4b7-b3")
	a := play(t, p, "1b7-b6")
	wantMoves(t, a, "4b6-b2")
	b := play(t, p, "4b7-b3")
	wantMoves(t, b, "1b3-b2")
	wantPos(t, play(t, a, "4b6-b2"), "ccccccc/7/1M5/7 b - - 1")
	wantPos(t, play(t, b, "1b3-b2"), "ccccccc/7/1M5/7 b - - 1")
	refuse(t, p, "4b7-b2", games.ErrIllegalMove, "goes to b3, not b2")
}
