package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"kilab/games"
)

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("replay", "[--game G] [--variant V] [--opt key=value]... [--position P] [--revision N] [RECORD... | - | < FILE]",
		"Replays a record and prints, per ply, its number, the token and the position after it\n"+
			"(tab-separated), then the outcome. A record token is THROWS:MOVE (\"2,3:5-8\"), MOVE,\n"+
			"or THROWS: for throws whose move is still to come. An illegal ply stops the replay\n"+
			"with the reason, and the exit code is 1. With no RECORD (or \"-\") the record is read\n"+
			"from standard input: tokens, or the file /history sends, as it is. That file's header\n"+
			"gives the game, its variant and options and its rules revision, so --game and the\n"+
			"rest may be left out; flags that say otherwise than the file are refused.\n\n"+
			"With --revision N the record was played under rules revision N (a /history file says\n"+
			"so): a ply that the current rules refuse is replayed as revision N played it, where\n"+
			"it did, and its line gets a fourth field, \"revision N\".", stderr, fromRecord)
	var rev intFlag
	fs.Var(&rev, "revision", revisionHelp)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	game, pos, plies, err := g.loadRecord(fs.Args(), rev)
	if err != nil {
		return fail(stderr, err)
	}
	final, err := games.ReplayRevised(pos, plies, func(i int, p games.Ply, after games.Position, old bool) {
		if old {
			fmt.Fprintf(stdout, "%d\t%s\t%s\trevision %d\n", i+1, p, after, p.Revision)
			return
		}
		fmt.Fprintf(stdout, "%d\t%s\t%s\n", i+1, p, after)
	})
	if err != nil {
		return fail(stderr, olderRules(err, pos, plies))
	}
	fmt.Fprintf(stdout, "outcome\t%s\n", describeState(game, final))
	return 0
}

// revisionHelp is --revision's help, for replay and review.
const revisionHelp = "the rules revision `N` the record was played under, 1 or more (default: the current, or the one a /history file gives)"

// loadRecord reads the record (recordText) and resolves the game and its
// start. A /history file's header gives the game, its configuration and its
// rules revision where the flags leave them out; rev, when given, is every
// ply's revision.
func (g *gameFlags) loadRecord(args []string, rev intFlag) (games.Game, games.Position, []games.Ply, error) {
	text, err := recordText(args)
	if err != nil {
		return nil, nil, nil, err
	}
	if header, ok := historyReplay(text); ok {
		if rev, err = g.takeHeader(header, rev); err != nil {
			return nil, nil, nil, err
		}
	}
	if rev.set && rev.n < 1 {
		return nil, nil, nil, fmt.Errorf("--revision %d: revisions count from 1, a game's first rules; leave the flag out for the current rules", rev.n)
	}
	game, pos, err := g.start()
	if err != nil {
		return nil, nil, nil, err
	}
	plies, err := games.ParseRecord(text)
	if err != nil {
		return nil, nil, nil, err
	}
	for i := range plies {
		plies[i].Revision = rev.n // 0 when not given: the current
	}
	return game, pos, plies, nil
}

// replayLine is the header line of a /history file that says how to replay
// it ("# Replay: kilab replay --game aseb --variant standard --opt dice=sticks
// --revision 1 $(grep ...)"), in any language: its flags are the first group.
var replayLine = regexp.MustCompile(`(?m)^# [^:\n]*: kilab replay ((?:--[a-z]+ [^ \n]+ ?)+)\$\(grep -v '\^#' [^ \n]+ \| cut -f2\)\r?$`)

// historyReplay is the flags of a /history file's replay line; ok is false
// for a record that is no such file.
func historyReplay(text string) (flags []string, ok bool) {
	m := replayLine.FindAllStringSubmatch(text, -1)
	if len(m) == 0 {
		return nil, false
	}
	return strings.Fields(m[len(m)-1][1]), true
}

// takeHeader takes the game, configuration and revision from a /history
// file's replay flags where g and rev leave them out, and refuses flags that
// contradict the file: the record replays only as it was played.
func (g *gameFlags) takeHeader(header []string, rev intFlag) (intFlag, error) {
	file := &gameFlags{opts: optFlags{}}
	var fileRev intFlag
	fs := flag.NewFlagSet("history", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&file.game, "game", "", "")
	fs.StringVar(&file.variant, "variant", "", "")
	fs.Var(file.opts, "opt", "")
	fs.Var(&fileRev, "revision", "")
	if err := fs.Parse(header); err != nil || fs.NArg() > 0 || file.game == "" {
		return rev, fmt.Errorf("the record's header says to replay it with %q, which this kilab cannot read", strings.Join(header, " "))
	}
	if g.position.set {
		return rev, errors.New("a /history record starts at the game's start: leave out --position")
	}
	if g.game == "" && g.variant == "" && len(g.opts) == 0 {
		g.game, g.variant, g.opts = file.game, file.variant, file.opts
	} else if err := sameGame(g, file); err != nil {
		return rev, err
	}
	if !rev.set {
		rev = fileRev
	}
	return rev, nil
}

// sameGame refuses flags that name another game or configuration than the
// /history file's: with them its record would be refused or, worse, read as
// another game.
func sameGame(g, file *gameFlags) error {
	name := g.game
	if name == "" {
		name = file.game
	}
	mine, err := describeFlags(name, g)
	if err != nil {
		return err
	}
	theirs, err := describeFlags(file.game, file)
	if err != nil {
		return err
	}
	if mine != theirs {
		return fmt.Errorf("the record is of %s (its header says so), the flags say %s: leave out --game, --variant and --opt to replay it as it was played", theirs, mine)
	}
	return nil
}

// describeFlags is the game and normalised configuration g's flags give, as
// "aseb standard dice=sticks pieces=5".
func describeFlags(name string, g *gameFlags) (string, error) {
	game, err := games.Lookup(name)
	if err != nil {
		return "", err
	}
	cfg, err := games.Normalize(game, games.Config{Variant: g.variant, Options: g.opts})
	if err != nil {
		return "", err
	}
	return name + " " + describeConfig(cfg), nil
}

// olderRules adds to a replay's error that an older rules revision plays the
// refused ply, where one does: the record may be of those rules, and replays
// with --revision. A ply no revision plays is simply illegal, and is left so.
func olderRules(err error, start games.Position, plies []games.Ply) error {
	if !errors.Is(err, games.ErrIllegalMove) {
		return err
	}
	done := 0
	at, _ := games.ReplayRevised(start, plies, func(int, games.Ply, games.Position, bool) { done++ })
	if done >= len(plies) || plies[done].Revision != 0 {
		return err
	}
	if rev := games.OlderRevision(at, plies[done].Move); rev > 0 {
		return fmt.Errorf("%w; rules revision %d played it: if the record is of those rules, replay it with --revision %d (its /history file gives it)", err, rev, rev)
	}
	return err
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
