package seega

import "math/bits"

// set is a set of cells as a 128-bit mask, bit i for array index i (see
// stride). Each side's pieces are kept as one beside the board array, so that
// finding the pieces that can step is a few shifts instead of a scan of every
// cell: the playouts' hot path. Two named words rather than an array, because
// the compiler keeps a small struct in registers and an array in memory.
type set struct{ lo, hi uint64 }

func (s *set) add(c Cell) {
	if c < 64 {
		s.lo |= 1 << c
	} else {
		s.hi |= 1 << (c - 64)
	}
}

func (s *set) remove(c Cell) {
	if c < 64 {
		s.lo &^= 1 << c
	} else {
		s.hi &^= 1 << (c - 64)
	}
}

func (s set) or(t set) set     { return set{s.lo | t.lo, s.hi | t.hi} }
func (s set) and(t set) set    { return set{s.lo & t.lo, s.hi & t.hi} }
func (s set) andNot(t set) set { return set{s.lo &^ t.lo, s.hi &^ t.hi} }
func (s set) none() bool       { return s.lo|s.hi == 0 }

// up and down shift every cell k indices higher or lower (0 < k < 64).
func (s set) up(k uint) set   { return set{s.lo << k, s.hi<<k | s.lo>>(64-k)} }
func (s set) down(k uint) set { return set{s.lo>>k | s.hi<<(64-k), s.hi >> k} }

// next removes and returns the lowest cell of s; s must not be empty.
func (s *set) next() Cell {
	if s.lo != 0 {
		i := bits.TrailingZeros64(s.lo)
		s.lo &= s.lo - 1
		return Cell(i)
	}
	i := bits.TrailingZeros64(s.hi)
	s.hi &= s.hi - 1
	return Cell(64 + i)
}
