package asebai

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"kilab/ai"
	"kilab/games"
	"kilab/games/aseb"
	"kilab/internal/testlong"
)

var smallConfigs = []games.Config{
	{Variant: "standard"},
	{Variant: "standard", Options: map[string]string{"dice": "d4"}},
	{Variant: "twenty-squares"},
	{Variant: "twenty-squares", Options: map[string]string{"house4": "true", "enter-past-own": "true"}},
	{Variant: "royalur"},
}

// Solved values satisfy the Bellman equation: recomputed from their
// neighbours, none moves by Residual, at every position of small games.
func TestSolvedValuesSatisfyBellman(t *testing.T) {
	cfgs := smallConfigs
	if testing.Short() {
		cfgs = cfgs[3:]
	}
	for _, cfg := range cfgs {
		s, st := solveRules(rulesN(t, cfg, 2), 2, nil)
		if st.Residual >= Residual {
			t.Errorf("%s: residual %v", cfg, st.Residual)
		}
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				s.shape.each(s.rules, a, b, func(i int64, p aseb.Position) {
					if d := math.Abs(s.bellman(p) - s.get(i)); d >= Residual {
						t.Fatalf("%s: %v off the Bellman equation by %v", cfg, p, d)
					}
				})
			}
		}
	}
}

// The solver agrees with an independent solve of the same small games that
// goes only through the engine's checked API (WithThrow, Legal, Apply) over
// the positions reachable from the start, kept in a map: no index, no
// Afters, no layers.
func TestSolverMatchesIndependentSolve(t *testing.T) {
	// Three rule sets in the default run (one of each variant), all five in
	// the long runs; royalur alone under the race detector, which makes
	// this one slow.
	cfgs := testlong.Pick([]games.Config{smallConfigs[0], smallConfigs[2], smallConfigs[4]}, smallConfigs)
	if testing.Short() {
		cfgs = smallConfigs[4:]
	}
	for _, cfg := range cfgs {
		r := rulesN(t, cfg, 2)
		s, _ := solveRules(r, 2, nil)
		want := independentSolve(t, r)
		for key, v := range want {
			p := positions[key]
			if got := s.get(s.shape.indexOf(p)); math.Abs(got-v) > 1e-8 {
				t.Fatalf("%s: %v is %v, the independent solve says %v", cfg, p, got, v)
			}
		}
		if len(want) < 1000 {
			t.Errorf("%s: only %d positions reached", cfg, len(want))
		}
	}
}

// A sweep is the same sequential Gauss-Seidel sweep whatever the cores that
// share its work and whether its batches are kept between sweeps or
// prepared again: the values come out the same to the bit. The arena of
// 128 KiB keeps a batch or two of each group and prepares the rest anew.
func TestSolveSameOnAnyCoresAndArena(t *testing.T) {
	// By default two pieces in batches of 128 pairs: 64 batches in the
	// largest group, so that the helpers go round the ring many times and
	// the small arena keeps some and prepares the rest anew, as a real
	// solve does, in a tenth of a second. The long run solves three pieces
	// in the real batches, at 30 times the time.
	pieces := testlong.Pick(2, 3)
	defer func(old int) { batchPairs = old }(batchPairs)
	batchPairs = testlong.Pick(1<<7, batchPairs)
	r := rulesN(t, games.Config{Variant: "royalur"}, pieces)
	before := runtime.NumGoroutine()
	defer checkNoGoroutinesLeft(t, before)
	want, wantStats := solveWith(r, 1, ArenaBytes, nil)
	for _, c := range []struct{ parts, arena int }{{2, ArenaBytes}, {2, 128 << 10}, {3, 128 << 10}, {1, 0}} {
		got, st := solveWith(r, c.parts, c.arena, nil)
		if st.Sweeps != wantStats.Sweeps {
			t.Errorf("%+v: %d sweeps, %d on one core", c, st.Sweeps, wantStats.Sweeps)
		}
		for i := range want.v {
			if got.v[i] != want.v[i] {
				t.Fatalf("%+v: value %d is %v, %v on one core", c, i, got.get(int64(i)), want.get(int64(i)))
			}
		}
	}
}

// checkNoGoroutinesLeft fails if more goroutines than before are still
// running a second after the sweeps: a helper left waiting would hold its
// group's order for good.
func checkNoGoroutinesLeft(t *testing.T, before int) {
	t.Helper()
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines left running after the solves, %d before", runtime.NumGoroutine(), before)
}

var positions = map[string]aseb.Position{}

// independentSolve is plain value iteration over every position reachable
// from the start where a throw is due, keyed by the engine's notation.
func independentSolve(t *testing.T, r aseb.Rules) map[string]float64 {
	start := aseb.NewPosition(r)
	succ := map[string][][]aseb.Position{} // per score (0-4): the positions after each choice
	var todo []aseb.Position
	visit := func(p aseb.Position) {
		if _, ok := succ[p.String()]; !ok && p.State() != aseb.Over {
			succ[p.String()] = nil
			positions[p.String()] = p
			todo = append(todo, p)
		}
	}
	visit(start)
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		var per [][]aseb.Position
		for th := games.Throw(0); th <= 4; th++ {
			q, err := p.WithThrow(th)
			if err != nil || q.State() != aseb.MoveDue {
				per = append(per, nil) // a 0 thrown again, or not a score of these dice
				continue
			}
			var afters []aseb.Position
			legal := q.Legal(nil)
			if len(legal) == 0 {
				legal = []aseb.Move{aseb.Pass}
			}
			for _, m := range legal {
				after, err := q.Apply(m)
				if err != nil {
					t.Fatal(err)
				}
				afters = append(afters, after)
				visit(after)
			}
			per = append(per, afters)
		}
		succ[p.String()] = per
	}
	return iterate(r, succ)
}

// link is one choice's result: the position reached (by id), whether the
// mover is still on turn there, and whether the mover has won.
type link struct {
	to             int
	sameTurn, over bool
}

// chance is one score's share of a position's value: the score's odds and
// the results of its choices, of which the mover takes the best.
type chance struct {
	odds  float64
	links []link
}

// iterate is plain value iteration over the positions of succ. The links are
// worked out once, into slices, because the sweeps run until nothing moves
// by 1e-12 and are most of the test's time.
func iterate(r aseb.Rules, succ map[string][][]aseb.Position) map[string]float64 {
	ids := map[string]int{}
	var keys []string
	for key := range succ {
		ids[key] = len(keys)
		keys = append(keys, key)
	}
	probs := map[int]float64{}
	total := 0.0
	for _, o := range r.Dice.Odds() {
		if o.Throw == 0 && r.Variant == aseb.Standard {
			continue // thrown again: the others are conditioned on it not coming
		}
		probs[int(o.Throw)] = float64(o.Num) / float64(o.Den)
		total += probs[int(o.Throw)]
	}
	chances := make([][]chance, len(keys)) // position, score with a choice
	for k, key := range keys {
		p := positions[key]
		for th, afters := range succ[key] {
			if len(afters) == 0 {
				continue
			}
			c := chance{odds: probs[th] / total}
			for _, q := range afters {
				l := link{over: q.State() == aseb.Over, sameTurn: q.Turn() == p.Turn()}
				if !l.over {
					l.to = ids[q.String()]
				}
				c.links = append(c.links, l)
			}
			chances[k] = append(chances[k], c)
		}
	}
	v := make([]float64, len(keys))
	for changed := 1.0; changed > 1e-12; {
		changed = 0
		for k, cs := range chances {
			nv := 0.0
			for _, c := range cs {
				best := 0.0
				for _, l := range c.links {
					val := 1.0
					switch {
					case l.over:
					case l.sameTurn:
						val = v[l.to]
					default:
						val = 1 - v[l.to]
					}
					best = max(best, val)
				}
				nv += c.odds * best
			}
			changed = max(changed, math.Abs(nv-v[k]))
			v[k] = nv
		}
	}
	out := map[string]float64{}
	for k, key := range keys {
		out[key] = v[k]
	}
	return out
}

// A table file reads back exactly, and every kind of bad file is refused.
func TestTableFile(t *testing.T) {
	cfg := games.Config{Variant: "royalur"}
	tab := smallTable(t, cfg)
	dir := t.TempDir()
	path := filepath.Join(dir, FileName(tab.Config))
	if err := tab.Save(path); err != nil {
		t.Fatal(err)
	}
	back := &Table{Config: tab.Config, rules: tab.rules, shape: tab.shape}
	data, _ := os.ReadFile(path)
	if err := back.decode(data); err != nil || len(back.q) != len(tab.q) {
		t.Fatalf("reading back: %v", err)
	}
	for i := range tab.q {
		if back.q[i] != tab.q[i] {
			t.Fatalf("value %d: %d read back as %d", i, tab.q[i], back.q[i])
		}
	}
	bad := map[string][]byte{
		"truncated": data[:len(data)/2],
		"empty":     nil,
		"flipped":   flip(data, len(data)/3),
		"magic":     flip(data, 0),
	}
	for what, b := range bad {
		if err := (&Table{Config: tab.Config, rules: tab.rules, shape: tab.shape}).decode(b); err == nil {
			t.Errorf("%s file accepted", what)
		}
	}
	other := &Table{Config: games.Config{Variant: "standard", Options: map[string]string{"dice": "sticks", "pieces": "5"}}, rules: tab.rules, shape: tab.shape}
	if err := other.decode(data); err == nil {
		t.Error("a royalur table was accepted as standard's")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("Save left %d files in its folder", len(entries))
	}
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0x40
	return c
}

// smallTable is a 2-piece table of cfg: solved in a blink, and every code
// path of a table is the same as with 5.
func smallTable(t *testing.T, cfg games.Config) *Table {
	t.Helper()
	r := rulesN(t, cfg, 2)
	s, _ := solveRules(r, 2, nil)
	ncfg, _ := games.Normalize(aseb.Game{}, cfg)
	return s.table(ncfg)
}

// Perfect play never picks a move worth less than another, by the table.
func TestTablePlaysItsBestMove(t *testing.T) {
	tab := smallTable(t, games.Config{Variant: "twenty-squares"})
	src := games.Seeded(4)
	p := aseb.NewPosition(tab.rules)
	for n := 0; n < 2000 && p.State() != aseb.Over; n++ {
		if p.State() != aseb.MoveDue {
			p, _ = p.WithThrow(tab.rules.Dice.Draw(src))
			continue
		}
		v, m := tab.best(p)
		for _, other := range p.Legal(nil) {
			q, _ := p.Apply(other)
			w := tab.Chance(q)
			if q.Turn() != p.Turn() {
				w = 1 - w
			}
			if w > v+1e-12 {
				t.Fatalf("%v: best %v worth %v, but %v is worth %v", p, m, v, other, w)
			}
		}
		p, _ = p.Apply(m)
	}
}

// Every agent plays only legal moves in every variant, with 5 and 7 pieces.
func TestAgentsPlayLegally(t *testing.T) {
	g, _ := games.Lookup("aseb")
	cfgs := append(append([]games.Config(nil), smallConfigs...), games.Config{Variant: "standard", Options: map[string]string{"pieces": "7"}})
	for _, cfg := range cfgs {
		for _, name := range []string{"easy", "medium", "hard", "greedy"} {
			m := ai.Match{Game: g, Config: cfg, A: name, B: "random", Games: 6, Seed: 3}
			if testing.Short() {
				m.Games = 2 // the race detector slows hard's expectimax tenfold
			}
			if _, err := ai.Play(context.Background(), m); err != nil {
				t.Fatalf("%s %s: %v", name, cfg, err)
			}
		}
	}
}

func BenchmarkSolve3(b *testing.B) {
	for b.Loop() {
		r := rulesN(b, games.Config{Variant: "standard"}, 3)
		solveRules(r, 2, nil)
	}
}

// BenchmarkSearchMove is hard's move where no table is loaded (7 pieces, or
// before the table is solved): expectimax 3 throws deep.
func BenchmarkSearchMove(b *testing.B) {
	r := rulesN(b, games.Config{Variant: "standard"}, 5)
	p := aseb.Assemble(r, games.First, [2]uint32{1<<2 | 1<<6 | 1<<9, 1<<1 | 1<<7 | 1<<11}, [2]int8{1, 1})
	p, _ = p.WithThrow(2)
	a := &agent{params: params{depth: 3}, cfg: games.Config{Variant: "standard"}, src: games.Seeded(1)}
	for b.Loop() {
		if _, err := a.Choose(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookup is one value read from a table: the index and the array.
func BenchmarkLookup(b *testing.B) {
	r := rulesN(b, games.Config{Variant: "standard"}, 2)
	s, _ := solveRules(r, 1, nil)
	t := s.table(games.Config{Variant: "standard"})
	p := aseb.Assemble(r, games.First, [2]uint32{1 << 6, 1 << 9}, [2]int8{1, 0})
	sum := 0.0
	for b.Loop() {
		sum += t.Chance(p)
	}
	_ = sum
}

// BenchmarkLookupSolved reads values of random positions from a real 5-piece
// table, where they miss the cache: KILAB_TABLE=path/to/table runs it.
func BenchmarkLookupSolved(b *testing.B) {
	path := os.Getenv("KILAB_TABLE")
	if path == "" {
		b.Skip("KILAB_TABLE names a standard 5-piece table file")
	}
	t, err := Load(path, games.Config{Variant: "standard"})
	if err != nil {
		b.Fatal(err)
	}
	src := games.Seeded(5)
	ps := make([]aseb.Position, 1<<16)
	for k := range ps {
		ps[k] = aseb.NewPosition(t.rules)
		for n := src.Uint64() % 60; n > 0 && ps[k].State() != aseb.Over; n-- {
			ps[k] = playStep(ps[k], src)
		}
		if ps[k].State() == aseb.MoveDue || ps[k].State() == aseb.Over {
			ps[k] = aseb.NewPosition(t.rules)
		}
	}
	sum := 0.0
	k := 0
	for b.Loop() {
		sum += t.Chance(ps[k&(len(ps)-1)])
		k++
	}
	_ = sum
}

// playStep is one random throw or move.
func playStep(p aseb.Position, src games.Source) aseb.Position {
	if p.State() != aseb.MoveDue {
		q, _ := p.WithThrow(p.Rules().Dice.Draw(src))
		return q
	}
	legal := p.Legal(nil)
	if len(legal) == 0 {
		legal = append(legal, aseb.Pass)
	}
	q, _ := p.Apply(legal[src.Uint64()%uint64(len(legal))])
	return q
}
