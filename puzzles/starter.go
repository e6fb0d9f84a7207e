package puzzles

import (
	"bytes"
	_ "embed"
	"slices"
	"sync"
)

// starterJSON is the starter set: puzzles of every game and its main
// variants, made with kilab puzzles and checked by the package's tests
// (README: how it was made).
//
//go:embed starter.json
var starterJSON []byte

// starter reads the starter set once: 700 puzzles take milliseconds to
// read, and every bot made (tests make hundreds) asks for them.
var starter = sync.OnceValues(func() (Set, error) { return Read(bytes.NewReader(starterJSON)) })

// Starter is the starter set the bot ships with. The list is the caller's
// own; the puzzles' moves and options are shared, to be read only.
func Starter() (Set, error) {
	s, err := starter()
	return Set{Puzzles: slices.Clone(s.Puzzles)}, err
}
