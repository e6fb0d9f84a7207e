package seega_test

import (
	"slices"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/seega"
)

// countingSource counts its draws, so a test sees that a pick used it.
type countingSource struct {
	games.Source
	draws int
}

func (c *countingSource) Uint64() uint64 { c.draws++; return c.Source.Uint64() }

// A random placement is one of the turn's legal placements (S2), never on the
// centre, drawn from the source given (the same seed, the same pick), and
// over many seeds every legal pair comes up, about equally often.
func TestRandomPlacementLegalAndUniform(t *testing.T) {
	t.Parallel()
	pos := mustNew(t, "free", "5")
	legal := pos.Moves()
	if len(legal) != 276 { // C(24, 2): every cell but the centre is free
		t.Fatalf("%d placements on an empty 5x5 board", len(legal))
	}
	seen := map[string]int{}
	const draws = 276 * 100
	for seed := range uint64(draws) {
		src := &countingSource{Source: games.Seeded(seed)}
		m, ok := pos.RandomPlacement(src)
		if !ok || src.draws == 0 {
			t.Fatalf("seed %d: %q, %v after %d draws", seed, m, ok, src.draws)
		}
		if again, _ := pos.RandomPlacement(games.Seeded(seed)); again != m {
			t.Fatalf("seed %d picked %q, then %q", seed, m, again)
		}
		if !slices.ContainsFunc(legal, func(l games.Move) bool { return l.Notation == m }) || strings.Contains(m, "C3") {
			t.Fatalf("seed %d: %q is no legal placement", seed, m)
		}
		seen[m]++
	}
	for _, l := range legal {
		if n := seen[l.Notation]; n < 50 || n > 160 { // about 100 each
			t.Errorf("%s picked %d times in %d", l.Notation, n, draws)
		}
	}
}

// Later in the placement only empty cells are picked, for the side on move,
// on every size; lane's prescribed first pair is the only pick; once the
// pieces are all placed there is nothing to pick.
func TestRandomPlacementFollowsTheTurn(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"5", "7", "9"} {
		pos := mustNew(t, "free", size)
		src := games.Seeded(7)
		for turn := 0; pos.Phase() == seega.Placement; turn++ {
			side := pos.Turn()
			m, ok := pos.RandomPlacement(src)
			if !ok || !games.Placing(pos) {
				t.Fatalf("%s: turn %d of the placement gives %q, %v", size, turn, m, ok)
			}
			next, err := pos.Play(m)
			if err != nil {
				t.Fatalf("%s: %q at %s: %v", size, m, pos, err)
			}
			after := next.(seega.Position)
			if after.InHand(side) != pos.InHand(side)-2 || after.InHand(side.Other()) != pos.InHand(side.Other()) {
				t.Fatalf("%s: %q placed for the wrong side at %s", size, m, pos)
			}
			if after.At(after.Centre()) != seega.Empty {
				t.Fatalf("%s: %q filled the centre", size, m)
			}
			pos = after
		}
		if m, ok := games.RandomPlacement(pos, games.Seeded(1)); ok || pos.Placing() {
			t.Errorf("%s: after the placement %q, %v", size, m, ok)
		}
	}
	lane := mustNew(t, "lane", "5")
	if m, ok := lane.RandomPlacement(games.Seeded(3)); !ok || m != lane.Moves()[0].Notation || len(lane.Moves()) != 1 {
		t.Errorf("lane's first turn picks %q, %v; legal %v", m, ok, lane.Moves())
	}
}
