package seega

// Key is a hash of what decides a position's future, for a search's
// transposition table: the pieces, the side on move, a capture chain's piece,
// a pending S7 opening, the hands and the quiet count. Equal positions have
// equal keys; different positions almost always differ. It leaves out the S6
// shuttle counts, which rarely matter: a table keyed on it may, in the rare
// position where they do, share a value across the two.
func (p *Position) Key() uint64 {
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
	k ^= zobrist(2000+uint64(p.hand[0])) ^ zobrist(3000+uint64(p.hand[1])) ^ zobrist(4000+uint64(p.quiet))
	return k
}

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
