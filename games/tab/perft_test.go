package tab

import (
	"testing"

	"kilab/games"
)

// perft counts the ways to play out the current turn from p (sequences of moves
// until the turn passes or the game ends) and the distinct positions they reach.
func perft(t *testing.T, p Position, ends map[string]bool) int {
	t.Helper()
	if p.Due().Kind != games.DueMove {
		ends[p.String()] = true
		return 1
	}
	n := 0
	for _, m := range p.Moves() {
		n += perft(t, play(t, p, m.Notation), ends)
	}
	return n
}

func TestPerft(t *testing.T) {
	for _, c := range []struct {
		pos        string
		ways, ends int
	}{
		// The opening 1 (forced, T4) then 1 and 2: the 1 moves a6 (T4), the 2 either
		// of two moved pieces; "2 then 1" and "1 then 2 from b7" end alike.
		{"ccccccc/7/7/CCCCCCC w 1,1,2 - 0", 3, 2},
		// A stack of two with a 1 and a 2: whole or split (T5), in either order.
		{"ccc4/7/3(MM)3/7 w 1,2 - 0", 5, 4},
		// One piece before the branch with a 2 and a 4 (T3): 2 to c7 then 4 into row
		// 2 or 4, or 4 into row 2 or 4 then 2 on in that row (T9 lets it move: white's
		// home row is empty); both orders end on b4 or on d4.
		{"ccc4/4M2/7/7 w 2,4 - 0", 4, 2},
	} {
		ends := map[string]bool{}
		if got := perft(t, at(t, c.pos), ends); got != c.ways || len(ends) != c.ends {
			t.Errorf("%q: %d ways to %d positions, want %d to %d", c.pos, got, len(ends), c.ways, c.ends)
		}
	}
}
