package render

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"kilab/games"
	"kilab/lang"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// scene is one golden picture: a game, a configuration, and a record played
// from the start (or a position given in the notation, with its Last).
type scene struct {
	name   string
	game   string
	cfg    games.Config
	record string
	pos    string // instead of record: a position to draw, with no last move
	seed   uint64 // with moves: a random game of that many moves instead
	moves  int
}

func (s scene) draw(t *testing.T) (games.Game, games.Config, games.Position, Last) {
	t.Helper()
	g, err := games.Lookup(s.game)
	if err != nil {
		t.Fatal(err)
	}
	start, err := g.New(s.cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s.pos != "" {
		p, err := g.Parse(s.cfg, s.pos)
		if err != nil {
			t.Fatal(err)
		}
		return g, s.cfg, p, Last{}
	}
	plies, err := games.ParseRecord(s.record)
	if s.moves > 0 {
		plies, err = RandomRecord(start, games.Seeded(s.seed), s.moves)
	}
	if err != nil {
		t.Fatal(err)
	}
	pos, last, err := FromRecord(start, plies)
	if err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	return g, s.cfg, pos, last
}

// checkGolden compares the picture with testdata/NAME.png pixel by pixel, or
// rewrites it with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run Golden -update to create it)", err)
	}
	if diff := pixelDiff(t, got, want); diff != "" {
		os.WriteFile(filepath.Join(t.TempDir(), name+".png"), got, 0o644)
		t.Errorf("%s: %s; look at the picture, then run go test ./render -run Golden -update", name, diff)
	}
}

// pixelDiff decodes both PNGs and says how they differ, "" when every pixel
// has the same colour.
func pixelDiff(t *testing.T, a, b []byte) string {
	t.Helper()
	return pixelDiffBytes(a, b)
}

func pixelDiffBytes(a, b []byte) string {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return "cannot decode: " + err.Error()
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return "cannot decode: " + err.Error()
	}
	if ia.Bounds() != ib.Bounds() {
		return "sizes differ: " + ia.Bounds().String() + " and " + ib.Bounds().String()
	}
	n, first := 0, image.Point{}
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := ia.At(x, y).RGBA()
			r2, g2, b2, a2 := ib.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return "pixels differ: " + itoa(n) + ", the first at " + first.String()
}

func itoa(n int) string { return string(appendInt(nil, n)) }

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

func TestGolden(t *testing.T) {
	for _, s := range goldenScenes {
		t.Run(s.name, func(t *testing.T) {
			g, cfg, pos, last := s.draw(t)
			png, err := Board(lang.En, g, cfg, pos, last)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, s.name, png)
		})
	}
}
