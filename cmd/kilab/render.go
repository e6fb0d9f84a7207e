package main

import (
	"fmt"
	"io"
	"os"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
)

func runRender(args []string, stdout, stderr io.Writer) int {
	fs, g := newFlagSet("render", "--game G [--variant V] [--opt key=value]... [--position P] [-o board.png]",
		"Draws a position (default: the start) as the PNG the bot posts, and prints its\n"+
			"description, the text the bot gives screen readers.", stderr)
	out := fs.String("o", "board.png", "the PNG `FILE` to write")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		return fail(stderr, fmt.Errorf("render takes no arguments, got %q", fs.Args()))
	}
	game, pos, err := g.start()
	if err != nil {
		return fail(stderr, err)
	}
	cfg, err := g.config(game)
	if err != nil {
		return fail(stderr, err)
	}
	png, err := render.Board(lang.En, game, cfg, pos, render.Last{})
	if err != nil {
		return fail(stderr, err)
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintln(stdout, render.Describe(lang.En, game, cfg, pos, render.Last{}))
	return 0
}

// config is the normalized configuration the flags choose for game.
func (g *gameFlags) config(game games.Game) (games.Config, error) {
	return games.Normalize(game, games.Config{Variant: g.variant, Options: g.opts})
}
