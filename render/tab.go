package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kilab/games"
	"kilab/games/tab"
	"kilab/lang"
)

func init() { Register("tab", own{tabArt{}}) }

// Legend explains the stack heights and the quiet count of a Tab picture
// (Legender).
func (tabArt) Legend(l *lang.Lang, pos games.Position) []string {
	p, ok := pos.(tab.Position)
	if !ok {
		return nil
	}
	var parts []string
	if tallestStack(p) > 1 {
		parts = append(parts, l.T("render.legend.stacks"))
	}
	if q := tabQuiet(p); q > 0 {
		parts = append(parts, l.T("render.legend.tab_quiet", "Label", quietLabel(l, q, p.QuietLimit()),
			"Turns", l.N("render.legend.turns", q), "Limit", p.QuietLimit()))
	}
	return parts
}

// tabQuiet is the count of quiet turns (T12) as the position drawn stands:
// the turns before this one, or none once a piece has left the board in
// this turn, since that turn can no longer be quiet and the count starts
// again from it.
func tabQuiet(p tab.Position) int {
	if p.Departed() {
		return 0
	}
	return p.Quiet()
}

// tallestStack is the height of the highest stack on the board.
func tallestStack(p tab.Position) int {
	n := 0
	for row := 1; row <= 4; row++ {
		for col := 1; col <= p.Width(); col++ {
			n = max(n, len(p.Stack(tab.Cell{Row: row, Col: col})))
		}
	}
	return n
}

// tabArt draws Tab (T1-T9): four rows, black's home row d on top and
// white's a at the bottom (or, turned, a on top and d at the bottom, for
// black's own view), columns numbered from white's left, an arrow at
// the end of each row for the way pieces run along it. Boards wider than 15
// columns fold in two, columns 1 to (W+1)/2 above the rest, so that a cell
// keeps room for a stack's height at phone size.
type tabArt struct{}

// Tab geometry, display pixels.
const (
	tabMargin  = 8.0
	tabLabelW  = 14.0 // row letters on the left
	tabArrowW  = 16.0 // row arrows on the right
	tabCoordH  = 18.0 // column numbers under a board half
	tabHalfGap = 10.0 // between the halves of a folded board
	tabMaxCell = 36.0
	tabFold    = 15 // widest board drawn in one piece
	tabW       = 400.0
	tabPanelH  = 110.0 // whose turn and pieces; throws; marks and quiet turns
)

// tabLayout places a board of width w.
type tabLayout struct {
	w, cols     int     // board width, columns per half
	cell        float64 // cell size
	x0          float64 // left edge of the cells
	halfH       float64 // one half: four rows and the column numbers
	halves      int
	height      float64
	panelY      float64
	rowOfIndex  [5]int // board row (0 top) of notation row 1-4
	top, bottom int    // the notation rows drawn at the top and the bottom
	turned      bool   // black's side at the bottom (Last.Turned)
}

func newTabLayout(w int, turned bool) tabLayout {
	l := tabLayout{w: w, cols: w, halves: 1}
	if w > tabFold {
		l.cols, l.halves = (w+1)/2, 2
	}
	l.cell = min(tabMaxCell, math.Floor((tabW-2*tabMargin-tabLabelW-tabArrowW)/float64(l.cols)*2)/2)
	boardW := tabLabelW + float64(l.cols)*l.cell + tabArrowW
	l.x0 = math.Round((tabW-boardW)/2) + tabLabelW
	l.halfH = 4*l.cell + tabCoordH
	l.panelY = tabMargin + float64(l.halves)*l.halfH + float64(l.halves-1)*tabHalfGap + 4
	l.height = l.panelY + tabPanelH
	l.rowOfIndex, l.top, l.bottom, l.turned = [5]int{0, 3, 2, 1, 0}, 4, 1, turned
	if turned {
		l.rowOfIndex, l.top, l.bottom = [5]int{0, 0, 1, 2, 3}, 1, 4
	}
	return l
}

// cellXY returns the top-left corner of cell c.
func (l tabLayout) cellXY(c tab.Cell) (x, y float64) {
	half, col := 0, c.Col-1
	if col >= l.cols {
		half, col = 1, col-l.cols
	}
	y = tabMargin + float64(half)*(l.halfH+tabHalfGap) + float64(l.rowOfIndex[c.Row])*l.cell
	return l.x0 + float64(col)*l.cell, y
}

func (l tabLayout) centre(c tab.Cell) (float64, float64) {
	x, y := l.cellXY(c)
	return x + l.cell/2, y + l.cell/2
}

func (l tabLayout) pebble() float64 { return math.Round(l.cell * 0.84) }

func tabShape(seat games.Player) shape {
	if seat == games.First {
		return shapeDisc
	}
	return shapeSquare
}

func tabIcon(seat games.Player) sprite { return piece(tabShape(seat), seat, 22, false) }

func (tabArt) colour() int { return 0x3E7CB1 }

func (a tabArt) paint(l *lang.Lang, game games.Game, gp games.Position, last Last) (*canvas, error) {
	pos, ok := gp.(tab.Position)
	if !ok {
		return nil, fmt.Errorf("position is a %T, not a Tab position", gp)
	}
	lay := newTabLayout(pos.Width(), last.Turned)
	c := onBackground(cachedBackground(backgroundKey{"tab", uint32(lay.w), lay.turned}, tabW, lay.height, func(c *canvas) {
		tabBackground(c, lay)
	}))
	traces := tabTraces(last)
	for _, tr := range traces {
		tabHighlight(c, lay, tr)
	}
	var buf [32]tab.Piece // room for the tallest stack: a side has a piece a column, 29 at most
	for row := 1; row <= 4; row++ {
		for col := 1; col <= lay.w; col++ {
			cell := tab.Cell{Row: row, Col: col}
			tabStack(c, lay, cell, pos.AppendStack(buf[:0], cell))
		}
	}
	for _, tr := range traces {
		if tr.Captured > 0 {
			x, y := lay.cellXY(tr.Move.To)
			c.put(captureBadge(), x+lay.cell-5, y+lay.cell-5)
		}
	}
	tabPanel(c, l, a, game, pos, last, lay)
	return c, nil
}

// tabBackground draws the rows, the coordinates and the row arrows.
func tabBackground(c *canvas, l tabLayout) {
	c.fill(colBackground)
	for half := range l.halves {
		first := half*l.cols + 1
		last := min(l.w, first+l.cols-1)
		x, y := l.cellXY(tab.Cell{Row: l.top, Col: first})
		n := float64(last - first + 1)
		c.fillRect(x-3, y-3, n*l.cell+6, 4*l.cell+6, 4, colFrame)
		for row := 1; row <= 4; row++ {
			wood := colCell
			if row == 1 || row == 4 {
				wood = colCellAlt // the home rows
			}
			for col := first; col <= last; col++ {
				cx, cy := l.cellXY(tab.Cell{Row: row, Col: col})
				c.fillRect(cx+1, cy+1, l.cell-2, l.cell-2, 2, wood)
			}
			_, cy := l.centre(tab.Cell{Row: row, Col: first})
			c.text(string(rune('a'+row-1)), x-tabLabelW/2-2, cy, sizeSmall, 0.5, colInkSoft)
			tabArrow(c, x+n*l.cell+tabArrowW/2+1, cy, row%2 == 1)
		}
		for col := first; col <= last; col++ {
			cx, cy := l.centre(tab.Cell{Row: l.bottom, Col: col})
			c.text(strconv.Itoa(col), cx, cy+l.cell/2+tabCoordH/2+2, sizeSmall, 0.5, colInkSoft)
		}
	}
}

// tabArrow draws a row's direction (T3): rows a and c run to the right for
// both players, b and d to the left.
func tabArrow(c *canvas, x, y float64, right bool) {
	dx := 5.0
	if !right {
		dx = -5
	}
	c.set(colFrame, 2)
	c.gc.SetLineCapRound()
	c.moveTo(x-dx, y)
	c.lineTo(x+dx, y)
	c.gc.Stroke()
	c.set(colFrame, 0)
	c.moveTo(x+dx+dx*0.5, y)
	c.lineTo(x+dx-dx*0.5, y-4.5)
	c.lineTo(x+dx-dx*0.5, y+4.5)
	c.gc.ClosePath()
	c.gc.Fill()
}

// tabTraces reads what each move marked (Last.marked) did: every move of a
// turn, not only its last; passes move nothing and mark nothing.
func tabTraces(last Last) []tab.Trace {
	marked := last.marked()
	out := make([]tab.Trace, 0, len(marked))
	for _, m := range marked {
		before, ok := m.Before.(tab.Position)
		if !ok {
			continue
		}
		if tr, err := before.Trace(m.Ply.Move); err == nil && !tr.Move.Pass {
			out = append(out, tr)
		}
	}
	return out
}

func tabHighlight(c *canvas, l tabLayout, tr tab.Trace) {
	x, y := l.cellXY(tr.Move.From)
	c.fillRect(x+1, y+1, l.cell-2, l.cell-2, 2, colMoveFrom)
	x, y = l.cellXY(tr.Move.To)
	c.fillRect(x+1, y+1, l.cell-2, l.cell-2, 2, colMoveTo)
	c.strokeRect(x+2, y+2, l.cell-4, l.cell-4, 2, 2, colMoveRing)
}

// tabStack draws the pieces on a cell: the top piece, its height when more
// than one, a dot on a piece that has never moved (a Christian, T4) and a
// star on a stack that holds a piece that has been in row 4 (T8).
func tabStack(c *canvas, l tabLayout, cell tab.Cell, st []tab.Piece) {
	if len(st) == 0 {
		return
	}
	top := st[len(st)-1]
	flipped := false
	for _, p := range st {
		flipped = flipped || p.Flipped
	}
	cx, cy := l.centre(cell)
	c.put(tabPebble(top.Owner, top.Christian, flipped, l.pebble()), cx, cy)
	if len(st) > 1 {
		ink := colInk
		if top.Owner == games.Second {
			ink = colWhite
		}
		c.text(strconv.Itoa(len(st)), cx, cy, sizeSmall, 0.5, ink)
	}
}

// tabPebble is a Tab piece with its marks. The star sits on the top right
// edge, half outside the piece, where a stack's height never reaches.
func tabPebble(seat games.Player, christian, flipped bool, d float64) sprite {
	r := max(5.0, d*0.24)
	size := d + 2*r
	return cachedSprite(&pebbles, pebbleKey{seat, christian, flipped, d}, size, size, func(c *canvas) {
		mid := size / 2
		c.put(piece(tabShape(seat), seat, d, false), mid, mid)
		mark := colInk
		if seat == games.Second {
			mark = colWhite
		}
		if christian {
			c.set(mark, 0)
			c.circle(mid, mid, max(2.2, d*0.13))
			c.gc.Fill()
		}
		if flipped {
			star(c, mid+d*0.4, mid-d*0.4, r)
		}
	})
}

type pebbleKey struct {
	seat               games.Player
	christian, flipped bool
	d                  float64
}

var pebbles cache[pebbleKey, sprite]

// star draws a five-pointed white star with a dark outline.
func star(c *canvas, x, y, r float64) {
	c.gc.NewSubPath()
	for k := range 10 {
		rr := r
		if k%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(k)*math.Pi/5
		c.lineTo(x+rr*math.Cos(a), y+rr*math.Sin(a))
	}
	c.gc.ClosePath()
	c.set(colWhite, 0)
	c.gc.FillPreserve()
	c.set(colInk, 1.2)
	c.gc.Stroke()
}

// tabPanel draws, under the board, whose turn it is and each side's pieces,
// then the turn's throws with the scores already used dimmed, and the quiet
// count of T12 once it has begun.
func tabPanel(c *canvas, l *lang.Lang, a art, game games.Game, pos tab.Position, last Last, lay tabLayout) {
	y := lay.panelY + 14
	x := tabW - tabMargin
	for seat := games.Second; seat >= games.First; seat-- {
		n := strconv.Itoa(pos.Pieces(seat))
		x -= c.textWidth(n, sizeTurn)
		c.text(n, x, y, sizeTurn, 0, colInk)
		x -= 14
		c.put(piece(tabShape(seat), seat, 20, false), x, y)
		x -= 22
	}
	c.drawTurn(l, a, game, pos, last, tabIcon, tabMargin, y, x-4)
	tabLegend(c, l, pos, y+72)
	y += 38
	right := tabW - tabMargin
	throws := tabThrows(pos, last)
	if len(throws) == 0 {
		return
	}
	thrower := pos.Turn()
	if len(last.Throws) > 0 {
		thrower = last.Thrower
	}
	icon := piece(tabShape(thrower), thrower, 18, false)
	c.put(icon, tabMargin+10, y)
	w := c.throwsWidthFull(throws, games.TabSticks)
	c.drawThrows(throws, games.TabSticks, min(right, tabMargin+24+w), y, right-tabMargin-24)
}

// tabLegend explains the marks on the pieces, and counts the quiet turns of
// T12 once they have begun.
func tabLegend(c *canvas, l *lang.Lang, pos tab.Position, y float64) {
	x := tabMargin + 8
	c.put(tabPebble(games.First, true, false, 18), x, y)
	notMoved := say(l, "render.tab.not_moved")
	c.text(notMoved, x+15, y, sizeSmall, 0, colInkSoft)
	x += 15 + c.textWidth(notMoved, sizeSmall) + 24
	c.put(tabPebble(games.First, false, true, 18), x, y)
	c.text(say(l, "render.tab.been_in_row4"), x+19, y, sizeSmall, 0, colInkSoft)
	if q := tabQuiet(pos); q > 0 {
		c.text(quietLabel(l, q, pos.QuietLimit()), tabW-tabMargin, y, sizeSmall, 1, colInkSoft)
	}
}

// throwsWidthFull is the width of throws all drawn in full.
func (c *canvas) throwsWidthFull(throws []shownThrow, dice games.Dice) float64 {
	return c.throwsWidth(throws, dice, len(throws), 10)
}

// tabThrows lists the turn's throws: void opening throws (T10) dimmed, and,
// while the turn is being moved, the scores already used dimmed too.
func tabThrows(pos tab.Position, last Last) []shownThrow {
	ts := last.Throws
	if len(ts) == 0 {
		ts = pos.Scores()
	}
	out := make([]shownThrow, len(ts))
	kept := 0
	if from, ok := last.ThrownFrom.(tab.Position); ok && from.Opening() && len(last.Throws) > 0 {
		for kept < len(ts) && ts[kept] != 1 {
			out[kept] = shownThrow{t: ts[kept], dim: true}
			kept++
		}
	}
	left := map[games.Throw]int{}
	inTurn := len(last.Throws) > 0 && !pos.Throwing() && pos.Turn() == last.Thrower && !pos.Outcome().Over()
	for _, t := range pos.Scores() {
		left[t]++
	}
	// Count the kept throws of each score; the first of them are the used ones.
	keptOf := map[games.Throw]int{}
	for _, t := range ts[kept:] {
		keptOf[t]++
	}
	for i := kept; i < len(ts); i++ {
		t := ts[i]
		used := inTurn && keptOf[t] > left[t]
		if used {
			keptOf[t]--
		}
		out[i] = shownThrow{t: t, dim: used}
	}
	return out
}

// turn words Tab's banners, the verb agreeing with white and black.
func (tabArt) turn(l *lang.Lang, v verb, seat string) string {
	switch v {
	case verbThrow:
		return l.T("render.turn.tab.throw", "Seat", seat)
	case verbWin:
		return l.T("render.turn.tab.win", "Seat", seat)
	}
	return l.T("render.turn.tab.move", "Seat", seat)
}

func (a tabArt) describe(l *lang.Lang, game games.Game, gp games.Position, last Last) string {
	pos, ok := gp.(tab.Position)
	if !ok {
		return ""
	}
	var b strings.Builder
	b.WriteString(l.N("render.tab.board", pos.Width()))
	for seat := games.First; seat <= games.Second; seat++ {
		b.WriteString(" " + tabSide(l, pos, seat, seatOf(l, game, seat)))
	}
	var ms []moved
	for _, tr := range tabTraces(last) {
		m := moved{seat: seatOf(l, game, tr.Player), move: tr.Move.String()}
		if tr.Captured > 0 {
			m.details = append(m.details, l.N("render.tab.capturing", tr.Captured))
		}
		if tr.Reduced > 0 {
			m.details = append(m.details, l.N("render.tab.leaving", tr.Reduced))
		}
		ms = append(ms, m)
	}
	b.WriteString(spanNote(l, game, gp, last, ms))
	if ts := tabThrows(pos, last); len(ts) > 0 {
		b.WriteString(" " + l.T("render.tab.throws", "Throws", throwList(l, ts)))
	}
	if q := tabQuiet(pos); q > 0 {
		b.WriteString(" " + upperFirst(l.T("render.tab.quiet", "Quiet", q, "Turns", l.N("render.tab.quiet_turns", pos.QuietLimit()))))
	}
	b.WriteString(endNote(l, a, game, gp, last))
	return b.String()
}

// tabSide says seat's pieces: how many, how many have not moved yet, and its
// stacks ("3 on c4, 2 on b7").
func tabSide(l *lang.Lang, pos tab.Position, seat games.Player, name string) string {
	var stacks []string
	christians := 0
	for row := 1; row <= 4; row++ {
		for col := 1; col <= pos.Width(); col++ {
			cell := tab.Cell{Row: row, Col: col}
			st := pos.Stack(cell)
			if len(st) == 0 || st[0].Owner != seat {
				continue
			}
			if st[0].Christian {
				christians++
			}
			if len(st) > 1 {
				stacks = append(stacks, l.T("render.tab.stack", "Height", len(st), "Cell", cell.String()))
			}
		}
	}
	pieces := l.N("render.tab.pieces", pos.Pieces(seat))
	if len(stacks) == 0 {
		return upperFirst(l.T("render.tab.side", "Seat", name, "Pieces", pieces, "Unmoved", christians))
	}
	return upperFirst(l.N("render.tab.side_stacks", len(stacks), "Seat", name, "Pieces", pieces, "Unmoved", christians, "Stacks", strings.Join(stacks, ", ")))
}
