package tabai

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"kilab/ai"
	"kilab/ai/learn"
	"kilab/games"
	"kilab/games/tab"
	"kilab/internal/testlong"
)

// Every agent plays only legal moves at several widths: ai.PlayOut has the
// engine check each one. Each move is searched for 20 ms at most: legality
// is the point here, not strength.
func TestAgentsPlayLegally(t *testing.T) {
	g, _ := games.Lookup("tab")
	for _, w := range []string{"7", "11", "29"} {
		cfg := games.Config{Options: map[string]string{"width": w}}
		for _, name := range []string{"easy", "medium", "hard", "classic", "greedy"} {
			if w == "29" && name == "classic" && !testlong.On() {
				continue // hard's search on the material evaluation: 4 s a game on 29, for the long runs
			}
			m := ai.Match{Game: g, Config: cfg, A: name, B: "random", Games: testlong.Pick(2, 4), Seed: 13, Budget: 20 * time.Millisecond}
			if w == "29" {
				m.Games = 1
			}
			if _, err := ai.Play(context.Background(), m); err != nil {
				t.Fatalf("%s width %s: %v", name, w, err)
			}
		}
	}
}

// Hard beats greedy clearly in a small seeded match (docs/ai.md has the
// arena's figures).
func TestHardBeatsGreedy(t *testing.T) {
	g, _ := games.Lookup("tab")
	n := testlong.Pick(20, 40)
	if testing.Short() {
		n = 10 // the race detector slows the search tenfold
	}
	tally, err := ai.Play(context.Background(), ai.Match{Game: g, A: "hard", B: "greedy", Games: n, Seed: 2})
	t.Logf("hard against greedy: %+v", tally)
	if err != nil {
		t.Fatal(err)
	}
	if tally.Wins < n*7/10 {
		t.Errorf("hard against greedy: %+v, want at least %d wins of %d", tally, n*7/10, n)
	}
}

// midTurn plays a seeded random game until a move is due with several
// choices, after some turns.
func midTurn(t testing.TB, seed uint64, turns int) tab.Position {
	p, _ := tab.Start(11)
	src := games.Seeded(seed)
	for n := 0; ; n++ {
		if p.Throwing() {
			p, _ = p.WithThrow(games.TabSticks.Draw(src))
			continue
		}
		acts := p.Acts(nil)
		if n > turns && len(acts) > 3 {
			return p
		}
		p = p.Do(acts[src.Uint64()%uint64(len(acts))])
	}
}

// The planner stops at its deadline with a legal move.
func TestPlanRespectsTheDeadline(t *testing.T) {
	p := midTurn(t, 5, 60)
	a, _ := ai.New("tab", "hard", games.Config{}, games.Seeded(1))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	mv, err := a.Choose(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("chose in %v past a 20 ms deadline", took)
	}
	if _, err := p.WithMove(mv); err != nil {
		t.Errorf("move %s: %v", mv, err)
	}
}

// The judge gives 1, 0 or ½ at the end and figures in (0, 1) before, and a
// side with more pieces is the likelier winner.
func TestJudge(t *testing.T) {
	j, _ := ai.NewJudge("tab", games.Config{})
	p := midTurn(t, 8, 40)
	c, exact, err := j.WinChance(context.Background(), p)
	if err != nil || exact || c <= 0 || c >= 1 {
		t.Errorf("chance %v, exact %v, err %v", c, exact, err)
	}
	lead := p.Pieces(games.First) - p.Pieces(games.Second)
	if (lead >= 3 && c < 0.5) || (lead <= -3 && c > 0.5) {
		t.Errorf("%d pieces ahead, chance %v", lead, c)
	}
	end, _ := tab.Playout(p, games.Seeded(8))
	c, exact, _ = j.WinChance(context.Background(), end)
	if want, _ := ai.Final(end); c != want || !exact {
		t.Errorf("at the end: %v (exact %v), want %v", c, exact, want)
	}
}

func BenchmarkHardMove(b *testing.B) {
	p := midTurn(b, 9, 50)
	a, _ := ai.New("tab", "hard", games.Config{}, games.Seeded(1))
	for b.Loop() {
		if _, err := a.Choose(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// The judge sharpens the network's chances as fitted, and calls them
// calibrated only for the network the fit was made and checked on: a
// network of other bytes gets its chances as they come, as estimates.
func TestJudgeCalibratedForItsNetworkOnly(t *testing.T) {
	t.Parallel()
	j, err := ai.NewJudge("tab", games.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := j.(ai.Checked); !ok || !c.Calibrated() {
		t.Fatalf("Tab's judge does not say its chances are calibrated: %T", j)
	}
	net, err := shippedNet()
	if err != nil {
		t.Fatal(err)
	}
	other := slices.Clone(shipped)
	other[len(other)-1] ^= 1
	raw := judgeOf(net, learn.File(other).SHA256())
	if raw.Calibrated() || raw.sharpness != 1 {
		t.Errorf("the judge of another network: calibrated %v, sharpness %v", raw.Calibrated(), raw.sharpness)
	}
	for _, p := range []tab.Position{midTurn(t, 8, 40), midTurn(t, 3, 11), midTurn(t, 5, 90)} {
		c, _, err := j.WinChance(context.Background(), p)
		r, _, err2 := raw.WinChance(context.Background(), p)
		if err != nil || err2 != nil {
			t.Fatal(err, err2)
		}
		if want := ai.Sharpen(r, judgeSharpness); math.Abs(c-want) > 1e-12 {
			t.Errorf("%s: chance %v, want the network's %v sharpened by %v: %v", p, c, r, judgeSharpness, want)
		}
	}
}
