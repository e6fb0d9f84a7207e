package main

import (
	"fmt"
	"io"
	"strings"

	"kilab/games"
)

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("replay", "--game G [--variant V] [--opt key=value]... [--position P] RECORD...",
		"Replays a record and prints, per ply, its number, the token and the position after it\n"+
			"(tab-separated), then the outcome. A record token is THROWS:MOVE (\"2,3:5-8\"), MOVE,\n"+
			"or THROWS: for throws whose move is still to come. An illegal ply stops the replay\n"+
			"with the reason, and the exit code is 1.", stderr)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	game, pos, err := g.start()
	if err != nil {
		return fail(stderr, err)
	}
	plies, err := games.ParseRecord(strings.Join(fs.Args(), " "))
	if err != nil {
		return fail(stderr, err)
	}
	final, err := games.Replay(pos, plies, func(i int, p games.Ply, after games.Position) {
		fmt.Fprintf(stdout, "%d\t%s\t%s\n", i+1, p, after)
	})
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
