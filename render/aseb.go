package render

import (
	"fmt"
	"strconv"
	"strings"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/lang"
)

func init() { Register("aseb", own{asebArt{}}) }

// asebArt draws Aseb (A1, A2): the 3x4 block and the line of 8 that
// extends its middle row, as one board. The spindles' private row is on top,
// the cones' below, the shared row between them; private cells run right to
// left from each side's reserve, which waits beside the line as seed 000's
// "long fields adjacent to the line cells" have it, and the shared row runs
// left to right toward the arrow where pieces are borne off.
type asebArt struct{}

// Aseb geometry, display pixels.
const (
	asebMargin = 8.0
	asebCellW  = 30.0
	asebCellH  = 44.0
	asebStrip  = 15.0 // the cell number's strip at the top of a cell
	asebPiece  = 24.0
	asebPile   = 18.0 // pieces waiting in reserve or borne off
	asebW      = 400.0
	asebBoardH = 3 * asebCellH
	asebH      = asebMargin + asebBoardH + 8 + 40 + 6
)

// asebView is the side a picture is drawn from: the cones' private row at
// the bottom, or, turned (Last.Turned), the spindles'.
type asebView struct{ turned bool }

// row is the board row (0 top) of a side's private cells.
func (v asebView) row(side games.Player) int {
	if (side == games.First) != v.turned {
		return 2
	}
	return 0
}

// cell returns the column and row of side's path cell c (1-16).
func (v asebView) cell(side games.Player, c int) (col, row int) {
	if c <= 4 {
		return 4 - c, v.row(side)
	}
	return c - 5, 1
}

// asebCell is cell of the view from the cones' side.
func asebCell(side games.Player, c int) (col, row int) { return asebView{}.cell(side, c) }

func asebCellRect(col, row int) (x, y float64) {
	return asebMargin + float64(col)*asebCellW, asebMargin + float64(row)*asebCellH
}

// pieceCentre is where a piece stands in the cell whose corner is x, y.
func asebPieceCentre(x, y float64) (float64, float64) {
	return x + asebCellW/2, y + asebStrip + (asebCellH-asebStrip)/2
}

func asebShape(side games.Player) shape {
	if side == games.First {
		return shapeCone
	}
	return shapeDisc
}

func asebIcon(side games.Player) sprite { return piece(asebShape(side), side, 22, false) }

func (asebArt) colour() int { return 0xC8963E }

func (a asebArt) paint(l *lang.Lang, game games.Game, gp games.Position, last Last) (*canvas, error) {
	pos, ok := gp.(aseb.Position)
	if !ok {
		return nil, fmt.Errorf("position is a %T, not an Aseb position", gp)
	}
	r, v := pos.Rules(), asebView{last.Turned}
	c := onBackground(cachedBackground(backgroundKey{"aseb", r.Houses, v.turned}, asebW, asebH, func(c *canvas) {
		asebBackground(c, r, v)
	}))
	moves := asebMoves(last)
	for _, m := range moves {
		asebHighlight(c, r, v, m.move, m.mover)
	}
	for side := games.First; side <= games.Second; side++ {
		for _, cell := range pos.Cells(side) {
			x, y := asebCellRect(v.cell(side, cell))
			px, py := asebPieceCentre(x, y)
			c.put(piece(asebShape(side), side, asebPiece, false), px, py)
		}
		asebPiles(c, l, v, pos, side)
	}
	for _, m := range moves {
		if m.captures {
			x, y := asebCellRect(v.cell(m.mover, int(m.move.To)))
			c.put(captureBadge(), x+asebCellW-6, y+asebCellH-6)
		}
	}
	y := asebMargin + asebBoardH + 8 + 20
	right := c.drawTurn(l, a, game, gp, last, asebIcon, asebMargin, y, asebW-asebMargin-asebThrowRoom)
	c.drawThrowsBy(piece(asebShape(throwerOf(pos, last)), throwerOf(pos, last), asebPile, false),
		asebThrows(pos, last), r.Dice, asebW-asebMargin, y, asebW-asebMargin-right-16)
	return c, nil
}

// asebBackground draws what never changes for a set of houses: the frame, the
// cells with their numbers, the rosettes, the off arrow and the pile labels.
func asebBackground(c *canvas, r aseb.Rules, v asebView) {
	c.fill(colBackground)
	bx, by := asebCellRect(0, 0)
	c.fillRect(bx-3, by-3, 4*asebCellW+6, asebBoardH+6, 4, colFrame)
	lx, ly := asebCellRect(4, 1)
	c.fillRect(lx-3, ly-3, 8*asebCellW+6, asebCellH+6, 4, colFrame)
	c.fillRect(lx-4, ly-1.2, 6, asebCellH+2.4, 0, colFrame) // join the two parts
	for _, side := range []games.Player{games.Second, games.First} {
		for cell := 1; cell <= 4; cell++ {
			asebCellFace(c, r, v, side, cell, colCell)
		}
	}
	for cell := 5; cell <= aseb.PathLen; cell++ {
		asebCellFace(c, r, v, games.First, cell, colCell)
	}
	ax, ay := asebCellRect(12, 1)
	_, cy := asebPieceCentre(ax, ay)
	c.set(colFrame, 0)
	c.moveTo(ax+4, cy-9)
	c.lineTo(ax+20, cy)
	c.lineTo(ax+4, cy+9)
	c.gc.ClosePath()
	c.gc.Fill()
}

// asebCellFace paints side's path cell: its wood (or the colour given), its
// rosette if it is a house, and its number.
func asebCellFace(c *canvas, r aseb.Rules, v asebView, side games.Player, cell int, wood colourT) {
	x, y := asebCellRect(v.cell(side, cell))
	if r.IsHouse(cell) && wood == colCell {
		wood = colPetal
	}
	c.fillRect(x+1.2, y+1.2, asebCellW-2.4, asebCellH-2.4, 2, wood)
	if r.IsHouse(cell) {
		px, py := asebPieceCentre(x, y)
		c.put(rosette(), px, py)
	}
	c.text(strconv.Itoa(cell), x+asebCellW/2, y+1.2+asebStrip/2+0.5, sizeSmall, 0.5, colInkSoft)
}

// asebMove is a move a picture marks: the move, its mover, and whether it
// captured, with its notation as the position it came from writes it.
type asebMove struct {
	move     aseb.Move
	mover    games.Player
	captures bool
	notation string
}

// asebMoves reads the moves marked (Last.marked): a move onto a house and
// the move its new throw gave, not only the last; passes mark nothing.
func asebMoves(last Last) []asebMove {
	marked := last.marked()
	out := make([]asebMove, 0, len(marked))
	for _, p := range marked {
		before, ok := p.Before.(aseb.Position)
		if !ok {
			continue
		}
		m, err := aseb.ParseMove(p.Ply.Move)
		if err != nil || m.IsPass() {
			continue
		}
		out = append(out, asebMove{move: m, mover: before.Turn(), captures: before.Captures(m), notation: before.FormatMove(m)})
	}
	return out
}

// asebHighlight tints the last move's origin and destination: a cell, or the
// mover's reserve for an entry and borne-off pile for a bearing off.
func asebHighlight(c *canvas, r aseb.Rules, v asebView, m aseb.Move, mover games.Player) {
	if m.From == aseb.Reserve {
		x, y, w := asebPileBox(v, mover, false)
		c.fillRect(x, y, w, asebCellH-4, 4, colMoveFrom)
	} else {
		asebCellFace(c, r, v, mover, int(m.From), colMoveFrom)
	}
	if m.To == aseb.Off {
		x, y, w := asebPileBox(v, mover, true)
		c.fillRect(x, y, w, asebCellH-4, 4, colMoveTo)
		c.strokeRect(x, y, w, asebCellH-4, 4, 2.2, colMoveRing)
		return
	}
	asebCellFace(c, r, v, mover, int(m.To), colMoveTo)
	x, y := asebCellRect(v.cell(mover, int(m.To)))
	c.strokeRect(x+2.4, y+2.4, asebCellW-4.8, asebCellH-4.8, 2, 2.2, colMoveRing)
}

// asebPileBox is the area beside the line for side's reserve (off false) or
// borne-off pieces: the half of the free row next to its private cells.
func asebPileBox(v asebView, side games.Player, off bool) (x, y, w float64) {
	x, y = asebCellRect(4, v.row(side))
	x, y, w = x+6, y+2, 4*asebCellW-10
	if off {
		x += 4 * asebCellW
	}
	return x, y, w
}

// asebThrowRoom keeps room right of the turn banner for the thrower's piece
// and one throw drawn in full, however long the banner is in a language.
// (the gap, the piece's sprite, the gap, the sticks, the gap, a score).
const asebThrowRoom = 16 + asebPile + 4 + 6 + sticksW + 4 + 14

// asebPiles draws side's reserve and borne-off pieces with their counts.
func asebPiles(c *canvas, l *lang.Lang, v asebView, pos aseb.Position, side games.Player) {
	n, off := pos.InReserve(side), pos.BorneOff(side)
	x, y, w := asebPileBox(v, side, false)
	c.text(sayN(l, "render.aseb.reserve", "N", n), x+4, y+asebStrip/2+0.3, sizeSmall, 0, colInk)
	step := min(15.0, (w-asebPile)/max(float64(n-1), 1))
	for i := range n {
		c.put(piece(asebShape(side), side, asebPile, false), x+asebPile/2+2+float64(i)*step, y+asebStrip+13)
	}
	x, _, w = asebPileBox(v, side, true)
	c.text(sayN(l, "render.aseb.off", "N", off), x+w-4, y+asebStrip/2+0.3, sizeSmall, 1, colInk)
	step = min(15.0, (w-asebPile)/max(float64(off-1), 1))
	for i := range off {
		c.put(piece(asebShape(side), side, asebPile, false), x+w-asebPile/2-2-float64(i)*step, y+asebStrip+13)
	}
}

// asebThrows lists the throws to draw: those of last, a standard 0 that was
// thrown again dimmed; or the position's waiting throw when last has none.
func asebThrows(pos aseb.Position, last Last) []shownThrow {
	ts := last.Throws
	if len(ts) == 0 && pos.State() == aseb.MoveDue {
		ts = []games.Throw{pos.ThrowValue()}
	}
	out := make([]shownThrow, len(ts))
	for i, t := range ts {
		out[i] = shownThrow{t: t, dim: t == 0 && i < len(ts)-1}
	}
	return out
}

// turn words Aseb's banners, the verb agreeing with cones and spindles.
func (asebArt) turn(l *lang.Lang, v verb, seat string) string {
	switch v {
	case verbThrow:
		return l.T("render.turn.aseb.throw", "Seat", seat)
	case verbWin:
		return l.T("render.turn.aseb.win", "Seat", seat)
	}
	return l.T("render.turn.aseb.move", "Seat", seat)
}

func (a asebArt) describe(l *lang.Lang, game games.Game, gp games.Position, last Last) string {
	pos, ok := gp.(aseb.Position)
	if !ok {
		return ""
	}
	r := pos.Rules()
	var b strings.Builder
	b.WriteString(l.T("render.aseb.board", "Variant", asebVariant(l, r.Variant), "Each", l.N("render.aseb.each", int(r.Pieces)), "Dice", diceName(l, r.Dice)))
	for side := games.First; side <= games.Second; side++ {
		b.WriteString(" " + upperFirst(l.T("render.aseb.side", "Seat", seatOf(l, game, side),
			"Cells", asebCellList(l, pos.Cells(side)), "Reserve", pos.InReserve(side), "Off", pos.BorneOff(side))))
	}
	var ms []moved
	for _, m := range asebMoves(last) {
		said := moved{seat: seatOf(l, game, m.mover), move: m.notation}
		if m.captures {
			said.details = []string{l.T("render.aseb.capturing", "Other", seatOf(l, game, m.mover.Other()))}
		}
		ms = append(ms, said)
	}
	b.WriteString(spanNote(l, game, gp, last, ms))
	if ts := asebThrows(pos, last); len(ts) > 0 {
		b.WriteString(" " + upperFirst(l.T("render.aseb.threw", "Seat", seatOf(l, game, throwerOf(pos, last)), "Throws", throwList(l, ts))))
	}
	b.WriteString(endNote(l, a, game, gp, last))
	return b.String()
}

// asebVariant is a variant's short name in l, for the alt text.
func asebVariant(l *lang.Lang, v aseb.Variant) string {
	switch v {
	case aseb.Standard:
		return l.T("render.aseb.variant.standard")
	case aseb.TwentySquares:
		return l.T("render.aseb.variant.twenty_squares")
	case aseb.RoyalUr:
		return l.T("render.aseb.variant.royalur")
	}
	return v.String()
}

// diceName is what Aseb throws, in l.
func diceName(l *lang.Lang, d games.Dice) string {
	switch d {
	case games.Sticks:
		return l.T("render.dice.sticks")
	case games.D4:
		return l.T("render.dice.d4")
	}
	return d.String()
}

func throwerOf(pos aseb.Position, last Last) games.Player {
	if len(last.Throws) == 0 {
		return pos.Turn()
	}
	return last.Thrower
}

func asebCellList(l *lang.Lang, cells []int) string {
	if len(cells) == 0 {
		return l.T("render.aseb.no_cells")
	}
	if len(cells) == 1 {
		return l.T("render.aseb.one_cell", "Cell", cells[0])
	}
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = strconv.Itoa(c)
	}
	return l.T("render.aseb.cells", "Cells", strings.Join(s, ", "))
}
