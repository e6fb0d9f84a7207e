package puzzles

import (
	"bytes"
	_ "embed"
)

// starterJSON is the starter set: puzzles of every game and its main
// variants, made with kilab puzzles and checked by the package's tests
// (README: how it was made).
//
//go:embed starter.json
var starterJSON []byte

// Starter is the starter set the bot ships with.
func Starter() (Set, error) { return Read(bytes.NewReader(starterJSON)) }
