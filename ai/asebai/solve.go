package asebai

import (
	"fmt"
	"math"
	"math/bits"
	"runtime/debug"
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
	// release gives v's memory back (see newValues); v is not to be used
	// after it.
	release func()
	odds    []odds
	zero    float64
	parts   int // sweeps run on this many cores
	arena   arena
	// ring and scratch are the batches sweeps prepare into, the updating
	// sweeps' ring and one per core for the residual's; made once, as a
	// sweep's garbage would pile up until the collector's next run, which
	// with the arena live comes late: hundreds of megabytes.
	ring, scratch []batch
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
// no value moves by more than half of Residual, then one more sweep
// measures the residual. progress, if not nil, hears of each group.
func solveRules(r aseb.Rules, parts int, progress func(string)) (*solver, SolveStats) {
	return solveWith(r, parts, ArenaBytes, progress)
}

// solveWith is solveRules with an arena of at most arenaBytes.
func solveWith(r aseb.Rules, parts, arenaBytes int, progress func(string)) (*solver, SolveStats) {
	began := time.Now()
	n := int(r.Pieces)
	s := &solver{rules: r, shape: shapeFor(n), parts: max(1, parts)}
	s.odds, s.zero = throwOdds(r)
	s.v, s.release = newValues(s.shape.size)
	s.arena = newArena(s.shape.size, arenaBytes)
	for i := range s.v {
		s.v[i] = math.Float64bits(0.5)
	}
	st := SolveStats{Positions: s.shape.size}
	for total := 2*n - 2; total >= 0; total-- {
		for a := max(0, total-(n-1)); a <= total/2; a++ {
			if b := total - a; b < n {
				s.solveGroupInto(&st, a, b, progress)
			}
		}
	}
	st.Took = time.Since(began)
	return s, st
}

// solveGroupInto solves group (a, b) and adds its figures to st.
func (s *solver) solveGroupInto(st *SolveStats, a, b int, progress func(string)) {
	sweeps, res := s.solveGroup(a, b)
	// The group's order (150 MB for the largest) is garbage now: collect it
	// before the next is made, not at the collector's leisure, or two orders
	// live at once and the peak passes 1 GiB.
	debug.FreeOSMemory()
	st.Sweeps += sweeps
	st.Residual = max(st.Residual, res)
	if progress != nil {
		progress(fmt.Sprintf("borne off %d and %d: %d sweeps, residual %.1e", a, b, sweeps, res))
	}
}

// solveGroup iterates layers (a, b) and (b, a) to convergence. The sweeps
// visit the boards in orderKey's order, so that most positions' values
// depend on positions visited before them in the same sweep, and only one
// side's captures carry errors from one sweep to the next. A pass is no such
// error: each position is solved together with its pass partner (update).
func (s *solver) solveGroup(a, b int) (int, float64) {
	g := s.newGroup(s.groupOrder(a, b))
	defer s.forget()
	sweeps := 0
	for {
		sweeps++
		if s.sweep(g, true) >= Residual/2 {
			continue
		}
		sweeps++
		if res := s.sweep(g, false); res < Residual {
			return sweeps, res
		}
	}
}

// pair is one board of a group seen from both sides: i is the position where
// the side with pieces mine is to throw, j the one where the other side is
// (the position after a pass). The two are solved together, 20 bytes.
type pair struct {
	i, j         uint32
	mine, theirs uint32
	offMine      int8
	offThem      int8
}

// groupOrder lists the boards of layers (a, b) and (b, a) as pairs, in
// orderKey's order, the highest first: a counting sort, layer (a, b)
// enumerated once to count and once to place. Each board of (b, a) is the
// partner of one of (a, b); where a is b, a board's partner is in the same
// layer, and the pair is listed from the lower index.
func (s *solver) groupOrder(a, b int) []pair {
	start := make([]int, orderKeys)
	total := 0
	s.eachPair(a, b, func(p pair) {
		start[orderKey(p)]++
		total++
	})
	for k, at := orderKeys-1, 0; k >= 0; k-- { // descending: the most pips first
		start[k], at = at, at+start[k]
	}
	out := make([]pair, total)
	s.eachPair(a, b, func(p pair) {
		k := orderKey(p)
		out[start[k]] = p
		start[k]++
	})
	return out
}

// eachPair calls f for each board of layer (a, b) with its partner.
func (s *solver) eachPair(a, b int, f func(pair)) {
	s.shape.each(s.rules, a, b, func(i int64, p aseb.Position) {
		mine, theirs := p.Mask(0), p.Mask(1)
		j := s.shape.index(theirs, mine, b, a)
		if a == b && j < i {
			return // listed with its partner
		}
		f(pair{uint32(i), uint32(j), mine, theirs, int8(a), int8(b)})
	})
}

// sidePips bounds one side's pips: 7 pieces on cells of at most 16.
const sidePips = 7 * 16

// orderKeys is how many sort keys orderKey gives.
const orderKeys = (sidePips + 1) * (sidePips + 1)

// orderKey sorts a pair by the pips of the side with pieces mine, then those
// of the other side (the sweep takes the highest first). A move by the first
// side raises its pips, a capture included; a move by the second that
// captures nothing leaves the first's pips and raises its own. So only a
// capture by the second side leads to a board later in the sweep.
func orderKey(p pair) int {
	return pips(p.mine, 0)*(sidePips+1) + pips(0, p.theirs)
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

// ArenaBytes is the most memory a solve keeps prepared batches in (see
// group): with the values, the order and the index, a 5-piece solve stays
// under 1 GiB.
const ArenaBytes = 384 << 20

// newArena makes the arena for a solve of n positions: bytes, or less where
// fewer hold every group's batches (about 12 refs a position, at most 32,
// and 4 counts), nine tenths for the refs.
func newArena(n int64, bytes int) arena {
	b := int64(bytes)
	return arena{refs: make([]int32, min(b*9/10/4, 16*n)), counts: make([]uint8, min(b/10, 4*n))}
}

// get and set read and write a value; atomically, as two sweeps share them.
func (s *solver) get(i int64) float64 { return math.Float64frombits(atomic.LoadUint64(&s.v[i])) }

func (s *solver) set(i int64, v float64) { atomic.StoreUint64(&s.v[i], math.Float64bits(v)) }

// passIndex numbers p with the turn passed to the opponent.
func (s *solver) passIndex(p aseb.Position) int64 {
	me := p.Turn()
	return s.shape.index(p.Mask(me.Other()), p.Mask(me), p.BorneOff(me.Other()), p.BorneOff(me))
}
