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

// canvas is one picture being drawn: an RGBA image with a gg context on it, the
// fonts, and the labels drawn so far. Coordinates are in display pixels.
type canvas struct {
	gc     *gg.Context
	img    *image.RGBA
	faces  faces
	labels []label
}

func newCanvas(w, h float64) *canvas {
	img := image.NewRGBA(image.Rect(0, 0, int(w*scale), int(h*scale)))
	return &canvas{gc: gg.NewContextForRGBA(img), img: img, faces: facePool.Get().(faces)}
}

// release returns the fonts to the pool; the canvas must not draw text after.
func (c *canvas) release() {
	facePool.Put(c.faces)
	c.faces = nil
}

// fill paints the whole picture one colour.
func (c *canvas) fill(col color.RGBA) {
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(col), image.Point{}, draw.Src)
}

// copyFrom starts the picture from a cached background of the same size.
func (c *canvas) copyFrom(bg *background) {
	copy(c.img.Pix, bg.img.Pix)
	c.labels = append(c.labels, bg.labels...)
}

// textWidth measures s at size, in display pixels, as text draws it.
func (c *canvas) textWidth(s string, size float64) float64 {
	return float64(font.MeasureString(c.faces.get(size), drawable(s))) / 64 / scale
}

// text draws s with its left edge at x (ax 0), centre (ax 0.5) or right edge
// (ax 1), and its capitals vertically centred on y, the way labels line up
// with the shapes beside them. What the font cannot draw is drawn as
// drawable says, never as the font's empty box.
func (c *canvas) text(s string, x, y, size, ax float64, col color.RGBA) {
	s = drawable(s)
	face := c.faces.get(size)
	w := float64(font.MeasureString(face, s)) / 64
	capH := 0.70 * size * scale
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face}
	d.Dot = fixed.Point26_6{
		X: fixed.Int26_6(math.Round((x*scale - ax*w) * 64)),
		Y: fixed.Int26_6(math.Round((y*scale + capH/2) * 64)),
	}
	d.DrawString(s)
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
	c.set(col, 0)
	c.rect(x, y, w, h, r)
	c.gc.Fill()
}

// strokeRect outlines a rectangle.
func (c *canvas) strokeRect(x, y, w, h, r, lw float64, col color.RGBA) {
	c.set(col, lw)
	c.rect(x, y, w, h, r)
	c.gc.Stroke()
}

// sprite is a small picture with transparency, drawn once and copied many times.
type sprite struct {
	img    *image.RGBA
	cx, cy int // the anchor (centre) in img pixels
}

// newSprite draws a w x h (display pixels) sprite anchored at its centre.
func newSprite(w, h float64, paint func(c *canvas)) sprite {
	c := newCanvas(w, h)
	defer c.release()
	paint(c)
	return sprite{img: c.img, cx: c.img.Rect.Dx() / 2, cy: c.img.Rect.Dy() / 2}
}

// put draws sprite s centred on x, y (display pixels).
func (c *canvas) put(s sprite, x, y float64) {
	px, py := int(math.Round(x*scale))-s.cx, int(math.Round(y*scale))-s.cy
	r := s.img.Rect.Add(image.Pt(px, py))
	draw.Draw(c.img, r, s.img, image.Point{}, draw.Over)
}

// spriteCache keeps sprites by key for the life of the process.
var spriteCache sync.Map // string -> sprite

func cachedSprite(key string, w, h float64, paint func(c *canvas)) sprite {
	if s, ok := spriteCache.Load(key); ok {
		return s.(sprite)
	}
	s, _ := spriteCache.LoadOrStore(key, newSprite(w, h, paint))
	return s.(sprite)
}

// background is the static part of a kind of board, with the labels on it.
type background struct {
	img    *image.RGBA
	labels []label
}

// backgroundCache keeps a background per kind of board (game and geometry).
var backgroundCache sync.Map // string -> *background

func cachedBackground(key string, w, h float64, paint func(c *canvas)) *background {
	if bg, ok := backgroundCache.Load(key); ok {
		return bg.(*background)
	}
	c := newCanvas(w, h)
	defer c.release()
	paint(c)
	bg, _ := backgroundCache.LoadOrStore(key, &background{img: c.img, labels: c.labels})
	return bg.(*background)
}
