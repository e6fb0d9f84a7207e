package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"kilab/games"
)

// optFlags collects repeated --opt key=value flags.
type optFlags map[string]string

func (o optFlags) String() string { return fmt.Sprint(map[string]string(o)) }

func (o optFlags) Set(s string) error {
	k, v, err := games.ParseOption(s)
	if err != nil {
		return err
	}
	k = strings.ToLower(k)
	if _, twice := o[k]; twice {
		return fmt.Errorf("option %s is given twice", k)
	}
	o[k] = v
	return nil
}

// gameFlags are the flags every engine command shares: which game, variant,
// options and position.
type gameFlags struct {
	game, variant string
	position      textFlag
	opts          optFlags
}

// textFlag is a string flag that knows whether it was given, so that an empty
// --position is an error rather than the start position.
type textFlag struct {
	s   string
	set bool
}

func (t *textFlag) String() string { return t.s }

func (t *textFlag) Set(s string) error {
	t.s, t.set = s, true
	return nil
}

func newFlagSet(name, synopsis, about string, stderr io.Writer) (*flag.FlagSet, *gameFlags) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	g := &gameFlags{opts: optFlags{}}
	fs.StringVar(&g.game, "game", "", "the game: "+strings.Join(games.Names(), ", ")+" (required)")
	fs.StringVar(&g.variant, "variant", "", "the variant (default: the game's first)")
	fs.Var(g.opts, "opt", "a variant option as key=value, repeatable (pieces=7, dice=d4, house4=true, width=29, size=9)")
	fs.Var(&g.position, "position", "a position in the game's notation (default: the start)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: kilab %s %s\n\n%s\n\nFlags:\n", name, synopsis, about)
		fs.PrintDefaults()
		fmt.Fprintln(fs.Output(), "\nVariants and options:")
		describeGames(fs.Output())
	}
	return fs, g
}

func describeGames(w io.Writer) {
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		for _, v := range g.Variants() {
			fmt.Fprintf(w, "  %s --variant %s: %s\n", name, v.Key, v.Title)
			for _, o := range v.Options {
				fmt.Fprintf(w, "      --opt %s=%s  %s\n", o.Key, strings.Join(o.Values, "|"), o.Help)
			}
		}
	}
}

// parseFlags parses args; done is true when the command should stop with code
// (help was asked for, or the flags were wrong).
func parseFlags(fs *flag.FlagSet, args []string) (code int, done bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0, true
	case err != nil:
		return 2, true
	}
	return 0, false
}

// start resolves the game, its configuration and the starting position.
func (g *gameFlags) start() (games.Game, games.Position, error) {
	if g.game == "" {
		return nil, nil, fmt.Errorf("--game is required (%s)", strings.Join(games.Names(), ", "))
	}
	game, err := games.Lookup(g.game)
	if err != nil {
		return nil, nil, err
	}
	cfg, err := games.Normalize(game, games.Config{Variant: g.variant, Options: g.opts})
	if err != nil {
		return nil, nil, err
	}
	switch {
	case !g.position.set:
		pos, err := game.New(cfg)
		return game, pos, err
	case strings.TrimSpace(g.position.s) == "":
		return nil, nil, errors.New("--position is empty: give a position, or leave the flag out for the start")
	}
	pos, err := game.Parse(cfg, g.position.s)
	return game, pos, err
}

// throwFlag is an optional integer flag: set tells whether it was given.
type throwFlag struct {
	n   int
	set bool
}

func (t *throwFlag) String() string { return strconv.Itoa(t.n) }

func (t *throwFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not a number", s)
	}
	t.n, t.set = n, true
	return nil
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "kilab: %s\n", plain(err))
	return 1
}

// plain is err's message without the engines' package prefix, and without a
// trailing sentinel that says nothing the message has not said in words
// ("...: games: bad notation").
func plain(err error) string {
	msg := err.Error()
	for _, s := range []error{games.ErrBadNotation, games.ErrBadConfig} {
		if errors.Is(err, s) {
			msg = strings.TrimSuffix(msg, ": "+s.Error())
		}
	}
	return strings.ReplaceAll(msg, "games: ", "")
}
