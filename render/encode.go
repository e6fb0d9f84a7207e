package render

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"slices"
	"sync"
)

// encodePNG writes a paletted picture as an 8-bit paletted PNG, two to three
// times faster than image/png at its fastest level and no larger, and several
// times faster again for the rows a picture shares with one coded before.
// The pictures are flat colours, so most of each row repeats the row above
// or runs of one colour, and the deflate step (deflate.go) looks for exactly
// those, with a small hash table for the rest (a piece repeated along a
// row), instead of hashing every byte as a general compressor does; and
// bands of rows already coded come from a cache (bands.go). Every row is
// filtered None: the row-above match does what the Up filter would, for
// fewer bytes.
func encodePNG(img *image.Paletted) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("render: png: an empty picture")
	}
	if len(img.Palette) == 0 || len(img.Palette) > 256 {
		return nil, fmt.Errorf("render: png: a palette of %d colours", len(img.Palette))
	}
	e := pngEncoders.Get().(*pngEncoder)
	defer func() {
		e.img = nil // the pool keeps buffers, not pictures
		pngEncoders.Put(e)
	}()
	e.reset(img)
	e.header(w, h)
	e.palette(img.Palette)
	e.idat()
	e.chunk("IEND", nil)
	out := make([]byte, len(e.out))
	copy(out, e.out)
	return out, nil
}

// pngEncoders keeps the encoders' buffers (about 100 KB each) between
// pictures, so an encoding allocates only its result.
var pngEncoders = sync.Pool{New: func() any { return new(pngEncoder) }}

type pngEncoder struct {
	img   *image.Paletted
	out   []byte
	tmp   [3 * 256]byte
	adler adler
	deflater
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

func (e *pngEncoder) reset(img *image.Paletted) {
	e.img = img
	e.out = append(e.out[:0], pngSignature...)
	e.adler = adler{a: 1}
}

func (e *pngEncoder) header(w, h int) {
	b := e.tmp[:13]
	binary.BigEndian.PutUint32(b[0:], uint32(w))
	binary.BigEndian.PutUint32(b[4:], uint32(h))
	b[8], b[9], b[10], b[11], b[12] = 8, 3, 0, 0, 0 // 8 bits, paletted, deflate, adaptive filters, not interlaced
	e.chunk("IHDR", b)
}

// palette writes PLTE, and tRNS up to the last colour that is not opaque,
// as image/png does.
func (e *pngEncoder) palette(p color.Palette) {
	plte, last := e.tmp[:3*len(p)], -1
	for i, c := range p {
		n := nrgba(c)
		plte[3*i], plte[3*i+1], plte[3*i+2] = n.R, n.G, n.B
		if n.A != 0xff {
			last = i
		}
	}
	e.chunk("PLTE", plte)
	if last < 0 {
		return
	}
	alpha := e.tmp[:last+1]
	for i := range alpha {
		alpha[i] = nrgba(p[i]).A
	}
	e.chunk("tRNS", alpha)
}

// nrgba is color.NRGBAModel's conversion, without its allocation for the
// opaque colours of render's palette.
func nrgba(c color.Color) color.NRGBA {
	if c, ok := c.(color.RGBA); ok && c.A == 0xff {
		return color.NRGBA{c.R, c.G, c.B, 0xff}
	}
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}

// chunk appends a chunk: length, type, data, CRC of type and data.
func (e *pngEncoder) chunk(typ string, data []byte) {
	start := len(e.out)
	e.out = binary.BigEndian.AppendUint32(e.out, uint32(len(data)))
	e.out = append(e.out, typ...)
	e.out = append(e.out, data...)
	e.out = binary.BigEndian.AppendUint32(e.out, crc32.ChecksumIEEE(e.out[start+4:]))
}

// idat appends the one IDAT chunk: the zlib stream of every row, each a
// filter byte (None) and the row's pixels. The rows go by bands of
// bandRows; a band whose pixels and the row above them were coded before,
// in this picture or an earlier one, takes its tokens from the cache.
func (e *pngEncoder) idat() {
	start := len(e.out)
	e.out = append(e.out, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	e.out = append(e.out, 0x78, 0x01) // zlib: deflate, 32 KB window, fastest
	w, h := e.img.Rect.Dx(), e.img.Rect.Dy()
	e.deflater.start(e.out, w+1)
	for y0 := 0; y0 < h; y0 += bandRows {
		y1 := min(h, y0+bandRows)
		key := e.bandKey(y0, y1)
		b, ok := bands.get(key)
		if !ok {
			b = e.codeBand(y0, y1)
			if len(b.tokens) <= maxBandTokens {
				bands.put(key, b)
			}
		}
		e.addBand(b, uint64(y1-y0)*uint64(w+1))
		if len(e.tokens) >= blockTokens {
			e.block(false)
		}
	}
	e.out = e.deflater.finish()
	e.out = binary.BigEndian.AppendUint32(e.out, e.adler.sum())
	binary.BigEndian.PutUint32(e.out[start:], uint32(len(e.out)-start-8))
	e.out = binary.BigEndian.AppendUint32(e.out, crc32.ChecksumIEEE(e.out[start+4:]))
}

// codeBand codes rows y0 to y1 (not included) as a band of their own: its
// matches reach no further back than the row above it, so its tokens hold
// wherever these rows follow that row, and are the same whatever was coded
// before.
func (e *pngEncoder) codeBand(y0, y1 int) *band {
	var prev []byte
	if y0 > 0 {
		prev = e.rowPix(y0 - 1)
	}
	e.windowRow = y0
	mark := len(e.tokens)
	litLen, dist := e.litLen, e.dist // the counts so far, kept while row counts the band's
	e.litLen, e.dist = [286]int32{}, [30]int32{}
	var sums adler
	for y := y0; y < y1; y++ {
		cur := e.rowPix(y)
		if same := e.row(y, cur, prev); same && y > y0 {
			sums.repeat()
		} else {
			sums.row(cur)
		}
		prev = cur
	}
	b := &band{tokens: slices.Clone(e.tokens[mark:]), a: sums.a, b: sums.b}
	for i, c := range e.litLen {
		b.litLen[i] = uint32(c)
	}
	for i, c := range e.dist {
		b.dist[i] = uint32(c)
	}
	e.tokens, e.litLen, e.dist = e.tokens[:mark], litLen, dist
	return b
}

// addBand appends a band's tokens, counts its symbols and adds its sums,
// n bytes of the zlib stream's data.
func (e *pngEncoder) addBand(b *band, n uint64) {
	e.tokens = append(e.tokens, b.tokens...)
	for i, c := range b.litLen {
		e.litLen[i] += int32(c)
	}
	for i, c := range b.dist {
		e.dist[i] += int32(c)
	}
	e.adler.add(b.a, b.b, n)
}

// rowPix returns row y's pixels.
func (e *pngEncoder) rowPix(y int) []byte {
	r := e.img.Rect
	i := e.img.PixOffset(r.Min.X, r.Min.Y+y)
	return e.img.Pix[i : i+r.Dx()]
}

// adler is the zlib stream's Adler-32, summed a row at a time: a row that
// repeats the one above adds the same row sums, so only rows that differ
// are read.
type adler struct {
	a, b   uint32 // the running sums
	ra, rb uint32 // the last row's own sums
	n      uint32 // a row's length with its filter byte
}

const adlerMod = 65521

// row adds a row: a zero filter byte, then pix. The row's b sum weighs each
// byte by the bytes from it to the row's end, n-1-j for pixel j.
func (s *adler) row(pix []byte) {
	sum, dot := rowSums(pix)
	w := uint64(len(pix))
	s.ra = uint32(sum % adlerMod)
	s.rb = uint32((w*sum - dot) % adlerMod)
	s.n = uint32(len(pix) + 1)
	s.repeat()
}

// rowSums returns the sum of the bytes and the sum of j times byte j. It
// reads eight bytes at a time as 16-bit lanes (even bytes in one word, odd
// in another) and sums them lane by lane, with the running sum of those sums
// for the weights, over chunks of 16 words, few enough that no lane
// overflows; then it folds the lanes into the two sums.
func rowSums(pix []byte) (sum, dot uint64) {
	const m = 0x00FF00FF00FF00FF
	j := 0
	for j+8 <= len(pix) {
		words := min((len(pix)-j)/8, 16)
		var even, odd, evenRun, oddRun uint64
		for w := range words {
			v := binary.LittleEndian.Uint64(pix[j+8*w:])
			evenRun += even
			oddRun += odd
			even += v & m
			odd += v >> 8 & m
		}
		s := lanes(even) + lanes(odd)
		// Byte i of word w of the chunk weighs j + 8w + i: the words' part
		// is 8(words-1)s less 8 times the running sums; the bytes' part
		// is the even lanes' 2k and the odd lanes' 2k+1.
		inWords := uint64(words-1)*s - lanes(evenRun) - lanes(oddRun)
		inBytes := 2*((even+odd)*0x0000000100020003>>48) + lanes(odd)
		dot += uint64(j)*s + 8*inWords + inBytes
		sum += s
		j += 8 * words
	}
	for ; j < len(pix); j++ {
		sum += uint64(pix[j])
		dot += uint64(j) * uint64(pix[j])
	}
	return sum, dot
}

// lanes adds the four 16-bit lanes of v.
func lanes(v uint64) uint64 {
	t := v&0x0000FFFF0000FFFF + v>>16&0x0000FFFF0000FFFF
	return (t + t>>32) & 0xFFFFFFFF
}

// repeat adds the last row again.
func (s *adler) repeat() {
	s.b = uint32((uint64(s.b) + uint64(s.rb) + uint64(s.n)*uint64(s.a)) % adlerMod)
	s.a = (s.a + s.ra) % adlerMod
}

// add appends a stretch of n bytes whose own sums (from 0) are a and b.
func (s *adler) add(a, b uint32, n uint64) {
	s.b = uint32((uint64(s.b) + uint64(b) + n%adlerMod*uint64(s.a)) % adlerMod)
	s.a = (s.a + a) % adlerMod
}

func (s *adler) sum() uint32 { return s.b<<16 | s.a }
