package ai

import (
	"context"
	"fmt"
	"io"
	"sync"

	"kilab/games"
)

// Training is a run of kilab train: a game's evaluation learned by playing
// itself, written as the file its agent package embeds.
type Training struct {
	Config   games.Config // the configuration to learn; with no variant, the one the shipped weights learned on
	Games    int          // self-played games
	Seed     uint64       // of the first weights and of every throw: the same seed writes the same file
	Workers  int          // games played at once; the same seed and workers write the same file
	Progress func(done int, note string)
}

// ReportTD passes a TD(λ) training's progress to Progress, if set: the
// games played and the mean squared TD error.
func (t Training) ReportTD(done int, mse float64) {
	if t.Progress != nil {
		t.Progress(done, fmt.Sprintf("mean squared TD error %.4f", mse))
	}
}

// TrainFunc runs a training and writes the network it learned to out.
type TrainFunc func(ctx context.Context, t Training, out io.Writer) error

var trainers sync.Map // game -> TrainFunc

// RegisterTraining makes a game's evaluation learnable by kilab train.
// Registering twice for one game is a programming error and panics.
func RegisterTraining(game string, f TrainFunc) {
	if _, dup := trainers.LoadOrStore(game, f); dup {
		panic("ai: RegisterTraining called twice for " + game)
	}
}

// Train runs t for game, writing the network to out.
func Train(ctx context.Context, game string, t Training, out io.Writer) error {
	f, ok := trainers.Load(game)
	if !ok {
		return fmt.Errorf("ai: %s has no learned evaluation to train", game)
	}
	return f.(TrainFunc)(ctx, t, out)
}

// Trainable lists the games kilab train covers.
func Trainable() []string {
	var out []string
	for _, g := range games.Names() {
		if _, ok := trainers.Load(g); ok {
			out = append(out, g)
		}
	}
	return out
}
