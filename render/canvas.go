package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// scale is image pixels per display pixel: pictures are drawn at twice the 400
// pixels a phone shows, so they stay sharp on high-density screens.
const scale = 2

// Text sizes in display pixels (the em). The Go Bold capitals and digits are
// 0.70 em tall, so sizeSmall keeps every label above 11 display pixels.
const (
	sizeSmall = 16.0 // cell numbers, coordinates, counts
	sizeLabel = 17.0 // panel labels
	sizeTurn  = 20.0 // whose turn
	sizeBig   = 22.0 // throw scores
)

var boldFont = mustParse(gobold.TTF)

func mustParse(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic("render: embedded font: " + err.Error())
	}
	return f
}

// faces caches font faces by size. An opentype face is not safe for concurrent
// use, so each picture takes a set from the pool and gives it back.
type faces map[float64]font.Face

var facePool = sync.Pool{New: func() any { return faces{} }}

func (fs faces) get(size float64) font.Face {
	if f, ok := fs[size]; ok {
		return f
	}
	f, err := opentype.NewFace(boldFont, &opentype.FaceOptions{Size: size * scale, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("render: font face: " + err.Error())
	}
	fs[size] = f
	return f
}

// label records a text drawn, so tests can check every label's size and that
// no two labels overlap or leave the picture, in every language.
type label struct {
	text   string
	size   float64 // em, display pixels
	x0, x1 float64 // left and right edges, display pixels
	y      float64 // the centre of the capitals
}

// canvas is one picture being drawn, with its fonts and the labels drawn so
// far. Coordinates are in display pixels. A canvas draws either in full
// colour with gg (img: backgrounds, sprites, tables and charts) or, for a
// board, straight on the palette with stamps (pal): see stamp.go.
type canvas struct {
	gc     *gg.Context
	img    *image.RGBA
	pal    *image.Paletted
	faces  faces // taken from the pool when a text is first measured or drawn
	labels []label
}

func newCanvas(w, h float64) *canvas {
	img := image.NewRGBA(image.Rect(0, 0, int(w*scale), int(h*scale)))
	return &canvas{gc: gg.NewContextForRGBA(img), img: img}
}

// onBackground starts a board on the palette from a copy of its background.
func onBackground(bg *background) *canvas {
	c := boards.Get().(*canvas)
	c.pal = newPicture(bg.pal.Rect)
	copy(c.pal.Pix, bg.pal.Pix)
	c.labels = append(c.labels[:0], bg.labels...)
	return c
}

// boards are the canvases of boards, their label lists kept for the next.
var boards = sync.Pool{New: func() any { return &canvas{} }}

// recycle gives a board's canvas back once its picture is taken; the
// picture stays the caller's.
func (c *canvas) recycle() {
	c.release()
	c.pal = nil
	boards.Put(c)
}

// pictures keeps the paletted pictures of boards by size, for the next
// board of that size once a picture has been encoded (releasePicture): a
// board is large, and drawn on every move.
var pictures = cache[image.Point, *sync.Pool]{bound: 64}

// newPicture is a paletted picture of r, its pixels to be written in full.
func newPicture(r image.Rectangle) *image.Paletted {
	pool := pictures.get(r.Size(), func() *sync.Pool { return new(sync.Pool) })
	if p, ok := pool.Get().(*image.Paletted); ok && p.Rect == r {
		return p
	}
	return image.NewPaletted(r, palette().png)
}

// releasePicture gives back a picture that picture drew, once encoded and
// no longer used.
func releasePicture(p *image.Paletted) {
	p.Palette = palette().png
	pictures.get(p.Rect.Size(), func() *sync.Pool { return new(sync.Pool) }).Put(p)
}

// picture is what the canvas drew.
func (c *canvas) picture() image.Image {
	if c.pal != nil {
		return c.pal
	}
	return c.img
}

// bounds is the picture's rectangle, in image pixels.
func (c *canvas) bounds() image.Rectangle { return c.picture().Bounds() }

// face is the font at size, from the canvas's set of faces.
func (c *canvas) face(size float64) font.Face {
	if c.faces == nil {
		c.faces = facePool.Get().(faces)
	}
	return c.faces.get(size)
}

// release returns the fonts to the pool; the canvas must not draw text after.
func (c *canvas) release() {
	if c.faces != nil {
		facePool.Put(c.faces)
		c.faces = nil
	}
}

// fill paints the whole picture one colour.
func (c *canvas) fill(col color.RGBA) {
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(col), image.Point{}, draw.Src)
}

// textWidth measures s at size, in display pixels, as text draws it.
func (c *canvas) textWidth(s string, size float64) float64 {
	return float64(c.advance(drawable(s), size)) / 64 / scale
}

// advance is how far drawable s at size moves the dot, kept once measured:
// a board measures its words again and again as it fits them.
func (c *canvas) advance(s string, size float64) fixed.Int26_6 {
	return textWidths.get(widthKey{s, size}, func() fixed.Int26_6 {
		return font.MeasureString(c.face(size), s)
	})
}

// text draws s with its left edge at x (ax 0), centre (ax 0.5) or right edge
// (ax 1), and its capitals vertically centred on y, the way labels line up
// with the shapes beside them. What the font cannot draw is drawn as
// drawable says, never as the font's empty box. On the palette the words
// are a stamp drawn once for their colour and where in a pixel they start.
func (c *canvas) text(s string, x, y, size, ax float64, col color.RGBA) {
	s = drawable(s)
	w := float64(c.advance(s, size)) / 64
	capH := 0.70 * size * scale
	dot := fixed.Point26_6{
		X: fixed.Int26_6(math.Round((x*scale - ax*w) * 64)),
		Y: fixed.Int26_6(math.Round((y*scale + capH/2) * 64)),
	}
	if c.pal != nil {
		st := c.textStamp(textKey{s: s, size: size, col: col, fx: dot.X & 63, fy: dot.Y & 63})
		st.draw(c.pal, int(dot.X>>6), int(dot.Y>>6))
	} else {
		d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: c.face(size), Dot: dot}
		d.DrawString(s)
	}
	left := x - ax*w/scale
	c.labels = append(c.labels, label{text: s, size: size, x0: left, x1: left + w/scale, y: y})
}

// fitSize is the largest size from size down to sizeSmall at which s fits
// width, or sizeSmall when none does: a longer translation shrinks, but
// never below what a phone shows legibly.
func (c *canvas) fitSize(s string, size, width float64) float64 {
	for size > sizeSmall && c.textWidth(s, size) > width {
		size--
	}
	return max(size, sizeSmall)
}

// set prepares gg for a path in display pixels: colour and line width.
func (c *canvas) set(col color.RGBA, lineWidth float64) {
	c.gc.SetColor(col)
	c.gc.SetLineWidth(lineWidth * scale)
}

func (c *canvas) rect(x, y, w, h, r float64) {
	if r > 0 {
		c.gc.DrawRoundedRectangle(x*scale, y*scale, w*scale, h*scale, r*scale)
		return
	}
	c.gc.DrawRectangle(x*scale, y*scale, w*scale, h*scale)
}

func (c *canvas) circle(x, y, r float64) { c.gc.DrawCircle(x*scale, y*scale, r*scale) }

func (c *canvas) moveTo(x, y float64) { c.gc.MoveTo(x*scale, y*scale) }
func (c *canvas) lineTo(x, y float64) { c.gc.LineTo(x*scale, y*scale) }

// fillRect fills a rectangle (rounded when r > 0) with one colour.
func (c *canvas) fillRect(x, y, w, h, r float64, col color.RGBA) {
	if c.pal != nil {
		c.drawShape(shapeKey{kind: fillRect, w: w * scale, h: h * scale, r: r * scale, col: col}, x*scale, y*scale)
		return
	}
	c.set(col, 0)
	c.rect(x, y, w, h, r)
	c.gc.Fill()
}

// strokeRect outlines a rectangle.
func (c *canvas) strokeRect(x, y, w, h, r, lw float64, col color.RGBA) {
	if c.pal != nil {
		c.drawShape(shapeKey{kind: strokeRect, w: w * scale, h: h * scale, r: r * scale, lw: lw * scale, col: col}, x*scale, y*scale)
		return
	}
	c.set(col, lw)
	c.rect(x, y, w, h, r)
	c.gc.Stroke()
}

// strokeCircle outlines a circle of radius r centred on x, y.
func (c *canvas) strokeCircle(x, y, r, lw float64, col color.RGBA) {
	if c.pal != nil {
		d := 2 * r * scale
		c.drawShape(shapeKey{kind: strokeCircle, w: d, h: d, lw: lw * scale, col: col}, (x-r)*scale, (y-r)*scale)
		return
	}
	c.set(col, lw)
	c.circle(x, y, r)
	c.gc.Stroke()
}

// sprite is a small picture with transparency, drawn once and copied many
// times: in full colour for a canvas drawn with gg, as a stamp on the palette.
type sprite struct {
	img    *image.RGBA
	st     *stamp
	cx, cy int // the anchor (centre) in img pixels
}

// newSprite draws a w x h (display pixels) sprite anchored at its centre.
func newSprite(w, h float64, paint func(c *canvas)) sprite {
	c := newCanvas(w, h)
	defer c.release()
	paint(c)
	return sprite{img: c.img, st: spriteStamp(c.img), cx: c.img.Rect.Dx() / 2, cy: c.img.Rect.Dy() / 2}
}

// put draws sprite s centred on x, y (display pixels).
func (c *canvas) put(s sprite, x, y float64) {
	px, py := int(math.Round(x*scale))-s.cx, int(math.Round(y*scale))-s.cy
	if c.pal != nil {
		s.st.draw(c.pal, px, py)
		return
	}
	r := s.img.Rect.Add(image.Pt(px, py))
	draw.Draw(c.img, r, s.img, image.Point{}, draw.Over)
}

// cachedSprite is the sprite kept in sprites under key, drawn on first use.
func cachedSprite[K comparable](sprites *cache[K, sprite], key K, w, h float64, paint func(c *canvas)) sprite {
	return sprites.get(key, func() sprite { return newSprite(w, h, paint) })
}

// background is the static part of a kind of board, on the palette, with the
// labels on it.
type background struct {
	pal    *image.Paletted
	labels []label
}

// backgroundKey is a kind of board: the game and what of its configuration
// changes the board (Aseb's houses, Tab's width, Seega's size). No words
// are drawn on a background, so one serves every language.
type backgroundKey struct {
	game   string
	kind   uint32
	turned bool // Last.Turned
}

var backgrounds cache[backgroundKey, *background]

// cachedBackground is the background of a kind of board, drawn with gg and
// quantized on first use.
func cachedBackground(key backgroundKey, w, h float64, paint func(c *canvas)) *background {
	return backgrounds.get(key, func() *background {
		c := newCanvas(w, h)
		defer c.release()
		paint(c)
		return &background{pal: palette().paletted(c.img), labels: c.labels}
	})
}
