package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
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

// flagOpt changes what newFlagSet offers: a command that takes no position,
// or covers fewer games or values, does not list them.
type flagOpt func(*flagSpec)

// flagSpec is what a command's help lists of the shared flags.
type flagSpec struct {
	noPosition bool
	fromRecord bool                // a /history file read may give the game
	games      []string            // the games covered; nil: every game
	values     map[string][]string // an option's values the command takes, where fewer than the game's
}

// noPosition leaves --position out of the help: the command plays from the
// start, or covers every position. The flag is still read, so that the
// command can say why it refuses it rather than that there is no such flag.
func noPosition(s *flagSpec) { s.noPosition = true }

// fromRecord says that the record read may give the game, as a /history
// file's header does: --game is required only without one.
func fromRecord(s *flagSpec) { s.fromRecord = true }

// onlyGames limits the command to the games named.
func onlyGames(names []string) flagOpt {
	return func(s *flagSpec) { s.games = names }
}

// onlyGame limits the command to game, with only the values given for some
// of its options (nil for the option's own).
func onlyGame(game string, values map[string][]string) flagOpt {
	return func(s *flagSpec) { s.games, s.values = []string{game}, values }
}

// newFlagSet makes a command's flag set with the shared flags. Its help lists
// the flags as the synopsis writes them (--game, and -o for one letter), and
// the variants and options of the games the command covers.
func newFlagSet(name, synopsis, about string, stderr io.Writer, opts ...flagOpt) (*flag.FlagSet, *gameFlags) {
	spec := flagSpec{games: games.Names()}
	for _, o := range opts {
		o(&spec)
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	g := &gameFlags{opts: optFlags{}}
	gameHelp := "the game `G`: " + strings.Join(spec.games, ", ") + " (required)"
	if len(spec.games) == 1 {
		gameHelp = "the game `G`: " + spec.games[0] + ", the only one this command covers (required)"
	}
	if spec.fromRecord {
		gameHelp = strings.Replace(gameHelp, "(required)", "(required, unless the record is a /history file, which gives it)", 1)
	}
	fs.StringVar(&g.game, "game", "", gameHelp)
	fs.StringVar(&g.variant, "variant", "", "the variant `V` (default: the game's first)")
	fs.Var(g.opts, "opt", "a variant option `key=value`, repeatable; each variant's are listed below")
	fs.Var(&g.position, "position", "the position `P` in the game's notation (default: the start)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: kilab %s %s\n\n%s\n\nFlags:\n", name, synopsis, about)
		printFlags(fs, spec.noPosition)
		fmt.Fprintln(fs.Output(), "\nVariants and options:")
		describeGames(fs.Output(), spec)
	}
	return fs, g
}

// printFlags lists fs's flags as the synopsis writes them, "--game G" (a
// one-letter flag "-o FILE"), each with its help and a default worth saying;
// --position only where the command takes one.
func printFlags(fs *flag.FlagSet, noPosition bool) {
	w := fs.Output()
	fs.VisitAll(func(f *flag.Flag) {
		if noPosition && f.Name == "position" {
			return
		}
		arg, help := flag.UnquoteUsage(f)
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		fmt.Fprintf(w, "  %s%s %s\n", dash, f.Name, arg)
		switch f.DefValue {
		case "", "0", "false", "map[]":
		default:
			if !strings.Contains(help, "(default") {
				help += " (default " + f.DefValue + ")"
			}
		}
		fmt.Fprintf(w, "      %s\n", help)
	})
}

// describeGames lists the variants of the games spec covers, each with its
// options and their values.
func describeGames(w io.Writer, spec flagSpec) {
	for _, name := range spec.games {
		g, _ := games.Lookup(name)
		for _, v := range g.Variants() {
			fmt.Fprintf(w, "  %s --variant %s: %s\n", name, v.Key, v.Title)
			for _, o := range v.Options {
				values := o.Values
				if only, ok := spec.values[o.Key]; ok {
					values = only
				}
				fmt.Fprintf(w, "      --opt %s=%s  %s\n", o.Key, valueList(values, o.Values[0]), o.Help)
			}
		}
	}
}

// valueList writes an option's values in their order (numbers from the
// smallest, false before true) with the default marked:
// "7|9|11|13 (default 11)". The game lists its default first, which would
// read as the smallest.
func valueList(values []string, def string) string {
	sorted := slices.Clone(values)
	slices.SortStableFunc(sorted, func(a, b string) int {
		x, errA := strconv.Atoi(a)
		y, errB := strconv.Atoi(b)
		switch {
		case errA == nil && errB == nil:
			return x - y
		case a == "false" && b == "true":
			return -1
		case a == "true" && b == "false":
			return 1
		}
		return 0
	})
	list := strings.Join(sorted, "|")
	if len(values) > 1 && slices.Contains(values, def) {
		list += " (default " + def + ")"
	}
	return list
}

// parseFlags parses args; done is true when the command should stop with code:
// help was asked for (printed to stdout, 0), or the flags were wrong, which is
// one line on stderr and 1, as for any bad input.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (code int, done bool) {
	stderr := fs.Output()
	fs.SetOutput(io.Discard) // the flag package would print the whole help on an error
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		fs.SetOutput(stderr)
		return 0, true
	case err != nil:
		fmt.Fprintf(stderr, "kilab: %s (kilab help %s lists the flags)\n", flagError(err), fs.Name())
		return 1, true
	}
	return 0, false
}

// flagError is the flag package's message with flags written as the help
// writes them: "no flag --colour", "flag needs an argument: --game".
func flagError(err error) string {
	msg := err.Error()
	for _, prefix := range []string{"flag provided but not defined: ", "flag needs an argument: "} {
		if name, ok := strings.CutPrefix(msg, prefix); ok {
			if prefix == "flag provided but not defined: " {
				prefix = "no flag "
			}
			return prefix + dashed(name)
		}
	}
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		if value, tail, ok := strings.Cut(rest, " for flag -"); ok {
			name, reason, _ := strings.Cut(tail, ": ")
			for _, sentinel := range []error{games.ErrBadNotation, games.ErrBadConfig} {
				reason = strings.TrimSuffix(reason, ": "+sentinel.Error())
			}
			return "invalid value " + value + " for flag " + dashed(name) + ": " + reason
		}
	}
	return msg
}

// dashed is a flag's name as the help writes it: "--game", "-o".
func dashed(name string) string {
	name = strings.TrimLeft(name, "-")
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
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

// intFlag is an optional integer flag (--throw, --revision): set tells
// whether it was given.
type intFlag struct {
	n   int
	set bool
}

func (t *intFlag) String() string { return strconv.Itoa(t.n) }

func (t *intFlag) Set(s string) error {
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
