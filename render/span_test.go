package render

import (
	"image"
	"slices"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/games/seega"
	"kilab/games/tab"
	"kilab/lang"
)

// The records below were played by RandomRecord and end where the span is
// what each test is about.
const (
	// Light captures C2 with D3-D2, then D4 with D2-D3, and stops.
	seegaChain = "A3+D5 B3+A4 A2+D2 C1+E4 B2+D3 E2+B5 E3+C5 A1+E1 C2+E5 B1+D4 D1+B4 C4+A5 C4-C3 C3-C2 stop D3-D2 D2-D3 stop"
	// Dark places its last two pieces, moves first (S3) but is shut in, and
	// the server passes for it (S7).
	seegaShutIn = "D2+D5 B4+A5 B1+A2 E1+E2 D1+C4 B2+B5 D3+E5 A1+A4 C2+B3 E3+C5 D4+E4 C1+A3 pass"
	// Black's turn 1,1,2: b1 to a2 capturing, then d6-d5 and d7-d6.
	tabTurn = "4,1,1,3:1a7-b7 1a6-a7 3a7-b5 1,2:1d1-c1 2c1-c3 2:2b5-b3 2:2c3-c5 2:2b7-b5 2:2c5-c7 3:3b5-b2 1,2:2c7-b6 1d2-d1 1,2:2b2-c1 1a5-a6 3:3d1-c3 3:3c1-c4 3:3c3-c6 1,1,2:2b3-b1 1a4-a5 1a3-a4 1,3:1d3-d2 3d2-c2 2:2b1-c2 3:3b6-b3 2:2a4-a6 1,1,2:2b3-b1 1d4-d3 1d5-d4 3:3c4-c7 2:2c6-b7 3:3a6-b6 3:3b7-b4 4,2:2c2-c4 4c4-b7 1,1,2:2b1-a2 1d6-d5 1d7-d6"
	// The cones enter on the house 4, throw again (A11) and enter on 1.
	asebHouse = "4:in-4 1:in-1"
)

// since replays record of game with opts as a board's reader sees it.
func since(t *testing.T, game string, opts map[string]string, record string) (games.Game, games.Config, games.Position, Last) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := games.Normalize(g, games.Config{Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	start, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	plies, err := games.ParseRecord(record)
	if err != nil {
		t.Fatal(err)
	}
	pos, last, err := FromRecordSince(start, plies)
	if err != nil {
		t.Fatal(err)
	}
	return g, cfg, pos, last
}

// spanText is a span as tokens: "1:D3-D2 1:stop".
func spanText(last Last) string {
	s := make([]string, len(last.Span))
	for i, p := range last.Span {
		s[i] = string(rune('0'+p.Ply.Player)) + ":" + p.Ply.String()
	}
	return strings.Join(s, " ")
}

// TestSpanFromRecord checks where a span starts and ends: after the
// reader's last chosen move, passes the rules played for the reader
// included; the reader's own turn so far while it goes on; a finished
// game's last turn.
func TestSpanFromRecord(t *testing.T) {
	t.Parallel()
	shutIn := func() string { // light opens a way for dark after dark's pass
		_, _, pos, _ := since(t, "seega", nil, seegaShutIn)
		return seegaShutIn + " " + pos.Moves()[0].Notation
	}()
	for _, c := range []struct {
		name, game, record string
		width              string
		reader             games.Player
		want               string
	}{
		{"a capture chain ending in stop", "seega", seegaChain, "", games.Second, "0:D3-D2 0:D2-D3 0:stop"},
		{"a pass the rules played", "seega", seegaShutIn, "", games.First, "1:C1+A3 1:pass"},
		{"the reader's own pass, then the move that frees them", "seega", shutIn, "", games.Second, "1:pass 0:" + shutIn[strings.LastIndexByte(shutIn, ' ')+1:]},
		{"a Tab turn", "tab", tabTurn, "7", games.First, "1:1,1,2:2b1-a2 1:1d6-d5 1:1d7-d6"},
		{"a Tab turn going on", "tab", "4,1,1,3:1a7-b7 1a6-a7", "7", games.First, "0:4,1,1,3:1a7-b7 0:1a6-a7"},
		{"a house and the move after it", "aseb", asebHouse, "", games.Second, "0:4:in-4 0:1:in-1"},
		{"a house, the reader to throw again", "aseb", "4:in-4", "", games.First, "0:4:in-4"},
		{"the reader's throw waiting for its move", "aseb", asebHouse + " 2:", "", games.Second, "0:4:in-4 0:1:in-1 1:2:"},
	} {
		var opts map[string]string
		if c.width != "" {
			opts = map[string]string{"width": c.width}
		}
		_, _, _, last := since(t, c.game, opts, c.record)
		if got := spanText(last); got != c.want || last.Reader != c.reader {
			t.Errorf("%s: span %q for %v, want %q for %v", c.name, got, last.Reader, c.want, c.reader)
		}
	}
	// A game over: the turn that ended it, for the seat that lost.
	g, _ := games.Lookup("aseb")
	start, _ := g.New(games.Config{Variant: "standard"})
	plies, err := RandomRecord(start, games.Seeded(5), 5000)
	if err != nil {
		t.Fatal(err)
	}
	pos, last, err := FromRecordSince(start, plies)
	if err != nil || !pos.Outcome().Over() {
		t.Fatalf("the random game is not over: %v %v", pos, err)
	}
	winner := pos.Outcome().Winner
	if last.Reader != winner.Other() || len(last.Span) == 0 || last.Span[len(last.Span)-1].Ply.Player != winner {
		t.Errorf("a finished game's span %q for %v, want the winner's last turn", spanText(last), last.Reader)
	}
}

// changedCells paints pos plain and with last and returns the cells (by
// their rectangles, named) whose pixels differ.
func changedCells(t *testing.T, g games.Game, cfg games.Config, pos games.Position, last Last, cells map[string]image.Rectangle) []string {
	t.Helper()
	plain, err := paint(lang.En, g, cfg, pos, Last{})
	if err != nil {
		t.Fatal(err)
	}
	marked, err := paint(lang.En, g, cfg, pos, last)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for name, r := range cells {
		for py := r.Min.Y; py < r.Max.Y && !slices.Contains(out, name); py++ {
			for px := r.Min.X; px < r.Max.X; px++ {
				if plain.pal.At(px, py) != marked.pal.At(px, py) {
					out = append(out, name)
					break
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func rect(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(x*scale), int(y*scale), int((x+w)*scale), int((y+h)*scale))
}

// The picture after a Seega capture chain ending in stop marks the chain's
// cells and both captured pieces, and no other cell; the alt text says every
// step of it.
func TestSpanSeegaChainMarked(t *testing.T) {
	t.Parallel()
	g, cfg, pos, last := since(t, "seega", nil, seegaChain)
	n := pos.(seega.Position).Size()
	cells := map[string]image.Rectangle{}
	for _, c := range pos.(seega.Position).Cells() {
		x, y := seegaXY(n, c)
		cells[c.String()] = rect(x, y, seegaCellSize(n), seegaCellSize(n))
	}
	if got := strings.Join(changedCells(t, g, cfg, pos, last, cells), " "); got != "C2 D2 D3 D4" {
		t.Errorf("cells marked: %s, want the chain's D3, D2 and its captures C2, D4", got)
	}
	alt := Describe(lang.En, g, cfg, pos, last)
	for _, want := range []string{"Since dark last moved: light D3-D2, capturing C2; light D2-D3, capturing D4; light stop.", "Dark to move."} {
		if !strings.Contains(alt, want) {
			t.Errorf("alt text %q lacks %q", alt, want)
		}
	}
}

// The picture after a Tab turn marks every move of it and the capture, and
// the alt text says all three moves.
func TestSpanTabTurnMarked(t *testing.T) {
	t.Parallel()
	g, cfg, pos, last := since(t, "tab", map[string]string{"width": "7"}, tabTurn)
	lay := newTabLayout(7, false)
	cells := map[string]image.Rectangle{}
	for row := 1; row <= 4; row++ {
		for col := 1; col <= 7; col++ {
			c := tab.Cell{Row: row, Col: col}
			x, y := lay.cellXY(c)
			cells[c.String()] = rect(x+4, y+4, lay.cell-8, lay.cell-8) // a badge spills past its cell's corner
		}
	}
	if got := strings.Join(changedCells(t, g, cfg, pos, last, cells), " "); got != "a2 b1 d5 d6 d7" {
		t.Errorf("cells marked: %s, want b1, a2 (a capture), d6, d5, d7", got)
	}
	badge := changedCells(t, g, cfg, pos, Last{Span: last.Span[1:], Reader: last.Reader}, cells)
	if slices.Contains(badge, "a2") {
		t.Errorf("a2 marked without the move that captured there: %v", badge)
	}
	alt := Describe(lang.En, g, cfg, pos, last)
	if want := "Since white last moved: black 2b1-a2, capturing 1; black 1d6-d5; black 1d7-d6."; !strings.Contains(alt, want) {
		t.Errorf("alt text %q lacks %q", alt, want)
	}
}

// The picture after an Aseb house and the move its new throw gave marks
// both moves: the entry onto 4 and the entry onto 1.
func TestSpanAsebHouseMarked(t *testing.T) {
	t.Parallel()
	g, cfg, pos, last := since(t, "aseb", nil, asebHouse)
	cells := map[string]image.Rectangle{}
	for cell := 1; cell <= aseb.PathLen; cell++ {
		x, y := asebCellRect(asebCell(games.First, cell))
		cells[string(rune('a'+cell))] = rect(x, y, asebCellW, asebCellH)
	}
	if got := strings.Join(changedCells(t, g, cfg, pos, last, cells), " "); got != "b e" { // cells 1 and 4
		t.Errorf("cells marked: %q, want cells 1 and 4 (b e)", got)
	}
	alt := Describe(lang.En, g, cfg, pos, last)
	if want := "Since spindles last moved: cones in-4; cones in-1."; !strings.Contains(alt, want) {
		t.Errorf("alt text %q lacks %q", alt, want)
	}
}

// A very long span keeps its latest moves in the alt text and counts the
// others, so the position itself still fits in Discord's 1,024 bytes.
func TestSpanAltFits(t *testing.T) {
	t.Parallel()
	g, cfg, start, _ := since(t, "seega", map[string]string{"size": "9"}, "")
	plies, err := RandomRecord(start, games.Seeded(4), 400)
	if err != nil {
		t.Fatal(err)
	}
	pos, last, err := FromRecordSince(start, plies)
	if err != nil {
		t.Fatal(err)
	}
	last.Span = plyRange(last, 150) // every ply, as one endless span
	for _, l := range []*lang.Lang{lang.En, lang.Of(lang.Russian), lang.Of(lang.German), lang.Of(lang.French), lang.Of(lang.Spanish)} {
		alt := Describe(l, g, cfg, pos, last)
		earlier := l.N("render.span.earlier", 2)
		earlier = earlier[strings.IndexByte(earlier, ' ')+1:] // "earlier moves"
		if len(alt) > MaxDescription || !strings.Contains(alt, earlier) || !strings.Contains(alt, upperFirst(turnText(l, seegaArt{}, g, pos, last))) {
			t.Errorf("%v: %d bytes: %q", l.Tag(), len(alt), alt)
		}
	}
}

// plyRange makes a span of n plies from the moves of last's record: the
// latest one's, repeated, which the alt text cannot tell from a real one.
func plyRange(last Last, n int) []Played {
	out := make([]Played, n)
	for i := range out {
		out[i] = last.Span[len(last.Span)-1]
	}
	return out
}
