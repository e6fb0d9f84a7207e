package puzzles

import (
	"context"
	"fmt"
	"sync"

	"kilab/ai"
	"kilab/games"
)

// Examiner is one game's puzzle knowledge. The game's computer package
// (ai/asebai, ai/tabai, ai/seegaai) registers it, since it holds the search
// and the solved tables that value the moves.
type Examiner interface {
	// Examine values every legal move of pos (a move due, with more than one
	// legal move) and returns them best first; ok says whether the best one
	// beats every other by the game's margin (Clear) and so makes a puzzle.
	Examine(ctx context.Context, pos games.Position) (f Finding, ok bool, err error)
	// Clear says why vals (best first) are not a puzzle, or nil when the
	// best beats every other by the game's margin.
	Clear(vals []Value) error
	// Theme is the key of what move does in pos ("capture"); cheap.
	Theme(pos games.Position, move string) (string, error)
	// Throw is the throw already made in pos, as records write it ("" where
	// the game throws nothing); cheap.
	Throw(pos games.Position) string
}

// Finding is what an examiner found in a position.
type Finding struct {
	Moves []Value // every legal move, best first
	Exact bool    // the chances are exact (Aseb's table)
	// Calibrated says the chances came from a judge whose chances passed
	// the calibration check (ai.Checked).
	Calibrated bool
}

// ExaminerFactory makes the examiner of a game for one configuration, with
// what the process gave the computer (ai.Env: Aseb's tables).
type ExaminerFactory func(cfg games.Config, env ai.Env) (Examiner, error)

var examiners sync.Map // game name -> ExaminerFactory

// Register sets the examiner of a game; a game has at most one.
func Register(game string, f ExaminerFactory) {
	if _, dup := examiners.LoadOrStore(game, f); dup {
		panic("puzzles: Register called twice for " + game)
	}
}

// NewExaminer makes game's examiner for cfg with env's resources.
func NewExaminer(game string, cfg games.Config, env ai.Env) (Examiner, error) {
	f, ok := examiners.Load(game)
	if !ok {
		return nil, fmt.Errorf("puzzles: no examiner for %s: %w", game, games.ErrBadConfig)
	}
	return f.(ExaminerFactory)(cfg, env)
}
