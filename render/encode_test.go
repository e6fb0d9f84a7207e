package render

import (
	"bytes"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"

	"kilab/games"
	"kilab/lang"
)

// stdPNG is the encoding encodePNG replaced, image/png at its fastest level:
// the size every picture must stay within.
func stdPNG(t testing.TB, img *image.Paletted) []byte {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// samePNG decodes b and says how it differs from img: size, palette or
// pixels; "" when it is the same picture.
func samePNG(img *image.Paletted, b []byte) string {
	got, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return "cannot decode: " + err.Error()
	}
	p, ok := got.(*image.Paletted)
	if !ok {
		return fmt.Sprintf("decodes as %T, not paletted", got)
	}
	if p.Rect.Size() != img.Rect.Size() {
		return fmt.Sprintf("size %v, want %v", p.Rect.Size(), img.Rect.Size())
	}
	if len(p.Palette) < len(img.Palette) {
		return fmt.Sprintf("%d colours, want %d", len(p.Palette), len(img.Palette))
	}
	for i, c := range img.Palette {
		r1, g1, b1, a1 := c.RGBA()
		r2, g2, b2, a2 := p.Palette[i].RGBA()
		if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
			return fmt.Sprintf("colour %d is %v, want %v", i, p.Palette[i], c)
		}
	}
	w := img.Rect.Dx()
	for y := range img.Rect.Dy() {
		want := img.Pix[img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y):][:w]
		have := p.Pix[p.PixOffset(0, y):][:w]
		if i := prefixLen(want, have); i < w {
			return fmt.Sprintf("pixel (%d, %d) is %d, want %d", i, y, have[i], want[i])
		}
	}
	return ""
}

// encodeScenes are positions of every game and variant: the start and
// random games of a few lengths.
func encodeScenes(t testing.TB) []*image.Paletted {
	var out []*image.Paletted
	for _, gc := range configs(t) {
		start, err := gc.game.New(gc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, moves := range []int{0, 9, 40, 200} {
			plies, err := RandomRecord(start, games.Seeded(uint64(moves)), moves)
			if err != nil {
				t.Fatal(err)
			}
			pos, last, err := FromRecord(start, plies)
			if err != nil {
				t.Fatal(err)
			}
			img, err := picture(lang.En, gc.game, gc.cfg, pos, last)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, img)
		}
	}
	return out
}

// Every game's pictures decode to the same pixels and palette, and are no
// larger than image/png made them.
func TestEncodePNGPictures(t *testing.T) {
	total, std := 0, 0
	for i, img := range encodeScenes(t) {
		b, err := encodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if diff := samePNG(img, b); diff != "" {
			t.Fatalf("picture %d: %s", i, diff)
		}
		s := stdPNG(t, img)
		if len(b) > len(s) {
			t.Errorf("picture %d: %d bytes, image/png makes %d", i, len(b), len(s))
		}
		total, std = total+len(b), std+len(s)
	}
	t.Logf("%d bytes in all, image/png %d", total, std)
}

// randomPaletted makes a picture of w x h pixels in a palette of n colours,
// some translucent, drawn as the pictures are (runs, rows repeated, pieces
// copied along the row) with noise between, inside a larger image so that
// its rows do not start at 0 or follow each other in Pix.
func randomPaletted(r *rand.Rand, w, h, n int) *image.Paletted {
	pal := make(color.Palette, n)
	for i := range pal {
		a := uint8(255)
		if r.IntN(4) == 0 {
			a = uint8(r.IntN(256))
		}
		pal[i] = color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), a}
	}
	big := image.NewPaletted(image.Rect(-3, -2, w+4, h+1), pal)
	img := big.SubImage(image.Rect(0, 0, w, h)).(*image.Paletted)
	for y := range h {
		row := img.Pix[img.PixOffset(0, y):][:w]
		switch k := r.IntN(6); {
		case k == 0 && y > 0:
			copy(row, img.Pix[img.PixOffset(0, y-1):][:w])
		default:
			for x := 0; x < w; {
				l := min(w-x, 1+r.IntN(1+k*20))
				switch c := uint8(r.IntN(n)); r.IntN(3) {
				case 0:
					for i := range l {
						row[x+i] = uint8(r.IntN(n))
					}
				case 1:
					for i := range l {
						row[x+i] = c
					}
				default:
					if x >= 16 {
						copy(row[x:x+l], row[x-16:])
					}
				}
				x += l
			}
		}
	}
	return img
}

// Random pictures of odd sizes and palettes, a row longer than deflate's
// window among them, decode to the same pixels and palette.
func TestEncodePNGRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sizes := []image.Point{{1, 1}, {1, 300}, {300, 1}, {2, 2}, {7, 13}, {801, 600}, {33000, 3}, {3, 17000}, {257, 259}}
	for i, s := range sizes {
		for _, n := range []int{1, 2, 17, 255, 256} {
			img := randomPaletted(r, s.X, s.Y, n)
			b, err := encodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if diff := samePNG(img, b); diff != "" {
				t.Fatalf("size %v, %d colours (%d): %s", s, n, i, diff)
			}
		}
	}
}

func TestEncodePNGRefuses(t *testing.T) {
	for _, img := range []*image.Paletted{
		image.NewPaletted(image.Rect(0, 0, 0, 5), color.Palette{color.Black}),
		image.NewPaletted(image.Rect(0, 0, 5, 5), nil),
		image.NewPaletted(image.Rect(0, 0, 5, 5), make(color.Palette, 257)),
	} {
		if b, err := encodePNG(img); err == nil {
			t.Errorf("%v, %d colours: %d bytes, want an error", img.Rect, len(img.Palette), len(b))
		}
	}
}

// The row-wise Adler-32 is hash/adler32's over the filtered rows.
func TestAdler(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, w := range []int{1, 3, 4, 5, 127, 128, 136, 800, 5000} {
		var s adler
		s.a = 1
		var raw []byte
		var row []byte
		for y := range 40 {
			if y == 0 || r.IntN(3) > 0 {
				row = make([]byte, w)
				for i := range row {
					row[i] = uint8(r.IntN(256))
				}
				s.row(row)
			} else {
				s.repeat()
			}
			raw = append(append(raw, 0), row...)
		}
		if got, want := s.sum(), adler32.Checksum(raw); got != want {
			t.Errorf("width %d: %08x, want %08x", w, got, want)
		}
	}
}

// Huffman codes stay within their length limit, and are complete, even
// for frequencies that would make a code of 30 bits.
func TestHuffmanLengths(t *testing.T) {
	var tb treeBuilder
	fib := make([]int32, 30)
	fib[0], fib[1] = 1, 1
	for i := 2; i < len(fib); i++ {
		fib[i] = fib[i-1] + fib[i-2]
	}
	for _, c := range []struct {
		freq  []int32
		limit uint8
	}{
		{fib, 15}, {fib[:19], 7}, {[]int32{0, 0, 5}, 15}, {[]int32{3, 0, 0}, 7}, {make([]int32, 30), 15},
	} {
		lens := make([]uint8, len(c.freq))
		tb.lengths(c.freq, c.limit, lens)
		kraft, used := 0.0, 0
		for s, l := range lens {
			if l > c.limit || (c.freq[s] > 0 && l == 0) {
				t.Fatalf("%v: lengths %v", c.freq, lens)
			}
			if l > 0 {
				kraft += 1 / float64(uint(1)<<l)
				used++
			}
		}
		if kraft != 1 || used < 2 {
			t.Errorf("%v: lengths %v, not a complete code", c.freq, lens)
		}
	}
}

// A band is taken from the cache only when its rows and the row above are
// the same: a picture that differs from one coded before in any one row,
// on either side of a band's edge, decodes to its own pixels, and so does
// the first picture coded again after it.
func TestBandCacheRowChanged(t *testing.T) {
	base := benchPicture(&testing.B{}, "tab", 40)
	h := base.Rect.Dy()
	for _, y := range []int{0, 1, bandRows - 1, bandRows, bandRows + 1, 2*bandRows - 1, h - 1} {
		changed := image.NewPaletted(base.Rect, base.Palette)
		copy(changed.Pix, base.Pix)
		row := changed.Pix[changed.PixOffset(0, y):][:changed.Rect.Dx()]
		for x := range row {
			row[x] = uint8((int(row[x]) + 1 + x/50) % len(base.Palette))
		}
		for i, img := range []*image.Paletted{base, changed, base} {
			b, err := encodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if diff := samePNG(img, b); diff != "" {
				t.Fatalf("row %d changed, picture %d: %s", y, i, diff)
			}
		}
	}
}

// The same picture gives the same bytes, whatever was coded before it.
func TestEncodePNGSameBytes(t *testing.T) {
	pics := encodeScenes(t)
	first := map[int][]byte{}
	for round := range 2 {
		bands.clear()
		for i, img := range pics {
			if round == 1 {
				img = pics[len(pics)-1-i] // another order, another cache
				i = len(pics) - 1 - i
			}
			b, err := encodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if round == 0 {
				first[i] = b
			} else if !bytes.Equal(b, first[i]) {
				t.Fatalf("picture %d: other bytes than the first time (%d and %d)", i, len(b), len(first[i]))
			}
		}
	}
}

// Pictures coded at once share the band cache safely, even a cache so small
// that it drops its old generation all the time (run with -race).
func TestBandCacheConcurrent(t *testing.T) {
	pics := encodeScenes(t)[:24]
	saved := bands
	bands = newBandCache(8)
	defer func() { bands = saved }()
	errs := make(chan string, 4)
	for g := range 4 {
		go func() {
			bad := ""
			for i := range 3 * len(pics) {
				img := pics[(i*7+g*5)%len(pics)]
				b, err := encodePNG(img)
				if err != nil {
					bad = err.Error()
					break
				}
				if bad = samePNG(img, b); bad != "" {
					break
				}
			}
			errs <- bad
		}()
	}
	for range 4 {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}
