package tab

import (
	"testing"

	"kilab/games"
)

func TestPlayout(t *testing.T) {
	p, _ := Start(11)
	end, n := Playout(p, games.Seeded(5))
	again, m := Playout(p, games.Seeded(5))
	if !end.Outcome().Over() || n == 0 || end.String() != again.String() || n != m {
		t.Errorf("playout: %v after %d moves, again %v after %d", end, n, again, m)
	}
	if p.String() != "ccccccccccc/11/11/CCCCCCCCCCC w - t10 0" {
		t.Errorf("Playout changed its start: %v", p)
	}
}

func TestMoveGenerationAllocatesNothing(t *testing.T) {
	s := randomPosition(11, 9, 120).s
	for seed := uint64(10); s.phase != phaseMoving || s.over(); seed++ {
		s = randomPosition(11, seed, 120).s // a position waiting for a move
	}
	var buf [maxLegal]act
	var n int
	if allocs := testing.AllocsPerRun(100, func() { n = len(s.legal(buf[:0])) }); allocs != 0 || n == 0 {
		t.Errorf("legal: %v allocations, %d moves", allocs, n)
	}
}

func TestTracePaths(t *testing.T) {
	p := at(t, "ccc4/4(MM)2/7/7 w 4 - 0")
	for _, c := range []struct {
		move string
		path []Cell
		red  int
	}{
		{"4c5-b6", []Cell{{3, 6}, {3, 7}, {2, 7}, {2, 6}}, 1},
		{"4c5-d6", []Cell{{3, 6}, {3, 7}, {4, 7}, {4, 6}}, 0},
	} {
		tr, err := p.Trace(c.move)
		if err != nil || len(tr.Path) != len(c.path) || tr.Reduced != c.red || tr.Player != games.First {
			t.Fatalf("%s: %+v %v", c.move, tr, err)
		}
		for i := range c.path {
			if tr.Path[i] != c.path[i] {
				t.Errorf("%s: path %v, want %v", c.move, tr.Path, c.path)
			}
		}
	}
	if tr, err := at(t, "7/m4(MF)1/5m1/7 w 3 - 0").Trace("pass3"); err != nil || !tr.Move.Pass || tr.Path != nil {
		t.Errorf("pass3: %+v %v", tr, err)
	}
	if _, err := p.Trace("4c5-d5"); err == nil {
		t.Error("Trace of an illegal move gives no error")
	}
}
