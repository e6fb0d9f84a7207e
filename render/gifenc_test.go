package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"math/rand/v2"
	"testing"

	"kilab/games"
	"kilab/lang"
)

// sameGIF checks that encodeGIF writes anim as image/gif does, byte for
// byte, and that the file decodes to anim's frames.
func sameGIF(anim *gif.GIF) string {
	got, err := encodeGIF(anim)
	if err != nil {
		return err.Error()
	}
	var want bytes.Buffer
	if err := gif.EncodeAll(&want, anim); err != nil {
		return "image/gif: " + err.Error()
	}
	if !bytes.Equal(got, want.Bytes()) {
		return fmt.Sprintf("%d bytes, image/gif writes %d, the first difference at %d", len(got), want.Len(), prefixLen(got, want.Bytes()))
	}
	back, err := gif.DecodeAll(bytes.NewReader(got))
	if err != nil {
		return "cannot decode: " + err.Error()
	}
	if len(back.Image) != len(anim.Image) {
		return fmt.Sprintf("%d frames, want %d", len(back.Image), len(anim.Image))
	}
	for i, f := range anim.Image {
		b := back.Image[i]
		if b.Rect != f.Rect || back.Delay[i] != anim.Delay[i] {
			return fmt.Sprintf("frame %d: %v delay %d, want %v delay %d", i, b.Rect, back.Delay[i], f.Rect, anim.Delay[i])
		}
		for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
			p, q := f.Pix[f.PixOffset(f.Rect.Min.X, y):][:f.Rect.Dx()], b.Pix[b.PixOffset(b.Rect.Min.X, y):][:b.Rect.Dx()]
			if !bytes.Equal(p, q) {
				return fmt.Sprintf("frame %d: row %d differs", i, y)
			}
		}
	}
	return ""
}

// replayGIF is the animation of a random game's replay, read back.
func replayGIF(t testing.TB, name string, seed uint64, moves int) *gif.GIF {
	g, _ := games.Lookup(name)
	start, _ := g.New(games.Config{})
	plies, err := RandomRecord(start, games.Seeded(seed), moves)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Replay(lang.En, g, games.Config{}, plies)
	if err != nil {
		t.Fatal(err)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return anim
}

// Replays of every game are written as image/gif writes them: the same
// frames in the same bytes, so no larger.
func TestEncodeGIFReplays(t *testing.T) {
	for _, name := range []string{"aseb", "tab", "seega"} {
		anim := replayGIF(t, name, 3, 150)
		if diff := sameGIF(anim); diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
	}
}

// randomAnimation makes frames of random places and sizes, some of them noise
// that fills the LZW dictionary several times over, in a palette of n
// colours with a transparent one.
func randomAnimation(r *rand.Rand, n int) *gif.GIF {
	pal := make(color.Palette, n)
	for i := range pal {
		pal[i] = color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 0xff}
	}
	pal[r.IntN(n)] = color.RGBA{}
	w, h := 1+r.IntN(300), 1+r.IntN(300)
	anim := &gif.GIF{Config: image.Config{ColorModel: pal, Width: w, Height: h}, LoopCount: r.IntN(3) - 1}
	for i := range 1 + r.IntN(5) {
		x0, y0 := r.IntN(w), r.IntN(h)
		rect := image.Rect(x0, y0, x0+1+r.IntN(w-x0), y0+1+r.IntN(h-y0))
		if i == 0 {
			rect = image.Rect(0, 0, w, h)
		}
		f := image.NewPaletted(rect, pal)
		noise := r.IntN(3)
		for j := range f.Pix {
			switch {
			case noise == 0 || r.IntN(50) == 0:
				f.Pix[j] = uint8(r.IntN(n))
			case j > 0:
				f.Pix[j] = f.Pix[j-1]
			}
		}
		anim.Image = append(anim.Image, f)
		anim.Delay = append(anim.Delay, r.IntN(100))
		anim.Disposal = append(anim.Disposal, byte(r.IntN(3)))
	}
	return anim
}

func TestEncodeGIFRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 60 {
		n := []int{2, 3, 5, 16, 17, 200, 256}[i%7]
		if diff := sameGIF(randomAnimation(r, n)); diff != "" {
			t.Fatalf("animation %d, %d colours: %s", i, n, diff)
		}
	}
}

func TestEncodeGIFRefuses(t *testing.T) {
	pal := color.Palette{color.Black, color.White}
	frame := image.NewPaletted(image.Rect(0, 0, 4, 4), pal)
	other := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.White, color.Black})
	beyond := image.NewPaletted(image.Rect(0, 0, 4, 4), pal)
	beyond.Pix[5] = 4 // a code of 3 bits, for a palette of 2 colours
	for _, anim := range []*gif.GIF{
		{Image: []*image.Paletted{frame}, Delay: []int{1}},
		{Image: []*image.Paletted{frame}, Delay: nil, Config: image.Config{ColorModel: pal, Width: 4, Height: 4}},
		{Image: []*image.Paletted{frame}, Delay: []int{1}, Config: image.Config{ColorModel: pal, Width: 3, Height: 4}},
		{Image: []*image.Paletted{other}, Delay: []int{1}, Config: image.Config{ColorModel: pal, Width: 4, Height: 4}},
		{Image: []*image.Paletted{beyond}, Delay: []int{1}, Config: image.Config{ColorModel: pal, Width: 4, Height: 4}},
	} {
		if b, err := encodeGIF(anim); err == nil {
			t.Errorf("%d bytes, want an error", len(b))
		}
	}
}

// BenchmarkEncodeReplay measures the GIF encoding of an Aseb replay
// (BenchmarkReplay's game), reporting the file's size.
func BenchmarkEncodeReplay(b *testing.B) {
	anim := replayGIF(b, "aseb", 1, 1000)
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		var err error
		if out, err = encodeGIF(anim); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out)), "gif-bytes")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(anim.Image)), "ns/frame")
}

// BenchmarkImageGIFReplay measures image/gif on the same animation.
func BenchmarkImageGIFReplay(b *testing.B) {
	anim := replayGIF(b, "aseb", 1, 1000)
	b.ReportAllocs()
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		if err := gif.EncodeAll(&out, anim); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.Len()), "gif-bytes")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(anim.Image)), "ns/frame")
}

// unchanged marks exactly the pixels that did not change, whatever the
// bytes (a byte differing only in its top bit, or only below it, among them).
func TestUnchanged(t *testing.T) {
	if transparentIndex != 0xff {
		t.Fatal("unchanged relies on transparentIndex being all ones")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for n := range 40 {
		prev, next, out := make([]byte, n), make([]byte, n), make([]byte, n)
		for i := range prev {
			prev[i] = uint8(r.IntN(256))
			switch r.IntN(4) {
			case 0:
				next[i] = prev[i]
			case 1:
				next[i] = prev[i] ^ 0x80
			case 2:
				next[i] = prev[i] ^ uint8(1<<r.IntN(7))
			default:
				next[i] = uint8(r.IntN(255))
			}
		}
		unchanged(out, prev, next)
		for i := range out {
			want := next[i]
			if prev[i] == next[i] {
				want = transparentIndex
			}
			if out[i] != want {
				t.Fatalf("%d pixels: pixel %d is %d, want %d (%d then %d)", n, i, out[i], want, prev[i], next[i])
			}
		}
	}
}
