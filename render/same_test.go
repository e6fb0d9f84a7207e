package render

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"kilab/games"
	"kilab/lang"
)

// The pictures of the board drawn straight on the palette must look like the
// ones drawn before with gg in full colour and quantized after, which
// testdata/same/ keeps: a sample of positions of every game and variant, in
// every language, as Board drew them then, and the labels each one carried.
// They were written with -update-same by the drawing in full colour; writing
// them again from the drawing they check would make the test check nothing,
// so do it only for a change of the pictures meant and looked at.

var updateSame = flag.Bool("update-same", false, "rewrite the reference pictures in testdata/same")

const sameDir = "testdata/same"

// sameSample is one reference picture: a position of a random game of a
// configuration, drawn in one language.
type sameSample struct {
	name   string
	game   string
	cfg    games.Config
	seed   uint64
	moves  int
	since  bool // the reader's span marked (FromRecordSince), as the bot draws it
	resign bool // ended off the board: the second seat won by resignation
	tag    lang.Tag
}

// sameConfigs are every game and variant, and the board sizes and options
// that change the drawing: every Aseb variant and option that draws
// differently, Tab at a narrow, the default, the widest unfolded, the first
// folded and the widest width, every Seega variant at every size.
var sameConfigs = []struct {
	name      string
	game      string
	cfg       games.Config
	isDefault bool
}{
	{"aseb-standard", "aseb", asebCfg("standard"), true},
	{"aseb-d4-7", "aseb", asebCfg("standard", "pieces", "7", "dice", "d4"), false},
	{"aseb-twenty", "aseb", asebCfg("twenty-squares"), false},
	{"aseb-twenty-house4", "aseb", asebCfg("twenty-squares", "house4", "true", "enter-past-own", "true"), false},
	{"aseb-royalur", "aseb", asebCfg("royalur"), false},
	{"tab-7", "tab", tabCfg("7"), false},
	{"tab-11", "tab", tabCfg("11"), true},
	{"tab-15", "tab", tabCfg("15"), false},
	{"tab-17", "tab", tabCfg("17"), false},
	{"tab-29", "tab", tabCfg("29"), false},
	{"seega-free-5", "seega", seegaCfg("free", "5"), true},
	{"seega-free-7", "seega", seegaCfg("free", "7"), false},
	{"seega-free-9", "seega", seegaCfg("free", "9"), false},
	{"seega-lane-5", "seega", seegaCfg("lane", "5"), false},
	{"seega-lane-7", "seega", seegaCfg("lane", "7"), false},
	{"seega-lane-9", "seega", seegaCfg("lane", "9"), false},
}

// sameSamples are three positions of each game's default configuration
// (early, the middle with the reader's span, late or ended by resignation)
// and the two later ones of the others, which differ from the defaults in
// their boards, the languages dealt in turn so that every game is drawn in
// all five.
func sameSamples() []sameSample {
	var out []sameSample
	for k, c := range sameConfigs {
		stages := []struct {
			moves         int
			since, resign bool
		}{{5, false, false}, {30, true, false}, {90, k%2 == 1, k%2 == 0}}
		for i, st := range stages {
			if i == 0 && !c.isDefault {
				continue
			}
			out = append(out, sameSample{
				name: fmt.Sprintf("%s-%d", c.name, i), game: c.game, cfg: c.cfg,
				seed: uint64(k + 1), moves: st.moves, since: st.since, resign: st.resign,
				tag: lang.Tags[(3*k+i)%len(lang.Tags)],
			})
		}
	}
	return out
}

// position plays the sample's game and returns what Board takes.
func (s sameSample) position(t *testing.T) (games.Game, games.Position, Last) {
	t.Helper()
	g, err := games.Lookup(s.game)
	if err != nil {
		t.Fatal(err)
	}
	start, err := g.New(s.cfg)
	if err != nil {
		t.Fatal(err)
	}
	plies, err := RandomRecord(start, games.Seeded(s.seed), s.moves)
	if err != nil {
		t.Fatal(err)
	}
	from := FromRecord
	if s.since {
		from = FromRecordSince
	}
	pos, last, err := from(start, plies)
	if err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	if s.resign {
		last.Ended = &Ending{Status: games.Won, Winner: games.Second, Reason: "resigned"}
	}
	return g, pos, last
}

// sameLabel is a label as the reference keeps it.
type sameLabel struct {
	Text         string
	Size, X0, X1 float64
	Y            float64
}

func sameLabels(ls []label) []sameLabel {
	out := make([]sameLabel, len(ls))
	for i, l := range ls {
		out[i] = sameLabel{l.text, l.size, l.x0, l.x1, l.y}
	}
	return out
}

// writeSame draws every sample as the code draws it now and keeps the
// pictures and their labels as the references.
func writeSame(t *testing.T) {
	if err := os.MkdirAll(sameDir, 0o755); err != nil {
		t.Fatal(err)
	}
	labels := map[string][]sameLabel{}
	for _, s := range sameSamples() {
		g, pos, last := s.position(t)
		l := lang.Of(s.tag)
		c, err := paint(l, g, s.cfg, pos, last)
		if err != nil {
			t.Fatal(err)
		}
		labels[s.name] = sameLabels(c.labels)
		img, err := picture(l, g, s.cfg, pos, last)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sameDir, s.name+".png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	js, err := json.Marshal(labels)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sameDir, "labels.json"), js, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLooksTheSame(t *testing.T) {
	if *updateSame {
		writeSame(t)
		return
	}
	js, err := os.ReadFile(filepath.Join(sameDir, "labels.json"))
	if err != nil {
		t.Fatal(err)
	}
	var labels map[string][]sameLabel
	if err := json.Unmarshal(js, &labels); err != nil {
		t.Fatal(err)
	}
	for _, s := range sameSamples() {
		t.Run(s.name, func(t *testing.T) {
			g, pos, last := s.position(t)
			l := lang.Of(s.tag)
			img, err := picture(l, g, s.cfg, pos, last)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(filepath.Join(sameDir, s.name+".png"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			want, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := looksLike(img, want); err != nil {
				t.Errorf("%s in %s: %v", s.name, s.tag, err)
			}
			c, err := paint(l, g, s.cfg, pos, last)
			if err != nil {
				t.Fatal(err)
			}
			if err := sameLabelsAs(sameLabels(c.labels), labels[s.name]); err != nil {
				t.Errorf("%s in %s: %v", s.name, s.tag, err)
			}
		})
	}
}

// Bounds of looksLike. A pixel differs when a channel is off by more than
// sameColour; antialiased edges, blended on the palette instead of in full
// colour, may land on a neighbouring palette entry, but at most
// sameFraction of the picture, and never sameTile pixels of one 16x16
// tile, so that a piece or a label moved or missing shows.
const (
	sameColour   = 40
	sameFraction = 0.0005
	sameTile     = 6
)

// looksLike says how got differs from want beyond the bounds above.
func looksLike(got, want image.Image) error {
	if got.Bounds() != want.Bounds() {
		return fmt.Errorf("sizes differ: %v, the reference %v", got.Bounds(), want.Bounds())
	}
	r := got.Bounds()
	tiles := map[image.Point]int{}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colourDistance(got.At(x, y), want.At(x, y)) > sameColour {
				n++
				tiles[image.Pt(x/16, y/16)]++
			}
		}
	}
	if f := float64(n) / float64(r.Dx()*r.Dy()); f > sameFraction {
		return fmt.Errorf("%d pixels (%.2f%%) differ", n, 100*f)
	}
	for p, k := range tiles {
		if k > sameTile {
			return fmt.Errorf("%d pixels differ in the 16x16 tile at %v", k, p.Mul(16))
		}
	}
	return nil
}

// colourDistance is the largest difference of a channel, 0 to 255.
func colourDistance(a, b interface{ RGBA() (r, g, b, a uint32) }) int {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := 0
	for _, p := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}} {
		d = max(d, int(math.Abs(float64(p[0]>>8)-float64(p[1]>>8))))
	}
	return d
}

// sameLabelsAs fails unless got has want's labels, in the same order, with
// the same words, sizes and places.
func sameLabelsAs(got, want []sameLabel) error {
	if len(want) == 0 {
		return fmt.Errorf("no reference labels")
	}
	if len(got) != len(want) {
		return fmt.Errorf("%d labels, the reference %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Text != w.Text || g.Size != w.Size || math.Abs(g.X0-w.X0) > 0.01 || math.Abs(g.X1-w.X1) > 0.01 || math.Abs(g.Y-w.Y) > 0.01 {
			return fmt.Errorf("label %d is %+v, the reference %+v", i, g, w)
		}
	}
	return nil
}
