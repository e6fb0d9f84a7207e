package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
)

// demoMoves bounds a demo game; every engine ends its games well before.
const demoMoves = 5000

func runDemo(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("demo", "--game G [--variant V] [--opt key=value]... [--seed N] -o DIR",
		"Plays a whole game of random legal moves, with throws from a seeded source, and\n"+
			"writes every position to DIR as numbered PNGs (000.png is the start; a game of\n"+
			"1,000 plies or more numbers them with four digits, from 0000.png), the game as\n"+
			"an animated replay.gif, and its record as record.txt; prints the record and the\n"+
			"outcome. The same seed gives the same game.", stderr, noPosition)
	seed := fs.Uint64("seed", 1, "the seed `N` of the throws and moves")
	dir := fs.String("o", "", "the directory `DIR` to write into, created if missing (required)")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	switch {
	case fs.NArg() > 0:
		return fail(stderr, fmt.Errorf("demo takes no arguments, got %q", fs.Args()))
	case *dir == "":
		return fail(stderr, fmt.Errorf("-o DIR is required"))
	case g.position.set:
		return fail(stderr, fmt.Errorf("a demo plays from the start: leave out --position"))
	}
	game, start, err := g.start()
	if err != nil {
		return fail(stderr, err)
	}
	cfg, err := g.config(game)
	if err != nil {
		return fail(stderr, err)
	}
	plies, err := render.RandomRecord(start, games.Seeded(*seed), demoMoves)
	if err != nil {
		return fail(stderr, err)
	}
	if err := writeDemo(*dir, game, cfg, start, plies); err != nil {
		return fail(stderr, err)
	}
	final, _, _ := render.FromRecord(start, plies)
	fmt.Fprintln(stdout, games.FormatRecord(plies))
	fmt.Fprintf(stdout, "outcome\t%s\n", describeState(game, final))
	return 0
}

// writeDemo writes the pictures of every position, the replay and the record.
func writeDemo(dir string, game games.Game, cfg games.Config, start games.Position, plies []games.Ply) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := removeOldFrames(dir); err != nil {
		return err
	}
	digits := max(len(fmt.Sprint(len(plies))), 3)
	pos, last := start, render.Last{}
	for n := 0; n <= len(plies); n++ {
		if n > 0 {
			p := plies[n-1]
			p.Player = pos.Due().Player
			var err error
			if pos, last, err = last.After(pos, p); err != nil {
				return err
			}
		}
		png, err := render.Board(lang.En, game, cfg, pos, last)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("%0*d.png", digits, n)
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			return err
		}
	}
	gif, err := render.Replay(lang.En, game, cfg, plies)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "replay.gif"), gif, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "record.txt"), []byte(games.FormatRecord(plies)+"\n"), 0o644)
}

// removeOldFrames deletes the numbered pictures an earlier demo wrote in dir
// (000.png, 001.png ...), so that a shorter game leaves none of a longer
// one's behind. Nothing else in dir is touched.
func removeOldFrames(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Type().IsRegular() && isFrameName(e.Name()) {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// isFrameName reports whether name is one of demo's pictures: digits, .png.
func isFrameName(name string) bool {
	digits, ok := strings.CutSuffix(name, ".png")
	if !ok || len(digits) < 3 {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
