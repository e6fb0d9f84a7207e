package seega

import (
	"strconv"
	"strings"
)

// parseMoving reads the movement phase's fields, in any order: quiet=N
// (required), chain=C3, open and last=..., then checks them together.
func (p *Position) parseMoving(f []string) error {
	seen := map[string]bool{}
	for _, field := range f {
		key, val, _ := strings.Cut(field, "=")
		if seen[key] {
			return bad("field %s appears twice", key)
		}
		seen[key] = true
		if err := p.parseField(key, val, field); err != nil {
			return err
		}
	}
	if !seen["quiet"] {
		return bad("a movement position needs quiet=N, the steps since a piece last left the board (S8)")
	}
	return p.checkMoving()
}

// parseField reads one movement field.
func (p *Position) parseField(key, val, field string) error {
	switch key {
	case "quiet":
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 || n > int(p.g.limit) || val != strconv.Itoa(n) {
			return bad("%q: want quiet=N with N from 0 to %d (S8)", field, p.g.limit)
		}
		p.quiet = int16(n)
	case "chain":
		c, err := ParseCell(val, p.g.size)
		if err != nil {
			return err
		}
		p.chain = c
	case "open":
		if field != "open" {
			return bad("%q: open takes no value", field)
		}
		p.open = true
	case "last":
		return p.parseShuttles(val)
	default:
		return bad("unknown field %q: a movement position takes quiet=N, chain=C3, open and last=...", field)
	}
	return nil
}

// parseShuttles reads the S6 field: "C3<C2,D4<D5*3".
func (p *Position) parseShuttles(s string) error {
	for _, e := range strings.Split(s, ",") {
		cells, count, hasCount := strings.Cut(e, "*")
		at, from, ok := strings.Cut(cells, "<")
		run, err := 1, error(nil)
		if hasCount {
			run, err = strconv.Atoi(count)
		}
		if !ok || err != nil || run < 1 || run > shuttleLimit {
			return bad("last=%s: want entries such as C3<C2 or C3<C2*3 (at most *%d)", s, shuttleLimit)
		}
		c, err := ParseCell(at, p.g.size)
		if err != nil {
			return err
		}
		prev, err := ParseCell(from, p.g.size)
		if err != nil {
			return err
		}
		if err := p.setShuttle(c, prev, run); err != nil {
			return err
		}
	}
	return nil
}

// setShuttle records one S6 entry after checking it can be true.
func (p *Position) setShuttle(c, prev Cell, run int) error {
	switch {
	case p.board[c] == empty:
		return bad("last=: %s is empty, so no piece there has moved", c)
	case !adjacent(c, prev):
		return bad("last=: a piece on %s cannot have come from %s (S3)", c, prev)
	case p.run[c] != 0:
		return bad("last=: %s appears twice", c)
	}
	p.from[c], p.run[c] = prev, int8(run)
	return nil
}

// checkMoving checks the movement phase's invariants and settles the turn.
func (p *Position) checkMoving() error {
	p.hand = [2]int8{}
	switch {
	case p.count[0] > p.g.pieces || p.count[1] > p.g.pieces:
		return bad("a side has %d pieces on this board, not more (S1)", p.g.pieces)
	case p.count[0] == 0 && p.count[1] == 0:
		return bad("the board is empty, but every piece is placed and a game ends when one side has none")
	case p.chain != NoCell && p.open:
		return bad("chain and open exclude each other: open is the start of a turn (S5, S7)")
	case p.chain != NoCell:
		if err := p.checkChain(); err != nil {
			return err
		}
	}
	p.settle()
	if p.open && (p.end != ongoing || p.hasStep(p.side.Other())) {
		return bad("open: %s has passed only when blocked, with the game going on (S7)", name(p.side.Other()))
	}
	return nil
}

// checkChain checks chain=C: a piece of the side on move that has captured
// (so quiet=0) and can capture again (S5: otherwise the turn would have ended).
func (p *Position) checkChain() error {
	c := p.chain
	switch {
	case p.board[c] != pieceOf(p.side):
		return bad("chain=%s: that cell holds no %s piece (S5)", c, name(p.side))
	case p.quiet != 0:
		return bad("chain=%s: a chain follows a capture, so quiet=0 (S5, S8)", c)
	case p.count[p.side.Other()] == 0 || !p.canCapture(c):
		return bad("chain=%s: that piece has no capture left, so the turn has ended (S5)", c)
	}
	return nil
}
