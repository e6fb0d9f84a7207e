package ai

import (
	"context"
	"fmt"
	"sync"

	"kilab/games"
)

// Judge estimates what a position is worth, for reviews and analysis.
type Judge interface {
	// WinChance is the chance that seat 0 (games.First) wins from pos, in [0, 1],
	// a draw counting half, with best play by both sides from here. Exact says the
	// figure is the game's true value (Aseb's solved tables) rather than an
	// engine's estimate. pos may be at any point: a throw due, a move due, or
	// over (then the figure is 1, 0 or ½, exact).
	WinChance(ctx context.Context, pos games.Position) (chance float64, exact bool, err error)
}

// JudgeFactory makes the judge for one configuration of a game, with what
// the process gave the computer (Env).
type JudgeFactory func(cfg games.Config, env Env) (Judge, error)

var judges sync.Map // game name -> JudgeFactory

// RegisterJudge sets the judge of a game; a game has at most one.
func RegisterJudge(game string, f JudgeFactory) {
	if _, dup := judges.LoadOrStore(game, f); dup {
		panic("ai: RegisterJudge called twice for " + game)
	}
}

// NewJudge makes the judge of game for cfg, with no resources (Env).
func NewJudge(game string, cfg games.Config) (Judge, error) {
	return newJudge(game, cfg, Env{})
}

func newJudge(game string, cfg games.Config, env Env) (Judge, error) {
	f, ok := judges.Load(game)
	if !ok {
		return nil, fmt.Errorf("ai: no judge for %s: %w", game, games.ErrBadConfig)
	}
	return f.(JudgeFactory)(cfg, env)
}

// Final is the value of a finished game for seat 0: 1, 0 or ½; ok is false while
// the game goes on. Judges start from it.
func Final(pos games.Position) (chance float64, ok bool) {
	o := pos.Outcome()
	switch {
	case o.Status == games.Drawn:
		return 0.5, true
	case o.Status == games.Won && o.Winner == games.First:
		return 1, true
	case o.Status == games.Won:
		return 0, true
	}
	return 0, false
}

// Settled scores a finished game for player me, for evaluations: 1 won, -1
// lost, 0 drawn; over is false while the game goes on.
func Settled(pos games.Position, me games.Player) (score float64, over bool) {
	o := pos.Outcome()
	switch {
	case !o.Over():
		return 0, false
	case o.Status == games.Drawn:
		return 0, true
	case o.Winner == me:
		return 1, true
	}
	return -1, true
}

// Trust is how far a judge's chances can be taken at their word.
type Trust int

const (
	// Estimate is an engine's figure that nobody has checked against games.
	Estimate Trust = iota
	// Calibrated is an engine's figure checked against games (docs/ai.md):
	// in every tenth of predicted chance, the share of games won came within
	// 3 points of the tenth's mean chance.
	Calibrated
	// Exact is the game's true value (Aseb's solved tables).
	Exact
)

func (t Trust) String() string {
	switch t {
	case Exact:
		return "exact"
	case Calibrated:
		return "calibrated"
	}
	return "estimate"
}

// Checked is a judge that says whether its estimates passed the calibration
// check; a judge that is not Checked gives estimates.
type Checked interface {
	Calibrated() bool
}

// TrustOf is the trust of figures j gave, exact (every one of them) or not.
func TrustOf(j Judge, exact bool) Trust {
	if exact {
		return Exact
	}
	if c, ok := j.(Checked); ok && c.Calibrated() {
		return Calibrated
	}
	return Estimate
}
