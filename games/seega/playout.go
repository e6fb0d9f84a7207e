package seega

import "kilab/games"

// maxMoves is the most legal moves a position can have: the first placement
// on 9x9, any two of its 80 cells other than the centre.
const maxMoves = 80 * 79 / 2

// maxPlayoutMoves bounds a playout. Every Seega game ends (S8 caps the steps
// between captures, and a pass is always followed by a step or a removal), but
// a bound keeps a bug from hanging a caller.
const maxPlayoutMoves = 1 << 20

// Playout plays p to the end with uniformly random legal moves from src and
// returns the final position and the number of moves made. It allocates
// nothing: the building block of Monte Carlo search.
func Playout(p Position, src games.Source) (Position, int) {
	var buf [maxMoves]Move
	n := 0
	for ; !p.Over() && n < maxPlayoutMoves; n++ {
		legal := p.AppendMoves(buf[:0])
		p.Do(legal[src.Uint64()%uint64(len(legal))])
	}
	return p, n
}
