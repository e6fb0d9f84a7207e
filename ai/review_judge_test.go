package ai_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"kilab/ai"
	"kilab/games"
)

// pick is a game made for judging: the sides take turns to pick l, m or r,
// four picks in all, and a position is what was picked so far. It has no
// dice and no rules to speak of, so that a review's figures come from the
// judge alone.
type pick struct{ picked string }

const pickLength = 4

func (p pick) Due() games.Due {
	if len(p.picked) == pickLength {
		return games.Due{Kind: games.DueNothing}
	}
	return games.Due{Kind: games.DueMove, Player: games.Player(len(p.picked) % 2)}
}

func (p pick) Throw(games.Throw) (games.Position, error) {
	return p, errors.New("pick: nothing is thrown")
}

func (p pick) Moves() []games.Move {
	if len(p.picked) == pickLength {
		return nil
	}
	return []games.Move{{Notation: "l"}, {Notation: "m"}, {Notation: "r"}}
}

func (p pick) Play(move string) (games.Position, error) {
	for _, m := range p.Moves() {
		if m.Notation == move {
			return pick{p.picked + move}, nil
		}
	}
	return p, games.ErrIllegalMove
}

func (p pick) Outcome() games.Outcome {
	if len(p.picked) == pickLength {
		return games.Outcome{Status: games.Drawn}
	}
	return games.Outcome{}
}

func (p pick) String() string { return p.picked }

// fixedJudge values each position by a table, always from seat 0's side, as
// every Judge does; a position not in it is worth ½.
type fixedJudge map[string]float64

func (j fixedJudge) WinChance(_ context.Context, pos games.Position) (float64, bool, error) {
	if c, ok := j[pos.String()]; ok {
		return c, true, nil
	}
	return 0.5, true, nil
}

// Seat 0's chance after each pick. Seat 1's is 1 minus it, so seat 1's best
// pick after r is l (0.7 for seat 1) and its worst m (0.1), the other way
// round from how seat 0 sees them.
var pickValues = fixedJudge{
	"l": 0.6, "m": 0.5, "r": 0.45,
	"rl": 0.3, "rm": 0.9, "rr": 0.4,
	"rrl": 0.2, "rrm": 0.8, "rrr": 0.5,
}

// A review judges each pick from the side of the player who made it: seat
// 1's best pick is the one that leaves seat 0 the least, and what a pick
// costs is in its own player's chance. The chart's figure after every ply
// stays seat 0's.
func TestReviewJudgesEachPlyForItsPlayer(t *testing.T) {
	t.Parallel()
	plies := []games.Ply{
		{Player: games.First, Move: "r"},  // the worst for seat 0: costs 0.6 - 0.45
		{Player: games.Second, Move: "r"}, // seat 1 is left 0.6 where l leaves it 0.7
		{Player: games.First, Move: "m"},  // the best
	}
	r, err := ai.ReviewGame(context.Background(), pickValues, pick{}, plies)
	if err != nil {
		t.Fatal(err)
	}
	if r.Start != 0.5 || r.Trust != ai.Exact || len(r.Plies) != len(plies) {
		t.Fatalf("review: start %v, %v, %d plies; want 0.5, exact, %d", r.Start, r.Trust, len(r.Plies), len(plies))
	}
	want := []ai.PlyReview{
		{N: 1, Ply: plies[0], Chance: 0.45, Choices: 3, Best: "l", Cost: 0.15},
		{N: 2, Ply: plies[1], Chance: 0.4, Choices: 3, Best: "l", Cost: 0.1},
		{N: 3, Ply: plies[2], Chance: 0.8, Choices: 3, Best: "m", Cost: 0},
	}
	for i, w := range want {
		got := r.Plies[i]
		if got.N != w.N || got.Ply.Player != w.Ply.Player || got.Ply.Move != w.Ply.Move || !near(got.Chance, w.Chance) ||
			got.Choices != w.Choices || got.Best != w.Best || !near(got.Cost, w.Cost) {
			t.Errorf("ply %d: %+v, want %+v", i+1, got, w)
		}
	}
	for seat, wantN := range []int{1, 2} {
		worst := r.Costliest(games.Player(seat), 3)
		if len(worst) != 1 || worst[0].N != wantN {
			t.Errorf("costliest of seat %d: %+v, want ply %d alone", seat, worst, wantN)
		}
	}
}

// Analyse orders seat 1's moves by seat 1's chance, best first.
func TestAnalyseForTheSecondPlayer(t *testing.T) {
	t.Parallel()
	vals, exact, err := ai.Analyse(context.Background(), pickValues, pick{"r"})
	if err != nil || !exact || len(vals) != 3 {
		t.Fatalf("Analyse: %+v, exact %v, %v", vals, exact, err)
	}
	for i, w := range []ai.MoveValue{{Move: "l", Chance: 0.7}, {Move: "r", Chance: 0.6}, {Move: "m", Chance: 0.1}} {
		if vals[i].Move != w.Move || !near(vals[i].Chance, w.Chance) {
			t.Fatalf("Analyse: %+v, want l 0.7, r 0.6, m 0.1", vals)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// checkedJudge is fixedJudge's figures, exact only for positions of fewer
// than exactBefore plies (a pick position's string is its plies), from a
// judge that says whether it passed the calibration check.
type checkedJudge struct {
	fixedJudge
	exactBefore int
	calibrated  bool
}

func (j checkedJudge) WinChance(ctx context.Context, pos games.Position) (float64, bool, error) {
	c, _, err := j.fixedJudge.WinChance(ctx, pos)
	return c, len(pos.String()) < j.exactBefore, err
}

func (j checkedJudge) Calibrated() bool { return j.calibrated }

// A review is exact only where every figure is; otherwise calibrated only
// where its judge passed the check, and an estimate where it did not.
func TestReviewTrust(t *testing.T) {
	t.Parallel()
	plies := []games.Ply{{Player: games.First, Move: "r"}, {Player: games.Second, Move: "r"}}
	for _, c := range []struct {
		judge ai.Judge
		want  ai.Trust
	}{
		{pickValues, ai.Exact},
		{checkedJudge{pickValues, 9, false}, ai.Exact},
		{checkedJudge{pickValues, 2, true}, ai.Calibrated},
		{checkedJudge{pickValues, 2, false}, ai.Estimate},
		{checkedJudge{pickValues, 0, true}, ai.Calibrated},
	} {
		r, err := ai.ReviewGame(context.Background(), c.judge, pick{}, plies)
		if err != nil {
			t.Fatal(err)
		}
		if r.Trust != c.want {
			t.Errorf("%+v: the review is %v, want %v", c.judge, r.Trust, c.want)
		}
	}
}

// countingJudge is fixedJudge's figures, counting the positions it is asked
// about.
type countingJudge struct {
	fixedJudge
	asked map[string]int
}

func (j countingJudge) WinChance(ctx context.Context, pos games.Position) (float64, bool, error) {
	j.asked[pos.String()]++
	return j.fixedJudge.WinChance(ctx, pos)
}

// A review asks the judge about each position once: the start, and after
// each legal move of a ply with a choice; the played move's chance is the
// one it gave among the others, not asked for again (a Seega judge's
// answer is a search).
func TestReviewAsksOncePerPosition(t *testing.T) {
	t.Parallel()
	j := countingJudge{pickValues, map[string]int{}}
	plies := []games.Ply{{Player: games.First, Move: "r"}, {Player: games.Second, Move: "r"}, {Player: games.First, Move: "m"}}
	r, err := ai.ReviewGame(context.Background(), j, pick{}, plies)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for pos, n := range j.asked {
		total += n
		if n != 1 {
			t.Errorf("asked about %q %d times", pos, n)
		}
	}
	if total != 1+3*3 {
		t.Errorf("asked %d times, want %d: the start and three moves at each of three plies", total, 1+3*3)
	}
	if !near(r.Plies[2].Chance, 0.8) {
		t.Errorf("the last ply's chance is %v, want rrm's 0.8", r.Plies[2].Chance)
	}
}
