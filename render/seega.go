package render

import (
	"fmt"
	"strconv"
	"strings"

	"kilab/games"
	"kilab/games/seega"
)

func init() { arts["seega"] = seegaArt{} }

// seegaArt draws Seega (S1-S8): the N x N board with its columns
// lettered and rows numbered from A1 at the bottom left, the safe centre
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
	seegaH      = seegaMargin + seegaBoard + seegaCoordH + 6
	seegaPanelX = seegaMargin + seegaLabelW + seegaBoard + 12
)

func seegaCellSize(n int) float64 { return seegaBoard / float64(n) }

// seegaXY returns the top-left corner of cell c on an n x n board.
func seegaXY(n int, c seega.Cell) (x, y float64) {
	s := seegaCellSize(n)
	return seegaMargin + seegaLabelW + float64(c.Col())*s, seegaMargin + float64(n-1-c.Row())*s
}

func seegaCentre(n int, c seega.Cell) (float64, float64) {
	x, y := seegaXY(n, c)
	s := seegaCellSize(n)
	return x + s/2, y + s/2
}

func seegaPieceSize(n int) float64 { return float64(int(seegaCellSize(n) * 0.8)) }

func seegaIcon(seat games.Player) sprite { return piece(tabShape(seat), seat, 22, false) }

func (seegaArt) colour() int { return 0x6A994E }

func (seegaArt) paint(game games.Game, gp games.Position, last Last) (*canvas, error) {
	pos, ok := gp.(seega.Position)
	if !ok {
		return nil, fmt.Errorf("position is a %T, not a Seega position", gp)
	}
	n := pos.Size()
	c := newCanvas(seegaW, seegaH)
	c.copyFrom(cachedBackground(fmt.Sprintf("seega/%d", n), seegaW, seegaH, func(c *canvas) {
		seegaBackground(c, pos)
	}))
	e, hasMove := seegaEffect(last)
	if hasMove {
		seegaHighlight(c, n, e)
	}
	d := seegaPieceSize(n)
	for _, cell := range pos.Cells() {
		if seat, ok := pos.At(cell).Owner(); ok {
			x, y := seegaCentre(n, cell)
			c.put(piece(tabShape(seat), seat, d, false), x, y)
		}
	}
	if hasMove {
		seegaLosses(c, n, e)
	}
	seegaPanel(c, game, pos, last)
	return c, nil
}

// seegaBackground draws the grid, the safe centre and the coordinates.
func seegaBackground(c *canvas, pos seega.Position) {
	c.fill(colBackground)
	n, s := pos.Size(), seegaCellSize(pos.Size())
	x0, y0 := seegaMargin+seegaLabelW, seegaMargin
	c.fillRect(x0-3, y0-3, seegaBoard+6, seegaBoard+6, 4, colFrame)
	for _, cell := range pos.Cells() {
		seegaCellFace(c, n, cell, cell == pos.Centre(), colCell)
	}
	for i := range n {
		c.text(string(rune('A'+i)), x0+(float64(i)+0.5)*s, y0+seegaBoard+seegaCoordH/2+2, sizeSmall, 0.5, colInkSoft)
		c.text(strconv.Itoa(n-i), x0-seegaLabelW/2-2, y0+(float64(i)+0.5)*s, sizeSmall, 0.5, colInkSoft)
	}
}

// seegaCellFace paints a cell's wood, the centre in the rosette's colours.
func seegaCellFace(c *canvas, n int, cell seega.Cell, centre bool, wood colourT) {
	x, y := seegaXY(n, cell)
	s := seegaCellSize(n)
	if centre && wood == colCell {
		wood = colPetal
	}
	c.fillRect(x+1, y+1, s-2, s-2, 2, wood)
	if centre {
		cx, cy := seegaCentre(n, cell)
		c.put(rosette(), cx, cy)
	}
}

// seegaEffect reads what the last move did, if there is one to mark.
func seegaEffect(last Last) (seega.Effect, bool) {
	before, ok := last.Before.(seega.Position)
	if !ok || last.Move == "" {
		return seega.Effect{}, false
	}
	e, err := before.Effect(last.Move)
	return e, err == nil
}

// seegaHighlight tints the cells the last move came from and went to: a
// step's two cells, or a placement's two destinations.
func seegaHighlight(c *canvas, n int, e seega.Effect) {
	centre := seega.CellAt(n/2, n/2)
	s := seegaCellSize(n)
	if e.From != seega.NoCell {
		seegaCellFace(c, n, e.From, e.From == centre, colMoveFrom)
	}
	for _, to := range e.To {
		seegaCellFace(c, n, to, to == centre, colMoveTo)
		x, y := seegaXY(n, to)
		c.strokeRect(x+2, y+2, s-4, s-4, 2, 2, colMoveRing)
	}
}

// seegaLosses marks the pieces the last move took off the board where they
// stood: a faint piece with the capture mark.
func seegaLosses(c *canvas, n int, e seega.Effect) {
	d := seegaPieceSize(n)
	mark := func(cell seega.Cell, seat games.Player) {
		x, y := seegaCentre(n, cell)
		c.put(piece(tabShape(seat), seat, d, true), x, y)
		c.put(captureBadge(), x, y)
	}
	for _, cell := range e.Captured {
		mark(cell, e.Player.Other())
	}
	if e.Removed != seega.NoCell {
		mark(e.Removed, e.Player)
	}
}

// seegaPanel stacks beside the board whose turn it is, then each side's
// pieces on the board and in hand, then the quiet steps of S8.
func seegaPanel(c *canvas, game games.Game, pos seega.Position, last Last) {
	x, y := seegaPanelX, seegaMargin+14
	seat, verb := seegaTurn(pos, last)
	icon := seegaIcon(seat)
	if verb == "draw" || verb == "aborted" {
		c.text(capital(verb), x, y, sizeLabel, 0, colInk)
		verb = ""
	} else {
		c.put(icon, x+12, y)
		c.text(capital(game.Seats()[seat]), x+28, y, sizeLabel, 0, colInk)
	}
	c.text(verb, x, y+24, sizeLabel, 0, colInk)
	y += 62
	for _, s := range []games.Player{games.Second, games.First} {
		c.put(seegaIcon(s), x+12, y)
		c.text(capital(game.Seats()[s]), x+28, y, sizeSmall, 0, colInkSoft)
		c.text("board "+strconv.Itoa(pos.OnBoard(s)), x, y+22, sizeSmall, 0, colInk)
		if pos.Phase() == seega.Placement {
			c.text("hand "+strconv.Itoa(pos.InHand(s)), x, y+42, sizeSmall, 0, colInk)
		}
		y += 76
	}
	if q, limit := pos.Quiet(); pos.Phase() == seega.Movement && q > 0 {
		c.text(fmt.Sprintf("quiet %d/%d", q, limit), x, seegaMargin+seegaBoard-4, sizeSmall, 0, colInkSoft)
	}
}

// seegaTurn gives the seat the panel shows and what it does: "to place",
// "to move", "wins", "draw" or "aborted".
func seegaTurn(pos seega.Position, last Last) (games.Player, string) {
	o := pos.Outcome()
	if e := last.Ended; e != nil {
		o = games.Outcome{Status: e.Status, Winner: e.Winner}
	}
	switch {
	case last.Ended != nil && o.Status == games.Ongoing:
		return pos.Turn(), "aborted"
	case o.Status == games.Won:
		return o.Winner, "wins"
	case o.Over():
		return pos.Turn(), "draw"
	case pos.Phase() == seega.Placement:
		return pos.Turn(), "to place"
	}
	return pos.Turn(), "to move"
}

// seegaTurnText is the panel's turn in words, for the alt text of a game in
// play: "Light to place" in the placement phase (S2), "Dark to move".
func seegaTurnText(game games.Game, pos seega.Position, last Last) string {
	seat, verb := seegaTurn(pos, last)
	return capital(game.Seats()[seat]) + " " + verb
}

func (seegaArt) describe(game games.Game, gp games.Position, last Last) string {
	pos, ok := gp.(seega.Position)
	if !ok {
		return ""
	}
	var b strings.Builder
	n := pos.Size()
	fmt.Fprintf(&b, "Seega board, %dx%d, %s variant; the centre %s is safe.", n, n, pos.Variant(), pos.Centre())
	for s := games.First; s <= games.Second; s++ {
		fmt.Fprintf(&b, " %s: %d on the board", capital(game.Seats()[s]), pos.OnBoard(s))
		if pos.InHand(s) > 0 {
			fmt.Fprintf(&b, ", %d in hand", pos.InHand(s))
		}
		b.WriteString(".")
	}
	if e, ok := seegaEffect(last); ok {
		fmt.Fprintf(&b, " Last move: %s %s", game.Seats()[e.Player], last.Move)
		if len(e.Captured) > 0 {
			fmt.Fprintf(&b, ", capturing %s", cellNames(e.Captured))
		}
		b.WriteString(".")
	}
	if cell, ok := pos.Chain(); ok {
		fmt.Fprintf(&b, " The piece on %s may capture again or stop.", cell)
	}
	if pos.MustOpen() {
		b.WriteString(" The opponent is shut in: this move must open a way.")
	}
	if q, limit := pos.Quiet(); pos.Phase() == seega.Movement && q > 0 {
		fmt.Fprintf(&b, " %d of %d quiet steps (steps since a piece last left the board).", q, limit)
	}
	if last.Ended == nil && !pos.Outcome().Over() {
		fmt.Fprintf(&b, " %s.", seegaTurnText(game, pos, last)) // "to place" while placing, as the panel says
	} else {
		b.WriteString(endNote(game, gp, last))
	}
	b.WriteString(seegaRows(pos))
	return b.String()
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
func seegaRows(pos seega.Position) string {
	var cells [2][]seega.Cell
	for _, c := range pos.Cells() {
		if seat, ok := pos.At(c).Owner(); ok {
			cells[seat] = append(cells[seat], c)
		}
	}
	var b strings.Builder
	for s, name := range []string{"Light", "Dark"} {
		if len(cells[s]) > 0 {
			fmt.Fprintf(&b, " %s on %s.", name, cellNames(cells[s]))
		}
	}
	return b.String()
}
