package seega_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/seega"
)

// conf is a configuration: a variant and a size ("5", "7", "9").
func conf(variant, size string) games.Config {
	return games.Config{Variant: variant, Options: map[string]string{"size": size}}
}

// mustNew is the start position of a variant and size.
func mustNew(t testing.TB, variant, size string) seega.Position {
	t.Helper()
	p, err := seega.New(conf(variant, size))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// at reads a free-variant position of the size its board has.
func at(t testing.TB, s string) seega.Position {
	t.Helper()
	size := strings.Index(s+"/", "/")
	p, err := seega.Parse(conf("free", sizeName(size)), s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return p
}

func sizeName(n int) string { return string(rune('0' + n)) }

// play plays moves in notation from p, failing the test on the first error.
func play(t testing.TB, p seega.Position, moves ...string) seega.Position {
	t.Helper()
	for _, m := range moves {
		next, err := p.Play(m)
		if err != nil {
			t.Fatalf("play %s from %s: %v", m, p, err)
		}
		p = next.(seega.Position)
	}
	return p
}

// notations lists the legal moves of p as Moves gives them.
func notations(p seega.Position) []string {
	var out []string
	for _, m := range p.Moves() {
		out = append(out, m.Notation)
	}
	return out
}

// wantMoves fails unless p's legal moves are exactly want, in Moves' order.
func wantMoves(t testing.TB, p seega.Position, want ...string) {
	t.Helper()
	if got := notations(p); !slices.Equal(got, want) {
		t.Errorf("moves of %s:\n got %v\nwant %v", p, got, want)
	}
}

// wantRefused fails unless playing move from p fails with sentinel and an
// error text containing why, and leaves p as it was.
func wantRefused(t testing.TB, p seega.Position, move string, sentinel error, why string) {
	t.Helper()
	before := p.String()
	_, err := p.Play(move)
	switch {
	case err == nil:
		t.Errorf("%s from %s: accepted, want refused (%s)", move, before, why)
	case !errors.Is(err, sentinel) || !strings.Contains(err.Error(), why):
		t.Errorf("%s from %s: error %q, want %v saying %q", move, before, err, sentinel, why)
	case p.String() != before:
		t.Errorf("%s changed the position it was refused in", move)
	}
}

// cells names cells, for comparing with accessors' results.
func cells(cs []seega.Cell) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}
