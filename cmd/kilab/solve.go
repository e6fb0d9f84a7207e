package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"kilab/ai/asebai"
	"kilab/games"
)

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("solve", "--game aseb [--variant V] [--opt key=value]... [-o FILE]",
		"Solves 5-piece Aseb exactly: every position's chance of winning with perfect play by both,\n"+
			"to a Bellman residual below 1e-9, written as a table file the bot plays from. The file\n"+
			"keeps each chance to the nearest 1/65,535, so a move picked from it is worth at most\n"+
			"1/65,535 (0.0015 points of winning chance) less than the best; only between two moves\n"+
			"closer than that may it pick the worse (see docs/aseb-solved.md).\n"+
			"Progress goes to standard error; the first player's winning chance, the time taken and\n"+
			"the file to standard output. Default file: the table's own name (see docs/aseb-solved.md).", stderr,
		noPosition, onlyGame("aseb", map[string][]string{"pieces": {"5"}}))
	var out string
	fs.StringVar(&out, "o", "", "the `FILE` to write the table to (default: its own name, in this folder)")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	switch {
	case fs.NArg() > 0:
		return fail(stderr, fmt.Errorf("solve takes no arguments, got %q", fs.Args()))
	case g.game != "aseb":
		return fail(stderr, fmt.Errorf("only Aseb is solved: give --game aseb (Tab and Seega are played by search)"))
	case g.position.set:
		return fail(stderr, fmt.Errorf("solve covers every position: leave out --position"))
	}
	game, _, err := g.start()
	if err != nil {
		return fail(stderr, err)
	}
	cfg, err := games.Normalize(game, games.Config{Variant: g.variant, Options: g.opts})
	if err != nil {
		return fail(stderr, err)
	}
	if out == "" {
		out = asebai.FileName(cfg)
	}
	return solveTo(cfg, out, stdout, stderr)
}

func solveTo(cfg games.Config, out string, stdout, stderr io.Writer) int {
	began := time.Now()
	t, st, err := asebai.Solve(cfg, runtime.GOMAXPROCS(0), func(s string) { fmt.Fprintf(stderr, "%6.1fs  %s\n", time.Since(began).Seconds(), s) })
	if err != nil {
		return fail(stderr, err)
	}
	if err := t.Save(out); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "aseb %s: %d positions, residual %.1e, %d layer sweeps in %s%s\n",
		cfg, st.Positions, st.Residual, st.Sweeps, st.Took.Round(time.Second), peakMemory())
	fmt.Fprintf(stdout, "the first player wins %.4f%% of games with perfect play by both\n", 100*t.FirstWins())
	fmt.Fprintf(stdout, "table written to %s\n", out)
	return 0
}

// peakMemory says how much memory the process has held at most (Linux's
// VmHWM: resident, the solve's values included, which live outside Go's
// heap), or nothing where that is not known.
func peakMemory() string {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(status), "\n") {
		if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var n int64
			if _, err := fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(kb), " kB"), &n); err == nil {
				return fmt.Sprintf(" (peak memory %d MiB)", n>>10)
			}
		}
	}
	return ""
}
