package asebai

import (
	"math/bits"

	"kilab/games"
	"kilab/games/aseb"
)

// The index numbers every position where a side is to throw, seen from that
// side (the mover), densely from 0: the solver's values and a table file are
// arrays over it. A position is the mover's and the opponent's pieces on
// their private cells 1-4 and on the shared cells 5-16 (never both on one),
// and each side's count borne off; the reserves follow. Positions where a
// side has borne off every piece are not numbered: the game is over there.
//
// The index is grouped by layer, the pair (mover's borne off, opponent's
// borne off), layer after layer, so that the solver can sweep one layer's
// positions as one contiguous range. Within a layer it is the rank of the
// shared cells' pattern, then the rank of the mover's private cells among
// those its remaining pieces allow, then the opponent's.

const (
	nShared  = 12 // path cells 5-16
	nPrivate = 4  // path cells 1-4
	pow3     = 531441
)

// shape is what the index of one piece count needs; it is computed once per
// piece count and shared.
type shape struct {
	pieces int
	// tern maps a 12-bit shared mask to its base-3 digits as a number
	// (bit i of the mask to digit i: 1), so mine and theirs combine as
	// tern[mine] + 2*tern[theirs].
	tern [1 << nShared]int32
	// shared lists the shared patterns with at most pieces of each side on
	// them, in base-3 order.
	shared []sharedPattern
	// privRank[k][m] is the rank of private mask m among the masks of at most
	// k cells (k 0-4); privCount[k] how many there are; privMasks[k] them in
	// rank order.
	privRank  [nPrivate + 1][1 << nPrivate]int32
	privCount [nPrivate + 1]int32
	privMasks [nPrivate + 1][]uint32
	// layers[a*pieces+b] is layer (a, b): its start in the index and, per
	// shared pattern, the offset of that pattern's block from the start.
	layers []layer
	size   int64
}

type sharedPattern struct {
	mine, theirs uint32 // 12-bit masks
	nMine, nThem int
	code         int32 // tern[mine] + 2*tern[theirs]
}

// layer is one layer's place in the index. block is indexed by a shared
// pattern's base-3 code directly, not by its rank: one lookup fewer for each
// index computed, which the solver does about ten times per position and
// sweep (53 MB for the 25 layers of 5 pieces).
type layer struct {
	start, size int64
	block       []int32 // by shared code: where its positions start, from start, or -1
}

func newShape(pieces int) *shape {
	s := &shape{pieces: pieces}
	for m := 0; m < 1<<nShared; m++ {
		for i := 0; i < nShared; i++ {
			if m&(1<<i) != 0 {
				s.tern[m] += int32(ipow3(i))
			}
		}
	}
	s.rankShared()
	s.rankPrivate()
	s.layOut()
	return s
}

func ipow3(i int) int {
	v := 1
	for ; i > 0; i-- {
		v *= 3
	}
	return v
}

// rankShared lists the shared patterns in base-3 order.
func (s *shape) rankShared() {
	for t := 0; t < pow3; t++ {
		var mine, theirs uint32
		for i, v := 0, t; i < nShared; i, v = i+1, v/3 {
			switch v % 3 {
			case 1:
				mine |= 1 << i
			case 2:
				theirs |= 1 << i
			}
		}
		a, b := bits.OnesCount32(mine), bits.OnesCount32(theirs)
		if a <= s.pieces && b <= s.pieces {
			s.shared = append(s.shared, sharedPattern{mine, theirs, a, b, int32(t)})
		}
	}
}

func (s *shape) rankPrivate() {
	for k := 0; k <= nPrivate; k++ {
		for m := uint32(0); m < 1<<nPrivate; m++ {
			if bits.OnesCount32(m) <= k {
				s.privRank[k][m] = s.privCount[k]
				s.privCount[k]++
				s.privMasks[k] = append(s.privMasks[k], m)
			} else {
				s.privRank[k][m] = -1
			}
		}
	}
}

// layOut places the layers one after the other and the shared patterns'
// blocks within each.
func (s *shape) layOut() {
	n := s.pieces
	s.layers = make([]layer, n*n)
	var at int64
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			l := layer{start: at, block: make([]int32, pow3)}
			for t := range l.block {
				l.block[t] = -1
			}
			for _, sp := range s.shared {
				ka, kb := n-a-sp.nMine, n-b-sp.nThem
				if ka < 0 || kb < 0 {
					continue
				}
				l.block[sp.code] = int32(at - l.start)
				at += int64(s.privCount[min(ka, nPrivate)]) * int64(s.privCount[min(kb, nPrivate)])
			}
			l.size = at - l.start
			s.layers[a*n+b] = l
		}
	}
	s.size = at
}

// index numbers the position where mover is to throw with the pieces given
// (masks of path cells 1-16 as aseb.Position.Mask gives them).
func (s *shape) index(mine, theirs uint32, offMine, offThem int) int64 {
	n := s.pieces
	sm, st := mine>>5&0xFFF, theirs>>5&0xFFF
	ka := min(n-offMine-bits.OnesCount32(sm), nPrivate)
	kb := min(n-offThem-bits.OnesCount32(st), nPrivate)
	l := &s.layers[offMine*n+offThem]
	base := l.start + int64(l.block[s.tern[sm]+2*s.tern[st]])
	return base + int64(s.privRank[ka][mine>>1&0xF])*int64(s.privCount[kb]) + int64(s.privRank[kb][theirs>>1&0xF])
}

// indexOf numbers p, a position where a throw is due, from its mover's side.
func (s *shape) indexOf(p aseb.Position) int64 {
	me := p.Turn()
	return s.index(p.Mask(me), p.Mask(me.Other()), p.BorneOff(me), p.BorneOff(me.Other()))
}

// each calls f for every position of layer (a, b), in index order, with its
// index; mover is seat 0 in the positions made.
func (s *shape) each(r aseb.Rules, a, b int, f func(i int64, p aseb.Position)) {
	n := s.pieces
	l := &s.layers[a*n+b]
	for _, sp := range s.shared {
		off := l.block[sp.code]
		if off < 0 {
			continue
		}
		base := l.start + int64(off)
		ka, kb := min(n-a-sp.nMine, nPrivate), min(n-b-sp.nThem, nPrivate)
		i := base
		for _, pa := range s.privMasks[ka] {
			for _, pb := range s.privMasks[kb] {
				cells := [2]uint32{sp.mine<<5 | pa<<1, sp.theirs<<5 | pb<<1}
				f(i, aseb.Assemble(r, games.First, cells, [2]int8{int8(a), int8(b)}))
				i++
			}
		}
	}
}
