package tab

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"kilab/games"
)

// at parses a position in notation or fails the test.
func at(t *testing.T, text string) Position {
	t.Helper()
	p, err := ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return p
}

// notations lists the notation of the legal moves of p.
func notations(p Position) []string { return moveTexts(p.Moves()) }

func moveTexts(ms []games.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Notation
	}
	return out
}

// wantMoves checks p's legal moves, in order.
func wantMoves(t *testing.T, p Position, want ...string) {
	t.Helper()
	if got := notations(p); !slices.Equal(got, want) {
		t.Errorf("moves of %q:\n got %v\nwant %v", p, got, want)
	}
}

// play plays moves in turn or fails the test.
func play(t *testing.T, p Position, moves ...string) Position {
	t.Helper()
	for _, m := range moves {
		q, err := p.WithMove(m)
		if err != nil {
			t.Fatalf("play %s in %q: %v", m, p, err)
		}
		p = q
	}
	return p
}

// throw applies throws in turn or fails the test.
func throw(t *testing.T, p Position, scores ...games.Throw) Position {
	t.Helper()
	for _, s := range scores {
		q, err := p.WithThrow(s)
		if err != nil {
			t.Fatalf("throw %d in %q: %v", s, p, err)
		}
		p = q
	}
	return p
}

// wantPos checks p's notation.
func wantPos(t *testing.T, p Position, want string) {
	t.Helper()
	if got := p.String(); got != want {
		t.Errorf("position:\n got %q\nwant %q", got, want)
	}
}

// refuse checks that move is refused in p with an error wrapping sentinel whose
// text contains why.
func refuse(t *testing.T, p Position, move string, sentinel error, why string) {
	t.Helper()
	_, err := p.WithMove(move)
	if !errors.Is(err, sentinel) || !strings.Contains(err.Error(), why) {
		t.Errorf("play %s in %q: got error %v, want %v saying %q", move, p, err, sentinel, why)
	}
}

// script is a Source whose draws throw the given Tab scores in order (D1: a score
// is the number of flat sides among the low four bits, none scoring 6).
type script []games.Throw

func (s *script) Uint64() uint64 {
	t := (*s)[0]
	*s = (*s)[1:]
	return map[games.Throw]uint64{1: 1, 2: 3, 3: 7, 4: 15, 6: 0}[t]
}
