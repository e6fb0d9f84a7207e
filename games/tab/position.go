package tab

import (
	"fmt"
	"strings"

	"kilab/games"
	"kilab/lang"
)

// Position is a Tab position: every stack on the board with each piece's flags,
// whose turn it is, the scores of the turn and the counts of T10 and T12. It is a
// value: Throw and Play return a new Position and leave the receiver as it was. The
// zero value is not a position; use Start, ParsePosition, or Game's New and Parse.
// Positions are equal when their String is: == compares only where they are held.
type Position struct {
	s *state // never changed once the Position holds it
}

var (
	_ games.Position    = Position{}
	_ games.ScoreLister = Position{}
)

// Start returns the start position of a board width wide (T1, T10).
func Start(width int) (Position, error) {
	if !validWidth(width) {
		return Position{}, fmt.Errorf("tab: width %d: a board is 7 to 29 cells wide, odd (T1): %w", width, games.ErrBadConfig)
	}
	return Position{start(width)}, nil
}

// ParsePosition reads a position in notation (docs/notation.md). The board gives
// the width.
func ParsePosition(text string) (Position, error) {
	s, err := parse(text)
	if err != nil {
		return Position{}, err
	}
	return Position{s}, nil
}

// String gives the position in notation; ParsePosition reads it back.
func (p Position) String() string {
	if p.s == nil {
		return "" // the zero value, printed by mistake
	}
	return p.s.format()
}

// MarshalText encodes the position as its notation, for JSON and storage.
func (p Position) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a position written by MarshalText.
func (p *Position) UnmarshalText(b []byte) error {
	q, err := ParsePosition(string(b))
	if err == nil {
		*p = q
	}
	return err
}

// Due says what the game waits for. The first throw of a turn is the player's
// click; its further throws, void opening ones included (T10), are drawn by the
// server (Auto). A move is Auto only when it is the pass that ends a turn with
// nothing usable (D5).
func (p Position) Due() games.Due {
	s := p.s
	switch {
	case s.over():
		return games.Due{Kind: games.DueNothing, Player: games.Player(s.turn)}
	case s.phase != phaseMoving:
		return games.Due{Kind: games.DueThrow, Player: games.Player(s.turn), Dice: games.TabSticks, Auto: s.phase == phaseThrowing}
	}
	var buf [64]act
	legal := s.legal(buf[:0])
	return games.Due{Kind: games.DueMove, Player: games.Player(s.turn), Auto: len(legal) == 1 && legal[0] == actPass}
}

// Outcome says whether the game is over and how (T12).
func (p Position) Outcome() games.Outcome { return p.s.outcome() }

// Throw applies a throw that is due (T2, T10).
func (p Position) Throw(t games.Throw) (games.Position, error) {
	q, err := p.WithThrow(t)
	if err != nil {
		return p, err
	}
	return q, nil
}

// WithThrow is Throw with the concrete type.
func (p Position) WithThrow(t games.Throw) (Position, error) {
	switch {
	case p.s.over():
		return p, fmt.Errorf("tab: no throw after the end: %w", games.ErrGameOver)
	case p.s.phase == phaseMoving:
		return p, refused(lang.Wrap(games.ErrIllegalMove, "tab.why.scores_left", "Scores", p.s.formatScores()))
	case !games.TabSticks.Valid(t):
		return p, refused(lang.Wrap(games.ErrIllegalMove, "tab.why.not_a_score", "Score", t))
	case p.s.nscores >= maxScores:
		return p, refused(lang.Wrap(games.ErrIllegalMove, "tab.why.too_many", "Max", maxScores))
	}
	s := *p.s
	s.throw(uint8(t))
	return Position{&s}, nil
}

// Moves lists the legal moves of the player on move: by score, lowest first, then
// by the cell they start from, a1 first; a T6 pass after the moves of its score.
// With nothing usable it is the single end-of-turn pass. Empty while a throw is
// due and once the game is over.
func (p Position) Moves() []games.Move {
	if p.s.over() || p.s.phase != phaseMoving {
		return nil
	}
	return p.s.gamesMoves(p.s.legal(nil))
}

// gamesMoves writes engine moves as games.Moves, grouped by their starting cell.
func (s *state) gamesMoves(legal []act) []games.Move {
	out := make([]games.Move, len(legal))
	for i, m := range legal {
		mv := moveOf(s.g.w, m)
		out[i] = games.Move{Notation: mv.String(), Pass: mv.Pass}
		if !mv.Pass {
			out[i].Group = mv.From.String()
		}
	}
	return out
}

// MovesFor lists the legal moves of the player on move for score t as if t were
// the only score of the turn and it were to be moved now: for `kilab moves
// --throw t`. Like Moves, a single "pass" says t has no legal move.
func (p Position) MovesFor(t games.Throw) ([]games.Move, error) {
	if p.s.over() {
		return nil, fmt.Errorf("tab: the game is over: %w", games.ErrGameOver)
	}
	if !games.TabSticks.Valid(t) {
		return nil, refused(lang.Wrap(games.ErrIllegalMove, "tab.why.not_a_score", "Score", t))
	}
	s := p.s.withOnlyScore(uint8(t))
	return s.gamesMoves(s.legal(nil)), nil
}

// withOnlyScore returns a copy of s moving t as the turn's only score.
func (s *state) withOnlyScore(t uint8) *state {
	c := *s
	c.scores, c.nscores = [7]uint8{}, 0
	c.addScore(t)
	c.phase, c.opening = phaseMoving, false
	return &c
}

// Play applies a move given in notation (see Move).
func (p Position) Play(move string) (games.Position, error) {
	q, err := p.WithMove(move)
	if err != nil {
		return p, err
	}
	return q, nil
}

// WithMove is Play with the concrete type.
func (p Position) WithMove(move string) (Position, error) {
	m, err := p.find(move)
	if err != nil {
		return p, err
	}
	s := *p.s
	s.do(m)
	return Position{&s}, nil
}

// find returns the legal engine move written move, or an error that says why
// there is none.
func (p Position) find(move string) (act, error) {
	s := p.s
	if s.over() {
		return 0, fmt.Errorf("tab: no move after the end (%s): %w", s.outcome().Reason, games.ErrGameOver)
	}
	mv, err := ParseMove(move)
	if err != nil {
		return 0, err
	}
	if s.phase != phaseMoving {
		return 0, refused(lang.Wrap(games.ErrIllegalMove, "tab.why.throw_due", "Move", move))
	}
	if !mv.Pass && (!mv.From.on(s.g.w) || !mv.To.on(s.g.w)) {
		return 0, refused(lang.Wrap(games.ErrBadNotation, "tab.why.off_board", "Move", move, "Width", s.g.w))
	}
	var buf [64]act
	for _, m := range s.legal(buf[:0]) {
		if moveOf(s.g.w, m) == mv {
			return m, nil
		}
	}
	return 0, refused(s.why(mv, move))
}

// scoreText lists the scores still to use, "2, 4".
func (s *state) scoreText() string {
	return strings.ReplaceAll(strings.TrimSuffix(s.formatScores(), "+"), ",", ", ")
}
