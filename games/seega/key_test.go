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

// Key reads the pieces from the sides' sets through a table; it is the same
// as the key read cell by cell from the board, for every position of random
// games on every board: so a search, or a cache of scores, keyed on either
// agrees.
func TestKeyIsTheBoards(t *testing.T) {
	for _, size := range []string{"5", "7", "9"} {
		p, err := New(games.Config{Variant: "free", Options: map[string]string{"size": size}})
		if err != nil {
			t.Fatal(err)
		}
		src := games.Seeded(7)
		var buf []Move
		for !p.Over() {
			if got, want := p.Key(), keyByBoard(&p); got != want {
				t.Fatalf("%s: key %x, read from the board %x", p.String(), got, want)
			}
			buf = p.AppendMoves(buf[:0])
			p.Do(buf[src.Uint64()%uint64(len(buf))])
		}
	}
}

// keyByBoard is Key as it reads the board cell by cell.
func keyByBoard(p *Position) uint64 {
	k := uint64(p.side) * zSide
	for c := Cell(0); c < nCells; c++ {
		if v := p.board[c]; v == int8(Light) || v == int8(Dark) {
			k ^= zobrist(uint64(c)*2 + uint64(v))
		}
	}
	k ^= zobrist(1000 + uint64(p.chain))
	if p.open {
		k ^= zOpen
	}
	return k ^ zobrist(2000+uint64(p.hand[0])) ^ zobrist(3000+uint64(p.hand[1])) ^ zobrist(4000+uint64(p.quiet))
}
