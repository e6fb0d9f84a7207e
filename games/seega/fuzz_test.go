package seega_test

import (
	"errors"
	"slices"
	"testing"

	"kilab/games"
	"kilab/games/seega"
)

// FuzzPlay reads a position and plays a move on it: nothing panics, every
// error wraps a sentinel, whatever is read or reached writes back to itself
// and is a state the rules can reach.
func FuzzPlay(f *testing.F) {
	for _, seed := range []struct {
		size byte
		lane bool
		pos  string
		move string
	}{
		{5, false, "...../...../...../...../..... L place hand=12/12", "A1+B2"},
		{5, true, "...../...../...../...../..... L place hand=12/12", "A3+E3"},
		{5, false, "L..../.DLL./...D./LD.../..L.D L move quiet=9", "C1-C2"},
		{5, false, "L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1", "stop"},
		{5, false, "DLL../LL.../L..../...../..... D move quiet=3", "pass"},
		{5, false, "DLL../LL.../L..../...../..... L move quiet=3 open", "xA4"},
		{5, false, "....D/...../...../...../L.... L move quiet=0 last=A1<A2*4", "A1-A2"},
		{7, false, "......./......./......./L.....L/......./......./...D... D place hand=22/24", "d1+d7"},
		{9, false, "........./........./........./........./........./........./........./........./L.L.D.... L move quiet=88", "A1-A2"},
	} {
		f.Add(seed.size, seed.lane, seed.pos, seed.move)
	}
	f.Fuzz(func(t *testing.T, size byte, lane bool, pos, move string) {
		variant := map[bool]string{false: "free", true: "lane"}[lane]
		p, err := seega.Parse(conf(variant, sizeName(int(size%10))), pos)
		if err != nil {
			if !errors.Is(err, games.ErrBadNotation) && !errors.Is(err, games.ErrBadConfig) {
				t.Fatalf("parse %q: %v", pos, err)
			}
			return
		}
		mustRoundTrip(t, p)
		next, err := p.Play(move)
		if err != nil {
			if !errors.Is(err, games.ErrBadNotation) && !errors.Is(err, games.ErrIllegalMove) && !errors.Is(err, games.ErrGameOver) {
				t.Fatalf("%s from %s: %v", move, p, err)
			}
			return
		}
		mustRoundTrip(t, next.(seega.Position))
		if m, err := seega.ParseMove(move, p.Size()); err != nil || !slices.Contains(p.AppendMoves(nil), m) {
			t.Fatalf("%s played from %s, but is not in its legal moves (%v)", move, p, err)
		}
	})
}

func mustRoundTrip(t *testing.T, p seega.Position) {
	t.Helper()
	if err := checkRoundTrip(p); err != nil {
		t.Fatal(err)
	}
	if err := seega.CheckInvariants(p); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
}
