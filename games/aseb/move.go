package aseb

import (
	"math/bits"

	"kilab/games"
	"kilab/lang"
)

// Move moves one piece From a path cell (or Reserve, to enter) To a path cell (or
// Off, to bear off). The zero Move is the pass (D5): no legal move, or a 0 that
// ends the turn.
type Move struct {
	From, To int8
}

// Pass is the move of a player who cannot move (A4).
var Pass = Move{}

// IsPass reports whether m is the pass.
func (m Move) IsPass() bool { return m == Pass }

// span returns the bits of path cells lo..hi (empty when lo > hi).
func span(lo, hi int) uint32 {
	if lo > hi {
		return 0
	}
	return (uint32(1)<<(hi+1) - 1) &^ (uint32(1)<<lo - 1)
}

// shared is the mask of the shared path cells 5-16 (A1). Cells 1-4 are private:
// each side's cell n there is its own square, so the opponent's pieces on its
// cells 1-4 are never on the mover's way, never landed on and never captured.
var shared = span(firstOut, PathLen)

// opponents is the opponent's pieces that the side on turn can meet: those on
// the shared cells, in the mover's own numbering (the same bits there). Every
// rule that asks about "the opponent on cell n" asks this mask, never the
// opponent's whole mask, whose bits 1-4 are other squares.
func (p *Position) opponents() uint32 { return p.cells[p.turn.Other()] & shared }

// target is where a piece of the side on turn at from goes with throw t, by the
// variant's rules, and whether it may move at all. from is Reserve to enter.
func (p *Position) target(from, t int) (int, bool) {
	own := p.cells[p.turn]
	if from == Reserve {
		return p.entry(own, t)
	}
	end := from + t
	switch p.rules.Variant {
	case Standard:
		return stopShort(own, from, end)
	case TwentySquares:
		if own&span(from+1, min(end, PathLen)) != 0 { // A7: never pass or land on own
			return 0, false
		}
	case RoyalUr:
		if end <= PathLen && !p.royalLanding(end) {
			return 0, false
		}
	}
	return exact(end)
}

// entry applies A5: a piece enters on private cell t, never stopping short.
func (p *Position) entry(own uint32, t int) (int, bool) {
	if own&(1<<t) != 0 {
		return 0, false
	}
	if p.rules.Variant == TwentySquares && !p.rules.EnterPastOwn && own&span(1, t-1) != 0 {
		return 0, false // seed 001 rule 10: the entering piece may not pass an own piece
	}
	return t, true
}

// stopShort applies A6 and A10 in standard: an own piece on the way, even past the
// end of the path, stops the mover on the cell before it; otherwise bearing off
// needs the exact throw.
func stopShort(own uint32, from, end int) (int, bool) {
	if way := own & span(from+1, min(end, PathLen)); way != 0 {
		stop := bits.TrailingZeros32(way) - 1
		return stop, stop != from
	}
	return exact(end)
}

// exact applies A10: a move ends on the path, or bears off with the exact throw.
func exact(end int) (int, bool) {
	if end <= Off {
		return end, true
	}
	return 0, false
}

// royalLanding applies A8: no landing on an own piece, nor on an opponent on a
// house. An opponent is met only on a shared cell (A1): the opponent's cell 4 is
// not the mover's cell 4.
func (p *Position) royalLanding(c int) bool {
	bit := uint32(1) << c
	if p.cells[p.turn]&bit != 0 {
		return false
	}
	return p.opponents()&p.rules.Houses&bit == 0
}

// Legal appends the legal moves for the waiting throw to buf and returns it:
// entering first, then pieces from the lowest cell up. It returns buf unchanged
// (empty) when only the pass is left, and allocates nothing when buf has room for
// Pieces+1 moves.
func (p *Position) Legal(buf []Move) []Move {
	if p.state != MoveDue || p.throw == 0 {
		return buf
	}
	t := int(p.throw)
	if p.InReserve(p.turn) > 0 {
		if to, ok := p.target(Reserve, t); ok {
			buf = append(buf, Move{Reserve, int8(to)})
		}
	}
	for m := p.cells[p.turn]; m != 0; m &= m - 1 {
		from := bits.TrailingZeros32(m)
		if to, ok := p.target(from, t); ok {
			buf = append(buf, Move{int8(from), int8(to)})
		}
	}
	return buf
}

// CanMove reports whether the waiting throw has any legal move.
func (p *Position) CanMove() bool {
	var buf [8]Move
	return len(p.Legal(buf[:0])) > 0
}

// WithThrow applies a throw made by the side on turn.
func (p Position) WithThrow(t games.Throw) (Position, error) {
	switch {
	case p.state == Over:
		return p, refused(games.ErrGameOver)
	case p.state == MoveDue:
		return p, refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.move_first", "Throw", p.throw))
	case !p.rules.Dice.Valid(t):
		return p, refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.not_a_throw", "Throw", t, "D4", p.rules.Dice == games.D4))
	}
	p.throwUnchecked(t) // A4, D1: standard throws a 0 again
	return p, nil
}

// Apply plays a move for the waiting throw and returns the new position.
func (p Position) Apply(m Move) (Position, error) {
	if err := p.check(m); err != nil {
		return p, err
	}
	if m.IsPass() {
		p.endTurn(false)
	} else {
		p.move(m)
	}
	return p, nil
}

// check says why m is not legal now, if it is not.
func (p *Position) check(m Move) error {
	switch {
	case p.state == Over:
		return refused(games.ErrGameOver)
	case p.state != MoveDue:
		return refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.throw_first"))
	case m.IsPass():
		if p.CanMove() {
			return refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.no_pass"))
		}
		return nil
	}
	return p.checkPiece(m)
}

func (p *Position) checkPiece(m Move) error {
	from, t := int(m.From), int(p.throw)
	switch {
	case p.throw == 0:
		return refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.zero_pass"))
	case from == Reserve && p.InReserve(p.turn) == 0:
		return refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.none_to_enter"))
	case from != Reserve && !p.Has(p.turn, from):
		return refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.no_piece", "Cell", from))
	}
	to, ok := p.target(from, t)
	if !ok {
		return refused(p.why(from, t))
	}
	if to != int(m.To) {
		return refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.goes_to", "Throw", t,
			"Enter", from == Reserve, "From", from, "ToOff", to == Off, "To", to, "WantOff", int(m.To) == Off, "Want", int(m.To)))
	}
	return nil
}

// move carries out a checked move: capture (A9), bearing off, the house's extra
// throw (A11) and the win (A12). It works in place because playouts call it for
// every move.
func (p *Position) move(m Move) {
	me, them := p.turn, p.turn.Other()
	p.cells[me] &^= 1 << m.From // bit 0 (Reserve) is never set
	if m.To == Off {
		p.off[me]++
		if p.off[me] == p.rules.Pieces {
			p.state, p.throw = Over, 0 // A12: the winner stays on turn
			return
		}
		p.endTurn(false) // A11: bearing off never gives a throw
		return
	}
	p.cells[me] |= 1 << m.To
	p.cells[them] &^= 1 << m.To & shared // A9, A1: only a shared cell holds an opponent to send back
	p.endTurn(p.rules.Houses&(1<<m.To) != 0)
}

func (p *Position) endTurn(again bool) {
	if !again {
		p.turn = p.turn.Other()
	}
	p.state, p.throw = ThrowDue, 0
}

// Captures reports whether m lands on an opponent (A9).
func (p Position) Captures(m Move) bool {
	return !m.IsPass() && m.To <= PathLen && p.opponents()&(1<<m.To) != 0
}

// Winner returns the winner once the game is over.
func (p Position) Winner() (games.Player, bool) { return p.turn, p.state == Over }
