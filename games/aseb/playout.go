package aseb

import "kilab/games"

// maxPlayoutSteps bounds a playout. Random Aseb games end with probability 1, but
// a bound keeps a bug from hanging a caller; no game in the property tests comes
// near it.
const maxPlayoutSteps = 1 << 20

// Playout plays p to the end with uniformly random throws and moves from src and
// returns the final position and the number of throws and moves made. It is the
// building block of Monte Carlo search and allocates nothing. It skips the checks
// of WithThrow and Apply: every throw is drawn from the rules' dice and every
// move comes from Legal.
func Playout(p Position, src games.Source) (Position, int) {
	var buf [8]Move
	bits := bitPool{src: src}
	steps := 0
	for ; p.state != Over && steps < maxPlayoutSteps; steps++ {
		if p.state != MoveDue {
			p.throwUnchecked(p.rules.Dice.FromBits(bits.take(4)))
			continue
		}
		legal := p.Legal(buf[:0])
		if len(legal) == 0 {
			p.endTurn(false)
			continue
		}
		// Multiply-shift maps 16 random bits onto at most 8 moves without a
		// division; the bias is below 8 in 65,536.
		p.move(legal[bits.take(16)*uint64(len(legal))>>16])
	}
	return p, steps
}

// throwUnchecked is WithThrow for a throw known to be valid.
func (p *Position) throwUnchecked(t games.Throw) {
	if t == 0 && p.rules.zeroRethrown() {
		p.state = Rethrow
		return
	}
	p.state, p.throw = MoveDue, t
}

// bitPool hands out a source's random bits a few at a time: a throw needs four,
// so one call to the source serves many throws.
type bitPool struct {
	src  games.Source
	r    uint64
	left uint
}

func (b *bitPool) take(k uint) uint64 {
	if b.left < k {
		b.r, b.left = b.src.Uint64(), 64
	}
	v := b.r & (1<<k - 1)
	b.r >>= k
	b.left -= k
	return v
}
