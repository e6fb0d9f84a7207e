package ai_test

import (
	"context"
	"testing"
	"time"

	"kilab/ai"
	"kilab/games"
	"kilab/internal/testlong"
)

// playoutJudge estimates seat 0's chance by random playouts from a fixed
// seed: crude, but a real judge for any game, which is all these tests need.
type playoutJudge struct{ n int }

func (j playoutJudge) WinChance(ctx context.Context, pos games.Position) (float64, bool, error) {
	if c, over := ai.Final(pos); over {
		return c, true, nil
	}
	sum := 0.0
	for k := 0; k < j.n; k++ {
		seats := [2]ai.Agent{ai.Random(games.Seeded(uint64(k))), ai.Random(games.Seeded(uint64(k) + 99))}
		out, _, err := ai.PlayOut(ctx, pos, seats, games.Seeded(uint64(k)+7), time.Second)
		if err != nil {
			return 0, false, err
		}
		switch {
		case out.Status == games.Drawn:
			sum += 0.5
		case out.Winner == games.First:
			sum++
		}
	}
	return sum / float64(j.n), false, nil
}

// A game played by random agents, reviewed: every chosen move among several
// is judged against the best, which costs nothing, and the last figure is the
// result.
func TestReviewGame(t *testing.T) {
	ctx := context.Background()
	names := []string{"aseb", "seega"}
	if testing.Short() {
		names = names[:1] // Seega's random playouts are long
	}
	for _, name := range names {
		g, _ := games.Lookup(name)
		start, _ := g.New(games.Config{})
		plies := randomGame(t, start, 5)
		// Two playouts a judgement make a crude judge, which is all the
		// review's bookkeeping needs; eight with KILAB_LONG=1.
		n := testlong.Pick(2, 8)
		if name == "seega" {
			n = testlong.Pick(1, 8) // a random Seega game is long: one playout is judge enough here
		}
		r, err := ai.ReviewGame(ctx, playoutJudge{n}, start, plies)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Plies) != len(plies) || r.Trust != ai.Estimate {
			t.Fatalf("%s: %d plies reviewed of %d, %v", name, len(r.Plies), len(plies), r.Trust)
		}
		judged := 0
		for i, p := range r.Plies {
			if p.N != i+1 || p.Cost < 0 || (p.Choices > 1) != (p.Best != "") {
				t.Fatalf("%s ply %+v", name, p)
			}
			if p.Choices > 1 {
				judged++
				if p.Best == p.Ply.Move && p.Cost != 0 {
					t.Errorf("%s: the best move %s costs %v", name, p.Best, p.Cost)
				}
			}
		}
		if judged == 0 {
			t.Errorf("%s: no move was judged", name)
		}
		if last := r.Plies[len(r.Plies)-1].Chance; last != 0 && last != 1 && last != 0.5 {
			t.Errorf("%s: chance after the last ply %v, want the result", name, last)
		}
		for seat := range games.Player(2) {
			worst := r.Costliest(seat, 3)
			for k, p := range worst {
				if p.Ply.Player != seat || (k > 0 && p.Cost > worst[k-1].Cost) || p.Cost <= 0 {
					t.Errorf("%s: costliest of seat %d: %+v", name, seat, worst)
				}
			}
		}
	}
}

func randomGame(t *testing.T, start games.Position, seed uint64) []games.Ply {
	t.Helper()
	var rec games.Recorder
	src := games.Seeded(seed)
	agent := ai.Random(games.Seeded(seed + 1))
	pos := start
	for n := 0; n < 5000; n++ {
		var err error
		if pos, err = games.Advance(pos, src, &rec); err != nil {
			t.Fatal(err)
		}
		due := pos.Due()
		switch due.Kind {
		case games.DueNothing:
			return rec.Plies
		case games.DueThrow:
			pos, err = games.Roll(pos, due.Player, src, &rec)
		default:
			var mv string
			if mv, err = agent.Choose(context.Background(), pos); err == nil {
				rec.Move(due.Player, mv)
				pos, err = pos.Play(mv)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("random game did not end")
	return nil
}

func TestAnalyseNeedsAMove(t *testing.T) {
	g, _ := games.Lookup("aseb")
	start, _ := g.New(games.Config{})
	if _, _, err := ai.Analyse(context.Background(), playoutJudge{1}, start); err == nil {
		t.Error("analysed a position where a throw is due")
	}
}
