package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"kilab/ai"
	"kilab/ai/asebai"
	"kilab/games"
)

// analyseBudget bounds the judging a command line run does.
const analyseBudget = 5 * time.Minute

func runAnalyse(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("analyse", "--game G [--variant V] [--opt key=value]... [--position P] [--throw N] [--tables DIR]",
		"Prints every legal move of the player on move with the mover's chance of winning after it,\n"+
			"best first: MOVE, the chance in percent, and \"exact\" (Aseb, from a solved table),\n"+
			"\"calibrated\" (Tab: the engine's, checked against games) or \"estimate\" (the engine's),\n"+
			"tab-separated. In dice games --throw gives the score to play\n"+
			"when the position waits for a throw (Tab: a 2 or 3, which ends the throwing).", stderr)
	var throw intFlag
	fs.Var(&throw, "throw", "the score `N` to play, in dice games")
	tables := fs.String("tables", "", "a folder `DIR` of solved Aseb tables (kilab solve), for exact figures")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		return fail(stderr, fmt.Errorf("analyse takes no arguments, got %q", fs.Args()))
	}
	game, pos, err := g.start()
	if err != nil {
		return fail(stderr, err)
	}
	if pos, err = thrown(game, pos, throw); err != nil {
		return fail(stderr, err)
	}
	judge, err := judgeFor(game, g, *tables)
	if err != nil {
		return fail(stderr, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), analyseBudget)
	defer cancel()
	vals, exact, err := ai.Analyse(ctx, judge, pos)
	if err != nil {
		return fail(stderr, err)
	}
	for _, v := range vals {
		fmt.Fprintf(stdout, "%s\t%.2f%%\t%s\n", v.Move, 100*v.Chance, ai.TrustOf(judge, exact))
	}
	return 0
}

// thrown applies --throw where the position waits for a throw.
func thrown(game games.Game, pos games.Position, throw intFlag) (games.Position, error) {
	due := pos.Due()
	switch {
	case due.Kind == games.DueNothing:
		return nil, fmt.Errorf("the game is over: %s", describeOutcome(game, pos.Outcome()))
	case due.Kind == games.DueMove && throw.set:
		return nil, errors.New("a move is due, not a throw: leave out --throw")
	case due.Kind == games.DueMove:
		return pos, nil
	case !throw.set:
		return nil, fmt.Errorf("%s must throw first: give --throw N", game.Seats()[due.Player])
	case throw.n < 0 || throw.n > 6:
		return nil, fmt.Errorf("%d is not a throw of %s", throw.n, game.Title())
	}
	next, err := games.ThrowAs(pos, due.Player, games.Throw(throw.n))
	if err != nil {
		return nil, err
	}
	if next.Due().Kind != games.DueMove {
		return nil, fmt.Errorf("after a %d another throw is due: give a position where the throwing is done", throw.n)
	}
	return next, nil
}

// judgeFor is the game's judge, with the Aseb tables of dir if given.
func judgeFor(game games.Game, g *gameFlags, dir string) (ai.Judge, error) {
	cfg, err := games.Normalize(game, games.Config{Variant: g.variant, Options: g.opts})
	if err != nil {
		return nil, err
	}
	tables := asebai.OpenTables(dir, nil)
	if dir != "" && game.Name() == "aseb" && !tables.Has(cfg) {
		return nil, fmt.Errorf("no table for aseb %s in %s: make it with kilab solve", cfg, dir)
	}
	return tables.With(ai.Env{}).Judge(game.Name(), cfg)
}

func runReview(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("review", "[--game G] [--variant V] [--opt key=value]... [--revision N] [--tables DIR] [RECORD... | - | < FILE]",
		"Judges a game's record ply by ply and prints, tab-separated: the ply's number, its token,\n"+
			"the first player's chance of winning after it in percent, and, for a move chosen among\n"+
			"several, the best move and what the one played cost the mover in points of winning\n"+
			"chance (0.00 for the best). A last line says whether the figures are exact (Aseb, from\n"+
			"a solved table), calibrated (Tab: the engine's, checked against games) or the engine's\n"+
			"estimate. The record is read as kilab replay reads it:\n"+
			"tokens, or the file /history sends, whose header gives the game and the rest.", stderr, fromRecord)
	tables := fs.String("tables", "", "a folder `DIR` of solved Aseb tables (kilab solve), for exact figures")
	var rev intFlag
	fs.Var(&rev, "revision", revisionHelp)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	game, pos, plies, err := g.loadRecord(fs.Args(), rev)
	if err != nil {
		return fail(stderr, err)
	}
	judge, err := judgeFor(game, g, *tables)
	if err != nil {
		return fail(stderr, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), analyseBudget)
	defer cancel()
	r, err := ai.ReviewGame(ctx, judge, pos, plies)
	if err != nil {
		return fail(stderr, olderRules(err, pos, plies))
	}
	fmt.Fprintf(stdout, "0\tstart\t%.2f%%\n", 100*r.Start)
	for _, p := range r.Plies {
		line := fmt.Sprintf("%d\t%s\t%.2f%%", p.N, p.Ply, 100*p.Chance)
		if p.Choices > 1 {
			line += fmt.Sprintf("\t%s\t%.2f", p.Best, 100*p.Cost)
		}
		fmt.Fprintln(stdout, line)
	}
	fmt.Fprintf(stdout, "figures\t%s\n", r.Trust)
	return 0
}
