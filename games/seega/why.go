package seega

import (
	"fmt"

	"kilab/games"
	"kilab/lang"
)

// refused marks an engine error as Seega's, as logs and the CLI show it
// ("seega: C3 is not empty: games: illegal move"); a player reads only the
// reason.
func refused(err error) error { return fmt.Errorf("seega: %w", err) }

// name is a side as players read it: "light" or "dark".
func name(side games.Player) string { return Piece(pieceOf(side)).String() }

// dark tells a message which side it names, "Dark" true or false: each
// language words the side itself, in the form its sentence needs.
func dark(side games.Player) bool { return side == games.Second }

// whyPlacement returns nil exactly when placement m is legal (S2).
func (p *Position) whyPlacement(m Move) error {
	a, b := m.From, m.To
	switch {
	case a == b:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.same_cell", "Cell", a))
	case a == p.g.centre || b == p.g.centre:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.centre", "Cell", p.g.centre))
	case p.board[a] != empty:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.taken", "Cell", a))
	case p.board[b] != empty:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.taken", "Cell", b))
	}
	if fa, fb, forced := p.laneForced(); forced && (a != fa || b != fb) {
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.lane", "Dark", dark(p.side), "A", fa, "B", fb))
	}
	return nil
}

// why says why m, not a placement during placement, is not legal, or returns
// nil when it finds no reason.
func (p *Position) why(m Move) error {
	me := dark(p.side)
	switch {
	case p.Phase() == Placement:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.placing", "Dark", me))
	case m.Kind == Place:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.placed"))
	case p.mustPass && m.Kind != Pass:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.must_pass", "Dark", me))
	case m.Kind == Pass && !p.mustPass:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.no_pass", "Dark", me))
	case m.Kind == Stop && p.chain == NoCell:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.no_chain"))
	case m.Kind == Stop, m.Kind == Pass:
		return nil
	case p.chain != NoCell && m.Kind == Remove:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.chain_remove"))
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
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.not_yours", "Cell", c, "Dark", dark(p.side)))
	case !adjacent(c, t):
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.one_cell", "Move", m))
	case p.board[t] != empty:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.occupied", "Cell", t))
	case p.barred(c, t):
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.shuttle", "Cell", c, "Other", t))
	case p.chain != NoCell && c != p.chain:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.chain_piece", "Cell", p.chain))
	case p.chain != NoCell:
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.chain_capture", "Move", m))
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
	you := dark(p.side.Other())
	if len(legal) > 0 && legal[0].Kind == Remove {
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.remove_instead", "Dark", you, "Move", legal[0]))
	}
	if len(legal) > 0 {
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.must_open", "Dark", you, "Move", legal[0]))
	}
	return nil
}

// whyRemove says why a removal is not legal (S7).
func (p *Position) whyRemove(m Move) error {
	you := dark(p.side.Other())
	if !p.open {
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.remove_when"))
	}
	if p.board[m.From] != pieceOf(p.side) {
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.remove_not_yours", "Cell", m.From, "Dark", dark(p.side)))
	}
	var buf [64]Move
	legal := p.AppendMoves(buf[:0])
	if len(legal) > 0 && legal[0].Kind == Step && p.opens(legal[0]) {
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.step_opens", "Dark", you, "Move", legal[0]))
	}
	if !p.opens(m) {
		return refused(lang.Wrap(games.ErrIllegalMove, "seega.why.remove_useless", "Cell", m.From, "Dark", you))
	}
	return nil
}
