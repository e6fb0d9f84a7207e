package render

import (
	"fmt"
	"strconv"
	"strings"

	"kilab/games"
	"kilab/games/seega"
	"kilab/lang"
)

func init() { Register("seega", own{seegaArt{}}) }

// Legend explains the quiet count of a Seega picture in the movement phase
// (Legender).
func (seegaArt) Legend(l *lang.Lang, pos games.Position) []string {
	p, ok := pos.(seega.Position)
	if !ok {
		return nil
	}
	if q, limit := p.Quiet(); p.Phase() == seega.Movement && q > 0 {
		return []string{l.T("render.legend.seega_quiet", "Label", quietLabel(l, q, limit),
			"Steps", l.N("render.legend.steps", q), "Limit", limit)}
	}
	return nil
}

// seegaArt draws Seega (S1-S8): the N x N board with its columns
// lettered and rows numbered from A1 at the bottom left (at the top right,
// turned, for the second seat's own view), the safe centre
// marked with a rosette, and beside it whose turn it is and each side's
// pieces on the board and still in hand.
type seegaArt struct{}

// Seega geometry, display pixels.
const (
	seegaMargin = 8.0
	seegaLabelW = 14.0
	seegaCoordH = 18.0
	seegaBoard  = 270.0
	seegaW      = 400.0
	seegaNoteH  = 24.0 // the line under the board that says what S5 or S7 asks of this turn
	seegaH      = seegaMargin + seegaBoard + seegaCoordH + 6 + seegaNoteH
	seegaPanelX = seegaMargin + seegaLabelW + seegaBoard + 12
)

func seegaCellSize(n int) float64 { return seegaBoard / float64(n) }

// seegaGrid is an n x n board as a picture draws it: A1 at the bottom
// left, or turned half round (Last.Turned), at the top right.
type seegaGrid struct {
	n      int
	turned bool
}

// xy returns the top-left corner of cell c.
func (g seegaGrid) xy(c seega.Cell) (x, y float64) {
	s := seegaCellSize(g.n)
	col, row := c.Col(), g.n-1-c.Row()
	if g.turned {
		col, row = g.n-1-col, c.Row()
	}
	return seegaMargin + seegaLabelW + float64(col)*s, seegaMargin + float64(row)*s
}

func (g seegaGrid) centre(c seega.Cell) (float64, float64) {
	x, y := g.xy(c)
	s := seegaCellSize(g.n)
	return x + s/2, y + s/2
}

// seegaXY is xy on an n x n board seen from the first seat's side.
func seegaXY(n int, c seega.Cell) (x, y float64) { return seegaGrid{n: n}.xy(c) }

func seegaPieceSize(n int) float64 { return float64(int(seegaCellSize(n) * 0.8)) }

func seegaIcon(seat games.Player) sprite { return piece(tabShape(seat), seat, 22, false) }

func (seegaArt) colour() int { return 0x6A994E }

func (seegaArt) paint(l *lang.Lang, game games.Game, gp games.Position, last Last) (*canvas, error) {
	pos, ok := gp.(seega.Position)
	if !ok {
		return nil, fmt.Errorf("position is a %T, not a Seega position", gp)
	}
	n := pos.Size()
	g := seegaGrid{n, last.Turned}
	c := onBackground(cachedBackground(backgroundKey{"seega", uint32(n), g.turned}, seegaW, seegaH, func(c *canvas) {
		seegaBackground(c, pos, g)
	}))
	effects := seegaEffects(last)
	seegaHighlight(c, g, effects)
	d := seegaPieceSize(n)
	for _, cell := range pos.Cells() {
		if seat, ok := pos.At(cell).Owner(); ok {
			x, y := g.centre(cell)
			c.put(piece(tabShape(seat), seat, d, false), x, y)
		}
	}
	seegaLosses(c, g, pos, effects)
	seegaPanel(c, l, game, pos, last)
	if last.Ended == nil && !pos.Outcome().Over() {
		seegaNote(c, l, g, pos)
	}
	return c, nil
}

// seegaNote says under the board what the rules ask of the turn in
// progress, as the alt text does: that the piece of a chain may capture
// again or stop (S5), that piece ringed in the capture mark's colour, or
// that the opponent is shut in and this move must open a way (S7); not once
// the game has ended.
func seegaNote(c *canvas, l *lang.Lang, g seegaGrid, pos seega.Position) {
	var s string
	if cell, ok := pos.Chain(); ok {
		s = l.T("render.seega.note.chain", "Cell", cell.String())
		x, y := g.centre(cell)
		c.strokeCircle(x, y, seegaPieceSize(pos.Size())/2+2, 2.5, colCapture)
	} else if pos.MustOpen() {
		s = say(l, "render.seega.note.must_open")
	} else {
		return
	}
	x, y := seegaMargin, seegaH-seegaNoteH/2-2
	c.put(seegaNoteIcon(pos.Turn()), x+10, y)
	width := seegaW - 2*seegaMargin - 24
	c.text(s, x+24, y, c.fitSize(s, sizeLabel, width), 0, colInk)
}

// seegaNoteIcon is the piece of the side the note speaks to, as the panel
// shows the side on move.
func seegaNoteIcon(seat games.Player) sprite { return piece(tabShape(seat), seat, 18, false) }

// seegaBackground draws the grid, the safe centre and the coordinates:
// each column's letter under it and each row's number beside it, wherever
// the view puts them.
func seegaBackground(c *canvas, pos seega.Position, g seegaGrid) {
	c.fill(colBackground)
	n := pos.Size()
	x0, y0 := seegaMargin+seegaLabelW, seegaMargin
	c.fillRect(x0-3, y0-3, seegaBoard+6, seegaBoard+6, 4, colFrame)
	for _, cell := range pos.Cells() {
		seegaCellFace(c, g, cell, cell == pos.Centre(), colCell)
	}
	for i := range n {
		cx, _ := g.centre(seega.CellAt(i, 0))
		_, cy := g.centre(seega.CellAt(0, n-1-i))
		c.text(string(rune('A'+i)), cx, y0+seegaBoard+seegaCoordH/2+2, sizeSmall, 0.5, colInkSoft)
		c.text(strconv.Itoa(n-i), x0-seegaLabelW/2-2, cy, sizeSmall, 0.5, colInkSoft)
	}
}

// seegaCellFace paints a cell's wood, the centre in the rosette's colours.
func seegaCellFace(c *canvas, g seegaGrid, cell seega.Cell, centre bool, wood colourT) {
	x, y := g.xy(cell)
	s := seegaCellSize(g.n)
	if centre && wood == colCell {
		wood = colPetal
	}
	c.fillRect(x+1, y+1, s-2, s-2, 2, wood)
	if centre {
		cx, cy := g.centre(cell)
		c.put(rosette(), cx, cy)
	}
}

// seegaEffects reads what each move marked (Last.marked) did: the whole of a
// capture chain, not only the stop that ended it.
func seegaEffects(last Last) []seega.Effect {
	marked := last.marked()
	out := make([]seega.Effect, 0, len(marked))
	for _, m := range marked {
		before, ok := m.Before.(seega.Position)
		if !ok {
			continue
		}
		if e, err := before.Effect(m.Ply.Move); err == nil {
			out = append(out, e)
		}
	}
	return out
}

// seegaHighlight tints the cells the moves came from and went to, in the
// order they were played (a chain's cell it passed through is where its
// next step came from): a step's two cells, or a placement's two
// destinations.
func seegaHighlight(c *canvas, g seegaGrid, effects []seega.Effect) {
	centre := seega.CellAt(g.n/2, g.n/2)
	s := seegaCellSize(g.n)
	for _, e := range effects {
		if e.From != seega.NoCell {
			seegaCellFace(c, g, e.From, e.From == centre, colMoveFrom)
		}
		for _, to := range e.To {
			seegaCellFace(c, g, to, to == centre, colMoveTo)
			x, y := g.xy(to)
			c.strokeRect(x+2, y+2, s-4, s-4, 2, 2, colMoveRing)
		}
	}
}

// seegaLosses marks the pieces the moves took off the board where they
// stood: a faint piece with the capture mark, or the mark alone where a
// later move of the span has since stepped in.
func seegaLosses(c *canvas, g seegaGrid, pos seega.Position, effects []seega.Effect) {
	d := seegaPieceSize(g.n)
	mark := func(cell seega.Cell, seat games.Player) {
		x, y := g.centre(cell)
		if _, taken := pos.At(cell).Owner(); !taken {
			c.put(piece(tabShape(seat), seat, d, true), x, y)
		}
		c.put(captureBadge(), x, y)
	}
	for _, e := range effects {
		for _, cell := range e.Captured {
			mark(cell, e.Player.Other())
		}
		if e.Removed != seega.NoCell {
			mark(e.Removed, e.Player)
		}
	}
}

// seegaPanel stacks beside the board whose turn it is, then each side's
// pieces on the board and in hand, then the quiet steps of S8. A seat's name
// goes beside its piece, or under it in a language whose names are too long
// for that.
func seegaPanel(c *canvas, l *lang.Lang, game games.Game, pos seega.Position, last Last) {
	x, y := seegaPanelX, seegaMargin+14
	names := [2]string{seatTitle(l, game, games.First), seatTitle(l, game, games.Second)}
	below := seegaNameBelow(c, names)
	name := func(s string, y, size float64, col colourT) {
		if below > 0 {
			c.text(s, x, y+below, size, 0, col)
		} else {
			c.text(s, x+28, y, size, 0, col)
		}
	}
	seat, v := seegaTurn(pos, last)
	switch v {
	case verbDraw:
		c.text(say(l, "render.turn.draw"), x, y, sizeLabel, 0, colInk)
		y += 62
	case verbAborted:
		c.text(say(l, "render.turn.aborted"), x, y, sizeLabel, 0, colInk)
		y += 62
	default:
		c.put(seegaIcon(seat), x+12, y)
		name(names[seat], y, sizeLabel, colInk)
		c.text(seegaPanelVerb(l, v), x, y+24+below, sizeLabel, 0, colInk)
		y += 62 + below
	}
	for _, s := range []games.Player{games.Second, games.First} {
		c.put(seegaIcon(s), x+12, y)
		name(names[s], y, sizeSmall, colInkSoft)
		c.text(sayN(l, "render.seega.on_board", "N", pos.OnBoard(s)), x, y+22+below, sizeSmall, 0, colInk)
		if pos.Phase() == seega.Placement {
			c.text(sayN(l, "render.seega.in_hand", "N", pos.InHand(s)), x, y+42+below, sizeSmall, 0, colInk)
		}
		y += 76 + below
	}
	if q, limit := pos.Quiet(); pos.Phase() == seega.Movement && q > 0 {
		c.text(quietLabel(l, q, limit), x, seegaMargin+seegaBoard-4, sizeSmall, 0, colInkSoft)
	}
}

// seegaNameBelow is how far the panel's lines move down to make room for a
// seat's name under its piece: 0 when both names fit beside it.
func seegaNameBelow(c *canvas, names [2]string) float64 {
	for _, n := range names {
		if c.textWidth(n, sizeLabel) > seegaW-seegaMargin-seegaPanelX-28 {
			return 22
		}
	}
	return 0
}

// seegaPanelVerb is the panel's line under the seat on move or the winner.
func seegaPanelVerb(l *lang.Lang, v verb) string {
	switch v {
	case verbPlace:
		return say(l, "render.seega.panel.place")
	case verbWin:
		return say(l, "render.seega.panel.win")
	}
	return say(l, "render.seega.panel.move")
}

// seegaTurn gives the seat the panel shows and what it does: place, move,
// win, draw or aborted.
func seegaTurn(pos seega.Position, last Last) (games.Player, verb) {
	o := pos.Outcome()
	if e := last.Ended; e != nil {
		o = games.Outcome{Status: e.Status, Winner: e.Winner}
	}
	switch {
	case last.Ended != nil && o.Status == games.Ongoing:
		return pos.Turn(), verbAborted
	case o.Status == games.Won:
		return o.Winner, verbWin
	case o.Over():
		return pos.Turn(), verbDraw
	case pos.Phase() == seega.Placement:
		return pos.Turn(), verbPlace
	}
	return pos.Turn(), verbMove
}

// turn words Seega's banners, the verb agreeing with light and dark.
func (seegaArt) turn(l *lang.Lang, v verb, seat string) string {
	switch v {
	case verbPlace:
		return l.T("render.turn.seega.place", "Seat", seat)
	case verbWin:
		return l.T("render.turn.seega.win", "Seat", seat)
	}
	return l.T("render.turn.seega.move", "Seat", seat)
}

func (a seegaArt) describe(l *lang.Lang, game games.Game, gp games.Position, last Last) string {
	pos, ok := gp.(seega.Position)
	if !ok {
		return ""
	}
	var b strings.Builder
	b.WriteString(l.T("render.seega.board", "Size", pos.Size(), "Variant", seegaVariant(l, pos.Variant()), "Centre", pos.Centre().String()))
	for s := games.First; s <= games.Second; s++ {
		if pos.InHand(s) > 0 {
			b.WriteString(" " + upperFirst(l.T("render.seega.side_hand", "Seat", seatOf(l, game, s), "OnBoard", pos.OnBoard(s), "InHand", pos.InHand(s))))
		} else {
			b.WriteString(" " + upperFirst(l.T("render.seega.side", "Seat", seatOf(l, game, s), "OnBoard", pos.OnBoard(s))))
		}
	}
	var ms []moved
	for _, e := range seegaEffects(last) {
		m := moved{seat: seatOf(l, game, e.Player), move: e.Move.String()}
		if len(e.Captured) > 0 {
			m.details = []string{l.T("render.seega.capturing", "Cells", cellNames(e.Captured))}
		}
		ms = append(ms, m)
	}
	b.WriteString(spanNote(l, game, gp, last, ms))
	if cell, ok := pos.Chain(); ok {
		b.WriteString(" " + l.T("render.seega.chain", "Cell", cell.String()))
	}
	if pos.MustOpen() {
		b.WriteString(" " + l.T("render.seega.must_open"))
	}
	if q, limit := pos.Quiet(); pos.Phase() == seega.Movement && q > 0 {
		b.WriteString(" " + upperFirst(l.T("render.seega.quiet", "Quiet", q, "Steps", l.N("render.seega.quiet_steps", limit))))
	}
	if last.Ended == nil && !pos.Outcome().Over() {
		seat, v := seegaTurn(pos, last) // "to place" while placing, as the panel says
		b.WriteString(" " + upperFirst(a.turn(l, v, seatOf(l, game, seat))) + ".")
	} else {
		b.WriteString(endNote(l, a, game, gp, last))
	}
	b.WriteString(seegaRows(l, game, pos))
	return b.String()
}

// seegaVariant is a variant's short name in l, for the alt text.
func seegaVariant(l *lang.Lang, key string) string {
	switch key {
	case "free":
		return l.T("render.seega.variant.free")
	case "lane":
		return l.T("render.seega.variant.lane")
	}
	return key
}

func cellNames(cells []seega.Cell) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

// seegaRows lists where each side's pieces stand, for a reader who cannot
// see the board; Describe cuts it short on the larger boards.
func seegaRows(l *lang.Lang, game games.Game, pos seega.Position) string {
	var cells [2][]seega.Cell
	for _, c := range pos.Cells() {
		if seat, ok := pos.At(c).Owner(); ok {
			cells[seat] = append(cells[seat], c)
		}
	}
	var b strings.Builder
	for s := games.First; s <= games.Second; s++ {
		if len(cells[s]) > 0 {
			b.WriteString(" " + upperFirst(l.T("render.seega.on", "Seat", seatOf(l, game, s), "Cells", cellNames(cells[s]))))
		}
	}
	return b.String()
}
