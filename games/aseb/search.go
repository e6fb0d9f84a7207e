package aseb

import "kilab/games"

// The fast paths below are for search and for solving the game (ai/asebai):
// they check nothing and allocate nothing, unlike WithThrow and Apply.

// Assemble returns the position where side turn is to throw and the pieces
// stand as given: cells[s] has bit c set for each path cell c (1-16) of side
// s, and off[s] counts its pieces borne off. It checks nothing: the caller
// gives a position the rules can reach.
func Assemble(r Rules, turn games.Player, cells [2]uint32, off [2]int8) Position {
	return Position{rules: r, cells: cells, off: off, turn: turn}
}

// Mask returns side s's path cells as bits: bit c set for a piece on cell c.
func (p Position) Mask(s games.Player) uint32 { return p.cells[s] }

// Afters appends to buf the position after each legal move of the side on
// turn for score t (1-4), in Legal's order, p being a position where that side
// is to throw; with no legal move it appends nothing, and the turn passes. In
// each position appended the mover has won (State Over), throws again (a
// house, A11: Turn is still the mover) or the opponent is to throw.
func (p Position) Afters(t games.Throw, buf []Position) []Position {
	p.state, p.throw = MoveDue, t
	var moves [8]Move
	for _, m := range p.Legal(moves[:0]) {
		q := p
		q.move(m)
		buf = append(buf, q)
	}
	return buf
}
