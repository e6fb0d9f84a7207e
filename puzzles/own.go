package puzzles

import (
	"context"
	"fmt"

	"kilab/ai"
	"kilab/games"
)

// ThemeMistake is the theme of a puzzle made of a player's own costly move
// (FromMistake): it is what the player missed there, whatever the move.
const ThemeMistake = "mistake"

// FromMistake is the puzzle of the n-th ply (from 1) of a game played from
// start: the position before its move, the ply's throws made, with every
// legal move valued by j, so that the player who erred there can try it
// again. Unlike a found puzzle it need not have a clear answer: it is the
// player's own position, and the best move is what j says. env gives the
// examiner (the throw as records write it) and the finders (difficulty).
func FromMistake(ctx context.Context, env ai.Env, j ai.Judge, game string, cfg games.Config, start games.Position, plies []games.Ply, n int) (Puzzle, error) {
	if n < 1 || n > len(plies) {
		return Puzzle{}, fmt.Errorf("puzzles: ply %d of %d: %w", n, len(plies), games.ErrIllegalMove)
	}
	pos, err := games.Replay(start, plies[:n-1], nil)
	if err != nil {
		return Puzzle{}, err
	}
	for _, t := range plies[n-1].Throws {
		if pos, err = games.ThrowAs(pos, pos.Due().Player, t); err != nil {
			return Puzzle{}, err
		}
	}
	vals, exact, err := ai.Analyse(ctx, j, pos)
	if err != nil {
		return Puzzle{}, err
	}
	ex, err := NewExaminer(game, cfg, env)
	if err != nil {
		return Puzzle{}, err
	}
	p := Puzzle{ID: PuzzleID(game, cfg, pos.String()), Game: game, Config: cfg, Position: pos.String(),
		Throw: ex.Throw(pos), Best: vals[0].Move, Exact: exact, Calibrated: ai.TrustOf(j, exact) == ai.Calibrated, Theme: ThemeMistake}
	for _, v := range vals {
		p.Moves = append(p.Moves, Value{Move: v.Move, Chance: v.Chance})
	}
	if p.Difficulty, err = Difficulty(ctx, env, p, pos); err != nil {
		return Puzzle{}, err
	}
	return p, nil
}
