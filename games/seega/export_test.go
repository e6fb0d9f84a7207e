package seega

import (
	"fmt"
)

// CheckInvariants reports the first way p is not a state the rules can reach:
// the piece sets, counts and S6 records must agree with the board, and the
// turn-start facts (end, blocked) with a fresh look at the position.
func CheckInvariants(p Position) error {
	var occ [2]set
	var count [2]int8
	for i, v := range p.board {
		c := Cell(i)
		onBoard := p.g.empty[c] != wall // the template board: cheaper than g.on
		switch {
		case !onBoard && v != wall:
			return fmt.Errorf("array cell %d outside the board holds %d", i, v)
		case onBoard && v == wall:
			return fmt.Errorf("%s holds a wall", c)
		case v == int8(Light) || v == int8(Dark):
			occ[v-1].add(c)
			count[v-1]++
			if err := checkShuttle(p, c); err != nil {
				return err
			}
		case p.run[c] != 0 || p.from[c] != NoCell:
			return fmt.Errorf("empty %s has an S6 record", c)
		}
	}
	if occ != p.occ || count != p.count {
		return fmt.Errorf("piece sets or counts disagree with the board")
	}
	return checkTurn(p)
}

func checkShuttle(p Position, c Cell) error {
	r := p.run[c]
	switch {
	case r < 0 || r > shuttleLimit:
		return fmt.Errorf("%s has run %d", c, r)
	case r > 0 && !adjacent(c, p.from[c]):
		return fmt.Errorf("%s came from %s, not a neighbour", c, p.from[c])
	case r == 0 && p.from[c] != NoCell:
		return fmt.Errorf("%s has a from cell but no run", c)
	}
	return nil
}

func checkTurn(p Position) error {
	q := p
	q.settle()
	switch {
	case q.end != p.end || q.mustPass != p.mustPass:
		return fmt.Errorf("turn state: have end %d pass %v, fresh look gives %d %v", p.end, p.mustPass, q.end, q.mustPass)
	case p.Phase() == Placement && p.board[p.g.centre] != empty:
		return fmt.Errorf("centre occupied during placement")
	case p.chain != NoCell && (p.board[p.chain] != pieceOf(p.side) || !p.canCapture(p.chain) || p.open):
		return fmt.Errorf("chain on %s without a capture", p.chain)
	case p.open && p.hasStep(p.side.Other()):
		return fmt.Errorf("open duty while %s can move", p.side.Other())
	case p.hand[0] < 0 || p.hand[1] < 0 || p.count[0]+p.hand[0] > p.g.pieces || p.count[1]+p.hand[1] > p.g.pieces:
		return fmt.Errorf("piece counts out of range")
	}
	return nil
}
