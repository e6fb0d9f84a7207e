package main

import (
	"fmt"
	"io"

	"kilab/games"
)

func runMoves(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("moves", "--game G [--variant V] [--opt key=value]... [--position P] [--throw N]",
		"Prints the legal moves of the player on move, one per line, in the game's notation.\n"+
			"In dice games --throw gives the score to play (Aseb 0-4, Tab 1, 2, 3, 4 or 6).", stderr)
	var throw intFlag
	fs.Var(&throw, "throw", "the score `N` to play, in dice games")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		return fail(stderr, fmt.Errorf("moves takes no arguments, got %q", fs.Args()))
	}
	game, pos, err := g.start()
	if err != nil {
		return fail(stderr, err)
	}
	moves, err := listMoves(game, pos, throw)
	if err != nil {
		return fail(stderr, err)
	}
	for _, m := range moves {
		fmt.Fprintln(stdout, m.Notation)
	}
	return 0
}

func listMoves(game games.Game, pos games.Position, throw intFlag) ([]games.Move, error) {
	due := pos.Due()
	if throw.set {
		sl, ok := pos.(games.ScoreLister)
		if !ok {
			return nil, fmt.Errorf("%s has no throws: leave out --throw", game.Name())
		}
		if throw.n < 0 || throw.n > 6 { // games.Throw is small: keep 258 from wrapping to 2
			return nil, fmt.Errorf("%d is not a throw of %s", throw.n, game.Title())
		}
		return sl.MovesFor(games.Throw(throw.n))
	}
	switch due.Kind {
	case games.DueNothing:
		return nil, fmt.Errorf("the game is over: %s", describeOutcome(game, pos.Outcome()))
	case games.DueThrow:
		return nil, fmt.Errorf("%s must throw first: give --throw N", game.Seats()[due.Player])
	}
	return pos.Moves(), nil
}

func describeOutcome(game games.Game, o games.Outcome) string {
	switch o.Status {
	case games.Won:
		return fmt.Sprintf("%s won (%s)", game.Seats()[o.Winner], o.Reason)
	case games.Drawn:
		return fmt.Sprintf("draw (%s)", o.Reason)
	}
	return "ongoing"
}
