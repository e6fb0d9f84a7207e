package tabai

import (
	"context"
	"math"
	"testing"
	"time"

	"kilab/ai"
	"kilab/games"
	"kilab/games/tab"
	"kilab/internal/testlong"
	"kilab/puzzles"
)

// eachChoice plays n seeded games of random moves and calls f at every
// position where a move is due among several, at most most times a game.
func eachChoice(t *testing.T, cfg games.Config, n, most int, f func(games.Position)) {
	t.Helper()
	for i := range n {
		src := games.Seeded(uint64(i))
		pos, err := tab.Game{}.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var rec games.Recorder
		for seen := 0; seen < most; {
			if pos, err = games.Advance(pos, src, &rec); err != nil {
				t.Fatal(err)
			}
			due := pos.Due()
			switch due.Kind {
			case games.DueNothing:
				seen = most
				continue
			case games.DueThrow:
				pos, err = games.Roll(pos, due.Player, src, &rec)
			case games.DueMove:
				if len(pos.Moves()) > 1 {
					seen++
					f(pos)
				}
				var m string
				if m, err = ai.Random(src).Choose(context.Background(), pos); err == nil {
					pos, err = pos.Play(m)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The examiner's gains are the turn-and-reply values found independently
// through the engine's checked API (the reply averaged over its turns of up
// to three throws), for every move of every position it values with at most
// two scores left to play; a puzzle
// clears the margin; and random games hold some puzzles.
func TestExaminerGainsMatchAnIndependentSearch(t *testing.T) {
	t.Parallel()
	ex := examiner{}
	found, valued := 0, 0
	var exTime time.Duration
	for _, cfg := range testlong.Pick([]games.Config{{Options: map[string]string{"width": "7"}}}, []games.Config{{Options: map[string]string{"width": "7"}}, {}}) {
		eachChoice(t, cfg, testlong.Pick(3, 20), testlong.Pick(100, 1000), func(pos games.Position) {
			began := time.Now()
			f, ok, err := ex.Examine(context.Background(), pos)
			exTime += time.Since(began)
			if err != nil {
				t.Fatalf("%s: %v", pos, err)
			}
			if ok {
				found++
				if err := ex.Clear(f.Moves); err != nil {
					t.Errorf("%s: a puzzle, yet %v", pos, err)
				}
			}
			if len(pos.(tab.Position).Scores()) > 2 {
				return // the checked API is too slow for the longest turns
			}
			gains := gainsOf(context.Background(), pos.(tab.Position))
			if gains == nil {
				return // no material to win: valued by chance alone
			}
			replies := map[string]float64{}
			for _, v := range f.Moves {
				valued++
				if want := independentGain(t, pos, v.Move, replies); math.Abs(v.Gain-want) > 1e-9 || gains[v.Move] != v.Gain {
					t.Errorf("%s %s: gain %v (searched %v), independently %v", pos, v.Move, v.Gain, gains[v.Move], want)
				}
			}
		})
	}
	t.Logf("%d moves valued, %d puzzles, %v", valued, found, exTime)
	if found == 0 {
		t.Error("no puzzle in the random games")
	}
}

// independentGain is the mover's material after move, the rest of its turn
// played for the most, and the reply's turns for the least, averaged.
func independentGain(t *testing.T, pos games.Position, move string, replies map[string]float64) float64 {
	me := pos.Due().Player
	next, err := pos.Play(move)
	if err != nil {
		t.Fatal(err)
	}
	best := math.Inf(-1)
	for _, e := range turnEndsAPI(t, next, me) {
		v, ok := replies[e.String()]
		if !ok {
			v = replyAPI(t, e, me)
			replies[e.String()] = v
		}
		best = math.Max(best, v)
	}
	return best - float64(bal(pos, me))
}

// replyAPI averages, over the opponent's turns of at most three throws that
// end in a move, the least balance it can leave me with.
func replyAPI(t *testing.T, e games.Position, me games.Player) float64 {
	if d := e.Due(); d.Kind != games.DueThrow || d.Player == me {
		return float64(bal(e, me))
	}
	odds := map[games.Throw]float64{1: 4.0 / 16, 2: 6.0 / 16, 3: 4.0 / 16, 4: 1.0 / 16, 6: 1.0 / 16}
	total, mass := 0.0, 0.0
	var throw func(q games.Position, p float64, n int)
	throw = func(q games.Position, p float64, n int) {
		for t0, o := range odds {
			r, err := games.ThrowAs(q, me.Other(), t0)
			switch {
			case err != nil:
			case r.Due().Kind == games.DueThrow && r.Due().Player == me.Other():
				if n < 2 && t0 != 2 && t0 != 3 {
					throw(r, p*o, n+1)
				}
			case t0 == 2 || t0 == 3:
				worst := math.Inf(1)
				for _, end := range turnEndsAPI(t, r, me.Other()) {
					worst = math.Min(worst, float64(bal(end, me)))
				}
				total, mass = total+p*o*worst, mass+p*o
			}
		}
	}
	throw(e, 1, 0)
	if mass == 0 {
		return float64(bal(e, me))
	}
	return total / mass
}

// turnEndsAPI lists the distinct positions where side's turn from pos can
// end; pos itself where it is not side's move.
func turnEndsAPI(t *testing.T, pos games.Position, side games.Player) []games.Position {
	var out []games.Position
	seen := map[string]bool{}
	var walk func(q games.Position)
	walk = func(q games.Position) {
		if seen[q.String()] {
			return
		}
		seen[q.String()] = true
		if d := q.Due(); d.Kind != games.DueMove || d.Player != side {
			out = append(out, q)
			return
		}
		for _, m := range q.Moves() {
			next, err := q.Play(m.Notation)
			if err != nil {
				t.Fatal(err)
			}
			walk(next)
		}
	}
	walk(pos)
	return out
}

func bal(pos games.Position, me games.Player) int {
	p := pos.(tab.Position)
	return p.Pieces(me) - p.Pieces(me.Other())
}

// Each theme is named by what the first move does.
func TestThemes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ pos, move, want string }{
		{"(mm)1m1m2(FF)3/3m7/5(mmm)3M1/1MMMMM4M w 4 - 5", "4b10-b6", ThemeStack},
		{"3(mmm)1m1m3/2(MM)m4m(mmm)m/11/CCCCC1M1M2 w 2,4,6 - 16", "6c3-c9", ThemeCapture},
		{"m3m1m3F/6m4/8(mmmmmm)2/C2M(MM)M5 b 1,2,6,6 - 3", "6b9-b3", ThemeOrder},
	} {
		pos, err := tab.Game{}.Parse(games.Config{}, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		got, err := examiner{}.Theme(pos, c.move)
		if err != nil || got != c.want {
			t.Errorf("%s %s: theme %q (%v), want %q", c.pos, c.move, got, err, c.want)
		}
	}
}

// Where no material decides, a puzzle is a move whose chance, as the judge
// gives it, leads every other's by 10 points: the examiner's values are the
// judge's own, best first.
func TestChancePuzzles(t *testing.T) {
	t.Parallel()
	judge, err := ai.NewJudge("tab", games.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ex, found := examiner{}, 0
	eachChoice(t, games.Config{}, testlong.Pick(2, 20), testlong.Pick(60, 1000), func(pos games.Position) {
		if len(pos.(tab.Position).Scores()) > maxScores {
			return // too long a turn to be a puzzle
		}
		f, ok, err := ex.Examine(context.Background(), pos)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		vals, _, err := ai.Analyse(context.Background(), judge, pos)
		if err != nil {
			t.Fatal(err)
		}
		byChance := len(vals) > 1 && vals[0].Chance-vals[1].Chance >= 0.1
		if !ok || puzzles.ClearGain(f.Moves, minGain) == nil {
			if byChance && !ok {
				t.Errorf("%s: %s leads by %.1f points, yet no puzzle", pos, vals[0].Move, 100*(vals[0].Chance-vals[1].Chance))
			}
			return
		}
		found++
		if !byChance {
			t.Errorf("%s: a puzzle by chance, yet the judge gives %v", pos, vals)
		}
		for i, v := range vals {
			if f.Moves[i].Move != v.Move || f.Moves[i].Chance != v.Chance {
				t.Errorf("%s: move %d is %+v, the judge's %+v", pos, i, f.Moves[i], v)
			}
		}
	})
	t.Logf("%d puzzles by chance", found)
	if found == 0 {
		t.Error("no puzzle by chance in the random games")
	}
}
