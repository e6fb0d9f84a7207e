package seegaai

import (
	"context"
	"sync"

	"kilab/games/seega"
)

// maxPly bounds the search's depth from the root, capture chains included.
const maxPly = 64

// ttBits sizes the transposition table: 2^16 entries, 1.5 MiB.
const ttBits = 16

// Bounds stored in the table.
const (
	exact int8 = iota + 1
	lower
	upper
)

type ttEntry struct {
	key   uint64
	move  seega.Move
	value int32
	depth int8
	flag  int8
	gen   uint16 // the search that wrote it (searcher.gen)
}

// child is a move and the position after it, kept to order moves by what
// they do before searching them.
type child struct {
	move    seega.Move
	pos     seega.Position
	capture bool
	first   bool // the table's best move here
}

// searcher is one search: its limits, its table and its buffers. A searcher
// is used by one goroutine; each agent takes its own per move.
type searcher struct {
	ctx      context.Context
	maxNodes int
	nodes    int
	stopped  bool
	noTT     bool                      // tests: search without the table, to check it changes no value
	eval     func(*seega.Position) int // the score of a position in play; nil: evaluate
	tt       []ttEntry
	gen      uint16 // this search's mark in the table: entries of another are empty
	moves    [maxPly][]seega.Move
	children [maxPly][]child // each ply's children, in the order searched
	made     [maxPly][]child // the same, as made (expand)
}

// searchers keeps searchers between searches. The judge searches every ply
// of a review and every move of a puzzle's examination, 3,000 positions at
// most: a table of 1.5 MiB made and cleared for each was most of its cost
// (memory cleared, and collected). A searcher taken again starts a new
// generation instead, and reads every entry of an earlier one as empty.
var searchers = sync.Pool{New: func() any { return &searcher{tt: make([]ttEntry, 1<<ttBits)} }}

// newSearcher is a searcher as good as new, its table empty. Give it back
// with done when the search is over.
func newSearcher(ctx context.Context, maxNodes int) *searcher {
	s := searchers.Get().(*searcher)
	s.renew(ctx, maxNodes)
	return s
}

// renew readies s for a new search, its table as good as empty.
func (s *searcher) renew(ctx context.Context, maxNodes int) {
	s.ctx, s.maxNodes, s.nodes, s.stopped, s.noTT, s.eval = ctx, maxNodes, 0, false, false, nil
	s.gen++
	if s.gen == 0 { // wrapped: entries 65,536 searches old would read as this one's
		clear(s.tt)
		s.gen = 1
	}
}

// done gives s back for another search; s must not be used after.
func (s *searcher) done() {
	s.ctx, s.eval = nil, nil
	searchers.Put(s)
}

// slot is the table's entry for key, as a new table would hold it: an
// entry an earlier search wrote is cleared on first touch, so a searcher
// taken again searches exactly as a new one.
func (s *searcher) slot(key uint64) *ttEntry {
	e := &s.tt[key&(1<<ttBits-1)]
	if e.gen != s.gen {
		*e = ttEntry{gen: s.gen}
	}
	return e
}

// best searches p to depth maxDepth by iterative deepening and returns the
// best move of the deepest search completed, with its value; it stops early
// at the node limit or the context's end. p must have a legal move.
func (s *searcher) best(p *seega.Position, maxDepth int) (seega.Move, int) {
	var move seega.Move
	value := 0
	for d := 1; d <= maxDepth; d++ {
		m, v, ok := s.root(p, d)
		if !ok {
			break
		}
		move, value = m, v
		if v >= winScore-maxPly || v <= -winScore+maxPly {
			break // a forced win or loss: deeper cannot change it
		}
	}
	if move == (seega.Move{}) { // not even depth 1 finished: the first move will do
		move = p.AppendMoves(nil)[0]
	}
	return move, value
}

// root searches every move of p to depth d; ok is false when the search was
// stopped before it finished.
func (s *searcher) root(p *seega.Position, d int) (seega.Move, int, bool) {
	kids := s.expand(p, 0)
	alpha, beta := -winScore-1, winScore+1
	var best seega.Move
	for i := range kids {
		v := s.childValue(p, &kids[i].pos, d-1, 1, alpha, beta)
		if s.stopped {
			return best, alpha, false
		}
		if v > alpha || i == 0 {
			alpha, best = v, kids[i].move
		}
	}
	s.store(p.Key(), best, alpha, d, exact)
	return best, alpha, true
}

// childValue is the value of child c of p for p's side on move: negated only
// when the side on move changes (a chain keeps it, S5).
func (s *searcher) childValue(p, c *seega.Position, depth, ply, alpha, beta int) int {
	if c.Turn() == p.Turn() {
		return s.negamax(c, depth, ply, alpha, beta)
	}
	return -s.negamax(c, depth, ply, -beta, -alpha)
}

// negamax is the value of p for its side on move, within (alpha, beta).
func (s *searcher) negamax(p *seega.Position, depth, ply, alpha, beta int) int {
	if p.Over() {
		return terminal(p, ply)
	}
	if s.tick() || ply >= maxPly-1 {
		return s.value(p)
	}
	_, chain := p.Chain()
	if depth <= 0 && !chain {
		return s.value(p) // a chain is not quiet: it is searched to its end
	}
	key := p.Key()
	if v, ok := s.probe(key, depth, alpha, beta); ok {
		return v
	}
	alpha0 := alpha
	kids := s.expand(p, ply)
	best, bestMove := -winScore-1, kids[0].move
	for i := range kids {
		v := s.childValue(p, &kids[i].pos, depth-1, ply+1, alpha, beta)
		if v > best {
			best, bestMove = v, kids[i].move
		}
		alpha = max(alpha, v)
		if alpha >= beta || s.stopped {
			break
		}
	}
	if !s.stopped {
		flag := exact
		switch {
		case best <= alpha0:
			flag = upper
		case best >= beta:
			flag = lower
		}
		s.store(key, bestMove, best, depth, flag)
	}
	return best
}

// value is the score of p, in play, for its side on move.
func (s *searcher) value(p *seega.Position) int {
	if s.eval != nil {
		return s.eval(p)
	}
	return evaluate(p)
}

// tick counts a node and reports whether the search must stop.
func (s *searcher) tick() bool {
	s.nodes++
	if s.nodes >= s.maxNodes || (s.nodes&255 == 0 && s.ctx.Err() != nil) {
		s.stopped = true
	}
	return s.stopped
}

// expand lists p's moves with the positions after them: the table's move
// first, then captures, then the rest, each group in the engine's order.
// The children are made in the engine's order, then copied group by group:
// a sort moved them, a few hundred bytes each, many times over.
func (s *searcher) expand(p *seega.Position, ply int) []child {
	s.moves[ply] = p.AppendMoves(s.moves[ply][:0])
	e := s.slot(p.Key())
	hint := seega.Move{}
	if e.key == p.Key() {
		hint = e.move
	}
	made := s.made[ply][:0]
	them := p.Turn().Other()
	for _, m := range s.moves[ply] {
		c := child{move: m, pos: *p, first: m == hint}
		c.pos.Do(m)
		c.capture = c.pos.OnBoard(them) < p.OnBoard(them)
		made = append(made, c)
	}
	kids := s.children[ply][:0]
	for r := range 3 {
		for i := range made {
			if rank(made[i]) == r {
				kids = append(kids, made[i])
			}
		}
	}
	s.made[ply], s.children[ply] = made, kids
	return kids
}

func rank(c child) int {
	switch {
	case c.first:
		return 0
	case c.capture:
		return 1
	}
	return 2
}

func (s *searcher) probe(key uint64, depth, alpha, beta int) (int, bool) {
	e := s.slot(key)
	if s.noTT || e.key != key || int(e.depth) < depth {
		return 0, false
	}
	v := int(e.value)
	switch {
	case e.flag == exact,
		e.flag == lower && v >= beta,
		e.flag == upper && v <= alpha:
		return v, true
	}
	return 0, false
}

func (s *searcher) store(key uint64, m seega.Move, v, depth int, flag int8) {
	e := s.slot(key)
	if s.noTT || (e.key == key && int(e.depth) > depth) {
		return // keep the deeper result
	}
	*e = ttEntry{key: key, move: m, value: int32(v), depth: int8(min(depth, 127)), flag: flag, gen: s.gen}
}
