package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"kilab/ai"
	"kilab/ai/asebai"
	"kilab/games"
	"kilab/puzzles"
)

// runPuzzles generates puzzles, or with "verify" first checks a file of them.
func runPuzzles(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "verify" {
		return runPuzzlesVerify(args[1:], stdout, stderr)
	}
	fs, g := newFlagSet("puzzles", "--game G [--variant V] [--opt key=value]... -n N -o FILE [--seed S] [--games MAX] [--tables DIR]\n"+
		"       kilab puzzles verify [--tables DIR] [--cheap] FILE",
		"Plays games between the computer's levels and writes the puzzles found in them to FILE:\n"+
			"positions where one move beats every other by a clear margin (Aseb: 10 points of winning\n"+
			"chance under the solved table, so --tables is required; Tab and Seega: two pieces won within\n"+
			"the turn and the reply, by a search deeper than hard's, that no other move keeps; failing that,\n"+
			"in Tab and in Seega on 5 x 5, 10 points of winning chance as the judge gives it). Progress\n"+
			"and the counts (games, candidates examined, puzzles) go to standard error.\n"+
			"kilab puzzles verify FILE checks every puzzle of a file again and exits 1 at the first bad one.", stderr, noPosition)
	var n, maxGames int
	var out, tableDir string
	var seed uint64
	fs.IntVar(&n, "n", 0, "how many puzzles `N` to find (required)")
	fs.StringVar(&out, "o", "", "the `FILE` to write them to (required)")
	fs.Uint64Var(&seed, "seed", 1, "the seed `S` of game 0; game i uses S+i")
	fs.IntVar(&maxGames, "games", 0, "stop after `MAX` games even if fewer puzzles were found (default 50 a puzzle)")
	fs.StringVar(&tableDir, "tables", "", "a folder `DIR` of solved Aseb tables (kilab solve), required for Aseb")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	gen, err := generator(g, fs.Args(), n, out, tableDir)
	if err != nil {
		return fail(stderr, err)
	}
	gen.Seed, gen.MaxGames = seed, maxGames
	gen.Progress = func(s puzzles.Stats) {
		fmt.Fprintf(stderr, "%6.1fs  %d games, %d candidates, %d puzzles\n", s.Took.Seconds(), s.Games, s.Candidates, s.Passed)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	found, st, err := gen.Run(ctx, n)
	interrupted := errors.Is(err, context.Canceled) && len(found) > 0 // keep what was found
	if err != nil && !interrupted {
		return fail(stderr, err)
	}
	if err := writeSet(out, puzzles.Set{Puzzles: found}); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "%d puzzles of %s %s from %d candidates in %d games, %s; written to %s\n",
		len(found), gen.Game.Name(), gen.Config, st.Candidates, st.Games, st.Took.Round(time.Millisecond), out)
	if interrupted {
		fmt.Fprintf(stderr, "kilab: interrupted after %d of the %d puzzles asked for\n", len(found), n)
		return 1
	}
	if len(found) < n {
		fmt.Fprintf(stderr, "kilab: only %d of the %d puzzles asked for were found: give more --games\n", len(found), n)
		return 1
	}
	return 0
}

// generator checks the flags and makes the generator they describe.
func generator(g *gameFlags, rest []string, n int, out, tableDir string) (puzzles.Generator, error) {
	switch {
	case len(rest) > 0:
		return puzzles.Generator{}, fmt.Errorf("puzzles takes no arguments, got %q (kilab puzzles verify FILE checks a file)", rest)
	case n <= 0:
		return puzzles.Generator{}, fmt.Errorf("-n must be at least 1, got %d", n)
	case out == "":
		return puzzles.Generator{}, errors.New("-o FILE is required: where to write the puzzles")
	case g.position.set:
		return puzzles.Generator{}, errors.New("puzzles come from whole games: leave out --position")
	}
	game, _, err := g.start()
	if err != nil {
		return puzzles.Generator{}, err
	}
	cfg, err := games.Normalize(game, games.Config{Variant: g.variant, Options: g.opts})
	if err != nil {
		return puzzles.Generator{}, err
	}
	env, err := tablesEnv(game.Name(), []games.Config{cfg}, tableDir)
	return puzzles.Generator{Game: game, Config: cfg, Env: env}, err
}

// tablesEnv is the computer's Env with the Aseb tables of dir; Aseb's
// puzzles need the table of every configuration in cfgs.
func tablesEnv(game string, cfgs []games.Config, dir string) (ai.Env, error) {
	tables := asebai.OpenTables(dir, nil)
	for _, cfg := range cfgs {
		if game != "aseb" || tables.Has(cfg) {
			continue
		}
		if n, ok := cfg.Options["pieces"]; ok && n != "5" {
			return ai.Env{}, fmt.Errorf("aseb %s has no puzzles: they are exact, and only 5-piece Aseb is solved", cfg)
		}
		if dir == "" {
			return ai.Env{}, fmt.Errorf("puzzles of Aseb are exact: give --tables DIR, a folder with the solved table of aseb %s (kilab solve)", cfg)
		}
		return ai.Env{}, fmt.Errorf("no table for aseb %s in %s: make it with kilab solve", cfg, dir)
	}
	return tables.With(ai.Env{}), nil
}

func writeSet(path string, set puzzles.Set) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := set.Write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func runPuzzlesVerify(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: kilab puzzles verify [--tables DIR] [--cheap] FILE\n\n%s\n\nFlags:\n",
			"Checks every puzzle of FILE again: that its position reads back with its legal moves, its\n"+
				"throw, theme and margin, and (unless --cheap) that examining the position again finds the\n"+
				"same best move, values and difficulty. Prints one line per game and configuration; the\n"+
				"first bad puzzle is an error, and the exit code 1.")
		printFlags(fs, true)
	}
	tableDir := fs.String("tables", "", "a folder `DIR` of solved Aseb tables (kilab solve), required to verify Aseb puzzles whole")
	cheap := fs.Bool("cheap", false, "check only what needs no search")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() != 1 {
		return fail(stderr, fmt.Errorf("puzzles verify takes one FILE, got %q", fs.Args()))
	}
	set, err := readSet(fs.Arg(0))
	if err != nil {
		return fail(stderr, err)
	}
	counts, err := verifySet(set, *tableDir, *cheap)
	for _, c := range counts {
		fmt.Fprintf(stdout, "%s\t%d puzzles\tok\n", c.key, c.n)
	}
	if err != nil {
		return fail(stderr, err)
	}
	return 0
}

func readSet(path string) (puzzles.Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return puzzles.Set{}, err
	}
	defer f.Close()
	set, err := puzzles.Read(f)
	if err != nil {
		return set, fmt.Errorf("%s: %w", path, err)
	}
	return set, nil
}

// count is how many puzzles of one game and configuration passed.
type count struct {
	key string
	n   int
}

// verifySet checks every puzzle of set and counts those that pass, by game
// and configuration in the order met, until the first that does not.
func verifySet(set puzzles.Set, tableDir string, cheap bool) ([]count, error) {
	c := puzzles.Checker{Env: asebai.OpenTables(tableDir, nil).With(ai.Env{})}
	var counts []count
	for i, p := range set.Puzzles {
		if p.Game == "aseb" && !cheap {
			if _, err := tablesEnv(p.Game, []games.Config{p.Config}, tableDir); err != nil {
				return counts, fmt.Errorf("puzzle %d: %w (or give --cheap)", i+1, err)
			}
		}
		check := c.Full
		if cheap {
			check = func(_ context.Context, p puzzles.Puzzle) error { return c.Cheap(p) }
		}
		if err := check(context.Background(), p); err != nil {
			return counts, fmt.Errorf("puzzle %d of %d is bad: %w", i+1, len(set.Puzzles), err)
		}
		key := p.Game + " " + p.Config.String()
		if len(counts) == 0 || counts[len(counts)-1].key != key {
			counts = append(counts, count{key: key})
		}
		counts[len(counts)-1].n++
	}
	return counts, nil
}
