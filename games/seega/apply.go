package seega

import (
	"fmt"
	"slices"

	"kilab/games"
	"kilab/lang"
)

// Do plays m in place. m must be one of AppendMoves' moves for this position:
// Do checks nothing, which is what makes playouts fast. PlayMove is the checked
// form.
func (p *Position) Do(m Move) {
	switch m.Kind {
	case Place:
		p.place(m.From, m.To)
	case Step:
		p.step(m.From, m.To)
	case Stop:
		p.endTurn()
	case Pass:
		p.side = p.side.Other()
		p.chain = NoCell
		p.open = true // S7: the opponent must now open a way
		p.settle()
	case Remove:
		p.lift(m.From)
		p.quiet = 0 // S8: a removal counts as a piece leaving the board
		p.endTurn()
	}
}

// place puts two pieces of the side on move on a and b (S2). The turn passes,
// except after the last placement: the last placer moves first (S3).
func (p *Position) place(a, b Cell) {
	me := pieceOf(p.side)
	p.board[a], p.board[b] = me, me
	p.occ[p.side].add(a)
	p.occ[p.side].add(b)
	p.hand[p.side] -= 2
	p.count[p.side] += 2
	if p.hand[0]+p.hand[1] > 0 {
		p.side = p.side.Other()
		return
	}
	p.settle()
}

// step moves the piece on c to t and captures (S3, S4), then either hands the
// turn over or lets the same piece chain (S5).
func (p *Position) step(c, t Cell) {
	p.open = false // S7: only the first step of the turn had to open a way
	if p.shift(c, t) == 0 {
		p.quiet++
		p.endTurn()
		return
	}
	p.quiet = 0
	if p.count[p.side.Other()] == 0 || !p.canCapture(t) {
		p.endTurn() // S5: with no capture left the turn ends by itself
		return
	}
	p.chain = t
}

// shift moves the piece on c to t, keeps its S6 record, and removes the
// opponent's pieces it captures (S4). It returns how many it captured.
func (p *Position) shift(c, t Cell) int {
	me := p.board[c]
	p.board[t], p.board[c] = me, empty
	p.occ[me-1].remove(c)
	p.occ[me-1].add(t)
	run := int8(1)
	if p.run[c] > 0 && p.from[c] == t {
		run = p.run[c] + 1 // back to where it came from: the shuttle goes on
	}
	p.from[t], p.run[t] = c, run
	p.from[c], p.run[c] = NoCell, 0
	you, n := 3-me, 0
	for _, d := range dirs {
		if v := t + d; p.board[v] == you && v != p.g.centre && p.board[v+d] == me {
			p.lift(v)
			n++
		}
	}
	return n
}

// lift takes the piece on c off the board, with its S6 record.
func (p *Position) lift(c Cell) {
	p.count[p.board[c]-1]--
	p.occ[p.board[c]-1].remove(c)
	p.board[c] = empty
	p.from[c], p.run[c] = NoCell, 0
}

// endTurn hands the turn to the opponent and checks what their turn holds.
func (p *Position) endTurn() {
	p.side = p.side.Other()
	p.chain = NoCell
	p.open = false
	p.settle()
}

// PlayMove returns the position after m, or an error that says why m is not
// legal here, wrapping games.ErrIllegalMove or games.ErrGameOver. A placement's
// cells may come in either order.
func (p Position) PlayMove(m Move) (Position, error) {
	if m.Kind == Place && m.To < m.From {
		m.From, m.To = m.To, m.From
	}
	if err := p.check(m); err != nil {
		return p, err
	}
	p.Do(m)
	return p, nil
}

// Play applies a move in notation (docs/notation-seega.md): "A1+B2", "C2-C3",
// "stop", "pass", "xC4".
func (p Position) Play(s string) (games.Position, error) {
	m, err := ParseMove(s, p.g.size)
	if err != nil {
		return p, err
	}
	q, err := p.PlayMove(m)
	if err != nil {
		return p, err
	}
	return q, nil
}

// onBoard checks that the cells m names are on this board, so that a Move built
// by hand cannot index past the board.
func (p *Position) onBoard(m Move) error {
	switch m.Kind {
	case Place, Step:
		if !p.g.on(m.From) || !p.g.on(m.To) {
			return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.off_board", "Move", m, "Size", p.g.size))
		}
	case Remove:
		if !p.g.on(m.From) {
			return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.off_board", "Move", m, "Size", p.g.size))
		}
	case Stop, Pass:
	default: // a Move made by hand, never one read from notation
		return fmt.Errorf("seega: move kind %d does not exist: %w", m.Kind, games.ErrIllegalMove)
	}
	return nil
}

// check returns nil exactly when m is legal: a placement by the rules directly
// (listing every pair to find one would be slow on 9x9), anything else by
// AppendMoves; an illegal move gets the reason from why.
func (p *Position) check(m Move) error {
	if p.Over() {
		return fmt.Errorf("seega: the game is over (%s): %w", p.Outcome().Reason, games.ErrGameOver)
	}
	if err := p.onBoard(m); err != nil {
		return err
	}
	if m.Kind == Place && p.Phase() == Placement {
		return p.whyPlacement(m)
	}
	var buf [64]Move
	if slices.Contains(p.AppendMoves(buf[:0]), m) {
		return nil
	}
	if err := p.why(m); err != nil {
		return err
	}
	return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.not_legal", "Move", m))
}
