package tab

import "math/bits"

// act is a move packed into 32 bits for the engine: score in bits 0-2, from cell in
// bits 8-14, to cell in bits 16-22 (absolute cells), and flags.
type act uint32

const (
	actPass   act = 1 << 31 // a pass: with score 0 the end of the turn (D5), with a score T6's pass
	actSplit  act = 1 << 30 // the top piece of a stack moves alone (T5)
	actRow4   act = 1 << 29 // the move turns into row 4 at the branch (T3, T8)
	actReduce act = 1 << 28 // a stack crosses back and is reduced (T6)
)

func (m act) score() uint8 { return uint8(m & 7) }
func (m act) from() int    { return int(m>>8) & 0x7f }
func (m act) to() int      { return int(m>>16) & 0x7f }

func mkAct(score uint8, from, to int) act {
	return act(score) | act(from)<<8 | act(to)<<16
}

// legal appends every legal move of the player on move for the scores still to
// use, score by score (T11), to buf and returns it; when none of them has a legal
// move, the single end-of-turn pass (D5). The caller makes sure a move is due.
func (s *state) legal(buf []act) []act {
	n := len(buf)
	for _, t := range scoreList {
		if s.scores[t] > 0 {
			buf = s.gen(buf, t)
		}
	}
	if len(buf) == n {
		buf = append(buf, actPass)
	}
	return buf
}

// gen appends the legal moves for score t to buf, with T6's pass where every one of
// them is a reduction.
func (s *state) gen(buf []act, t uint8) []act {
	p := s.turn
	if t == 1 && s.christ[p] != 0 {
		// T4: a 1 moves the rightmost Christian and nothing else.
		c := s.rightmostChristian(p)
		to := s.g.cell[p][s.g.walks[s.g.idx[p][c]][1].to]
		return append(buf, mkAct(1, c, int(to)))
	}
	n := len(buf)
	for half := 0; half < 2; half++ {
		for b := s.occ[p][half]; b != 0; b &= b - 1 {
			buf = s.genFrom(buf, t, half<<6|bits.TrailingZeros64(b))
		}
	}
	if len(buf) > n && allReduce(buf[n:]) {
		buf = append(buf, actPass|act(t))
	}
	return buf
}

// genFrom appends the moves of score t that start from cell c, which holds a stack
// of the player on move.
func (s *state) genFrom(buf []act, t uint8, c int) []act {
	p, g := s.turn, s.g
	st := &s.cells[c]
	if st.christ {
		return buf // T4: Christians move only by the rule above
	}
	i := g.idx[p][c]
	if int(i) >= 3*g.w && (s.home[p] > 0 || st.n > 1 && s.singles[p] > 0) {
		return buf // T9: frozen in row 4
	}
	wk := &g.walks[i][t]
	m := mkAct(t, c, int(g.cell[p][wk.to]))
	if wk.back && st.n > 1 {
		m |= actReduce
	}
	buf = append(buf, m)
	row4 := wk.to4 != noCell && s.home[1-p] > 0 // T8: the opponent still has a piece there
	if row4 && st.flip == 0 {
		buf = append(buf, mkAct(t, c, int(g.cell[p][wk.to4]))|actRow4)
	}
	if t != 1 || st.n < 2 {
		return buf
	}
	// T5: the top piece alone; a single piece is never reduced (T6).
	buf = append(buf, mkAct(t, c, int(g.cell[p][wk.to]))|actSplit)
	if row4 && st.flip>>(st.n-1) == 0 {
		buf = append(buf, mkAct(t, c, int(g.cell[p][wk.to4]))|actRow4|actSplit)
	}
	return buf
}

func allReduce(ms []act) bool {
	for _, m := range ms {
		if m&actReduce == 0 {
			return false
		}
	}
	return true
}
