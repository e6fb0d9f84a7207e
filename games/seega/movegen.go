package seega

import "kilab/games"

// Kind is what a move does.
type Kind int8

// The kinds of move (D5: the pass, the chain's stop and the removal are
// moves too).
const (
	Place  Kind = iota // S2: two pieces from the hand onto From and To
	Step               // S3: the piece on From to the empty neighbour To
	Stop               // S5: end a capture chain by choice
	Pass               // S7: the side on move has no legal step
	Remove             // S7: take the mover's own piece on From off the board
)

// Move is a move in compact form, for search and playouts. A placement keeps
// its cells in increasing order (From < To), so equal placements compare equal.
type Move struct {
	Kind     Kind
	From, To Cell
}

// AppendMoves appends the legal moves of the side on move to buf and returns
// it, in a fixed order (Moves sorts them for people); nothing when the game is
// over. It does not allocate when buf has room: 3,160 for the first placement
// on 9x9, 160 beyond.
func (p *Position) AppendMoves(buf []Move) []Move {
	switch {
	case p.end != ongoing:
		return buf
	case p.hand[0]+p.hand[1] > 0:
		return p.appendPlacements(buf)
	case p.mustPass:
		return append(buf, Move{Kind: Pass})
	case p.chain != NoCell:
		return p.appendChain(buf)
	case p.open:
		return p.appendOpenings(buf)
	}
	return p.appendSteps(buf)
}

// appendPlacements lists every pair of empty cells other than the centre (S2),
// or only the lane opening's pair on each side's first turn.
func (p *Position) appendPlacements(buf []Move) []Move {
	if a, b, forced := p.laneForced(); forced {
		return append(buf, Move{Kind: Place, From: a, To: b})
	}
	var free [MaxSize * MaxSize]Cell
	n := 0
	for _, c := range p.g.cells {
		if p.board[c] == empty && c != p.g.centre {
			free[n] = c
			n++
		}
	}
	for i, a := range free[:n] {
		for _, b := range free[i+1 : n] {
			buf = append(buf, Move{Kind: Place, From: a, To: b})
		}
	}
	return buf
}

// laneForced returns the cells the lane opening prescribes for this turn (S2):
// each side's first two pieces.
func (p *Position) laneForced() (a, b Cell, forced bool) {
	if !p.lane || p.hand[p.side] != p.g.pieces {
		return NoCell, NoCell, false
	}
	a, b = p.g.laneCells(p.side == games.First)
	return a, b, true
}

// barred is S6: the piece on c may not go to t when its last four moves went
// back and forth between t and c.
func (p *Position) barred(c, t Cell) bool {
	return p.run[c] >= shuttleLimit && p.from[c] == t
}

// free is the board's empty cells.
func (p *Position) free() set { return p.g.inside.andNot(p.occ[0].or(p.occ[1])) }

// toward is the pieces of mine whose neighbour in direction dirs[i] is free:
// those that can step that way but for S6.
func toward(i int, mine, free set) set {
	switch i {
	case 0:
		return mine.and(free.up(stride))
	case 1:
		return mine.and(free.up(1))
	case 2:
		return mine.and(free.down(1))
	}
	return mine.and(free.down(stride))
}

// appendSteps lists every legal step of the side on move (S3, S6), direction by
// direction; Moves sorts them for people.
func (p *Position) appendSteps(buf []Move) []Move {
	mine, free := p.occ[p.side], p.free()
	for i, d := range dirs {
		for from := toward(i, mine, free); !from.none(); {
			c := from.next()
			if !p.barred(c, c+d) {
				buf = append(buf, Move{Kind: Step, From: c, To: c + d})
			}
		}
	}
	return buf
}

// hasStep reports whether side has a legal step (S3, S6), as if on move.
func (p *Position) hasStep(side games.Player) bool {
	free := p.free()
	near := free.up(stride).or(free.up(1)).or(free.down(1)).or(free.down(stride))
	for from := p.occ[side].and(near); !from.none(); {
		c := from.next()
		if p.run[c] < shuttleLimit {
			return true // S6 bars at most the one way back
		}
		for _, d := range dirs {
			if t := c + d; p.board[t] == empty && !p.barred(c, t) {
				return true
			}
		}
	}
	return false
}

// captures reports whether the piece on c stepping to t would capture (S4): an
// opponent next to t, off the centre, with a piece of the mover beyond it.
func (p *Position) captures(c, t Cell) bool {
	me := p.board[c]
	you := 3 - me
	for _, d := range dirs {
		if n := t + d; p.board[n] == you && n != p.g.centre && p.board[n+d] == me {
			return true
		}
	}
	return false
}

// appendChain lists the capturing steps of the chaining piece, then the stop (S5).
func (p *Position) appendChain(buf []Move) []Move {
	c := p.chain
	for _, d := range dirs {
		if t := c + d; p.board[t] == empty && !p.barred(c, t) && p.captures(c, t) {
			buf = append(buf, Move{Kind: Step, From: c, To: t})
		}
	}
	return append(buf, Move{Kind: Stop})
}

// canCapture reports whether the piece on c has a capturing step (S5).
func (p *Position) canCapture(c Cell) bool {
	for _, d := range dirs {
		if t := c + d; p.board[t] == empty && !p.barred(c, t) && p.captures(c, t) {
			return true
		}
	}
	return false
}

// appendOpenings is the turn after a blocked opponent's pass (S7): the steps
// that give the opponent a move; failing those, the removals of own pieces that
// do; failing those, any step.
func (p *Position) appendOpenings(buf []Move) []Move {
	base := len(buf)
	buf = p.appendSteps(buf)
	steps, k := buf[base:], 0
	for _, m := range steps {
		if p.opens(m) {
			steps[k] = m
			k++
		}
	}
	if k > 0 {
		return buf[:base+k]
	}
	n := len(buf)
	buf = p.appendRemovals(buf)
	if len(buf) == n {
		return buf // nothing opens a way: any step, and the opponent stays blocked
	}
	copy(buf[base:], buf[n:])
	return buf[:base+len(buf)-n]
}

// appendRemovals lists the mover's pieces whose removal gives the opponent a
// legal step (S7).
func (p *Position) appendRemovals(buf []Move) []Move {
	me := pieceOf(p.side)
	for _, c := range p.g.cells {
		if p.board[c] == me && p.opens(Move{Kind: Remove, From: c}) {
			buf = append(buf, Move{Kind: Remove, From: c})
		}
	}
	return buf
}

// opens reports whether step or removal m leaves the opponent a legal step; a
// step that takes the opponent's last piece counts as one that does (S7).
func (p *Position) opens(m Move) bool {
	q := *p
	you := p.side.Other()
	if m.Kind == Remove {
		q.lift(m.From)
	} else {
		q.shift(m.From, m.To)
	}
	return q.count[you] == 0 || q.hasStep(you)
}
