package render

import (
	"image/color"
	"math"

	"kilab/games"
)

// shape is how a side's pieces look. Aseb's sides are a cone and a round
// spindle, as seed 000 describes them; in Tab and Seega seat 0 has round
// pebbles and seat 1 square ones, so a reader who cannot tell the colours
// apart still tells the shapes.
type shape int8

const (
	shapeCone   shape = iota // Aseb seat 0, seen from the side
	shapeDisc                // a round piece from above
	shapeSquare              // a square piece with rounded corners
)

// seatColours gives a seat's fill, the shade of its far side and its outline.
func seatColours(seat games.Player) (fill, shade, line color.RGBA) {
	if seat == games.First {
		return colIvory, colIvoryShade, colInk
	}
	return colNavy, colNavyLight, colInk
}

// piece returns the sprite of a piece of shape sh for seat, d display pixels
// across, with ghost for a captured piece drawn faintly where it stood.
func piece(sh shape, seat games.Player, d float64, ghost bool) sprite {
	return cachedSprite(&pieces, pieceKey{sh, seat, d, ghost}, d+4, d+4, func(c *canvas) {
		fill, shade, line := seatColours(seat)
		if ghost {
			fill, shade, line = colPanel, colPanel, colMuted
		}
		cx, cy := (d+4)/2, (d+4)/2
		switch sh {
		case shapeCone:
			drawCone(c, cx, cy, d, fill, shade, line)
		case shapeDisc:
			drawDisc(c, cx, cy, d, seat, fill, shade, line)
		case shapeSquare:
			drawSquare(c, cx, cy, d, fill, shade, line)
		}
	})
}

type pieceKey struct {
	sh    shape
	seat  games.Player
	d     float64
	ghost bool
}

var pieces cache[pieceKey, sprite]

// drawCone draws a cone standing on its base: a triangle with an elliptical
// bottom and its right side in shade.
func drawCone(c *canvas, cx, cy, d float64, fill, shade, line color.RGBA) {
	top, base, hw, ry := cy-d/2, cy+d/2-d*0.12, d*0.42, d*0.12
	outline := func() {
		c.moveTo(cx, top)
		c.lineTo(cx+hw, base)
		c.gc.DrawEllipticalArc(cx*scale, base*scale, hw*scale, ry*scale, 0, math.Pi)
		c.lineTo(cx, top)
		c.gc.ClosePath()
	}
	c.set(fill, 0)
	outline()
	c.gc.Fill()
	c.set(shade, 0)
	c.moveTo(cx, top)
	c.lineTo(cx+hw, base)
	c.gc.DrawEllipticalArc(cx*scale, base*scale, hw*scale, ry*scale, 0, math.Pi/2)
	c.gc.ClosePath()
	c.gc.Fill()
	c.set(line, 1.6)
	c.gc.SetLineJoinRound()
	outline()
	c.gc.Stroke()
}

// drawDisc draws a round piece from above, a spindle's hole or a pebble's
// shine marking its centre.
func drawDisc(c *canvas, cx, cy, d float64, seat games.Player, fill, shade, line color.RGBA) {
	r := d / 2
	c.set(fill, 0)
	c.circle(cx, cy, r-0.8)
	c.gc.Fill()
	c.set(shade, 2)
	c.gc.DrawArc(cx*scale, cy*scale, (r-2.6)*scale, math.Pi*0.15, math.Pi*0.85)
	c.gc.Stroke()
	if seat == games.Second {
		c.set(shade, 1.6)
		c.circle(cx, cy, r*0.28)
		c.gc.Stroke()
	}
	c.set(line, 1.6)
	c.circle(cx, cy, r-0.8)
	c.gc.Stroke()
}

// drawSquare draws a square piece with rounded corners and an inner line.
func drawSquare(c *canvas, cx, cy, d float64, fill, shade, line color.RGBA) {
	s := d * 0.86
	c.fillRect(cx-s/2, cy-s/2, s, s, s*0.22, fill)
	c.strokeRect(cx-s/2+3, cy-s/2+3, s-6, s-6, s*0.14, 1.4, shade)
	c.strokeRect(cx-s/2, cy-s/2, s, s, s*0.22, 1.6, line)
}

// colourT is a colour of the base palette.
type colourT = color.RGBA

// marks are the sprites of one look each, by name.
var marks cache[string, sprite]

// rosette is the mark of an Aseb house (A2) and of Seega's safe centre:
// eight petals round a dot.
func rosette() sprite {
	return cachedSprite(&marks, "rosette", 28, 28, func(c *canvas) {
		cx, cy := 14.0, 14.0
		c.set(colRosette, 0)
		for k := range 8 {
			a := float64(k) * math.Pi / 4
			c.gc.Push()
			c.gc.RotateAbout(a, cx*scale, cy*scale)
			c.gc.DrawEllipse(cx*scale, (cy-7)*scale, 3.2*scale, 6.2*scale)
			c.gc.Fill()
			c.gc.Pop()
		}
		c.set(colPetal, 0)
		c.circle(cx, cy, 3.4)
		c.gc.Fill()
		c.set(colRosette, 0)
		c.circle(cx, cy, 2)
		c.gc.Fill()
	})
}

// captureBadge marks where a captured piece stood: a vermilion disc with a
// white cross, told apart by its shape as well as its colour.
func captureBadge() sprite {
	return cachedSprite(&marks, "capture", 16, 16, func(c *canvas) {
		c.set(colCapture, 0)
		c.circle(8, 8, 7)
		c.gc.Fill()
		c.set(colWhite, 2)
		c.gc.SetLineCapRound()
		c.moveTo(5, 5)
		c.lineTo(11, 11)
		c.moveTo(11, 5)
		c.lineTo(5, 11)
		c.gc.Stroke()
	})
}
