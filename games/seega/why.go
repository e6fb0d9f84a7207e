package seega

import (
	"fmt"

	"kilab/games"
)

// illegal wraps a reason as an illegal move.
func illegal(format string, args ...any) error {
	return fmt.Errorf("seega: "+format+": %w", append(args, games.ErrIllegalMove)...)
}

// name is a side as players read it: "light" or "dark".
func name(side games.Player) string { return Piece(pieceOf(side)).String() }

// whyPlacement returns nil exactly when placement m is legal (S2).
func (p *Position) whyPlacement(m Move) error {
	a, b := m.From, m.To
	switch {
	case a == b:
		return illegal("a placement puts two pieces on two different cells, not twice on %s (S2)", a)
	case a == p.g.centre || b == p.g.centre:
		return illegal("the centre %s stays empty while pieces are placed (S2)", p.g.centre)
	case p.board[a] != empty:
		return illegal("%s is not empty", a)
	case p.board[b] != empty:
		return illegal("%s is not empty", b)
	}
	if fa, fb, forced := p.laneForced(); forced && (a != fa || b != fb) {
		return illegal("lane opening: %s's first two pieces go on %s and %s (S2)", name(p.side), fa, fb)
	}
	return nil
}

// why says why m, not a placement during placement, is not legal, or returns
// nil when it finds no reason.
func (p *Position) why(m Move) error {
	me := name(p.side)
	switch {
	case p.Phase() == Placement:
		return illegal("pieces are still being placed: %s puts two on empty cells, such as A1+B1 (S2)", me)
	case m.Kind == Place:
		return illegal("all pieces are placed: move one a cell, such as C2-C3 (S3)")
	case p.mustPass && m.Kind != Pass:
		return illegal("%s has no legal step and must pass (S7)", me)
	case m.Kind == Pass && !p.mustPass:
		return illegal("%s has a legal move, so may not pass (S7)", me)
	case m.Kind == Stop && p.chain == NoCell:
		return illegal("there is no capture chain to stop (S5)")
	case m.Kind == Stop, m.Kind == Pass:
		return nil
	case p.chain != NoCell && m.Kind == Remove:
		return illegal("a capture chain goes on with a capture or stops (S5)")
	case m.Kind == Remove:
		return p.whyRemove(m)
	}
	return p.whyStep(m)
}

// whyStep checks a step against S3, S6, S5 and S7, in that order.
func (p *Position) whyStep(m Move) error {
	c, t := m.From, m.To
	switch {
	case p.board[c] != pieceOf(p.side):
		return illegal("%s holds no %s piece", c, name(p.side))
	case !adjacent(c, t):
		return illegal("%s: a piece moves one cell up, down, left or right (S3)", m)
	case p.board[t] != empty:
		return illegal("%s is not empty (S3)", t)
	case p.barred(c, t):
		return illegal("the piece on %s has gone back and forth between %s and %s twice; it may not go back again (S6)", c, c, t)
	case p.chain != NoCell && c != p.chain:
		return illegal("in a capture chain only the piece on %s may move on (S5)", p.chain)
	case p.chain != NoCell:
		return illegal("%s captures nothing, and a chain goes on only by capturing (S5)", m)
	case p.open:
		return p.whyNotOpening()
	}
	return nil
}

// whyNotOpening explains, in the turn after a blocked opponent's pass, why a
// legal-looking step is not allowed (S7).
func (p *Position) whyNotOpening() error {
	var buf [64]Move
	legal := p.AppendMoves(buf[:0])
	you := name(p.side.Other())
	if len(legal) > 0 && legal[0].Kind == Remove {
		return illegal("no step gives %s a move: remove one of your pieces that does, such as %s (S7)", you, legal[0])
	}
	if len(legal) > 0 {
		return illegal("%s is blocked: your step must give %s a move, such as %s (S7)", you, you, legal[0])
	}
	return nil
}

// whyRemove says why a removal is not legal (S7).
func (p *Position) whyRemove(m Move) error {
	you := name(p.side.Other())
	if !p.open {
		return illegal("a piece is removed only to open a way for a blocked opponent who has passed (S7)")
	}
	if p.board[m.From] != pieceOf(p.side) {
		return illegal("%s holds no %s piece to remove", m.From, name(p.side))
	}
	var buf [64]Move
	legal := p.AppendMoves(buf[:0])
	if len(legal) > 0 && legal[0].Kind == Step && p.opens(legal[0]) {
		return illegal("a step gives %s a move, such as %s: a piece is removed only where none does (S7)", you, legal[0])
	}
	if !p.opens(m) {
		return illegal("removing %s gives %s no move (S7)", m.From, you)
	}
	return nil
}
