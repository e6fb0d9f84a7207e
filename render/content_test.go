package render

import (
	"image"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
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
				if plain.img.At(px, py) != marked.img.At(px, py) {
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
