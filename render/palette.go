package render

import (
	"image"
	"image/color"
	"sync"
)

// The base colours every picture is drawn with. Each channel is snapped to the
// centre of its 5-bit bucket (see snap), so the lookup table maps every base
// colour exactly to itself and flat areas come out in their true colour.
var (
	colBackground = snap(0xEE, 0xE6, 0xD3) // parchment around the board
	colFrame      = snap(0x6E, 0x4B, 0x2A) // dark wood: board frame, grid lines
	colCell       = snap(0xCF, 0xAE, 0x78) // light wood: playing cells
	colCellAlt    = snap(0xC0, 0x98, 0x5E) // a second wood for alternate rows
	colInk        = snap(0x26, 0x1E, 0x16) // text and outlines
	colInkSoft    = snap(0x5C, 0x44, 0x30) // cell numbers, coordinates
	colIvory      = snap(0xFA, 0xF4, 0xE8) // seat 0 pieces
	colIvoryShade = snap(0xD4, 0xC8, 0xB0) // their shaded side
	colNavy       = snap(0x20, 0x34, 0x6C) // seat 1 pieces
	colNavyLight  = snap(0x56, 0x74, 0xB8) // their highlight
	colMoveTo     = snap(0xF0, 0xD8, 0x40) // the last move's destination
	colMoveFrom   = snap(0xF2, 0xE6, 0x9C) // the last move's origin
	colMoveRing   = snap(0x9A, 0x74, 0x00) // the ring round the destination
	colCapture    = snap(0xD5, 0x5E, 0x00) // vermilion: captured pieces
	colRosette    = snap(0x9C, 0x3C, 0x24) // houses, the safe centre
	colPetal      = snap(0xE4, 0xC6, 0x8C) // the rosette's petals
	colStickFlat  = snap(0xF4, 0xE6, 0xC4) // a stick's flat side
	colStickRound = snap(0x7A, 0x48, 0x22) // a stick's round side
	colStickShine = snap(0xB0, 0x74, 0x40) // the round side's highlight
	colWhite      = snap(0xFF, 0xFF, 0xFF) // text on navy
	colMuted      = snap(0x9E, 0x96, 0x8A) // void and used throws
	colPanel      = snap(0xE0, 0xD4, 0xBA) // panels beside the board
)

var baseColours = [...]color.RGBA{
	colBackground, colFrame, colCell, colCellAlt, colInk, colInkSoft, colIvory,
	colIvoryShade, colNavy, colNavyLight, colMoveTo, colMoveFrom, colMoveRing,
	colCapture, colRosette, colPetal, colStickFlat, colStickRound, colStickShine,
	colWhite, colMuted, colPanel,
}

// transparentIndex is the GIF's "unchanged" colour; PNGs never use it.
const transparentIndex = 255

// snap puts each channel at the centre of its 5-bit bucket.
func snap(r, g, b uint8) color.RGBA {
	c := func(v uint8) uint8 { return v&^7 | 4 }
	return color.RGBA{c(r), c(g), c(b), 0xff}
}

// quantizer maps RGB colours to the fixed palette through a 32x32x32 table.
type quantizer struct {
	png color.Palette // the base colours and the midpoint of every pair
	gif color.Palette // png plus the transparent entry at transparentIndex
	lut [1 << 15]uint8
	rgb [256][3]uint8 // the colours of png, for blending on a paletted picture
}

var (
	quantOnce sync.Once
	quant     *quantizer
)

// palette returns the shared quantizer, built on first use (about 10 ms).
func palette() *quantizer {
	quantOnce.Do(func() { quant = newQuantizer() })
	return quant
}

// newQuantizer builds the palette: the base colours, then the midpoint of every
// pair of them, which gives antialiased edges an in-between shade to land on.
func newQuantizer() *quantizer {
	q := &quantizer{}
	for _, c := range baseColours {
		q.png = append(q.png, c)
	}
	for i, a := range baseColours {
		for _, b := range baseColours[i+1:] {
			q.png = append(q.png, color.RGBA{mid(a.R, b.R), mid(a.G, b.G), mid(a.B, b.B), 0xff})
		}
	}
	if len(q.png) > transparentIndex {
		panic("render: more than 255 palette colours")
	}
	for i, c := range q.png {
		c := c.(color.RGBA)
		q.rgb[i] = [3]uint8{c.R, c.G, c.B}
	}
	q.gif = append(color.Palette{}, q.png...)
	for len(q.gif) < transparentIndex {
		q.gif = append(q.gif, colBackground)
	}
	q.gif = append(q.gif, color.RGBA{})
	for key := range q.lut {
		r, g, b := uint8(key>>10)<<3|4, uint8(key>>5&31)<<3|4, uint8(key&31)<<3|4
		q.lut[key] = q.nearest(r, g, b)
	}
	return q
}

func mid(a, b uint8) uint8 { return uint8((int(a) + int(b) + 1) / 2) }

// nearest finds the palette entry closest to r, g, b, weighting green most as the
// eye does; ties go to the lower index, so the table is the same on every run.
func (q *quantizer) nearest(r, g, b uint8) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, pc := range q.png {
		c := pc.(color.RGBA)
		dr, dg, db := int(r)-int(c.R), int(g)-int(c.G), int(b)-int(c.B)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// index returns the palette index for an opaque colour.
func (q *quantizer) index(r, g, b uint8) uint8 {
	return q.lut[int(r>>3)<<10|int(g>>3)<<5|int(b>>3)]
}

// paletted converts an opaque RGBA picture to the palette, pixel by pixel
// through the table: a few nanoseconds a pixel, no dithering.
func (q *quantizer) paletted(src *image.RGBA) *image.Paletted {
	b := src.Bounds()
	dst := image.NewPaletted(b, q.png)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		s := src.Pix[src.PixOffset(b.Min.X, y):]
		d := dst.Pix[dst.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			d[x] = q.index(s[4*x], s[4*x+1], s[4*x+2])
		}
	}
	return dst
}
