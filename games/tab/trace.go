package tab

import "kilab/games"

// Trace is what a move does, for highlighting the last move: where it goes from
// and to, the cells it passes, and what leaves the board.
type Trace struct {
	Player games.Player
	Move   Move
	// Path lists the cells entered, in order, To last; empty for a pass.
	Path []Cell
	// Captured counts the opponent's pieces removed from Move.To (T7).
	Captured int
	// Reduced counts the mover's pieces that left the board as a stack crossed back
	// (T6), at ReducedAt: the last cell before the crossing (the end of row 3 or of
	// row 4).
	Reduced   int
	ReducedAt Cell
	// Flipped reports that the move entered row 4, flipping every piece that
	// entered (T8).
	Flipped bool
}

// Trace says what move, legal in p, does. An illegal move is the same error Play
// gives.
func (p Position) Trace(move string) (Trace, error) {
	m, err := p.find(move)
	if err != nil {
		return Trace{}, err
	}
	s, w := p.s, p.s.g.w
	tr := Trace{Player: games.Player(s.turn), Move: moveOf(w, m)}
	if m&actPass != 0 {
		return tr, nil
	}
	tr.Flipped = m&actRow4 != 0
	if dst := s.cells[m.to()]; dst.n > 0 && dst.owner != s.turn {
		tr.Captured = int(dst.n)
	}
	if m&actReduce != 0 {
		tr.Reduced = int(s.cells[m.from()].n) - 1
	}
	tr.Path, tr.ReducedAt = s.pathOf(m)
	return tr, nil
}

// pathOf follows move m cell by cell and reports the cell before a crossing back.
func (s *state) pathOf(m act) (path []Cell, crossAt Cell) {
	g, p := s.g, s.turn
	i := int(g.idx[p][m.from()])
	path = make([]Cell, 0, m.score())
	for k := 0; k < int(m.score()); k++ {
		next, back := g.next(i, m&actRow4 != 0)
		if back {
			crossAt = cellAt(g.w, int(g.cell[p][i]))
		}
		i = next
		path = append(path, cellAt(g.w, int(g.cell[p][i])))
	}
	return path, crossAt
}
