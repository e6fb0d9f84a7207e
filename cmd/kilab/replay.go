package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"kilab/games"
)

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("replay", "--game G [--variant V] [--opt key=value]... [--position P] [--revision N] [RECORD... | - | < FILE]",
		"Replays a record and prints, per ply, its number, the token and the position after it\n"+
			"(tab-separated), then the outcome. A record token is THROWS:MOVE (\"2,3:5-8\"), MOVE,\n"+
			"or THROWS: for throws whose move is still to come. An illegal ply stops the replay\n"+
			"with the reason, and the exit code is 1. With no RECORD (or \"-\") the record is read\n"+
			"from standard input, such as the file /history sends.\n\n"+
			"With --revision N the record was played under rules revision N (a /history file says\n"+
			"so): a ply that the current rules refuse is replayed as revision N played it, where\n"+
			"it did, and its line gets a fourth field, \"revision N\".", stderr)
	rev := fs.Int("revision", 0, "the rules revision the record was played under (default: the current)")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if *rev < 0 {
		return fail(stderr, fmt.Errorf("--revision %d: a revision is 1 or more", *rev))
	}
	game, pos, err := g.start()
	if err != nil {
		return fail(stderr, err)
	}
	plies, err := readRecord(fs.Args())
	if err != nil {
		return fail(stderr, err)
	}
	for i := range plies {
		plies[i].Revision = *rev
	}
	final, err := games.ReplayRevised(pos, plies, func(i int, p games.Ply, after games.Position, old bool) {
		if old {
			fmt.Fprintf(stdout, "%d\t%s\t%s\trevision %d\n", i+1, p, after, p.Revision)
			return
		}
		fmt.Fprintf(stdout, "%d\t%s\t%s\n", i+1, p, after)
	})
	if err != nil && *rev == 0 && errors.Is(err, games.ErrIllegalMove) && games.RevisionOf(pos) > 1 {
		err = fmt.Errorf("%w (a record of older rules? its /history file gives the --revision to replay it with)", err)
	}
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "outcome\t%s\n", describeState(game, final))
	return 0
}

// readRecord reads a record's plies from the arguments or standard input
// (recordText).
func readRecord(args []string) ([]games.Ply, error) {
	text, err := recordText(args)
	if err != nil {
		return nil, err
	}
	return games.ParseRecord(text)
}

// stdin is where replay reads a record given neither as arguments nor as
// "-" ... from; tests replace it.
var stdin io.Reader = os.Stdin

// maxRecord bounds a record read from standard input.
const maxRecord = 16 << 20

// recordText is the record: the arguments, or, with none (or "-"), standard
// input, unless that is a terminal, where nothing would come.
func recordText(args []string) (string, error) {
	if len(args) > 0 && !(len(args) == 1 && args[0] == "-") {
		return strings.Join(args, " "), nil
	}
	if f, ok := stdin.(*os.File); ok && len(args) == 0 {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return "", errors.New("no record: give its tokens as arguments, or on standard input (kilab replay --game G < game.txt)")
		}
	}
	b, err := io.ReadAll(io.LimitReader(stdin, maxRecord+1))
	switch {
	case err != nil:
		return "", fmt.Errorf("reading the record from standard input: %w", err)
	case len(b) > maxRecord:
		return "", fmt.Errorf("the record on standard input is over %d MiB", maxRecord>>20)
	}
	return string(b), nil
}

// describeState says how the game stands: its outcome, or who does what next.
func describeState(game games.Game, pos games.Position) string {
	due := pos.Due()
	seat := game.Seats()[due.Player]
	switch due.Kind {
	case games.DueThrow:
		return "ongoing, " + seat + " to throw"
	case games.DueMove:
		return "ongoing, " + seat + " to move"
	}
	return describeOutcome(game, pos.Outcome())
}
