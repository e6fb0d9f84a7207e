package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"time"

	"kilab/ai"
	"kilab/ai/asebai"
	"kilab/ai/learn"
	"kilab/games"
)

func runArena(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("arena", "--game G [--variant V] [--opt key=value]... -a AGENT -b AGENT [--games N] [--seed S]\n       [--budget T] [--workers W] [--tables DIR] [--net FILE]",
		"Plays two computer agents against each other, seats alternating (A sits first in the\n"+
			"even-numbered games), and prints A's wins, draws and losses with 95% confidence\n"+
			"intervals (Wilson). Throws and the agents' choices come from --seed, so a match replays\n"+
			"exactly when its agents' limits are by depth rather than by time.\n"+
			"Agents: random, greedy, easy, medium, hard; for Tab and Seega also classic (hard before it learned);\n"+
			"for Seega also learned (hard's way on the network --net names, or the shipped one).", stderr, noPosition)
	var a, b string
	var n, workers int
	var seed uint64
	var budget time.Duration
	fs.StringVar(&a, "a", "", "agent A, an `AGENT` (required)")
	fs.StringVar(&b, "b", "", "agent B, an `AGENT` (required)")
	fs.IntVar(&n, "games", 100, "how many games, `N`")
	fs.Uint64Var(&seed, "seed", 1, "the seed `S` of game 0; game i uses S+i")
	fs.DurationVar(&budget, "budget", 2*time.Second, "the most time `T` an agent may think per move (2s, 500ms)")
	fs.IntVar(&workers, "workers", 0, "how many games `W` are played at once (default: one per CPU)")
	var calibrate bool
	fs.BoolVar(&calibrate, "calibrate", false, "also ask the game's judge for each player's chance at every move and print, for each tenth of chance, how often that player won, and the sharpening that fits the chances to the games best (docs/ai.md)")
	var tableDir string
	fs.StringVar(&tableDir, "tables", "", "a folder `DIR` of solved Aseb tables (kilab solve) for hard to play from (perfectly, to 1/65,535 a move); none: hard searches")
	var netFile string
	fs.StringVar(&netFile, "net", "", "a network `FILE` (kilab train) for Seega's learned level to play from and its judge to score on")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	m, err := arenaMatch(g, fs.Args(), a, b, n)
	if err != nil {
		return fail(stderr, err)
	}
	m.Seed, m.Budget, m.Workers = seed, budget, workers
	if netFile != "" {
		if m.Game.Name() != "seega" {
			return fail(stderr, fmt.Errorf("--net is for Seega's learned level; %s's levels play from what Kilab ships", m.Game.Name()))
		}
		data, err := os.ReadFile(netFile)
		if err != nil {
			return fail(stderr, err)
		}
		m.Env = m.Env.With("seega", learn.File(data))
	}
	if tableDir != "" {
		tables := asebai.OpenTables(tableDir, nil)
		m.Env = tables.With(m.Env)
		if m.Game.Name() == "aseb" && !tables.Has(m.Config) {
			return fail(stderr, fmt.Errorf("no table for aseb %s in %s: make it with kilab solve", m.Config, tableDir))
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	began := time.Now()
	var tally ai.Tally
	var cal ai.Calibration
	if calibrate {
		tally, cal, err = ai.Calibrate(ctx, m)
	} else {
		tally, err = ai.Play(ctx, m)
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return fail(stderr, err)
	}
	printTally(stdout, m, tally, time.Since(began))
	if calibrate {
		printCalibration(stdout, cal)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kilab: interrupted after %d of %d games\n", tally.Games(), n)
		return 1
	}
	return 0
}

// arenaMatch checks the flags and makes the match they describe.
func arenaMatch(g *gameFlags, rest []string, a, b string, n int) (ai.Match, error) {
	switch {
	case len(rest) > 0:
		return ai.Match{}, fmt.Errorf("arena takes no arguments, got %q", rest)
	case a == "" || b == "":
		return ai.Match{}, errors.New("-a and -b are required: name two agents (random, greedy, easy, medium, hard)")
	case n <= 0:
		return ai.Match{}, fmt.Errorf("--games must be at least 1, got %d", n)
	case g.position.set:
		return ai.Match{}, errors.New("arena plays from the start: leave out --position")
	}
	game, _, err := g.start() // checks the game and its configuration
	if err != nil {
		return ai.Match{}, err
	}
	cfg, err := games.Normalize(game, games.Config{Variant: g.variant, Options: g.opts})
	if err != nil {
		return ai.Match{}, err
	}
	return ai.Match{Game: game, Config: cfg, A: a, B: b, Games: n}, nil
}

// printTally writes the match's result as a small table, A's side first.
func printTally(w io.Writer, m ai.Match, t ai.Tally, took time.Duration) {
	fmt.Fprintf(w, "%s %s: %s (A) vs %s (B), %s, seed %d\n", m.Game.Name(), describeConfig(m.Config), m.A, m.B, gamesWord(t.Games()), m.Seed)
	row := func(label string, k int) {
		iv := ai.Wilson(k, t.Games())
		fmt.Fprintf(w, "  %-14s %6d  %5.1f%%  [%5.1f%%, %5.1f%%]\n", label, k, pct(k, t.Games()), 100*iv.Low, 100*iv.High)
	}
	row("A wins", t.Wins)
	row("draws", t.Draws)
	row("B wins", t.Losses)
	fmt.Fprintf(w, "  %s scores %.1f%% (a draw counts half); the first seat won %.1f%% of the games\n",
		m.A, 100*t.Score(), pct(t.FirstSeatWins, t.Games()))
	if t.Plies > 0 {
		fmt.Fprintf(w, "  %d moves chosen in %s (%s a move, with %s at once)\n",
			t.Plies, took.Round(time.Millisecond), (took / time.Duration(t.Plies)).Round(time.Microsecond), gamesWord(workersOf(m)))
	}
}

// gamesWord is "1 game", "2 games".
func gamesWord(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

func workersOf(m ai.Match) int {
	if m.Workers > 0 {
		return m.Workers
	}
	return runtime.GOMAXPROCS(0)
}

func pct(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}

// describeConfig is a configuration as the flags give it: "standard pieces=5".
func describeConfig(cfg games.Config) string {
	parts := []string{cfg.Variant}
	for _, k := range slices.Sorted(maps.Keys(cfg.Options)) {
		parts = append(parts, k+"="+cfg.Options[k])
	}
	return strings.Join(parts, " ")
}

// printCalibration writes the judge's calibration: for each tenth of
// predicted chance, the players' chances there, their mean and their
// players' mean score, the gap and its 95% margin, games taken as the units
// (ai.Calibration.Margin); the largest gap and the best
// sharpening; then the same means for the first seat and for the player on
// move over every position, which the table cannot show apart.
func printCalibration(w io.Writer, c ai.Calibration) {
	fmt.Fprintf(w, "the judge's chances for each player, at %d positions where a move was due:\n", c.Positions())
	fmt.Fprintf(w, "  %-9s %9s %10s %9s %6s %6s\n", "chance", "chances", "predicted", "observed", "gap", "±95%")
	for k, b := range c.Buckets {
		if b.Chances == 0 {
			continue
		}
		fmt.Fprintf(w, "  %3d-%3d%% %9d %9.1f%% %8.1f%% %+6.1f %6.1f\n", 10*k, 10*k+10, b.Chances,
			100*b.Predicted(), 100*b.Observed(), 100*(b.Observed()-b.Predicted()), 100*c.Margin(k))
	}
	fmt.Fprintf(w, "  largest gap %.1f points; the chances fit these games best sharpened by %.3f (their log-odds times it)\n",
		100*c.Worst(1), c.Sharpness())
	scale, power := c.Curve()
	fmt.Fprintf(w, "  or through a curve of their log-odds z, sign(z) × %.3f × |z|^%.3f\n", scale, power)
	for _, m := range []struct {
		who string
		b   ai.Bucket
	}{{"the first seat", c.Seat()}, {"the player on move", c.Mover()}} {
		fmt.Fprintf(w, "  %s, over every position: predicted %.1f%%, observed %.1f%%, gap %+.1f\n",
			m.who, 100*m.b.Predicted(), 100*m.b.Observed(), 100*(m.b.Observed()-m.b.Predicted()))
	}
}
