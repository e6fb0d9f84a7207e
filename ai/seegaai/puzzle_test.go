package seegaai

import (
	"context"
	"testing"

	"kilab/ai"
	"kilab/games"
	"kilab/games/seega"
	"kilab/internal/testlong"
	"kilab/puzzles"
)

// eachChoice plays n seeded games of random moves and calls f at every
// position where a move is due among several, at most most times a game.
func eachChoice(t *testing.T, cfg games.Config, n, most int, f func(games.Position)) {
	t.Helper()
	for i := range n {
		src := games.Seeded(uint64(i))
		pos, err := seega.Game{}.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for seen := 0; pos.Due().Kind == games.DueMove && seen < most; {
			if len(pos.Moves()) > 1 {
				seen++
				f(pos)
			}
			m, err := ai.Random(src).Choose(context.Background(), pos)
			if err == nil {
				pos, err = pos.Play(m)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The examiner's gains are the turn-and-reply minimax found independently
// through the engine's checked API, for every move of every position it
// values; a puzzle clears the margin and starts a turn; and random games
// hold some puzzles.
func TestExaminerGainsMatchAnIndependentSearch(t *testing.T) {
	t.Parallel()
	ex := examiner{}
	found := 0
	for _, cfg := range []games.Config{{Variant: "free", Options: map[string]string{"size": "5"}}, {Variant: "lane", Options: map[string]string{"size": "5"}}} {
		eachChoice(t, cfg, testlong.Pick(1, 40), testlong.Pick(40, 1000), func(pos games.Position) {
			f, ok, err := ex.Examine(context.Background(), pos)
			if err != nil {
				t.Fatalf("%s: %v", pos, err)
			}
			for _, v := range f.Moves {
				if want := independentGain(t, pos, v.Move); v.Gain != float64(want) {
					t.Errorf("%s %s: gain %v, independently %d", pos, v.Move, v.Gain, want)
				}
			}
			if ok {
				found++
				if err := ex.Clear(f.Moves); err != nil {
					t.Errorf("%s: a puzzle, yet %v", pos, err)
				}
				if _, mid := pos.(seega.Position).Chain(); mid {
					t.Errorf("%s: a puzzle in the middle of a chain", pos)
				}
			}
		})
	}
	if found == 0 {
		t.Error("no puzzle in the random games")
	}
}

// independentGain is the mover's material after move, the rest of its turn
// played for the most and the reply for the least, less the material before.
func independentGain(t *testing.T, pos games.Position, move string) int {
	me := pos.Due().Player
	next, err := pos.Play(move)
	if err != nil {
		t.Fatal(err)
	}
	best := -1000
	for _, e := range turnEndsAPI(t, next, me) {
		worst := 1000
		if e.Due().Kind != games.DueMove {
			worst = bal(e, me)
		}
		for _, r := range turnEndsAPI(t, e, me.Other()) {
			worst = min(worst, bal(r, me))
		}
		best = max(best, worst)
	}
	return best - bal(pos, me)
}

// turnEndsAPI lists where side's turn from pos can end; pos itself where it
// is not side's move.
func turnEndsAPI(t *testing.T, pos games.Position, side games.Player) []games.Position {
	if d := pos.Due(); d.Kind != games.DueMove || d.Player != side {
		return []games.Position{pos}
	}
	var out []games.Position
	for _, m := range pos.Moves() {
		next, err := pos.Play(m.Notation)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, turnEndsAPI(t, next, side)...)
	}
	return out
}

func bal(pos games.Position, me games.Player) int {
	p := pos.(seega.Position)
	return p.OnBoard(me) + p.InHand(me) - p.OnBoard(me.Other()) - p.InHand(me.Other())
}

// Each theme is named by what the move does.
func TestThemes(t *testing.T) {
	t.Parallel()
	cfg := games.Config{Variant: "free", Options: map[string]string{"size": "5"}}
	for _, c := range []struct{ pos, move, want string }{
		{"LDLDD/LLLDD/LLD.D/DL.LD/DLDLD D move quiet=0 chain=C3 last=C3<D3", "C3-C2", ThemeDouble},
		{"DLLDL/LL.DL/DLD.L/LD.DL/DDDDD L move quiet=0 last=D2<C2*2,B3<B4,C3<C2,B4<C4", "C5-C4", ThemeChain},
		{"DLLDL/LL.DL/DLD.L/LD.DL/DDDDD L move quiet=0 last=D2<C2*2,B3<B4,C3<C2,B4<C4", "E3-D3", ThemeDefence},
	} {
		pos, err := seega.Game{}.Parse(cfg, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		got, err := examiner{}.Theme(pos, c.move)
		if err != nil || got != c.want {
			t.Errorf("%s %s: theme %q (%v), want %q", c.pos, c.move, got, err, c.want)
		}
	}
}

// Where no material decides, a puzzle on 5 x 5 is a move that starts a turn
// and whose chance, as the judge on the shipped network gives it, leads
// every other's by 10 points: the examiner's values are the judge's own,
// best first. With the same network's chances not calibrated (as a
// network of its own, or any board's whose curve is not checked), no
// puzzle is by chance.
func TestChancePuzzles(t *testing.T) {
	t.Parallel()
	shipped, err := ai.NewJudge("seega", fiveFree)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := puzzles.NewExaminer("seega", fiveFree, ai.Env{})
	if err != nil {
		t.Fatal(err)
	}
	net, _, _ := shippedNet(fiveFree)
	estimates := examiner{judge: judge{net: net}}
	found := 0
	eachChoice(t, fiveFree, testlong.Pick(1, 4), testlong.Pick(30, 1000), func(pos games.Position) {
		f, ok, err := ex.Examine(context.Background(), pos)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		if g, ok, _ := estimates.Examine(context.Background(), pos); ok && puzzles.ClearGain(g.Moves, minGain) != nil {
			t.Errorf("%s: a puzzle by chance from chances not calibrated", pos)
		}
		if _, mid := pos.(seega.Position).Chain(); mid || pos.(seega.Position).Phase() != seega.Movement {
			if ok {
				t.Errorf("%s: a puzzle that does not start a turn of moving", pos)
			}
			return
		}
		vals, _, err := ai.Analyse(context.Background(), shipped, pos)
		if err != nil {
			t.Fatal(err)
		}
		byChance := len(vals) > 1 && vals[0].Chance-vals[1].Chance >= margin
		if puzzles.ClearGain(f.Moves, minGain) == nil {
			return // by material, confirmed or not by the deep search
		}
		if ok != byChance {
			t.Errorf("%s: a puzzle %v, yet the judge gives %v", pos, ok, vals)
		}
		if !ok {
			return
		}
		found++
		if !f.Calibrated {
			t.Errorf("%s: a puzzle by chance from chances not calibrated", pos)
		}
		// The judge's values in its order of chance; moves of equal chance
		// may come in either order.
		chance := map[string]float64{}
		for _, v := range vals {
			chance[v.Move] = v.Chance
		}
		for i, v := range vals {
			if c, ok := chance[f.Moves[i].Move]; !ok || c != f.Moves[i].Chance || f.Moves[i].Chance != v.Chance {
				t.Errorf("%s: move %d is %+v, the judge's %+v", pos, i, f.Moves[i], v)
			}
		}
	})
	t.Logf("%d puzzles by chance", found)
	if found == 0 {
		t.Error("no puzzle by chance in the random games")
	}
}
