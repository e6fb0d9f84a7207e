package aseb_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
)

// cfg builds a configuration from "variant key=value ..." ("" is standard).
func cfg(t testing.TB, spec string) games.Config {
	t.Helper()
	f := strings.Fields(spec)
	c := games.Config{Options: map[string]string{}}
	if len(f) > 0 {
		c.Variant = f[0]
	}
	for _, kv := range f[min(1, len(f)):] {
		k, v, err := games.ParseOption(kv)
		if err != nil {
			t.Fatal(err)
		}
		c.Options[k] = v
	}
	return c
}

func rules(t testing.TB, spec string) aseb.Rules {
	t.Helper()
	r, err := aseb.RulesFor(cfg(t, spec))
	if err != nil {
		t.Fatalf("RulesFor(%q): %v", spec, err)
	}
	return r
}

// at parses a position under the variant spec.
func at(t testing.TB, spec, pos string) aseb.Position {
	t.Helper()
	p, err := aseb.Parse(rules(t, spec), pos)
	if err != nil {
		t.Fatalf("Parse(%q): %v", pos, err)
	}
	return p
}

func moveList(p aseb.Position) []string {
	var out []string
	for _, m := range p.Moves() {
		out = append(out, m.Notation)
	}
	return out
}

// wantMoves checks the legal moves of a position, in order.
func wantMoves(t *testing.T, spec, pos string, want ...string) {
	t.Helper()
	if got := moveList(at(t, spec, pos)); !slices.Equal(got, want) {
		t.Errorf("%s %q: moves %q, want %q", spec, pos, got, want)
	}
}

// after plays moves in order and returns the position's notation.
func after(t *testing.T, spec, pos string, moves ...string) string {
	t.Helper()
	var p games.Position = at(t, spec, pos)
	for _, m := range moves {
		next, err := p.Play(m)
		if err != nil {
			t.Fatalf("%q: play %s: %v", p, m, err)
		}
		p = next
	}
	return p.String()
}

// wantIllegal checks that a move is refused with ErrIllegalMove and a reason
// containing why, and that the position is left as it was.
func wantIllegal(t *testing.T, spec, pos, move, why string) {
	t.Helper()
	p := at(t, spec, pos)
	next, err := p.Play(move)
	if !errors.Is(err, games.ErrIllegalMove) {
		t.Fatalf("%q: %s: err %v, want illegal move", pos, move, err)
	}
	if !strings.Contains(err.Error(), why) {
		t.Errorf("%q: %s: error %q does not say %q", pos, move, err, why)
	}
	if next.String() != pos {
		t.Errorf("refused move changed the position to %q", next)
	}
}

func throw(t *testing.T, p aseb.Position, n games.Throw) aseb.Position {
	t.Helper()
	next, err := p.WithThrow(n)
	if err != nil {
		t.Fatalf("%q: throw %d: %v", p, n, err)
	}
	return next
}
