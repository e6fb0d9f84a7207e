package asebai

import (
	"context"

	"kilab/games/aseb"
)

// expectimax values positions by looking turns ahead over every throw, with
// a leaf evaluation: the table's exact values where one is loaded, the race
// count (heuristic) otherwise.
type expectimax struct {
	ctx   context.Context
	leaf  func(aseb.Position) float64
	odds  []odds
	zero  float64
	nodes int
}

func newExpectimax(ctx context.Context, r aseb.Rules, leaf func(aseb.Position) float64) *expectimax {
	o, z := throwOdds(r)
	return &expectimax{ctx: ctx, leaf: leaf, odds: o, zero: z}
}

// value is the chance that p's side on turn wins, p being a position where
// a throw is due (or over), looking depth throws ahead.
func (e *expectimax) value(p aseb.Position, depth int) float64 {
	if p.State() == aseb.Over {
		return 1
	}
	e.nodes++
	if depth <= 0 || (e.nodes&1023 == 0 && e.ctx.Err() != nil) {
		return e.leaf(p)
	}
	passV := -1.0 // the pass's value, worked out the first time it is needed
	pass := func() float64 {
		if passV < 0 {
			passV = 1 - e.value(passed(p), depth-1)
		}
		return passV
	}
	total := 0.0
	if e.zero > 0 {
		total = e.zero * pass()
	}
	var buf [8]aseb.Position
	for _, o := range e.odds {
		afters := p.Afters(o.t, buf[:0])
		if len(afters) == 0 {
			total += o.p * pass()
			continue
		}
		best := 0.0
		for _, q := range afters {
			best = max(best, e.after(p, q, depth-1))
		}
		total += o.p * best
	}
	return total
}

// after is the value for p's mover of q, the position after its move.
func (e *expectimax) after(p, q aseb.Position, depth int) float64 {
	v := e.value(q, depth)
	if q.Turn() != p.Turn() {
		return 1 - v
	}
	return v
}

// passed is p with the turn passed to the other side.
func passed(p aseb.Position) aseb.Position {
	me := p.Turn()
	return aseb.Assemble(p.Rules(), me.Other(), [2]uint32{p.Mask(0), p.Mask(1)}, [2]int8{int8(p.BorneOff(0)), int8(p.BorneOff(1))})
}
