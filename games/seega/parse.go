package seega

import (
	"fmt"
	"strconv"
	"strings"

	"kilab/games"
)

// bad wraps a reason as bad notation.
func bad(format string, args ...any) error {
	return fmt.Errorf("seega: "+format+": %w", append(args, games.ErrBadNotation)...)
}

// parsePosition reads a position written by Position.String. Besides the
// syntax it checks that the position could arise in a game of this size and
// variant, so that everything it accepts behaves as a played position would.
func parsePosition(g *geom, lane bool, s string) (Position, error) {
	f := strings.Fields(s)
	if len(f) < 3 {
		return Position{}, bad("position %s: want BOARD SIDE PHASE and the phase's fields", games.Quote(s))
	}
	p := Position{g: g, lane: lane, board: g.empty}
	if err := p.parseBoard(f[0]); err != nil {
		return Position{}, err
	}
	switch strings.ToUpper(f[1]) {
	case "L":
		p.side = games.First
	case "D":
		p.side = games.Second
	default:
		return Position{}, bad("side on move %s: want L (light) or D (dark)", games.Quote(f[1]))
	}
	var err error
	switch f[2] {
	case "place":
		err = p.parsePlacing(f[3:])
	case "move":
		err = p.parseMoving(f[3:])
	default:
		err = bad("phase %s: want place or move", games.Quote(f[2]))
	}
	if err != nil {
		return Position{}, err
	}
	return p, nil
}

// parseBoard reads the rows, top row first (S1).
func (p *Position) parseBoard(s string) error {
	n := p.g.size
	rows := strings.Split(s, "/")
	if len(rows) != n {
		return bad("board %s has %d rows, the %dx%d board %d", games.Quote(s), len(rows), n, n, n)
	}
	for i, r := range rows {
		if len(r) != n {
			return bad("board row %d (%s) has %d cells, not %d", n-i, games.Quote(r), len(r), n)
		}
		for col := range n {
			c := CellAt(col, n-1-i)
			switch r[col] {
			case '.':
			case 'L', 'l':
				p.board[c] = int8(Light)
			case 'D', 'd':
				p.board[c] = int8(Dark)
			default:
				return bad("cell %s is %q: want L, D or .", c, r[col])
			}
		}
	}
	for _, c := range p.g.cells {
		if v := p.board[c]; v != empty {
			p.count[v-1]++
			p.occ[v-1].add(c)
		}
	}
	return nil
}

// parsePlacing reads "hand=L/D" and checks the placement phase's invariants:
// pieces on the board are exactly those placed, the centre is empty, and the
// side on move follows from the turns taken (S2).
func (p *Position) parsePlacing(f []string) error {
	if len(f) != 1 || !strings.HasPrefix(f[0], "hand=") {
		return bad("a placement position ends with hand=L/D, the pieces each side holds")
	}
	l, d, ok := strings.Cut(strings.TrimPrefix(f[0], "hand="), "/")
	var err error
	if p.hand[0], err = p.parseCount(l, ok); err == nil {
		p.hand[1], err = p.parseCount(d, ok)
	}
	if err != nil {
		return bad("%s: want hand=L/D, two counts 0-%d", games.Quote(f[0]), p.g.pieces)
	}
	if p.hand[0]+p.hand[1] == 0 {
		return bad("every piece is placed, so the phase is move")
	}
	return p.checkPlacing()
}

// parseCount reads a number of pieces, 0 to a side's total.
func (p *Position) parseCount(s string, ok bool) (int8, error) {
	n, err := strconv.Atoi(s)
	if !ok || err != nil || n < 0 || n > int(p.g.pieces) || s != strconv.Itoa(n) {
		return 0, bad("%s is not a count of pieces", games.Quote(s))
	}
	return int8(n), nil
}

// checkPlacing is parsePlacing's consistency check.
func (p *Position) checkPlacing() error {
	placed := [2]int8{p.g.pieces - p.hand[0], p.g.pieces - p.hand[1]}
	switch {
	case placed != p.count:
		return bad("hand=%d/%d leaves %d light and %d dark pieces placed, but the board has %d and %d",
			p.hand[0], p.hand[1], placed[0], placed[1], p.count[0], p.count[1])
	case p.board[p.g.centre] != empty:
		return bad("the centre %s is empty while pieces are placed (S2)", p.g.centre)
	case placed[0]%2 != 0 || placed[1]%2 != 0:
		return bad("pieces are placed two at a time (S2), so %d and %d cannot be", placed[0], placed[1])
	case p.side == games.First && placed[0] != placed[1],
		p.side == games.Second && placed[0] != placed[1]+2:
		return bad("with %d light and %d dark pieces placed it is not %s's turn (S2)",
			placed[0], placed[1], name(p.side))
	}
	return p.checkLane(placed)
}

// checkLane checks that the lane opening's cells hold what S2 put there.
func (p *Position) checkLane(placed [2]int8) error {
	for side := range 2 {
		if !p.lane || placed[side] == 0 {
			continue
		}
		a, b := p.g.laneCells(side == 0)
		if p.board[a] != int8(side+1) || p.board[b] != int8(side+1) {
			return bad("lane opening: %s's first pieces stand on %s and %s (S2)", name(games.Player(side)), a, b)
		}
	}
	return nil
}
