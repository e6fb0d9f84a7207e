package seegaai

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"kilab/ai"
	"kilab/games"
	"kilab/games/seega"
	"kilab/internal/testlong"
)

// Every agent plays only legal moves, at every size and in both variants:
// ai.PlayOut has the engine check each move. By default hard, whose games
// are nine tenths of the time, plays both openings on 5x5 (as in
// TestHardBeatsGreedy too), the lane opening on 7x7 and the free one on 9x9;
// KILAB_LONG=1 plays more games of every agent on every board. Each move
// is searched for 20 ms at most: legality is the point here, not strength.
func TestAgentsPlayLegally(t *testing.T) {
	g, _ := games.Lookup("seega")
	for _, size := range []string{"5", "7", "9"} {
		for _, variant := range []string{"free", "lane"} {
			cfg := games.Config{Variant: variant, Options: map[string]string{"size": size}}
			for _, name := range []string{"easy", "medium", "hard", "greedy"} {
				n := 1 // by default one game of each agent on each board
				switch {
				case testing.Short() && size != "5" && (name == "medium" || name == "hard"):
					continue // the race detector makes the deep searches of big boards slow
				case testing.Short():
				case name == "hard" && !testlong.On() && (size == "7" && variant == "free" || size == "9" && variant == "lane"):
					continue
				case size == "5":
					n = testlong.Pick(n, 4)
				default:
					n = testlong.Pick(n, 2)
				}
				m := ai.Match{Game: g, Config: cfg, A: name, B: "random", Games: n, Seed: 11, Budget: 20 * time.Millisecond}
				if _, err := ai.Play(context.Background(), m); err != nil {
					t.Fatalf("%s %s size %s: %v", name, variant, size, err)
				}
			}
		}
	}
}

// Hard beats greedy clearly in a small seeded match (the arena's figures in
// docs/ai.md are the real measure).
func TestHardBeatsGreedy(t *testing.T) {
	g, _ := games.Lookup("seega")
	n := testlong.Pick(4, 20) // hard wins them all; with its evaluation turned round it loses all four
	tally, err := ai.Play(context.Background(), ai.Match{Game: g, A: "hard", B: "greedy", Games: n, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("hard against greedy: %+v", tally)
	if tally.Wins < n*4/5 {
		t.Errorf("hard against greedy: %+v, want at least %d wins of %d", tally, n*4/5, n)
	}
}

// midgame plays a seeded random game into its moving phase.
func midgame(t testing.TB, seed uint64, steps int) seega.Position {
	return midgameOn(t, games.Config{}, seed, steps)
}

// midgameOn is midgame on the board cfg sets.
func midgameOn(t testing.TB, cfg games.Config, seed uint64, steps int) seega.Position {
	p, _ := seega.New(cfg)
	src := games.Seeded(seed)
	for k := 0; !p.Over() && (p.Phase() == seega.Placement || k < steps); k++ {
		ms := p.AppendMoves(nil)
		p.Do(ms[ai.Intn(src, len(ms))])
	}
	return p
}

// The transposition table changes no value: the same fixed-depth search with
// and without it agrees, on positions from many random games.
func TestTableChangesNoValue(t *testing.T) {
	seeds := uint64(20)
	if testing.Short() {
		seeds = 5
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		p := midgame(t, seed, int(seed%7))
		if p.Over() {
			continue
		}
		with := newSearcher(context.Background(), 1<<30)
		without := newSearcher(context.Background(), 1<<30)
		without.noTT = true
		for d := 1; d <= 4; d++ {
			_, a, _ := with.root(&p, d)
			_, b, _ := without.root(&p, d)
			if a != b {
				t.Fatalf("seed %d depth %d: %d with the table, %d without (%s)", seed, d, a, b, p.String())
			}
		}
	}
}

// A search stops at its deadline with a legal move.
func TestSearchRespectsTheDeadline(t *testing.T) {
	p := midgame(t, 3, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	m, _ := newSearcher(ctx, 1<<30).best(&p, maxPly-1)
	if took := time.Since(start); took > time.Second {
		t.Errorf("search took %v past a 30 ms deadline", took)
	}
	if _, err := p.PlayMove(m); err != nil {
		t.Errorf("move %v: %v", m, err)
	}
}

// The judge gives the result at the end, and figures in [0, 1] before.
func TestJudge(t *testing.T) {
	j, err := ai.NewJudge("seega", games.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		p := midgame(t, seed, 4)
		c, ex, err := j.WinChance(context.Background(), p)
		if err != nil || c < 0 || c > 1 || ex != p.Over() {
			t.Errorf("chance %v exact %v err %v", c, ex, err)
		}
		end, _ := seega.Playout(p, games.Seeded(seed))
		c, ex, _ = j.WinChance(context.Background(), end)
		want, _ := ai.Final(end)
		if c != want || !ex {
			t.Errorf("chance at the end %v (exact %v), want %v", c, ex, want)
		}
	}
}

// BenchmarkHardMove is hard's move in a middlegame position of 5 x 5, on
// the shipped network; BenchmarkClassicMove classic's, on material.
func BenchmarkHardMove(b *testing.B) { benchmarkMove(b, "hard") }

func BenchmarkClassicMove(b *testing.B) { benchmarkMove(b, "classic") }

func benchmarkMove(b *testing.B, level string) {
	p := midgame(b, 9, 3)
	a, err := ai.New("seega", level, games.Config{}, games.Seeded(1))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		scorers.Clear() // each move from a cold cache: the same position's scores kept would make it free
		b.StartTimer()
		if _, err := a.Choose(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// A searcher renewed for another search searches exactly as a new one: the
// same move, value and positions visited, on positions from random games,
// each search following a shallower one of the same position and one of
// another (whose entries it must not see), and across the wrap of the
// table's generations.
func TestRenewedSearcherIsAsNew(t *testing.T) {
	s := newSearcher(context.Background(), 3000)
	defer s.done()
	for seed := uint64(1); seed <= 8; seed++ {
		p := midgame(t, seed, int(seed%5))
		if p.Over() {
			continue
		}
		wrap := seed%2 == 0
		for i, before := range []seega.Position{midgame(t, seed+100, 2), p} {
			if wrap && i == 1 {
				s.gen = 0 // p's entries are written in generation 1...
			}
			if !before.Over() {
				s.renew(context.Background(), 3000)
				s.best(&before, 3)
			}
		}
		if wrap {
			s.gen = 1<<16 - 1 // ...and the search below wraps round to it
		}
		fresh := &searcher{ctx: context.Background(), maxNodes: 3000, tt: make([]ttEntry, 1<<ttBits)}
		fm, fv := fresh.best(&p, 4)
		s.renew(context.Background(), 3000)
		m, v := s.best(&p, 4)
		if m != fm || v != fv || s.nodes != fresh.nodes {
			t.Errorf("seed %d: %v %d after %d positions, a new searcher %v %d after %d", seed, m, v, s.nodes, fm, fv, fresh.nodes)
		}
	}
}

// BenchmarkJudge is the judge's chance at a middlegame position of each
// board, on the board's shipped network and on material, its scorer's cache
// cold as at a review's first search (BenchmarkReview measures a review).
func BenchmarkJudge(b *testing.B) {
	benchJudges(b, func(b *testing.B, cfg games.Config) func(judge) error {
		p := midgameOn(b, cfg, 9, 3)
		return func(j judge) error {
			_, _, err := j.WinChance(context.Background(), p)
			return err
		}
	})
}

// BenchmarkReview is a review (ai.ReviewGame) of 30 moves of a game's
// middle, from its 20th move after the placement, on each board, on the
// shipped network and on material: a chance for every legal move of every
// ply. The game is hard's against itself (a short search), seeded; the
// scorers' caches start cold.
func BenchmarkReview(b *testing.B) {
	benchJudges(b, func(b *testing.B, cfg games.Config) func(judge) error {
		start, plies := benchGame(b, cfg, 20, 30)
		return func(j judge) error {
			_, err := ai.ReviewGame(context.Background(), j, start, plies)
			return err
		}
	})
}

// benchJudges runs, on each board, the work setup makes for it with the
// judge on the board's shipped network and on material, each time with the
// scorers' caches cold.
func benchJudges(b *testing.B, setup func(*testing.B, games.Config) func(judge) error) {
	for _, n := range []int{5, 7, 9} {
		cfg := games.Config{Variant: "free", Options: map[string]string{"size": strconv.Itoa(n)}}
		net, _, err := shippedNet(cfg)
		if err != nil {
			b.Fatal(err)
		}
		work := setup(b, cfg)
		for _, j := range []struct {
			name  string
			judge judge
		}{{"network", judge{net: net}}, {"material", judge{}}} {
			b.Run(fmt.Sprintf("%d/%s", n, j.name), func(b *testing.B) {
				for b.Loop() {
					b.StopTimer()
					scorers.Clear()
					b.StartTimer()
					if err := work(j.judge); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// benchGame is part of hardGame on cfg's board: the position skip moves
// after the placement and the next moves plies, at most.
func benchGame(b *testing.B, cfg games.Config, skip, moves int) (seega.Position, []games.Ply) {
	ps, plies := hardGame(b, cfg, skip+moves)
	i := afterPlacement(ps, skip)
	return ps[i], plies[i:]
}

// afterPlacement is the index in ps of the position k moves after the
// placement.
func afterPlacement(ps []seega.Position, k int) int {
	for i, p := range ps {
		if p.Phase() == seega.Movement {
			return min(i+k, len(ps)-1)
		}
	}
	return len(ps) - 1
}

// hardGame is a seeded game of hard against itself on cfg's board, each
// move a short search (2,000 positions), to at most moves plies after the
// placement: every position a move was due in, and the ply played there.
func hardGame(tb testing.TB, cfg games.Config, moves int) ([]seega.Position, []games.Ply) {
	p, err := seega.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	net, _, err := shippedNet(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	a := &agent{params: params{depth: 12, nodes: 2000, net: net}, src: games.Seeded(3)}
	var ps []seega.Position
	var plies []games.Ply
	for !p.Over() && moves > 0 {
		if p.Phase() == seega.Movement {
			moves--
		}
		m, err := a.Choose(context.Background(), p)
		if err != nil {
			tb.Fatal(err)
		}
		ps, plies = append(ps, p), append(plies, games.Ply{Move: m})
		next, err := p.Play(m)
		if err != nil {
			tb.Fatal(err)
		}
		p = next.(seega.Position)
	}
	return ps, plies
}
