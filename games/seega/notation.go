package seega

import (
	"fmt"
	"strings"

	"kilab/games"
	"kilab/lang"
)

// Move notation (docs/notation-seega.md). None of it contains ':', ',' or white
// space, so a move is a record token as it stands (games.Ply).
const (
	passWord = "pass"
	stopWord = "stop"
)

// String writes m: "A1+B2" (placement), "C2-C3" (step), "stop", "pass", "xC4"
// (removal).
func (m Move) String() string {
	switch m.Kind {
	case Place:
		return m.From.String() + "+" + m.To.String()
	case Step:
		return m.From.String() + "-" + m.To.String()
	case Stop:
		return stopWord
	case Pass:
		return passWord
	case Remove:
		return "x" + m.From.String()
	}
	return fmt.Sprintf("Move(%d)", m.Kind)
}

// ParseMove reads a move for a size x size board. Letters may be either case,
// and a placement's cells may come in either order; String gives the canonical
// form. Whether the move is legal is Position.PlayMove's business.
func ParseMove(s string, size int) (Move, error) {
	if size < 0 || size > MaxSize || geoms[size] == nil {
		return Move{}, fmt.Errorf("seega: no %dx%d board: %w", size, size, games.ErrBadConfig)
	}
	switch low := strings.ToLower(s); {
	case low == passWord:
		return Move{Kind: Pass}, nil
	case low == stopWord:
		return Move{Kind: Stop}, nil
	case len(low) == 3 && low[0] == 'x':
		c, err := ParseCell(s[1:], size)
		return Move{Kind: Remove, From: c}, err
	case len(s) == 5 && (s[2] == '+' || s[2] == '-'):
		return parsePair(s, size)
	}
	return Move{}, refused(lang.Wrap(games.ErrBadNotation, "seega.why.bad_move", "Move", games.Quote(s)))
}

// parsePair reads "A1+B2" or "C2-C3", putting a placement's cells in order.
func parsePair(s string, size int) (Move, error) {
	a, err := ParseCell(s[:2], size)
	if err != nil {
		return Move{}, err
	}
	b, err := ParseCell(s[3:], size)
	if err != nil {
		return Move{}, err
	}
	if s[2] == '-' {
		return Move{Kind: Step, From: a, To: b}, nil
	}
	if b < a {
		a, b = b, a
	}
	return Move{Kind: Place, From: a, To: b}, nil
}

// sideLetter writes a side as the board does: L or D.
var sideLetter = [2]byte{'L', 'D'}

// cellChar is how the board field writes each cell content.
var cellChar = [3]byte{'.', 'L', 'D'}

// String writes the position (docs/notation-seega.md): the board's rows from
// the top (row N) down, separated by '/'; the side on move; the phase; then
// "hand=L/D" while placing, or "quiet=N" and, where they apply, "chain=C3",
// "open" and "last=..." while moving.
func (p Position) String() string {
	var b strings.Builder
	for row := p.g.size - 1; row >= 0; row-- {
		for col := range p.g.size {
			b.WriteByte(cellChar[p.board[CellAt(col, row)]])
		}
		if row > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte(sideLetter[p.side])
	if p.Phase() == Placement {
		fmt.Fprintf(&b, " place hand=%d/%d", p.hand[0], p.hand[1])
		return b.String()
	}
	fmt.Fprintf(&b, " move quiet=%d", p.quiet)
	if p.chain != NoCell {
		b.WriteString(" chain=" + p.chain.String())
	}
	if p.open {
		b.WriteString(" open")
	}
	p.writeShuttles(&b)
	return b.String()
}

// writeShuttles writes the S6 field: for each piece that has moved, its cell,
// '<', the cell it came from, and "*N" when its last N moves (N > 1) went back
// and forth between the two.
func (p Position) writeShuttles(b *strings.Builder) {
	sep := " last="
	for _, c := range p.g.cells {
		if p.run[c] == 0 {
			continue
		}
		b.WriteString(sep + c.String() + "<" + p.from[c].String())
		if p.run[c] > 1 {
			fmt.Fprintf(b, "*%d", p.run[c])
		}
		sep = ","
	}
}
