package asebai

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"kilab/games"
	"kilab/games/aseb"
)

// Residual is the largest Bellman residual a solved table may have: no value
// moves by more than this when the equation is applied once more.
const Residual = 1e-9

// odds is one score's probability in a throw that moves (a 0 is handled
// apart, as it ends the turn or is thrown again).
type odds struct {
	t games.Throw
	p float64
}

// throwOdds gives the scores 1-4 with their probabilities and the chance of a
// 0 that ends the turn. In standard a 0 is thrown again (A4), so the scores
// are conditioned on not being 0 and no 0 ends a turn.
func throwOdds(r aseb.Rules) ([]odds, float64) {
	var out []odds
	zero := 0.0
	for _, o := range r.Dice.Odds() {
		p := float64(o.Num) / float64(o.Den)
		if o.Throw == 0 {
			zero = p
			continue
		}
		out = append(out, odds{o.Throw, p})
	}
	if r.Variant == aseb.Standard && zero > 0 {
		for i := range out {
			out[i].p /= 1 - zero
		}
		zero = 0
	}
	return out, zero
}

// solver holds one solve's state: the values over the index, in float64.
type solver struct {
	rules aseb.Rules
	shape *shape
	v     []uint64 // float64 bits, for atomic access
	odds  []odds
	zero  float64
	parts int // sweeps run on this many cores
}

// SolveStats says how a solve went.
type SolveStats struct {
	Positions int64
	Sweeps    int // layer sweeps, all layers counted
	Residual  float64
	Took      time.Duration
}

var (
	shapesMu sync.Mutex
	shapes   = map[int]*shape{}
)

// shapeFor returns the index of a piece count, made once.
func shapeFor(n int) *shape {
	shapesMu.Lock()
	defer shapesMu.Unlock()
	if s, ok := shapes[n]; ok {
		return s
	}
	s := newShape(n)
	shapes[n] = s
	return s
}

// solveRules computes every position's value for r by value iteration, layer
// group by layer group: a move never lowers a side's count borne off, so the
// groups with more borne off are solved first and stay fixed; within a group
// {(a, b), (b, a)} (the two sides' views of it) Gauss-Seidel sweeps run until
// no value moves by more than a tenth of Residual, then one more sweep
// measures the residual. progress, if not nil, hears of each group.
func solveRules(r aseb.Rules, parts int, progress func(string)) (*solver, SolveStats) {
	began := time.Now()
	n := int(r.Pieces)
	s := &solver{rules: r, shape: shapeFor(n), parts: max(1, parts)}
	s.odds, s.zero = throwOdds(r)
	s.v = make([]uint64, s.shape.size)
	for i := range s.v {
		s.v[i] = math.Float64bits(0.5)
	}
	st := SolveStats{Positions: s.shape.size}
	for total := 2*n - 2; total >= 0; total-- {
		for a := max(0, total-(n-1)); a <= total/2; a++ {
			b := total - a
			if b >= n {
				continue
			}
			sweeps, res := s.solveGroup(a, b)
			st.Sweeps += sweeps
			st.Residual = max(st.Residual, res)
			if progress != nil {
				progress(fmt.Sprintf("borne off %d and %d: %d sweeps, residual %.1e", a, b, sweeps, res))
			}
		}
	}
	st.Took = time.Since(began)
	return s, st
}

// solveGroup iterates layers (a, b) and (b, a) to convergence. The sweeps
// visit the positions from the most advanced pieces to the least (pips):
// a move that captures nothing advances the mover, so most positions' values
// depend on positions visited before them in the same sweep, and only
// captures and passes carry errors from one sweep to the next.
func (s *solver) solveGroup(a, b int) (int, float64) {
	order := s.groupOrder(a, b)
	sweeps := 0
	for {
		sweeps++
		if s.sweep(order, true) >= Residual/4 {
			continue
		}
		sweeps++
		if res := s.sweep(order, false); res < Residual {
			return sweeps, res
		}
	}
}

// entry is one position of a group: its index and its pieces, 16 bytes.
type entry struct {
	i            uint32
	mine, theirs uint32
	offMine      int8
	offThem      int8
}

// groupOrder lists the positions of layers (a, b) and (b, a), most pips first:
// a counting sort, the layers enumerated once to count and once to place.
func (s *solver) groupOrder(a, b int) []entry {
	layers := [][2]int{{a, b}}
	if a != b {
		layers = append(layers, [2]int{b, a})
	}
	const maxPips = 2 * 7 * 16
	var start [maxPips + 1]int
	total := 0
	for _, l := range layers {
		s.shape.each(s.rules, l[0], l[1], func(_ int64, p aseb.Position) {
			start[pips(p.Mask(0), p.Mask(1))]++
			total++
		})
	}
	for k, at := maxPips, 0; k >= 0; k-- { // descending: the most pips first
		start[k], at = at, at+start[k]
	}
	out := make([]entry, total)
	for _, l := range layers {
		s.shape.each(s.rules, l[0], l[1], func(i int64, p aseb.Position) {
			k := pips(p.Mask(0), p.Mask(1))
			out[start[k]] = entry{uint32(i), p.Mask(0), p.Mask(1), int8(l[0]), int8(l[1])}
			start[k]++
		})
	}
	return out
}

// pips is the sum of the path cells of every piece on the board.
func pips(mine, theirs uint32) int {
	n := 0
	for _, m := range [2]uint32{mine, theirs} {
		for ; m != 0; m &= m - 1 {
			n += bits.TrailingZeros32(m)
		}
	}
	return n
}

// sweep computes the value of every position in order afresh, storing it
// when update is set, and returns the largest change. The order is cut in
// s.parts pieces swept at once, one per core: each reads what the others
// have written so far, as Gauss-Seidel would, through atomic loads and
// stores.
func (s *solver) sweep(order []entry, update bool) float64 {
	parts := s.parts
	if len(order) < 1<<12 {
		parts = 1 // small groups: not worth a goroutine
	}
	deltas := make([]float64, parts)
	var wg sync.WaitGroup
	for k := range parts {
		lo, hi := k*len(order)/parts, (k+1)*len(order)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			deltas[k] = s.sweepPart(order[lo:hi], update)
		}()
	}
	wg.Wait()
	return slices.Max(deltas)
}

func (s *solver) sweepPart(order []entry, update bool) float64 {
	delta := 0.0
	var buf [8]aseb.Position
	for _, e := range order {
		p := aseb.Assemble(s.rules, games.First, [2]uint32{e.mine, e.theirs}, [2]int8{e.offMine, e.offThem})
		v := s.bellman(p, buf[:0])
		delta = max(delta, math.Abs(v-s.get(int64(e.i))))
		if update {
			s.set(int64(e.i), v)
		}
	}
	return delta
}

// get and set read and write a value; atomically, as two sweeps share them.
func (s *solver) get(i int64) float64 { return math.Float64frombits(atomic.LoadUint64(&s.v[i])) }

func (s *solver) set(i int64, v float64) { atomic.StoreUint64(&s.v[i], math.Float64bits(v)) }

// bellman is the value of p, a position where its mover is to throw, from
// the values of the positions after it: the expectation over the throw of
// the best move's value, a pass where there is none.
func (s *solver) bellman(p aseb.Position, buf []aseb.Position) float64 {
	pass := 1 - s.get(s.passIndex(p))
	total := s.zero * pass
	for _, o := range s.odds {
		afters := p.Afters(o.t, buf)
		best := pass
		if len(afters) > 0 {
			best = 0
			for _, q := range afters {
				best = max(best, s.after(p.Turn(), q))
			}
		}
		total += o.p * best
	}
	return total
}

// after is the value for mover of q, the position after its move.
func (s *solver) after(mover games.Player, q aseb.Position) float64 {
	switch {
	case q.State() == aseb.Over:
		return 1
	case q.Turn() == mover:
		return s.get(s.shape.indexOf(q))
	}
	return 1 - s.get(s.shape.indexOf(q))
}

// passIndex numbers p with the turn passed to the opponent.
func (s *solver) passIndex(p aseb.Position) int64 {
	me := p.Turn()
	return s.shape.index(p.Mask(me.Other()), p.Mask(me), p.BorneOff(me.Other()), p.BorneOff(me))
}
