package asebai

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"kilab/games"
	"kilab/games/aseb"
)

// A sweep's work per position comes in two parts. Working out the positions
// after every move and their indices (the refs) depends on the board alone;
// reading the successors' values and computing the new value depends on the
// values, which a Gauss-Seidel sweep must read in order, each after the
// positions before it are written. So the cores split the work that way: the
// order is cut in batches, other cores work out batches' refs ahead, and one
// core takes the batches in order and updates the values. The sweep stays
// the plain sequential Gauss-Seidel sweep, whatever the number of cores.
// (Cutting the order itself between cores, each core updating its own part,
// made a core read values the other had not reached yet: about a third more
// sweeps.)

// batchPairs is how many pairs a batch holds: its refs, about 20 a pair,
// stay in the cache between the core that writes them and the one that
// reads them. A variable only so that a test can cut a small solve into
// more batches than the ring holds, as a real solve is.
var batchPairs = 1 << 10

// batch is a run of pairs with their refs: each pair's position i, then its
// partner j, and for each position the refs of each score's moves in turn.
// counts holds, per position and score, how many refs there are.
type batch struct {
	pairs  []pair
	refs   []int32
	counts []uint8
}

// A ref says where the value of a position after a move is, for its mover:
// won (-1), an index whose value is the mover's (2i: the mover throws
// again after a house) or one whose value is the opponent's (2i+1). Indices
// are below 2^30 for up to 7 pieces.
const won = -1

// prepare works out b's refs for b.pairs.
func (s *solver) prepare(b *batch) {
	b.refs, b.counts = b.refs[:0], b.counts[:0]
	var buf [8]aseb.Position
	for _, e := range b.pairs {
		b.refs, b.counts = s.collect(e.position(s.rules), b.refs, b.counts, buf[:0])
		b.refs, b.counts = s.collect(e.partner(s.rules), b.refs, b.counts, buf[:0])
	}
}

// position is the pair's position i, partner its position j.
func (e pair) position(r aseb.Rules) aseb.Position {
	return aseb.Assemble(r, games.First, [2]uint32{e.mine, e.theirs}, [2]int8{e.offMine, e.offThem})
}

func (e pair) partner(r aseb.Rules) aseb.Position {
	return aseb.Assemble(r, games.First, [2]uint32{e.theirs, e.mine}, [2]int8{e.offThem, e.offMine})
}

// collect appends the refs of p's moves, score after score, and each
// score's count.
func (s *solver) collect(p aseb.Position, refs []int32, counts []uint8, buf []aseb.Position) ([]int32, []uint8) {
	for _, o := range s.odds {
		afters := p.Afters(o.t, buf)
		for _, q := range afters {
			refs = append(refs, s.ref(p.Turn(), q))
		}
		counts = append(counts, uint8(len(afters)))
	}
	return refs, counts
}

// ref finds q, the position after mover's move.
func (s *solver) ref(mover games.Player, q aseb.Position) int32 {
	switch {
	case q.State() == aseb.Over:
		return won
	case q.Turn() == mover:
		return int32(2 * s.shape.indexOf(q))
	}
	return int32(2*s.shape.indexOf(q) + 1)
}

// deref reads the value a ref points to, for the mover.
func (s *solver) deref(r int32) float64 {
	if r == won {
		return 1
	}
	v := s.get(int64(r >> 1))
	if r&1 == 1 {
		return 1 - v
	}
	return v
}

// throws splits a position's value into what its throws that move are worth
// to the mover (each score's chance times its best move's value) and the
// chance that the turn passes (a 0 that ends the turn, or a score with no
// legal move), from its refs (at the start of refs) and its counts, and
// says how many refs were its. It reads every value first, in one tight
// loop: the reads miss the cache (the values are hundreds of megabytes, the
// successors scattered across them), and reads issued together wait for
// memory together.
func (s *solver) throws(refs []int32, counts []uint8) (a, z float64, used int) {
	for _, c := range counts {
		used += int(c)
	}
	var vals [4 * 8]float64 // 4 scores, at most 7 pieces and an entry each
	for k, r := range refs[:used] {
		vals[k] = s.deref(r)
	}
	z = s.zero
	lo := 0
	for k, o := range s.odds {
		c := int(counts[k])
		if c == 0 {
			z += o.p
			continue
		}
		a += o.p * slices.Max(vals[lo:lo+c])
		lo += c
	}
	return a, z, used
}

// bellman is the value of p, a position where its mover is to throw, from
// the values of the positions after it: the expectation over the throw of
// the best move's value, a pass where there is none.
func (s *solver) bellman(p aseb.Position) float64 {
	var refArr [4 * 8]int32
	var countArr [4]uint8
	var buf [8]aseb.Position
	refs, counts := s.collect(p, refArr[:0], countArr[:0], buf[:0])
	a, z, _ := s.throws(refs, counts)
	return a + z*(1-s.get(s.passIndex(p)))
}

// group is what the sweeps of one group share: the order, and the batches
// kept from one sweep to the next. A batch's refs depend on the board alone,
// never on the values, so a batch prepared once serves every sweep, as far
// as the solver's arena holds them; the rest are prepared again each sweep.
type group struct {
	order []pair
	n     int     // batches
	kept  []batch // by batch: kept, or with no pairs
}

func (s *solver) newGroup(order []pair) *group {
	n := (len(order) + batchPairs - 1) / batchPairs
	s.arena.refsUsed, s.arena.countsUsed = 0, 0
	return &group{order: order, n: n, kept: make([]batch, n)}
}

// forget drops what the solver's batches hold of a group's order, once the
// group is solved, so that the order can be collected: the next group's
// order is as large.
func (s *solver) forget() {
	for _, bs := range [][]batch{s.ring, s.scratch} {
		for i := range bs {
			bs[i].pairs = nil
		}
	}
}

func (g *group) pairs(j int) []pair {
	return g.order[j*batchPairs : min((j+1)*batchPairs, len(g.order))]
}

// arena is where the batches kept are stored, allocated once for the whole
// solve (the groups are solved one after the other) so that keeping them
// makes no garbage.
type arena struct {
	refs                 []int32
	counts               []uint8
	refsUsed, countsUsed int
}

// keep copies b into the arena, if it fits, and returns the copy.
func (a *arena) keep(b *batch) (batch, bool) {
	if a.refsUsed+len(b.refs) > len(a.refs) || a.countsUsed+len(b.counts) > len(a.counts) {
		return batch{}, false
	}
	k := batch{pairs: b.pairs,
		refs:   a.refs[a.refsUsed : a.refsUsed+len(b.refs) : a.refsUsed+len(b.refs)],
		counts: a.counts[a.countsUsed : a.countsUsed+len(b.counts) : a.countsUsed+len(b.counts)]}
	copy(k.refs, b.refs)
	copy(k.counts, b.counts)
	a.refsUsed += len(b.refs)
	a.countsUsed += len(b.counts)
	return k, true
}

// sweep computes the value of every position of g afresh, storing it when
// update is set, and returns the largest change. A sweep that stores
// nothing applies the Bellman equation as it stands to each position: its
// largest change is the residual, and as it writes nothing its batches are
// shared out among the cores in any order.
func (s *solver) sweep(g *group, update bool) float64 {
	if !update {
		return s.residualSweep(g)
	}
	return newPipeline(s, g).run()
}

// pipeline is one updating sweep: the updater (the sweep's own goroutine)
// updates the batches in order, while s.parts-1 helpers prepare batches
// ahead of it, through a ring of batches. The updater prepares batches too
// whenever the next one to update is not ready: preparing is most of the
// work, and so every core is kept busy.
type pipeline struct {
	s    *solver
	g    *group
	ring []batch
	// What follows is guarded by mu, as are s.arena and g.kept; cond
	// announces a batch prepared or updated.
	mu     sync.Mutex
	cond   *sync.Cond
	next   int // the next batch to prepare
	done   int // batches updated
	warmed int // batches warmed or passed over: the next to warm is after
	warmth float64
	ready  []int // per ring slot, the batch prepared in it (-1: none)
}

func newPipeline(s *solver, g *group) *pipeline {
	size := 4 * s.parts
	if len(s.ring) != size {
		s.ring = make([]batch, size)
	}
	pl := &pipeline{s: s, g: g, ring: s.ring, ready: make([]int, size)}
	pl.cond = sync.NewCond(&pl.mu)
	for i := range pl.ready {
		pl.ready[i] = -1
	}
	return pl
}

// run updates every batch in order and returns the largest change.
func (pl *pipeline) run() float64 {
	for range pl.s.parts - 1 {
		go pl.help()
	}
	delta := 0.0
	for i := range pl.g.n {
		delta = max(delta, pl.s.update(pl.await(i)))
		pl.mu.Lock()
		pl.done = i + 1
		pl.cond.Broadcast()
		pl.mu.Unlock()
	}
	return delta
}

// await returns batch i prepared, preparing batches itself while it waits.
func (pl *pipeline) await(i int) *batch {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for {
		if pl.g.kept[i].pairs != nil {
			return &pl.g.kept[i]
		}
		if pl.ready[i%len(pl.ring)] == i {
			return &pl.ring[i%len(pl.ring)]
		}
		if !pl.prepareNext() {
			pl.cond.Wait()
		}
	}
}

// help prepares batches until none is left, and between them warms kept
// batches (warmNext). It waits only while there is work left: prepareNext
// may have found every batch left kept, and then nothing would wake it.
func (pl *pipeline) help() {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for {
		if pl.prepareNext() || pl.warmNext() {
			continue
		}
		if pl.next >= pl.g.n && pl.warmed >= pl.g.n {
			return
		}
		pl.cond.Wait()
	}
}

// warmAhead is how many batches ahead of the updater a helper warms: their
// values, a megabyte or two a batch, fit the cache the cores share.
const warmAhead = 4

// warmNext reads the values of the next kept batch a little ahead of the
// updater, unlocking mu while it reads, and reports whether it did. A kept
// batch needs no preparing, so while the updater works through kept
// batches a helper has nothing to do; reading their values first brings
// them from memory into the cache the cores share, where the updater finds
// them.
func (pl *pipeline) warmNext() bool {
	j := max(pl.warmed, pl.done+1)
	for j < pl.g.n && pl.g.kept[j].pairs == nil {
		j++
	}
	if j >= pl.g.n {
		pl.warmed = pl.g.n
		return false
	}
	if j > pl.done+warmAhead {
		return false
	}
	pl.warmed = j + 1
	pl.mu.Unlock()
	sum := 0.0
	for _, r := range pl.g.kept[j].refs {
		sum += pl.s.deref(r)
	}
	pl.mu.Lock()
	pl.warmth += sum // kept, so that the reads are not left out
	return true
}

// prepareNext prepares the next batch not kept, if its slot in the ring is
// free (the batch before it in that slot updated), unlocking mu while it
// works, and keeps it if the arena has room; it reports whether it did.
func (pl *pipeline) prepareNext() bool {
	for pl.next < pl.g.n && pl.g.kept[pl.next].pairs != nil {
		pl.next++
	}
	j := pl.next
	if j >= pl.g.n || j >= pl.done+len(pl.ring) {
		return false
	}
	pl.next++
	pl.mu.Unlock()
	b := &pl.ring[j%len(pl.ring)]
	b.pairs = pl.g.pairs(j)
	pl.s.prepare(b)
	pl.mu.Lock()
	if k, ok := pl.s.arena.keep(b); ok {
		pl.g.kept[j] = k
	}
	pl.ready[j%len(pl.ring)] = j
	pl.cond.Broadcast()
	return true
}

// update solves each pair's two positions together and stores their
// values. With A and z the value a side gets from its throws that move and
// the chance that it passes, the pair's values are
//
//	v = A + z(1 - v')    v' = A' + z'(1 - v)
//
// solved at once, so that a chain of passes (common at the end, where a
// piece waits for the exact throw to bear off) costs no sweeps.
func (s *solver) update(b *batch) float64 {
	delta := 0.0
	s.eachThrows(b, func(e pair, a, z, a2, z2 float64) {
		var v float64
		if e.i == e.j { // a board symmetric between the sides: v = A + z(1 - v)
			v = (a + z) / (1 + z)
		} else {
			v = pairValue(a, z, a2, z2)
			w := a2 + z2*(1-v)
			delta = max(delta, math.Abs(w-s.get(int64(e.j))))
			s.set(int64(e.j), w)
		}
		delta = max(delta, math.Abs(v-s.get(int64(e.i))))
		s.set(int64(e.i), v)
	})
	return delta
}

// eachThrows calls f with each pair of b and what its two positions' throws
// are worth: A and z of position i, then of its partner j (see throws).
func (s *solver) eachThrows(b *batch, f func(e pair, a, z, a2, z2 float64)) {
	no := len(s.odds)
	r := 0
	for k, e := range b.pairs {
		a, z, used := s.throws(b.refs[r:], b.counts[2*k*no:(2*k+1)*no])
		r += used
		a2, z2, used2 := s.throws(b.refs[r:], b.counts[(2*k+1)*no:(2*k+2)*no])
		r += used2
		f(e, a, z, a2, z2)
	}
}

// pairValue solves v = a + z(1 - (a2 + z2(1 - v))) for v. Where both sides
// always pass (z = z2 = 1: neither can ever move) the equation leaves v free
// but for v + v' = 1, and the even split is taken.
func pairValue(a, z, a2, z2 float64) float64 {
	den := 1 - z*z2
	if den < 1e-12 {
		return 0.5
	}
	return (a + z*(1-a2-z2)) / den
}

// residualSweep applies the Bellman equation to every position of g,
// storing nothing, on s.parts cores, and returns the largest change it would
// make.
func (s *solver) residualSweep(g *group) float64 {
	if len(s.scratch) != s.parts {
		s.scratch = make([]batch, s.parts)
	}
	deltas := make([]float64, s.parts)
	var next atomic.Int64
	var wg sync.WaitGroup
	for k := range s.parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := &s.scratch[k]
			for {
				j := int(next.Add(1)) - 1
				if j >= g.n {
					return
				}
				kept := &g.kept[j]
				if kept.pairs == nil {
					b.pairs = g.pairs(j)
					s.prepare(b)
					kept = b
				}
				deltas[k] = max(deltas[k], s.residual(kept))
			}
		}()
	}
	wg.Wait()
	return slices.Max(deltas)
}

// residual is the largest change the Bellman equation would make to the
// positions of b: v = A + z(1 - v'), v' being the value of the partner.
func (s *solver) residual(b *batch) float64 {
	delta := 0.0
	s.eachThrows(b, func(e pair, a, z, a2, z2 float64) {
		v, w := s.get(int64(e.i)), s.get(int64(e.j))
		delta = max(delta, math.Abs(a+z*(1-w)-v), math.Abs(a2+z2*(1-v)-w))
	})
	return delta
}
