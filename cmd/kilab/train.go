package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"kilab/ai"
	"kilab/games"
)

func runTrain(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("train", "--game G [--variant V] [--opt key=value]... [--games N] [--seed S] [--workers W] -o FILE",
		"Learns a game's evaluation by playing itself (TD(λ), docs/ai.md) and writes the network to\n"+
			"FILE, the kind of file the computer's hard level plays from. The same seed, games and\n"+
			"workers write the same file. Without --variant or --opt it learns as the shipped weights\n"+
			"did (Tab: on the default board, for every width; Seega: 5 x 5, free, one network for each\n"+
			"size); with them, on that configuration. Progress goes to stderr every 1,000 games.",
		stderr, noPosition, onlyGames(ai.Trainable()))
	var n, workers int
	var seed uint64
	var out string
	fs.IntVar(&n, "games", 100000, "how many games `N` to play")
	fs.Uint64Var(&seed, "seed", 1, "the seed `S` of the first weights and of every throw")
	fs.IntVar(&workers, "workers", 1, "how many games `W` to play at once, on as many cores; with more than one, the games of each\n"+
		"round of W are played on the network as the rounds before left it, and learned from in order (docs/ai.md)")
	fs.StringVar(&out, "o", "", "the network's file `FILE` (required)")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	t, err := training(g, fs.Args(), n, seed, workers, out)
	if err != nil {
		return fail(stderr, err)
	}
	began := time.Now()
	t.Progress = func(done int, note string) {
		if done%1000 == 0 {
			fmt.Fprintf(stderr, "%d of %d games, %s, %v\n", done, n, note, time.Since(began).Round(time.Second))
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := writeTraining(ctx, g.game, t, out); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "%s: %s learned from %d games (seed %d) in %v\n", out, g.game, n, seed, time.Since(began).Round(time.Second))
	return 0
}

// training checks the flags and makes the run they describe.
func training(g *gameFlags, rest []string, n int, seed uint64, workers int, out string) (ai.Training, error) {
	switch {
	case len(rest) > 0:
		return ai.Training{}, fmt.Errorf("train takes no arguments, got %q", rest)
	case out == "":
		return ai.Training{}, errors.New("-o FILE is required: where the network goes")
	case n <= 0:
		return ai.Training{}, fmt.Errorf("--games must be at least 1, got %d", n)
	case workers <= 0:
		return ai.Training{}, fmt.Errorf("--workers must be at least 1, got %d", workers)
	case g.position.set:
		return ai.Training{}, errors.New("train plays from the start: leave out --position")
	}
	game, _, err := g.start() // checks the game and its configuration
	if err != nil {
		return ai.Training{}, err
	}
	if !slices.Contains(ai.Trainable(), game.Name()) {
		return ai.Training{}, fmt.Errorf("%s has no learned evaluation: train covers %s", game.Name(), strings.Join(ai.Trainable(), ", "))
	}
	t := ai.Training{Games: n, Seed: seed, Workers: workers}
	if g.variant != "" || len(g.opts) > 0 {
		if t.Config, err = games.Normalize(game, games.Config{Variant: g.variant, Options: g.opts}); err != nil {
			return ai.Training{}, err
		}
	}
	return t, nil
}

// writeTraining runs t and writes its network to path through a file
// beside it, renamed when whole: an interrupted run leaves no half file.
func writeTraining(ctx context.Context, game string, t ai.Training, path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".train-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := f.Chmod(0o644); err != nil { // as a file written directly: CreateTemp's are private
		f.Close()
		return err
	}
	if err := ai.Train(ctx, game, t, f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %s not written", path)
	}
	return os.Rename(f.Name(), path)
}
