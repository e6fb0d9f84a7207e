package puzzles

import (
	"context"
	"fmt"
	"math"
	"slices"

	"kilab/ai"
	"kilab/games"
)

// Checker checks puzzles, keeping one examiner per game and configuration.
type Checker struct {
	Env ai.Env // what the examiners are given (Aseb's tables)
	ex  map[string]Examiner
}

// Cheap checks what needs no search: the puzzle's id and configuration,
// that its position reads back as written with a move due, that its moves
// are exactly the legal ones with the best first, that the throw and theme
// are the position's and that the values clear the game's margin. Its error
// wraps ErrNotPuzzle and says what is wrong.
func (c *Checker) Cheap(p Puzzle) error {
	_, _, err := c.position(p)
	return err
}

// Full is Cheap and then the puzzle examined again from its position: the
// same best move, the same value for every move, the same difficulty.
func (c *Checker) Full(ctx context.Context, p Puzzle) error {
	ex, pos, err := c.position(p)
	if err != nil {
		return err
	}
	f, ok, err := ex.Examine(ctx, pos)
	switch {
	case err != nil:
		return fmt.Errorf("puzzle %s: %w", p, err)
	case !ok:
		return bad(p, "the position is no longer a puzzle: %v", ex.Clear(f.Moves))
	case f.Exact != p.Exact:
		return bad(p, "exact is %v, the examiner says %v", p.Exact, f.Exact)
	case f.Calibrated != p.Calibrated:
		return bad(p, "calibrated is %v, the examiner says %v", p.Calibrated, f.Calibrated)
	}
	if err := sameValues(p.Moves, f.Moves); err != nil {
		return bad(p, "%v", err)
	}
	d, err := Difficulty(ctx, c.Env, p, pos)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p, err)
	}
	if d != p.Difficulty {
		return bad(p, "difficulty %d, found %d", p.Difficulty, d)
	}
	return nil
}

func bad(p Puzzle, format string, args ...any) error {
	return fmt.Errorf("puzzle %s: %s: %w", p, fmt.Sprintf(format, args...), ErrNotPuzzle)
}

// position runs the cheap checks and returns the examiner and the position.
func (c *Checker) position(p Puzzle) (Examiner, games.Position, error) {
	g, err := games.Lookup(p.Game)
	if err != nil {
		return nil, nil, bad(p, "%v", err)
	}
	cfg, err := games.Normalize(g, p.Config)
	if err != nil || cfg.String() != p.Config.String() {
		return nil, nil, bad(p, "configuration %q is not a normalised one of %s (%v)", p.Config.String(), p.Game, err)
	}
	if id := PuzzleID(p.Game, cfg, p.Position); id != p.ID {
		return nil, nil, bad(p, "its id should be %s", id)
	}
	pos, err := g.Parse(cfg, p.Position)
	if err != nil {
		return nil, nil, bad(p, "the position does not read: %v", err)
	}
	if pos.String() != p.Position {
		return nil, nil, bad(p, "the position reads back as %q", pos.String())
	}
	ex, err := c.examiner(p.Game, cfg)
	if err != nil {
		return nil, nil, err
	}
	return ex, pos, c.cheap(ex, p, pos)
}

func (c *Checker) cheap(ex Examiner, p Puzzle, pos games.Position) error {
	if err := sameMoves(pos, p.Moves); err != nil {
		return bad(p, "%v", err)
	}
	if p.Best != p.Moves[0].Move {
		return bad(p, "the best move %s is not the first of its moves", p.Best)
	}
	if t := ex.Throw(pos); t != p.Throw {
		return bad(p, "the throw made is %q, not %q", t, p.Throw)
	}
	theme, err := ex.Theme(pos, p.Best)
	if err != nil || theme != p.Theme {
		return bad(p, "the theme is %q, not %q (%v)", theme, p.Theme, err)
	}
	if err := ex.Clear(p.Moves); err != nil {
		return bad(p, "%v", err)
	}
	if !slices.Contains(Difficulties, p.Difficulty) {
		return bad(p, "difficulty %d is none of %v", p.Difficulty, Difficulties)
	}
	return nil
}

func (c *Checker) examiner(game string, cfg games.Config) (Examiner, error) {
	key := game + " " + cfg.String()
	if ex, ok := c.ex[key]; ok {
		return ex, nil
	}
	ex, err := NewExaminer(game, cfg, c.Env)
	if err != nil {
		return nil, err
	}
	if c.ex == nil {
		c.ex = map[string]Examiner{}
	}
	c.ex[key] = ex
	return ex, nil
}

// sameMoves checks that vals list every legal move of pos once, and no other.
func sameMoves(pos games.Position, vals []Value) error {
	if pos.Due().Kind != games.DueMove {
		return fmt.Errorf("no move is due in the position")
	}
	legal := pos.Moves()
	if len(legal) < 2 {
		return fmt.Errorf("the position has %d legal moves: no choice", len(legal))
	}
	got := map[string]int{}
	for _, v := range vals {
		got[v.Move]++
	}
	for _, m := range legal {
		if got[m.Notation] != 1 {
			return fmt.Errorf("the legal move %s is listed %d times", m.Notation, got[m.Notation])
		}
	}
	if len(vals) != len(legal) {
		return fmt.Errorf("%d moves listed, %d legal", len(vals), len(legal))
	}
	return nil
}

// valueTolerance absorbs the rounding of a value through JSON and the
// table's 16 bits, far below any margin.
const valueTolerance = 1e-6

func sameValues(want, got []Value) error {
	by := map[string]Value{}
	for _, v := range got {
		by[v.Move] = v
	}
	for i, w := range want {
		g, ok := by[w.Move]
		switch {
		case !ok:
			return fmt.Errorf("the examiner has no value for %s", w.Move)
		case math.Abs(g.Chance-w.Chance) > valueTolerance || math.Abs(g.Gain-w.Gain) > valueTolerance:
			return fmt.Errorf("%s is worth chance %.6f gain %.3f, not %.6f and %.3f", w.Move, g.Chance, g.Gain, w.Chance, w.Gain)
		case i == 0 && got[0].Move != w.Move:
			return fmt.Errorf("the best move is %s, not %s", got[0].Move, w.Move)
		}
	}
	return nil
}
