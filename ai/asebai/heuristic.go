package asebai

import (
	"math"
	"math/bits"

	"kilab/games"
	"kilab/games/aseb"
)

// The evaluation behind the search levels and the 7-piece game, which no
// table covers: a race count. Each piece is worth how far it has come (a
// piece borne off 17, one in reserve 0), a piece on a shared cell that an
// opponent piece could hit is worth a little less, and the difference is
// turned into a chance with a logistic curve, so it is bounded and only ever
// rises with the mover's progress or the opponent's losses. The scale makes
// a lead of one average throw's worth about 60%.

const (
	raceScale = 8.0 // pips for e-fold odds
	exposure  = 1.5 // pips a hittable piece loses
)

// heuristic is the chance, by the race count, that p's side on turn wins;
// p is a position where a throw is due, or over.
func heuristic(p aseb.Position) float64 {
	if p.State() == aseb.Over {
		return 1
	}
	me := p.Turn()
	d := progress(p, me) - progress(p, me.Other())
	return 1 / (1 + math.Exp(-d/raceScale))
}

// progress is side s's pips, less its exposure to the other side.
func progress(p aseb.Position, s games.Player) float64 {
	mine, theirs := p.Mask(s), p.Mask(s.Other())
	v := 17 * float64(p.BorneOff(s))
	for m := mine; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		v += float64(c)
		if c >= 5 && !p.Rules().IsHouse(c) && hittable(theirs, c) {
			v -= exposure
		}
	}
	return v
}

// hittable reports whether an opponent piece on the shared cells, or still to
// come onto them, stands 1-4 cells behind cell c.
func hittable(theirs uint32, c int) bool {
	behind := theirs & (uint32(0xF) << (c - 4)) &^ (1 << c)
	return behind != 0 || c <= 8
}

// greedyEval is greedy's evaluation for ai.Greedy: the race count for me.
func greedyEval(pos games.Position, me games.Player) float64 {
	p, ok := pos.(aseb.Position)
	if !ok {
		return 0
	}
	if w, over := p.Winner(); over {
		if w == me {
			return 2
		}
		return -1
	}
	h := heuristic(p)
	if p.Turn() != me {
		h = 1 - h
	}
	return h
}
