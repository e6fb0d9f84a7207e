package seega

// Key is a hash of what decides a position's future, for a search's
// transposition table: the pieces, the side on move, a capture chain's piece,
// a pending S7 opening, the hands and the quiet count. Equal positions have
// equal keys; different positions almost always differ. It leaves out the S6
// shuttle counts, which rarely matter: a table keyed on it may, in the rare
// position where they do, share a value across the two.
func (p *Position) Key() uint64 {
	k := uint64(p.side) * zSide
	for side := range p.occ { // the pieces, as the board has them: v = side + 1
		for s := p.occ[side]; !s.none(); {
			k ^= zCells[uint64(s.next())*2+uint64(side)+1]
		}
	}
	k ^= zobrist(1000 + uint64(p.chain))
	if p.open {
		k ^= zOpen
	}
	k ^= zobrist(2000+uint64(p.hand[0])) ^ zobrist(3000+uint64(p.hand[1])) ^ zobrist(4000+uint64(p.quiet))
	return k
}

// zCells is zobrist(c*2 + v) for a piece v (Light, Dark) on cell c, tabled:
// a search asks for the key of every position it reaches, and the pieces
// were most of its cost.
var zCells = func() (t [nCells*2 + 2]uint64) {
	for i := range t {
		t[i] = zobrist(uint64(i))
	}
	return t
}()

const (
	zSide = 0x9e3779b97f4a7c15
	zOpen = 0xbf58476d1ce4e5b9
)

// zobrist is splitmix64 of i: a fixed random number per feature, computed
// rather than tabled (a multiply and three shifts).
func zobrist(i uint64) uint64 {
	z := i*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
