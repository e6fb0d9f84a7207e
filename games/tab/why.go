package tab

import "fmt"

// why says, in words a player reads, why mv is not a legal move now. It is called
// only after mv was not found among the legal moves.
func (s *state) why(mv Move) string {
	t := uint8(mv.Score)
	switch {
	case mv.Pass && t == 0:
		return "a score still has a legal move; a turn ends early only when none has (T11)"
	case s.scores[t] == 0:
		return fmt.Sprintf("no %d among the scores to use (%s)", t, s.scoreText())
	case mv.Pass:
		return fmt.Sprintf("a %d may be passed only when all its moves reduce a stack (T6)", t)
	}
	p := s.turn
	w := s.g.w
	from := mv.From.abs(w)
	st := s.cells[from]
	switch {
	case st.n == 0 || st.owner != p:
		return fmt.Sprintf("%v holds no piece of yours", mv.From)
	case t == 1 && s.christ[p] != 0 && from != s.rightmostChristian(p):
		return fmt.Sprintf("while you have Christians a 1 must move the rightmost, on %v (T4)", cellAt(w, s.rightmostChristian(p)))
	case st.christ && t != 1:
		return "a Christian moves only on a 1 (T4)"
	case mv.Split && t != 1:
		return "only a 1 splits a stack (T5)"
	case mv.Split && st.n < 2:
		return fmt.Sprintf("%v holds a single piece; there is nothing to split (T5)", mv.From)
	}
	return s.whyRow4(mv, st)
}

// whyRow4 covers the reasons left: T9's frozen pieces, T8's closed row 4, and a
// destination the score does not reach.
func (s *state) whyRow4(mv Move, st stack) string {
	p, g := s.turn, s.g
	i := g.idx[p][mv.From.abs(g.w)]
	switch {
	case int(i) >= 3*g.w && s.home[p] > 0:
		return "a piece in row 4 stays until your home row is empty (T9)"
	case int(i) >= 3*g.w && st.n > 1 && s.singles[p] > 0:
		return "a stack in row 4 stays while you have single pieces (T9)"
	}
	wk := g.walks[i][mv.Score]
	to, to4 := cellAt(g.w, int(g.cell[p][wk.to])), Cell{}
	if wk.to4 != noCell {
		to4 = cellAt(g.w, int(g.cell[p][wk.to4]))
	}
	flipped := st.flip != 0
	if mv.Split {
		flipped = st.flip>>(st.n-1) != 0
	}
	switch {
	case mv.To == to4 && flipped:
		return "a piece that has been in row 4 never enters it again (T8)"
	case mv.To == to4 && s.home[1-p] == 0:
		return fmt.Sprintf("row 4 is closed: %s has no piece left in its home row (T8)", playerName(1-p))
	case wk.to4 != noCell:
		return fmt.Sprintf("a %d from %v goes to %v or %v, not %v (T3)", mv.Score, mv.From, to, to4, mv.To)
	}
	return fmt.Sprintf("a %d from %v goes to %v, not %v (T3)", mv.Score, mv.From, to, mv.To)
}
