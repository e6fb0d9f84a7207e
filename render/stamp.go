package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// A board is drawn straight onto the palette: its background was drawn once
// in full colour and quantized, and every piece, mark and label after it is
// a stamp, drawn once in full colour and kept as palette indices for the
// pixels it covers whole and as colour and coverage for its antialiased edge.
// Drawing a stamp copies the first and blends the second with the palette
// colour under it, through the quantizer's table: a few thousand table
// look-ups a picture instead of quantizing every pixel, and nothing drawn
// with gg after the first picture of a kind.

// stamp is a small picture kept for drawing on the palette. Its coordinates
// are relative to the origin the caller draws it at.
type stamp struct {
	spans []span
	idx   []uint8 // the palette indices of spans, one after another
	soft  []softPixel
	// A label is one colour, its palette index fill for its spans (and no
	// idx); its edge is its coverage alone, and ink what the colour gives
	// at each coverage over each palette colour.
	fill  uint8
	cover []coverPixel
	ink   *inkTable
}

// span is a run of n whole pixels of a row; at is where its indices start in
// the stamp's idx.
type span struct {
	x, y, n int16
	at      int32
}

// softPixel is a pixel the stamp covers in part: its colour premultiplied by
// its coverage a, and what it gives drawn over each base colour, which is
// what lies under nearly every edge.
type softPixel struct {
	x, y       int16
	r, g, b, a uint8
	onBase     [nBase]uint8
}

// coverPixel is a pixel a label covers in part, by a.
type coverPixel struct {
	x, y int16
	a    uint8
}

// inkTable is what a colour gives drawn with a coverage (the first index)
// over a palette colour (the second), as a font's glyph is drawn on RGBA.
type inkTable [256][256]uint8

// inks are the tables of the colours labels are written in: a few, 64 KB
// each, made once (about a millisecond) instead of a table for every pixel
// of every label's edge.
var inks cache[color.RGBA, *inkTable]

func inkOf(col color.RGBA) *inkTable {
	return inks.get(col, func() *inkTable {
		q := palette()
		t := new(inkTable)
		for a := range t {
			for d := range q.png {
				t[a][d] = q.glyphOver(uint8(d), col, uint8(a))
			}
		}
		return t
	})
}

// nBase is the count of base colours, the first entries of the palette.
const nBase = len(baseColours)

// spriteStamp keeps an RGBA picture (premultiplied) as a stamp with its
// top-left corner at the origin.
func spriteStamp(img *image.RGBA) *stamp {
	q := palette()
	st := &stamp{}
	b := img.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):][:4*b.Dx()]
		for x := 0; x < b.Dx(); x++ {
			p := row[4*x : 4*x+4]
			switch p[3] {
			case 0:
			case 0xff:
				st.opaque(x, y-b.Min.Y, q.index(p[0], p[1], p[2]))
			default:
				sp := softPixel{x: int16(x), y: int16(y - b.Min.Y), r: p[0], g: p[1], b: p[2], a: p[3]}
				for d := range sp.onBase {
					sp.onBase[d] = q.over(uint8(d), &sp)
				}
				st.soft = append(st.soft, sp)
			}
		}
	}
	return st
}

// maskStamp keeps a coverage mask as a stamp in colour col; its pixels are
// placed where they are in the mask's coordinates.
func maskStamp(m *image.Alpha, col color.RGBA) *stamp {
	st := &stamp{fill: palette().index(col.R, col.G, col.B), ink: inkOf(col)}
	b := m.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := m.Pix[m.PixOffset(b.Min.X, y):][:b.Dx()]
		for i, a := range row {
			x := b.Min.X + i
			switch a {
			case 0:
			case 0xff:
				st.whole(x, y)
			default:
				st.cover = append(st.cover, coverPixel{int16(x), int16(y), a})
			}
		}
	}
	return st
}

// opaque adds a whole pixel of palette index i at x, y, rows in order.
func (st *stamp) opaque(x, y int, i uint8) {
	st.whole(x, y)
	st.idx = append(st.idx, i)
}

// whole adds a whole pixel at x, y to the last span, or starts a span there.
func (st *stamp) whole(x, y int) {
	if n := len(st.spans); n > 0 {
		s := &st.spans[n-1]
		if int(s.y) == y && int(s.x)+int(s.n) == x {
			s.n++
			return
		}
	}
	st.spans = append(st.spans, span{x: int16(x), y: int16(y), n: 1, at: int32(len(st.idx))})
}

// draw draws the stamp with its origin at ox, oy.
func (st *stamp) draw(dst *image.Paletted, ox, oy int) {
	b := dst.Rect
	for _, s := range st.spans {
		y, x0, x1 := oy+int(s.y), ox+int(s.x), ox+int(s.x)+int(s.n)
		if y < b.Min.Y || y >= b.Max.Y {
			continue
		}
		lo, hi := max(x0, b.Min.X), min(x1, b.Max.X)
		if lo >= hi {
			continue
		}
		row := dst.Pix[(y-b.Min.Y)*dst.Stride+lo-b.Min.X:][:hi-lo]
		if st.idx == nil {
			for k := range row {
				row[k] = st.fill
			}
			continue
		}
		at := int(s.at) + lo - x0
		copy(row, st.idx[at:at+hi-lo])
	}
	var q *quantizer
	for k := range st.soft {
		p := &st.soft[k]
		x, y := ox+int(p.x), oy+int(p.y)
		if x < b.Min.X || x >= b.Max.X || y < b.Min.Y || y >= b.Max.Y {
			continue
		}
		i := (y-b.Min.Y)*dst.Stride + x - b.Min.X
		if d := dst.Pix[i]; int(d) < nBase {
			dst.Pix[i] = p.onBase[d]
			continue
		}
		if q == nil {
			q = palette()
		}
		dst.Pix[i] = q.over(dst.Pix[i], p)
	}
	for _, p := range st.cover {
		x, y := ox+int(p.x), oy+int(p.y)
		if x < b.Min.X || x >= b.Max.X || y < b.Min.Y || y >= b.Max.Y {
			continue
		}
		i := (y-b.Min.Y)*dst.Stride + x - b.Min.X
		dst.Pix[i] = st.ink[p.a][dst.Pix[i]]
	}
}

// over is the palette index of premultiplied p drawn over the palette colour
// d, blended as image/draw's Over blends two RGBA pixels.
func (q *quantizer) over(d uint8, p *softPixel) uint8 {
	const m = 0xffff
	a := (m - uint32(p.a)*0x101) * 0x101
	c := &q.rgb[d]
	blend := func(dc uint8, s uint8) uint8 { return uint8((uint32(dc)*a/m + uint32(s)*0x101) >> 8) }
	return q.index(blend(c[0], p.r), blend(c[1], p.g), blend(c[2], p.b))
}

// glyphOver is the palette index of opaque colour col with coverage ma drawn
// over the palette colour d, blended as a font's glyph is drawn on RGBA.
func (q *quantizer) glyphOver(d uint8, col color.RGBA, ma uint8) uint8 {
	const m = 0xffff
	ma16 := uint32(ma) * 0x101
	a := (m - ma16) * 0x101
	c := &q.rgb[d]
	blend := func(dc uint8, s uint8) uint8 { return uint8((uint32(dc)*a + uint32(s)*0x101*ma16) / m >> 8) }
	return q.index(blend(c[0], col.R), blend(c[1], col.G), blend(c[2], col.B))
}

// textKey is a label's stamp: its words, size and colour, and the fractions
// of a pixel (in 64ths) its dot falls at, which the glyphs are drawn for.
type textKey struct {
	s      string
	size   float64
	col    color.RGBA
	fx, fy fixed.Int26_6
}

// textStamps keeps the labels drawn, bounded as the counts in words (a
// quiet count, a reserve) come and go.
var textStamps = cache[textKey, *stamp]{bound: 1 << 11}

// textStamp draws the label of k once, its dot at fx, fy within the pixel at
// the origin.
func (c *canvas) textStamp(k textKey) *stamp {
	return textStamps.get(k, func() *stamp {
		face := c.face(k.size)
		dot := fixed.Point26_6{X: k.fx, Y: k.fy}
		bounds, _ := font.BoundString(face, k.s)
		r := image.Rect(bounds.Min.X.Floor()-1, bounds.Min.Y.Floor()-1, bounds.Max.X.Ceil()+2, bounds.Max.Y.Ceil()+2)
		m := image.NewAlpha(r)
		d := font.Drawer{Dst: m, Src: image.Opaque, Face: face, Dot: dot}
		d.DrawString(k.s)
		return maskStamp(m, k.col)
	})
}

// widthKey is a text measured at a size.
type widthKey struct {
	s    string
	size float64
}

var textWidths = cache[widthKey, fixed.Int26_6]{bound: 1 << 12}

// shapeKey is a filled or outlined shape drawn once: its kind, size, corner
// radius, line width and colour, and the fractions of a pixel its corner
// falls at.
type shapeKey struct {
	kind        shapeKind
	w, h, r, lw float64 // image pixels
	col         color.RGBA
	fx, fy      float64
}

type shapeKind int8

const (
	fillRect shapeKind = iota
	strokeRect
	strokeCircle // w is the diameter
)

var shapes = cache[shapeKey, *stamp]{}

// shapePad is the room round a shape's stamp for its line and antialiasing.
func shapePad(lw float64) int { return int(math.Ceil(lw)) + 2 }

// shapeStamp draws k once with gg, its box's corner at the fractions fx, fy of
// the pixel shapePad from the stamp's origin.
func shapeStamp(k shapeKey) *stamp {
	return shapes.get(k, func() *stamp {
		pad := shapePad(k.lw)
		img := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(k.fx+k.w))+2*pad, int(math.Ceil(k.fy+k.h))+2*pad))
		gc := gg.NewContextForRGBA(img)
		gc.SetColor(k.col)
		gc.SetLineWidth(k.lw)
		x, y := float64(pad)+k.fx, float64(pad)+k.fy
		switch {
		case k.kind == strokeCircle:
			gc.DrawCircle(x+k.w/2, y+k.h/2, k.w/2)
		case k.r > 0:
			gc.DrawRoundedRectangle(x, y, k.w, k.h, k.r)
		default:
			gc.DrawRectangle(x, y, k.w, k.h)
		}
		if k.kind == fillRect {
			gc.Fill()
		} else {
			gc.Stroke()
		}
		return spriteStamp(img)
	})
}

// drawShape draws shape k with its box's corner at x, y (image pixels).
func (c *canvas) drawShape(k shapeKey, x, y float64) {
	fx, fy := math.Floor(x), math.Floor(y)
	k.fx, k.fy = x-fx, y-fy
	pad := shapePad(k.lw)
	shapeStamp(k).draw(c.pal, int(fx)-pad, int(fy)-pad)
}
