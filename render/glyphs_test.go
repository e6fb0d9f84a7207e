package render

import (
	"image"
	"math"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"kilab/lang"
)

// Names as players write them: what the font cannot draw becomes one
// substitute per symbol, what is invisible goes, the rest stays.
func TestDrawableNames(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ana", "ana"},
		{"Борис", "Борис"},
		{"Ana 🐍", "Ana ○"},
		{"👍🏽 ok", "○ ok"},                // a skin tone is part of its emoji
		{"👨\u200d👩\u200d👧 fam", "○ fam"}, // a family joined by ZWJ is one symbol
		{"🤷\u200d♀\ufe0f", "○"},          // the ♀ the font has is still part of the joined symbol
		{"🇫🇷🇩🇪", "○○"},                   // two flags, each of two regional indicators
		{"♥\ufe0f love", "♥ love"},       // the font's own heart, its emoji selector dropped
		{"e\u0301", "é"},                 // composed to the font's é
		{"李雷", "○○"},
		{"a\u3000b\tc", "a bc"},
	} {
		if got := drawable(tc.in); got != tc.want {
			t.Errorf("drawable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Everything drawable returns has a glyph of its own in the font, read from
// the font's character map directly.
func TestDrawableHasEveryGlyph(t *testing.T) {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	for _, name := range []string{"Ana 🐍", "🎲🎲🎲", "👩🏾\u200d💻 dev", "🏳️\u200d🌈", "✨ Лиза ✨", "名人", "x\u0000y", "♟ ☀ ★ ✓"} {
		for _, r := range drawable(name) {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				t.Errorf("%q is drawn with %q, which the font has no glyph for", name, r)
			}
		}
	}
}

// In the standings an emoji in a name is drawn as the substitute, not as the
// font's empty box: the name's label says so, and the pixels where the emoji
// stands differ from those of the box that drawing the name as it is would
// leave there, and are not blank.
func TestStandingsNameWithEmoji(t *testing.T) {
	cv := drawStandings(lang.En, Table{Title: "x", TieBreak: "SB", Rows: []TableRow{{Rank: 1, Name: "Ana 🐍", Points: 1}}})
	defer cv.release()
	var name label
	for _, lb := range cv.labels {
		if lb.x0 == tableColName {
			name = lb
		}
	}
	if name.text != "Ana ○" {
		t.Fatalf("the name is drawn as %q, want %q", name.text, "Ana ○")
	}
	// The same row's background, with the name drawn as it is, box and all.
	raw := image.NewRGBA(cv.img.Rect)
	copy(raw.Pix, cv.img.Pix)
	face := cv.faces.get(name.size)
	prefix := cv.textWidth("Ana ", name.size)
	x0, y := name.x0+prefix, name.y
	r := image.Rect(int(x0*scale), int((y-0.5*name.size)*scale), int((x0+name.size)*scale), int((y+0.5*name.size)*scale))
	blank := image.NewUniform(cv.img.RGBAAt(r.Min.X, r.Min.Y))
	drawRect(raw, r, blank)
	d := font.Drawer{Dst: raw, Src: image.NewUniform(colInk), Face: face,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x0 * scale * 64)), Y: fixed.Int26_6(math.Round((y + 0.35*name.size) * scale * 64))}}
	d.DrawString("🐍")
	same, inked := true, false
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			got := cv.img.RGBAAt(px, py)
			same = same && got == raw.RGBAAt(px, py)
			inked = inked || got != blank.C
		}
	}
	if same {
		t.Error("the emoji is drawn as the font's empty box")
	}
	if !inked {
		t.Error("nothing is drawn where the emoji stands")
	}
}

// drawRect paints r of img one colour.
func drawRect(img *image.RGBA, r image.Rectangle, col *image.Uniform) {
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			img.Set(px, py, col.C)
		}
	}
}
