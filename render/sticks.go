package render

import (
	"strconv"

	"kilab/games"
	"kilab/lang"
)

// Stick sizes in display pixels.
const (
	stickW   = 7.0
	stickH   = 30.0
	stickGap = 3.0
	sticksW  = 4*stickW + 3*stickGap // four sticks side by side
	d4Size   = 30.0
)

// stick returns the sprite of one throwing stick, flat side up or round side
// up (D1): the flat side pale and plain, the round side dark with a
// shine along it, so the count of pale sticks is the count of flat sides.
func stick(flat, dim bool) sprite {
	return cachedSprite(&sticks, [2]bool{flat, dim}, stickW+2, stickH+2, func(c *canvas) {
		x, y := 1.0, 1.0
		body, line := colStickRound, colInk
		if flat {
			body = colStickFlat
		}
		if dim {
			body, line = colPanel, colMuted
		}
		c.fillRect(x, y, stickW, stickH, 3, body)
		if !flat && !dim {
			c.set(colStickShine, 1.6)
			c.moveTo(x+stickW*0.35, y+4)
			c.lineTo(x+stickW*0.35, y+stickH-4)
			c.gc.Stroke()
		}
		c.strokeRect(x, y, stickW, stickH, 3, 1.2, line)
	})
}

// sticks are the sprites of a stick by flat side up and dimmed.
var sticks cache[[2]bool, sprite]

// d4Faces are the d4's sprites, by dimmed.
var d4Faces cache[bool, sprite]

// shownThrow is one throw in the throws panel; dim marks a throw that no
// longer counts: a 0 thrown again, a void opening throw, a score already used.
type shownThrow struct {
	t   games.Throw
	dim bool
}

// throwWidth is how wide a throw is drawn in full: its sticks or die, then
// the score.
func (c *canvas) throwWidth(st shownThrow, dice games.Dice) float64 {
	return throwFaceW(dice) + 4 + c.textWidth(strconv.Itoa(int(st.t)), sizeBig)
}

func throwFaceW(dice games.Dice) float64 {
	if dice == games.D4 {
		return d4Size
	}
	return sticksW
}

// drawThrows draws throws ending at right, centred on y, within width w: each
// as its four sticks (or the d4's face) and its score. When they do not all
// fit, the earlier ones are written as bare scores, the latest keeping their
// sticks. It returns the left edge of what it drew.
func (c *canvas) drawThrows(throws []shownThrow, dice games.Dice, right, y, w float64) float64 {
	const gap = 10.0
	full := len(throws)
	for ; full > 1; full-- {
		if c.throwsWidth(throws, dice, full, gap) <= w {
			break
		}
	}
	x := right - c.throwsWidth(throws, dice, full, gap)
	left := x
	for i, st := range throws {
		col := colInk
		if st.dim {
			col = colMuted
		}
		if i < len(throws)-full {
			s := strconv.Itoa(int(st.t))
			c.text(s, x, y, sizeBig, 0, col)
			x += c.textWidth(s, sizeBig) + gap
			continue
		}
		c.drawThrowFace(st, dice, x, y)
		x += throwFaceW(dice) + 4
		c.text(strconv.Itoa(int(st.t)), x, y, sizeBig, 0, col)
		x += c.textWidth(strconv.Itoa(int(st.t)), sizeBig) + gap
	}
	return left
}

// drawThrowsBy draws throws as drawThrows does, with the thrower's piece
// before them, so that nobody mistakes the last player's throw for their own.
func (c *canvas) drawThrowsBy(icon sprite, throws []shownThrow, dice games.Dice, right, y, w float64) {
	if len(throws) == 0 {
		return
	}
	iw := float64(icon.img.Rect.Dx()) / scale
	left := c.drawThrows(throws, dice, right, y, w-iw-6)
	c.put(icon, left-6-iw/2, y)
}

// throwsWidth is the width of throws with the last full of them drawn in full.
func (c *canvas) throwsWidth(throws []shownThrow, dice games.Dice, full int, gap float64) float64 {
	w := 0.0
	for i, st := range throws {
		if i < len(throws)-full {
			w += c.textWidth(strconv.Itoa(int(st.t)), sizeBig) + gap
			continue
		}
		w += c.throwWidth(st, dice) + gap
	}
	return w - gap
}

// drawThrowFace draws a throw's four sticks, flat sides pale, or a d4's face.
func (c *canvas) drawThrowFace(st shownThrow, dice games.Dice, x, y float64) {
	if dice == games.D4 {
		c.put(d4Face(st.dim), x+d4Size/2, y)
		return
	}
	flats := dice.Flats(st.t)
	for k := range 4 {
		cx := x + stickW/2 + float64(k)*(stickW+stickGap)
		c.put(stick(k < flats, st.dim), cx, y)
	}
}

// d4Face is a four-sided die seen from above: a triangle. Its score is
// written beside it like the sticks'.
func d4Face(dim bool) sprite {
	return cachedSprite(&d4Faces, dim, d4Size+2, d4Size+2, func(c *canvas) {
		fill, line := colStickFlat, colInk
		if dim {
			fill, line = colPanel, colMuted
		}
		s := d4Size
		c.set(fill, 0)
		c.moveTo(1+s/2, 2)
		c.lineTo(1+s-1, s-1)
		c.lineTo(2, s-1)
		c.gc.ClosePath()
		c.gc.FillPreserve()
		c.set(line, 1.6)
		c.gc.SetLineJoinRound()
		c.gc.Stroke()
		c.set(colStickRound, 1.4)
		c.moveTo(1+s/2, 2)
		c.lineTo(1+s/2, s*0.68)
		c.lineTo(2, s-1)
		c.moveTo(1+s/2, s*0.68)
		c.lineTo(1+s-1, s-1)
		c.gc.Stroke()
	})
}

// drawTurn draws the turn banner at x, centred on y: the seat's piece and
// the words, which shrink (to sizeSmall at least) to end by right. The piece
// is the one on move, or the winner's. It returns where the words end.
func (c *canvas) drawTurn(l *lang.Lang, a art, game games.Game, pos games.Position, last Last, icon func(games.Player) sprite, x, y, right float64) float64 {
	s := turnText(l, a, game, pos, last)
	if seat, ok := banner(pos, last); ok {
		ic := icon(seat)
		c.put(ic, x+float64(ic.cx)/scale, y)
		x += float64(ic.img.Rect.Dx())/scale + 4
	}
	size := c.fitSize(s, sizeTurn, right-x)
	c.text(s, x, y, size, 0, colInk)
	return x + c.textWidth(s, size)
}
