package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"kilab/games"
)

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("replay", "--game G [--variant V] [--opt key=value]... [--position P] [--revision N] RECORD...",
		"Replays a record and prints, per ply, its number, the token and the position after it\n"+
			"(tab-separated), then the outcome. A record token is THROWS:MOVE (\"2,3:5-8\"), MOVE,\n"+
			"or THROWS: for throws whose move is still to come. An illegal ply stops the replay\n"+
			"with the reason, and the exit code is 1.\n\n"+
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
	plies, err := games.ParseRecord(strings.Join(fs.Args(), " "))
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
