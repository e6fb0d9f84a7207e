package asebai

import (
	"context"
	"fmt"
	"strconv"

	"kilab/ai"
	"kilab/games"
	"kilab/games/aseb"
	"kilab/puzzles"
)

// Aseb's puzzles are exact: every move valued from the solved table, and a
// puzzle is a position where the best move's winning chance beats every
// other's by at least margin. Without the table (7 pieces, or not solved
// yet) there is no examiner's answer at all, rather than an estimate.

// margin is the least lead of the best move over the second, in winning
// chance: 10 percentage points.
const margin = 0.10

func init() {
	puzzles.Register("aseb", func(cfg games.Config, env ai.Env) (puzzles.Examiner, error) {
		return examiner{cfg: cfg, tables: TablesIn(env)}, nil
	})
}

type examiner struct {
	cfg    games.Config
	tables *Tables
}

func (e examiner) Examine(ctx context.Context, pos games.Position) (puzzles.Finding, bool, error) {
	if e.tables.For(e.cfg) == nil {
		return puzzles.Finding{}, false, fmt.Errorf("asebai: puzzles need the solved table of aseb %s (kilab solve, and a folder of tables): %w", e.cfg, games.ErrBadConfig)
	}
	vals, exact, err := ai.Analyse(ctx, judge(e), pos)
	if err != nil {
		return puzzles.Finding{}, false, err
	}
	if !exact {
		return puzzles.Finding{}, false, fmt.Errorf("asebai: the table gave no exact value")
	}
	f := puzzles.Finding{Exact: true}
	for _, v := range vals {
		f.Moves = append(f.Moves, puzzles.Value{Move: v.Move, Chance: v.Chance})
	}
	return f, len(f.Moves) > 1 && e.Clear(f.Moves) == nil, nil
}

func (examiner) Clear(vals []puzzles.Value) error { return puzzles.ClearChance(vals, margin) }

// Theme keys, by what the move does, the first that applies.
const (
	ThemeCapture = "capture"  // lands on an opponent (A9)
	ThemeHouse   = "house"    // lands on a house: safe, or a throw again (A11)
	ThemeBearOff = "bear-off" // takes a piece off the board
	ThemeEnter   = "enter"    // brings a piece in
	ThemeRace    = "race"     // none of those: the right piece to run
)

func (examiner) Theme(pos games.Position, move string) (string, error) {
	p, ok := pos.(aseb.Position)
	if !ok {
		return "", fmt.Errorf("asebai: not an Aseb position: %T", pos)
	}
	m, err := aseb.ParseMove(move)
	if err != nil {
		return "", err
	}
	switch {
	case p.Captures(m):
		return ThemeCapture, nil
	case p.Rules().IsHouse(int(m.To)):
		return ThemeHouse, nil
	case m.To == aseb.Off:
		return ThemeBearOff, nil
	case m.From == aseb.Reserve:
		return ThemeEnter, nil
	}
	return ThemeRace, nil
}

func (examiner) Throw(pos games.Position) string {
	if p, ok := pos.(aseb.Position); ok && p.State() == aseb.MoveDue {
		return strconv.Itoa(int(p.ThrowValue()))
	}
	return ""
}
