package seega_test

import (
	"testing"

	"kilab/games"
	"kilab/games/seega"
)

// mustNew is the start position of a variant and size ("5", "7", "9").
func mustNew(t testing.TB, variant, size string) seega.Position {
	t.Helper()
	p, err := seega.New(games.Config{Variant: variant, Options: map[string]string{"size": size}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}
