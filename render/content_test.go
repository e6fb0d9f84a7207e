package render

import (
	"image"
	"slices"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/games/seega"
	"kilab/lang"
)

// What an Aseb picture must show, worked out from the rules rather than from
// an earlier picture: after the spindles move 6-8, the cells of that move
// (shared cells 6 and 8) are marked and no other cell is; and since 8 is a
// house (A2), the spindles throw again (A11), which the picture says.
func TestAsebPictureShowsTheMoveAndTheMover(t *testing.T) {
	g := aseb.Game{}
	cfg := games.Config{Variant: "standard"}
	before, err := g.Parse(cfg, "c:1 s:6 s:2")
	if err != nil {
		t.Fatal(err)
	}
	after, err := before.Play("6-8")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := paint(lang.En, g, cfg, after, Last{})
	if err != nil {
		t.Fatal(err)
	}
	marked, err := paint(lang.En, g, cfg, after, Last{Before: before, Move: "6-8"})
	if err != nil {
		t.Fatal(err)
	}
	changed := func(cell int) int {
		x, y := asebCellRect(asebCell(games.Second, cell))
		r := image.Rect(int(x*scale), int(y*scale), int((x+asebCellW)*scale), int((y+asebCellH)*scale))
		n := 0
		for py := r.Min.Y; py < r.Max.Y; py++ {
			for px := r.Min.X; px < r.Max.X; px++ {
				if plain.pal.At(px, py) != marked.pal.At(px, py) {
					n++
				}
			}
		}
		return n
	}
	for _, cell := range []int{6, 8} {
		if changed(cell) == 0 {
			t.Errorf("cell %d of the move 6-8 is not marked", cell)
		}
	}
	for _, cell := range []int{1, 2, 3, 4, 5, 7, 9, 10, 12, 16} {
		if n := changed(cell); n != 0 {
			t.Errorf("cell %d, not part of the move, changed in %d pixels", cell, n)
		}
	}
	var said []string
	for _, l := range marked.labels {
		said = append(said, l.text)
	}
	if !strings.Contains(strings.Join(said, "|"), "Spindles to throw") {
		t.Errorf("after landing on a house the picture says %q, want the spindles to throw again", said)
	}
}

// A Seega picture says on itself what the rules ask of the turn in
// progress, not only in its alt text: after a capture the piece may capture
// again or stop (S5), and a player whose opponent is shut in must open a way
// (S7); in every language, inside the picture, and nothing of the kind when
// neither applies.
func TestSeegaPictureSaysChainAndShutIn(t *testing.T) {
	cfg := seegaCfg("free", "5")
	cases := []struct {
		pos, key string
		args     []any
	}{
		{"L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1", "render.seega.note.chain", []any{"Cell", "C2"}},
		{"DLL../LL.../L..../...../..... L move quiet=3 open", "render.seega.note.must_open", nil},
		{"DLL../LL.../L..../...../..... L move quiet=3", "", nil},
	}
	for _, tag := range lang.Tags {
		l := lang.Of(tag)
		notes := []string{l.T("render.seega.note.chain", "Cell", "C2"), l.T("render.seega.note.must_open")}
		for _, tc := range cases {
			g, cfg, pos := parsed(t, "seega", cfg, tc.pos)
			c, err := paint(l, g, cfg, pos, Last{})
			if err != nil {
				t.Fatal(err)
			}
			if err := checkLabels(c); err != nil {
				t.Errorf("%s: %s: %v", tag, tc.pos, err)
			}
			if err := labelsReadable(c); err != nil {
				t.Errorf("%s: %s: %v", tag, tc.pos, err)
			}
			var said []string
			for _, lb := range c.labels {
				said = append(said, lb.text)
			}
			for _, n := range notes {
				want := tc.key != "" && n == l.T(tc.key, tc.args...)
				if got := slices.Contains(said, n); got != want {
					t.Errorf("%s: %s: the picture says %q; want the note %q drawn: %v", tag, tc.pos, said, n, want)
				}
			}
		}
	}
	g, cfg, chain := parsed(t, "seega", cfg, "L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1")
	_, _, plain := parsed(t, "seega", cfg, "L..../.DLL./...D./L.L../....D L move quiet=0")
	// A game that ended in the middle of a chain asks nothing more of it.
	for _, e := range endings {
		c, err := paint(lang.En, g, cfg, chain, Last{Ended: &e})
		if err != nil {
			t.Fatal(err)
		}
		for _, lb := range c.labels {
			if lb.text == lang.En.T("render.seega.note.chain", "Cell", "C2") {
				t.Errorf("ended %+v: the picture still says %q", e, lb.text)
			}
		}
	}
	// The chain's piece is ringed on the board: its cell differs from the same
	// position with no chain pending, and no other cell does.
	ringed, err := paint(lang.En, g, cfg, chain, Last{})
	if err != nil {
		t.Fatal(err)
	}
	bare, err := paint(lang.En, g, cfg, plain, Last{})
	if err != nil {
		t.Fatal(err)
	}
	for _, cell := range chain.(seega.Position).Cells() {
		x, y := seegaXY(5, cell)
		s := seegaCellSize(5)
		r := image.Rect(int(x*scale), int(y*scale), int((x+s)*scale), int((y+s)*scale))
		n := 0
		for py := r.Min.Y; py < r.Max.Y; py++ {
			for px := r.Min.X; px < r.Max.X; px++ {
				if ringed.pal.At(px, py) != bare.pal.At(px, py) {
					n++
				}
			}
		}
		if (cell.String() == "C2") != (n > 0) {
			t.Errorf("cell %s changed in %d pixels with the chain on C2", cell, n)
		}
	}
}
