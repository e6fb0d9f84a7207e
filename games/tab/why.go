package tab

import (
	"fmt"

	"kilab/games"
	"kilab/lang"
)

// refused marks an engine error as Tab's, as logs and the CLI show it ("tab:
// pass3: ...: games: illegal move"); a player reads only the reason.
func refused(err error) error { return fmt.Errorf("tab: %w", err) }

// why says, in words a player reads, why mv (written move) is not a legal move
// now. It is called only after mv was not found among the legal moves.
func (s *state) why(mv Move, move string) *lang.Error {
	t := uint8(mv.Score)
	switch {
	case mv.Pass && t == 0:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.end_early", "Move", move)
	case s.scores[t] == 0:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.no_score", "Move", move, "Score", t, "Scores", s.scoreText())
	case mv.Pass:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.pass_score", "Move", move, "Score", t)
	}
	p := s.turn
	w := s.g.w
	from := mv.From.abs(w)
	st := s.cells[from]
	switch {
	case st.n == 0 || st.owner != p:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.not_yours", "Move", move, "Cell", mv.From)
	case t == 1 && s.christ[p] != 0 && from != s.rightmostChristian(p):
		return lang.Wrap(games.ErrIllegalMove, "tab.why.rightmost", "Move", move, "Cell", cellAt(w, s.rightmostChristian(p)))
	case st.christ && t != 1:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.christian", "Move", move)
	case mv.Split && t != 1:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.split_one", "Move", move)
	case mv.Split && st.n < 2:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.split_single", "Move", move, "Cell", mv.From)
	}
	return s.whyRow4(mv, move, st)
}

// whyRow4 covers the reasons left: T9's frozen pieces, T8's closed row 4, and a
// destination the score does not reach.
func (s *state) whyRow4(mv Move, move string, st stack) *lang.Error {
	p, g := s.turn, s.g
	i := g.idx[p][mv.From.abs(g.w)]
	switch {
	case int(i) >= 3*g.w && s.home[p] > 0:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.row4_home", "Move", move)
	case int(i) >= 3*g.w && st.n > 1 && s.singles[p] > 0:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.row4_stack", "Move", move)
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
		return lang.Wrap(games.ErrIllegalMove, "tab.why.row4_again", "Move", move)
	case mv.To == to4 && s.home[1-p] == 0:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.row4_closed", "Move", move, "Black", 1-p == 1)
	case wk.to4 != noCell:
		return lang.Wrap(games.ErrIllegalMove, "tab.why.goes_to_either", "Move", move, "Score", mv.Score, "From", mv.From, "To", to, "To4", to4, "Want", mv.To)
	}
	return lang.Wrap(games.ErrIllegalMove, "tab.why.goes_to", "Move", move, "Score", mv.Score, "From", mv.From, "To", to, "Want", mv.To)
}
