package main

import (
	"fmt"
	"io"
	"os"

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
		{"run", "run the Discord bot (the default when no command is given)", runBot},
		{"moves", "list the legal moves of a position, one per line", runMoves},
		{"replay", "replay a game record and print the position after each ply", runReplay},
		{"render", "draw a position as the PNG the bot posts", runRender},
		{"demo", "play a random game and write every position as PNG, and a GIF replay", runDemo},
		{"help", "show this overview", runHelp},
	}
}

// run dispatches to a subcommand; tests call it in-process.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runBot(nil, stdout, stderr)
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "-help" {
		return runHelp(nil, stdout, stderr)
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

func runHelp(_ []string, stdout, _ io.Writer) int {
	usage(stdout)
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Kilab plays Aseb, Tab and Seega on Discord, and on the command line.")
	fmt.Fprintln(w, "\nUsage: kilab [COMMAND] [FLAGS]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nGames: %v\n", games.Names())
	fmt.Fprintln(w, "Run 'kilab COMMAND --help' for a command's flags; docs/notation.md has the notation.")
}
