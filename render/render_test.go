package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"strings"
	"testing"

	"golang.org/x/image/font"

	"kilab/games"
	"kilab/internal/testlong"
	"kilab/lang"
)

// configs lists every variant of every game with each value of each of its
// options (one option changed at a time), so the tests reach every board.
func configs(t testing.TB) []struct {
	game games.Game
	cfg  games.Config
} {
	var out []struct {
		game games.Game
		cfg  games.Config
	}
	for _, name := range []string{"aseb", "tab", "seega"} {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Variants() {
			out = append(out, struct {
				game games.Game
				cfg  games.Config
			}{g, games.Config{Variant: v.Key}})
			for _, o := range v.Options {
				for _, val := range o.Values[1:] {
					out = append(out, struct {
						game games.Game
						cfg  games.Config
					}{g, games.Config{Variant: v.Key, Options: map[string]string{o.Key: val}}})
				}
			}
		}
	}
	return out
}

// TestRandomGames draws the positions of seeded random games of every
// variant and board size: none may fail, every label must be readable at
// phone size, and every description must fit Discord. By default one game
// each, of up to 200 moves, every position described and every fifth drawn
// (TestEveryLanguageFits draws every position of other games); with
// KILAB_LONG=1 two games each, every position drawn: thousands.
func TestRandomGames(t *testing.T) {
	seeds, maxMoves, every := testlong.Pick(1, 2), 200, testlong.Pick(5, 1)
	if testing.Short() {
		seeds, maxMoves = 1, 60
	}
	total := 0
	for k, gc := range configs(t) {
		for seed := range uint64(seeds) {
			start, err := gc.game.New(gc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			plies, err := RandomRecord(start, games.Seeded(seed), maxMoves)
			if err != nil {
				t.Fatal(err)
			}
			err = walk(start, plies, func(i int, pos games.Position, last Last) error {
				if (i+k)%every != 0 && i != len(plies)-1 { // each board's own fifth, and its last position
					return checkDescription(gc.game, gc.cfg, pos, last)
				}
				total++
				return checkPosition(gc.game, gc.cfg, pos, last)
			})
			if err != nil {
				t.Fatalf("%s %v seed %d: %v", gc.game.Name(), gc.cfg, seed, err)
			}
		}
	}
	t.Logf("%d positions drawn", total)
}

// checkPosition draws one position and checks the picture and its text.
func checkPosition(g games.Game, cfg games.Config, pos games.Position, last Last) error {
	c, err := paint(lang.En, g, cfg, pos, last)
	if err != nil {
		return err
	}
	if w := c.bounds().Dx(); w > 1200 {
		return fmt.Errorf("%v: %d pixels wide", pos, w)
	}
	if err := labelsReadable(c); err != nil {
		return fmt.Errorf("%v: %v", pos, err)
	}
	return checkDescription(g, cfg, pos, last)
}

// checkDescription checks a position's description alone: it is cheap
// beside drawing.
func checkDescription(g games.Game, cfg games.Config, pos games.Position, last Last) error {
	d := Describe(lang.En, g, cfg, pos, last)
	if d == "" || len(d) > MaxDescription {
		return fmt.Errorf("%v: description of %d bytes: %q", pos, len(d), d)
	}
	return nil
}

// labelsReadable checks that every label's capitals and digits are at least
// 11 pixels tall when the picture is shown 400 pixels wide.
func labelsReadable(c *canvas) error {
	shown := 400 / float64(c.bounds().Dx())
	for _, l := range c.labels {
		if h := capHeight(l.size) * shown; h < 11 {
			return fmt.Errorf("label %q is %.1f pixels tall at 400 wide", l.text, h)
		}
	}
	if len(c.labels) == 0 {
		return fmt.Errorf("no labels at all")
	}
	return nil
}

var capHeights = map[float64]float64{}

// capHeight measures, in image pixels, how far capitals and digits rise above
// the baseline at a text size.
func capHeight(size float64) float64 {
	if h, ok := capHeights[size]; ok {
		return h
	}
	b, _ := font.BoundString(faces{}.get(size), "0123456789H")
	capHeights[size] = float64(-b.Min.Y.Floor())
	return capHeights[size]
}

func TestDescribeLength(t *testing.T) {
	// The longest boards: Tab 29 wide and Seega 9x9, mid-game.
	for _, tc := range []struct{ game, opt, val string }{{"tab", "width", "29"}, {"seega", "size", "9"}} {
		g, _ := games.Lookup(tc.game)
		cfg := games.Config{Options: map[string]string{tc.opt: tc.val}}
		start, _ := g.New(cfg)
		plies, err := RandomRecord(start, games.Seeded(9), 30)
		if err != nil {
			t.Fatal(err)
		}
		pos, last, err := FromRecord(start, plies)
		if err != nil {
			t.Fatal(err)
		}
		d := Describe(lang.En, g, cfg, pos, last)
		if len(d) > MaxDescription || !strings.Contains(d, "to ") {
			t.Errorf("%s: %d bytes, %q", tc.game, len(d), d)
		}
	}
	if got := clip(strings.Repeat("word ", 300), MaxDescription); len(got) > MaxDescription || !strings.HasSuffix(got, "...") {
		t.Errorf("clip: %d bytes, ends %q", len(got), got[len(got)-5:])
	}
}

// TestDeterministic draws the same positions twice, the second time with every
// cache emptied, and wants the same bytes.
func TestDeterministic(t *testing.T) {
	var first [][]byte
	draw := func() [][]byte {
		var out [][]byte
		for _, s := range goldenScenes {
			g, cfg, pos, last := s.draw(t)
			b, err := Board(lang.En, g, cfg, pos, last)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		return out
	}
	first = draw()
	clearCaches()
	for i, b := range draw() {
		if !bytes.Equal(b, first[i]) {
			t.Errorf("%s: different bytes on the second drawing", goldenScenes[i].name)
		}
	}
}

// clearCaches empties every cache a picture is drawn from; the pictures
// given back stay, so the second drawing is on reused ones.
func clearCaches() {
	pieces.clear()
	marks.clear()
	sticks.clear()
	d4Faces.clear()
	pebbles.clear()
	backgrounds.clear()
	textStamps.clear()
	textWidths.clear()
	shapes.clear()
	inks.clear()
	said.clear()
	validConfigs.clear()
}

func TestPaletteKeepsBaseColours(t *testing.T) {
	q := palette()
	for i, c := range baseColours {
		if got := q.index(c.R, c.G, c.B); int(got) != i {
			t.Errorf("base colour %d %v maps to %d %v", i, c, got, q.png[got])
		}
	}
}

func TestErrors(t *testing.T) {
	aseb, _ := games.Lookup("aseb")
	tabGame, _ := games.Lookup("tab")
	start, _ := aseb.New(games.Config{})
	if _, err := Board(lang.En, tabGame, games.Config{}, start, Last{}); err == nil {
		t.Error("an Aseb position drawn as Tab: no error")
	}
	if _, err := Board(lang.En, aseb, games.Config{Variant: "chess"}, start, Last{}); err == nil {
		t.Error("an unknown variant: no error")
	}
	if _, err := Board(lang.En, aseb, games.Config{}, nil, Last{}); err == nil {
		t.Error("no position: no error")
	}
	if d := Describe(lang.En, tabGame, games.Config{}, start, Last{}); d != "" {
		t.Errorf("an Aseb position described as Tab: %q", d)
	}
}

// TestLastAfter follows the throws through a record: an Aseb house's new
// throw replaces the old, a Tab turn's later moves keep the turn's throws.
func TestLastAfter(t *testing.T) {
	aseb, _ := games.Lookup("aseb")
	start, _ := aseb.New(games.Config{})
	plies, _ := games.ParseRecord("4:in-4 3:")
	_, last, err := FromRecord(start, plies)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(last.Throws) != "[3]" || last.Move != "in-4" || last.Thrower != games.First {
		t.Errorf("after a house and a new throw: %+v", last)
	}
	tabGame, _ := games.Lookup("tab")
	start, _ = tabGame.New(games.Config{})
	plies, err = RandomRecord(start, games.Seeded(1), 12)
	if err != nil {
		t.Fatal(err)
	}
	pos := start
	last = Last{}
	for _, p := range plies {
		p.Player = pos.Due().Player
		prev := last
		if pos, last, err = last.After(pos, p); err != nil {
			t.Fatal(err)
		}
		switch {
		case len(p.Throws) > 0 && fmt.Sprint(last.Throws) != fmt.Sprint(p.Throws):
			t.Errorf("ply %v: throws %v", p, last.Throws)
		case len(p.Throws) == 0 && fmt.Sprint(last.Throws) != fmt.Sprint(prev.Throws):
			t.Errorf("ply %v without throws lost the turn's throws %v: %v", p, prev.Throws, last.Throws)
		case p.Move != "" && last.Move != p.Move:
			t.Errorf("ply %v: move %q", p, last.Move)
		}
	}
}

// longGame is a long Tab game on the widest board.
func longGame(t testing.TB) (games.Game, games.Config, []games.Ply) {
	g, _ := games.Lookup("tab")
	cfg := games.Config{Options: map[string]string{"width": "29"}}
	start, _ := g.New(cfg)
	plies, err := RandomRecord(start, games.Seeded(2), 5000)
	if err != nil {
		t.Fatal(err)
	}
	return g, cfg, plies
}

// TestReplay plays the GIF of a long game back frame by frame and wants the
// last frame to be the board picture of the final position, and the file
// within its bound. By default the frames are capped at 100, not 600: the
// game is still longer than the cap, a tenth of the drawing.
func TestReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("a long game")
	}
	lowerFrameCap(t)
	g, cfg, plies := longGame(t)
	out, err := Replay(lang.En, g, cfg, plies)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > MaxReplay {
		t.Fatalf("%d bytes", len(out))
	}
	anim, err := gif.DecodeAll(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(plies) < 600 || len(anim.Image) < maxReplayFrames/2 || len(anim.Image) > maxReplayFrames+1 {
		t.Fatalf("%d plies gave %d frames", len(plies), len(anim.Image))
	}
	start, _ := g.New(cfg)
	final, last, _ := FromRecord(start, plies)
	want, err := picture(lang.En, g, cfg, final, last)
	if err != nil {
		t.Fatal(err)
	}
	if diff := sameImage(composite(anim), want); diff != "" {
		t.Error(diff)
	}
	t.Logf("%d plies, %d frames, %d bytes", len(plies), len(anim.Image), len(out))
}

// lowerFrameCap caps a replay's frames at 100 for the rest of the test, but
// for KILAB_LONG=1.
func lowerFrameCap(t *testing.T) {
	old := maxReplayFrames
	t.Cleanup(func() { maxReplayFrames = old })
	maxReplayFrames = testlong.Pick(100, old)
}

// TestReplayLimit lowers the size bound and wants fewer frames, still within it.
func TestReplayLimit(t *testing.T) {
	lowerFrameCap(t)
	g, _ := games.Lookup("aseb")
	start, _ := g.New(games.Config{})
	plies, err := RandomRecord(start, games.Seeded(3), 400)
	if err != nil {
		t.Fatal(err)
	}
	full, err := Replay(lang.En, g, games.Config{}, plies)
	if err != nil {
		t.Fatal(err)
	}
	defer func(old int) { replayLimit = old }(replayLimit)
	replayLimit = len(full) / 3
	cut, err := Replay(lang.En, g, games.Config{}, plies)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := gif.DecodeAll(bytes.NewReader(full))
	b, _ := gif.DecodeAll(bytes.NewReader(cut))
	if len(cut) > replayLimit || len(b.Image) >= len(a.Image)/2 {
		t.Errorf("limit %d: %d bytes, %d frames of %d", replayLimit, len(cut), len(b.Image), len(a.Image))
	}
	final, last, _ := FromRecord(start, plies)
	want, _ := picture(lang.En, g, games.Config{}, final, last)
	if diff := sameImage(composite(b), want); diff != "" {
		t.Error("the cut replay does not end on the final position: " + diff)
	}
}

// composite plays the frames of anim onto one canvas, as a viewer does.
func composite(anim *gif.GIF) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, anim.Config.Width, anim.Config.Height))
	for _, f := range anim.Image {
		draw.Draw(out, f.Bounds(), f, f.Bounds().Min, draw.Over)
	}
	return out
}

func sameImage(a image.Image, b image.Image) string {
	var ba, bb bytes.Buffer
	png.Encode(&ba, a)
	png.Encode(&bb, b)
	return pixelDiffBytes(ba.Bytes(), bb.Bytes())
}

// A game ended off the board (resigned, on time, agreed, aborted) is drawn
// with its result where the turn would be, in the picture and its alt text,
// for every game.
func TestEndedOffTheBoard(t *testing.T) {
	endings := []struct {
		end    Ending
		banner string // the picture's words
		alt    string
	}{
		{Ending{Status: games.Won, Winner: games.Second, Reason: "first resigned"}, "win", " (first resigned)."},
		{Ending{Status: games.Drawn, Reason: "agreed"}, "Draw", "Draw (agreed)."},
		{Ending{Reason: "before both players had moved"}, "Aborted", "Aborted (before both players had moved)."},
	}
	for _, name := range []string{"aseb", "tab", "seega"} {
		g, _ := games.Lookup(name)
		cfg := games.Config{Variant: g.Variants()[0].Key}
		pos, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range endings {
			last := Last{Ended: &e.end}
			d := Describe(lang.En, g, cfg, pos, last)
			if !strings.Contains(d, e.alt) || strings.Contains(d, " to ") {
				t.Errorf("%s %+v: alt text %q, want %q and no turn", name, e.end, d, e.alt)
			}
			c, err := paint(lang.En, g, cfg, pos, last)
			if err != nil {
				t.Fatal(err)
			}
			var words []string
			for _, l := range c.labels {
				words = append(words, l.text)
			}
			all := strings.Join(words, "|")
			if !strings.Contains(strings.ToLower(all), strings.ToLower(e.banner)) || strings.Contains(all, "to throw") || strings.Contains(all, "to move") || strings.Contains(all, "to place") {
				t.Errorf("%s %+v: picture says %q, want %q and no turn", name, e.end, all, e.banner)
			}
		}
	}
}

// Every game render draws has a colour of its own for its embeds.
func TestColours(t *testing.T) {
	seen := map[int]string{}
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		c := Colour(g)
		if c <= 0 || c > 0xFFFFFF || seen[c] != "" {
			t.Errorf("%s: colour %#06x (also %q)", name, c, seen[c])
		}
		seen[c] = name
	}
}
