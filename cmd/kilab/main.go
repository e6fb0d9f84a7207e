package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	_ "kilab/ai/asebai" // the computer's agents register themselves
	_ "kilab/ai/seegaai"
	_ "kilab/ai/tabai"
	"kilab/games"
	_ "kilab/games/aseb" // engines register themselves
	_ "kilab/games/seega"
	_ "kilab/games/tab"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// command is one subcommand: its name, a line for the overview, and its body,
// which returns the process exit code.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"try", "the whole bot on this machine, in a browser, against a stand-in for Discord: no token needed", runTry},
		{"run", "run the Discord bot (the default when no command is given)", runBot},
		{"moves", "list the legal moves of a position, one per line", runMoves},
		{"replay", "replay a game record and print the position after each ply", runReplay},
		{"render", "draw a position as the PNG the bot posts", runRender},
		{"solve", "solve 5-piece Aseb exactly and write the table the computer plays from", runSolve},
		{"analyse", "print every legal move with the mover's chance of winning after it", runAnalyse},
		{"review", "judge a game's record ply by ply: the winning chance and each move's cost", runReview},
		{"puzzles", "find puzzles in games between the computer's levels, or verify a file of them", runPuzzles},
		{"arena", "play two computer agents against each other and count the results", runArena},
		{"train", "learn a game's evaluation by playing itself, and write the network the computer plays from", runTrain},
		{"demo", "play a random game and write every position as PNG, and a GIF replay", runDemo},
		{"backup", "write a consistent copy of the SQLite database while the bot runs", runBackup},
		{"check", "check a database file: whole, its schema version, what it holds", runCheck},
		{"help", "show this overview", runHelp},
	}
}

// run dispatches to a subcommand; tests call it in-process.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runBot(nil, stdout, stderr)
	}
	name := args[0]
	switch name {
	case "-h", "--help", "-help":
		return runHelp(nil, stdout, stderr)
	case "--version", "-version", "version":
		fmt.Fprintln(stdout, "kilab", version())
		return 0
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "kilab: unknown command %q\n\n", name)
	usage(stderr)
	return 2
}

// runHelp shows the overview, or with a command's name that command's help.
func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] != "help" {
		for _, c := range commands() {
			if c.name == args[0] {
				c.run([]string{"--help"}, stdout, stdout) // a command prints its help where it was asked for
				return 0
			}
		}
		fmt.Fprintf(stderr, "kilab: no command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	usage(stdout)
	return 0
}

// buildVersion is the version a release build passes in (the image's
// Dockerfile: go build -ldflags "-X main.buildVersion=$VERSION"), where
// neither a module version nor the commit is known to the build: the image
// is built from the sources without .git.
var buildVersion string

// version is buildVersion where the build was given one, else the module's
// version as the build recorded it ("devel" for a build from a checkout),
// with the commit where the build knows it.
func version() string {
	if v := strings.TrimSpace(buildVersion); v != "" {
		return v
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Kilab plays Aseb, Tab and Seega on Discord, and on the command line.")
	fmt.Fprintln(w, "\nUsage: kilab [COMMAND] [FLAGS]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nGames: %s\n", strings.Join(games.Names(), ", "))
	fmt.Fprintln(w, "Run 'kilab help COMMAND' (or 'kilab COMMAND --help') for a command's flags, 'kilab --version' for the version.")
	fmt.Fprintln(w, "The rules are in docs/rules.md, the notation in docs/notation.md.")
}
