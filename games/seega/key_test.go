package seega

import (
	"testing"

	"kilab/games"
)

// Positions reached by different orders of the same placements share a key;
// every move of a random game changes it.
func TestKey(t *testing.T) {
	p, _ := New(games.Config{})
	a, b := CellAt(0, 0), CellAt(1, 0)
	c, d := CellAt(0, 1), CellAt(1, 1)
	e, f := CellAt(4, 4), CellAt(3, 4)
	one := p
	for _, m := range []Move{{Place, a, b}, {Place, c, d}, {Place, e, f}} {
		one.Do(m)
	}
	two := p
	for _, m := range []Move{{Place, e, f}, {Place, c, d}, {Place, a, b}} {
		two.Do(m)
	}
	if one.Key() != two.Key() {
		t.Error("the same position by two orders has two keys")
	}
	src := games.Seeded(3)
	seen := map[uint64]string{}
	q := p
	var buf []Move
	for !q.Over() {
		k := q.Key()
		if s, dup := seen[k]; dup && s != q.String() {
			t.Fatalf("key %x for %q and %q", k, s, q.String())
		}
		seen[k] = q.String()
		buf = q.AppendMoves(buf[:0])
		q.Do(buf[src.Uint64()%uint64(len(buf))])
	}
}
