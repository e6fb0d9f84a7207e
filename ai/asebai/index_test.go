package asebai

import (
	"testing"

	"kilab/games"
	"kilab/games/aseb"
)

// The index is a bijection onto 0..size-1, for small piece counts exhaustively.
func TestIndexIsDense(t *testing.T) {
	for _, n := range []int{1, 2, 3} {
		s := newShape(n)
		r := rulesN(t, games.Config{Variant: "royalur"}, n)
		seen := make([]bool, s.size)
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				s.each(r, a, b, func(i int64, p aseb.Position) {
					if j := s.indexOf(p); j != i || seen[i] {
						t.Fatalf("pieces %d: %v numbered %d, enumerated as %d (seen %v)", n, p, j, i, seen[i])
					}
					seen[i] = true
				})
			}
		}
		for i, ok := range seen {
			if !ok {
				t.Fatalf("pieces %d: index %d never enumerated", n, i)
			}
		}
	}
}

// The index has the size counted independently: every placement of both
// sides (private cells, disjoint shared cells, the rest split between reserve
// and borne off), 41,264,288 for 5 pieces, less those where a side has borne
// off every piece (that side then has none on the board: 2 x sum over k of
// C(16, k)(n-k+1), less the one position where both have).
func TestIndexSize(t *testing.T) {
	for n, want := range map[int]int64{1: 312 - 35, 2: 20623 - 309, 3: 514052 - 1703, 5: 41264288 - 20507} {
		if got := newShape(n).size; got != want {
			t.Errorf("%d pieces: %d positions, want %d", n, got, want)
		}
	}
}

func rulesN(t testing.TB, cfg games.Config, n int) aseb.Rules {
	t.Helper()
	r, err := aseb.RulesFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.Pieces = int8(n)
	return r
}
