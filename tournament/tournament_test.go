package tournament

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%d", i)
	}
	return out
}

// checkRound fails unless every player is in the round exactly once.
func checkRound(t *testing.T, players []string, round []Pair) {
	t.Helper()
	seen := map[string]int{}
	for _, p := range round {
		seen[p.First]++
		if !p.Bye() {
			seen[p.Second]++
		}
	}
	for _, p := range players {
		if seen[p] != 1 {
			t.Fatalf("%s is in the round %d times: %v", p, seen[p], round)
		}
	}
	if len(seen) != len(players) {
		t.Fatalf("round %v has players not in %v", round, players)
	}
}

func TestScheduleEveryPairOnce(t *testing.T) {
	for n := 2; n <= 10; n++ {
		players := names(n)
		for _, double := range []bool{false, true} {
			rounds := Schedule(players, double)
			want := n - 1 + n%2
			if double {
				want *= 2
			}
			if len(rounds) != want {
				t.Fatalf("%d players, double %v: %d rounds, want %d", n, double, len(rounds), want)
			}
			met := map[Pair]int{}
			rests, firsts := map[string]int{}, map[string]int{}
			for _, r := range rounds {
				checkRound(t, players, r)
				for _, p := range r {
					if p.Bye() {
						rests[p.First]++
						continue
					}
					met[p]++
					firsts[p.First]++
				}
			}
			for i, a := range players {
				wantRests := n % 2 // once through the schedule, twice if it is played twice
				if double {
					wantRests *= 2
				}
				if rests[a] != wantRests {
					t.Fatalf("%d players: %s rests %d times", n, a, rests[a])
				}
				for _, b := range players[i+1:] {
					ab, ba := met[Pair{a, b}], met[Pair{b, a}]
					if double && (ab != 1 || ba != 1) || !double && ab+ba != 1 {
						t.Fatalf("%d players, double %v: %s-%s %d times, %s-%s %d times", n, double, a, b, ab, b, a, ba)
					}
				}
				games := n - 1
				if !double && (firsts[a] < games/2-1 || firsts[a] > (games+1)/2+1) {
					t.Fatalf("%d players: %s moves first in %d of %d games", n, a, firsts[a], games)
				}
			}
		}
	}
}

// play decides a round's games by rng (a third each: first wins, second
// wins, draw) and its byes as byes.
func play(round int, pairs []Pair, rng *rand.Rand) []Played {
	var out []Played
	for _, p := range pairs {
		o := Outcome(rng.IntN(3) + 1)
		if p.Bye() {
			o = FirstWon
		}
		out = append(out, Played{Round: round, Pair: p, Outcome: o})
	}
	return out
}

func TestSwissNoRematchOneByeEach(t *testing.T) {
	for _, n := range []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 32, 64} {
		seeds := uint64(300)
		if n > 16 {
			seeds = 50
		}
		for seed := range seeds {
			rng := rand.New(rand.NewPCG(seed, uint64(n)))
			players := names(n)
			var played []Played
			met, byes := map[[2]string]bool{}, map[string]int{}
			for r := 1; r <= min(n, MaxSwissRounds(n)+2); r++ {
				pairs, err := PairSwiss(players, played)
				if errors.Is(err, ErrNoPairing) && r > MaxSwissRounds(n) {
					break // past the rounds a Swiss may have, an early end is allowed
				}
				if err != nil {
					t.Fatalf("%d players, seed %d, round %d of at most %d: %v", n, seed, r, MaxSwissRounds(n), err)
				}
				checkRound(t, players, pairs)
				for _, p := range pairs {
					if p.Bye() {
						if byes[p.First]++; byes[p.First] > 1 {
							t.Fatalf("%d players, seed %d: %s has a second bye in round %d", n, seed, p.First, r)
						}
						continue
					}
					k := meeting(p.First, p.Second)
					if met[k] {
						t.Fatalf("%d players, seed %d: rematch %v in round %d", n, seed, k, r)
					}
					met[k] = true
				}
				played = append(played, play(r, pairs, rng)...)
			}
		}
	}
}

func TestSwissPairsByPointsAndBalancesSides(t *testing.T) {
	players := names(4)
	r1, _ := PairSwiss(players, nil)
	if len(r1) != 2 || r1[0] != (Pair{"p0", "p1"}) || r1[1] != (Pair{"p2", "p3"}) {
		t.Fatalf("round 1: %v, want seeds paired top-down", r1)
	}
	played := []Played{{1, r1[0], FirstWon}, {1, r1[1], FirstWon}}
	r2, _ := PairSwiss(players, played)
	// The winners p0 and p2 meet, as do the losers; p2 moved first last time
	// and p0 too, so the higher-ranked p0 does; p1 and p3 both moved second,
	// so the higher-ranked p1 moves first.
	if r2[0] != (Pair{"p0", "p2"}) || r2[1] != (Pair{"p1", "p3"}) {
		t.Fatalf("round 2: %v, want winners and losers paired", r2)
	}
	played = append(played, Played{2, r2[0], SecondWon}, Played{2, r2[1], Drawn})
	r3, _ := PairSwiss(players, played)
	// Points: p2 2, p0 1, p1 0.5, p3 0.5. p2 has met p0 and p3, so p2-p1,
	// and p0-p3 is left. p2 moved first, then second; p1 second, then first:
	// even, and p2's last game was second, so p2 moves first. p0 moved first
	// twice, p3 second twice: p3 moves first.
	if r3[0] != (Pair{"p2", "p1"}) || r3[1] != (Pair{"p3", "p0"}) {
		t.Fatalf("round 3: %v", r3)
	}
	played = append(played, Played{3, r3[0], FirstWon}, Played{3, r3[1], FirstWon})
	if _, err := PairSwiss(players, played); !errors.Is(err, ErrNoPairing) {
		t.Fatalf("a fourth round of 4 players: %v, want ErrNoPairing", err)
	}
}

func TestStandingsTieBreaks(t *testing.T) {
	// A round robin of three, each resting once: a beats b, b and c draw, c
	// and a draw.
	players := []string{"a", "b", "c"}
	played := []Played{
		{1, Pair{"a", "b"}, FirstWon},
		{1, Pair{"c", ""}, FirstWon},
		{2, Pair{"b", "c"}, Drawn},
		{2, Pair{"a", ""}, FirstWon},
		{3, Pair{"c", "a"}, Drawn},
		{3, Pair{"b", ""}, FirstWon},
	}
	rr := Standings(RoundRobin, players, played)
	// Points: a 1.5, b 0.5, c 1. SB: a = b's 0.5 (beat) + c's 1/2 (drew) = 1;
	// c = b's 0.5/2 + a's 1.5/2 = 1; b = c's 1/2 = 0.5. Byes score nothing.
	want := []Standing{
		{Rank: 1, Player: "a", Points: 1.5, TieBreak: 1, Won: 1, Drawn: 1, Byes: 1},
		{Rank: 2, Player: "c", Points: 1, TieBreak: 1, Drawn: 2, Byes: 1},
		{Rank: 3, Player: "b", Points: 0.5, TieBreak: 0.5, Drawn: 1, Lost: 1, Byes: 1},
	}
	for i := range want {
		if rr[i] != want[i] {
			t.Fatalf("round robin line %d: %+v, want %+v", i, rr[i], want[i])
		}
	}
	// The same games as a Swiss: byes score 1; Buchholz sums opponents' points.
	sw := Standings(Swiss, players, played)
	// Points: a 2.5, b 1.5, c 2. Buchholz: a = b + c = 3.5; b = a + c = 4.5;
	// c = b + a = 4.
	if sw[0].Player != "a" || sw[0].Points != 2.5 || sw[0].TieBreak != 3.5 ||
		sw[1].Player != "c" || sw[1].TieBreak != 4 || sw[2].Player != "b" || sw[2].TieBreak != 4.5 {
		t.Fatalf("swiss: %+v", sw)
	}
	// Level on points and tie-break: the same rank.
	level := Standings(Swiss, []string{"x", "y"}, []Played{{1, Pair{"x", "y"}, Drawn}})
	if level[0].Rank != 1 || level[1].Rank != 1 {
		t.Fatalf("level players ranked %d and %d", level[0].Rank, level[1].Rank)
	}
}

// Players level on points but not on the tie-break are ranked apart, the
// better tie-break first even when seeded lower, and only one of them is the
// winner. The existing cases have no two players level on points with
// different tie-breaks, so a sort or a rank that looked at points alone
// passed them.
func TestStandingsLevelOnPointsSplitByTieBreak(t *testing.T) {
	t.Parallel()
	players := []string{"a", "b", "c", "d"} // seed order: a before d
	for _, c := range []struct {
		name   string
		format Format
		played []Played
		want   []Standing
	}{{
		// a beats b and c and loses to d; d beats c and loses to b; b and c
		// draw. a and d have 2 points; Sonneborn-Berger: a = b's 1.5 + c's
		// 0.5 = 2, d = a's 2 + c's 0.5 = 2.5.
		name: "round robin", format: RoundRobin,
		played: []Played{
			{1, Pair{"a", "b"}, FirstWon}, {1, Pair{"c", "d"}, SecondWon},
			{2, Pair{"a", "c"}, FirstWon}, {2, Pair{"b", "d"}, FirstWon},
			{3, Pair{"d", "a"}, FirstWon}, {3, Pair{"b", "c"}, Drawn},
		},
		want: []Standing{
			{Rank: 1, Player: "d", Points: 2, TieBreak: 2.5, Won: 2, Lost: 1},
			{Rank: 2, Player: "a", Points: 2, TieBreak: 2, Won: 2, Lost: 1},
			{Rank: 3, Player: "b", Points: 1.5, TieBreak: 2.25, Won: 1, Drawn: 1, Lost: 1},
			{Rank: 4, Player: "c", Points: 0.5, TieBreak: 0.75, Drawn: 1, Lost: 2},
		},
	}, {
		// a beats c, d beats b, then a and d draw and b beats c. a and d
		// have 1½ points; Buchholz: a = c's 0 + d's 1½ = 1½, d = b's 1 +
		// a's 1½ = 2½.
		name: "swiss", format: Swiss,
		played: []Played{
			{1, Pair{"a", "c"}, FirstWon}, {1, Pair{"d", "b"}, FirstWon},
			{2, Pair{"a", "d"}, Drawn}, {2, Pair{"b", "c"}, FirstWon},
		},
		want: []Standing{
			{Rank: 1, Player: "d", Points: 1.5, TieBreak: 2.5, Won: 1, Drawn: 1},
			{Rank: 2, Player: "a", Points: 1.5, TieBreak: 1.5, Won: 1, Drawn: 1},
			{Rank: 3, Player: "b", Points: 1, TieBreak: 1.5, Won: 1, Lost: 1},
			{Rank: 4, Player: "c", Points: 0, TieBreak: 2.5, Lost: 2},
		},
	}} {
		st := Standings(c.format, players, c.played)
		for i := range c.want {
			if st[i] != c.want[i] {
				t.Errorf("%s line %d: %+v, want %+v", c.name, i+1, st[i], c.want[i])
			}
		}
		if w := Winners(st); len(w) != 1 || w[0] != "d" {
			t.Errorf("%s: winners %v, want d alone", c.name, w)
		}
	}
}

// Players level on points and tie-break share the first rank, and both win.
func TestWinnersLevelOnPointsAndTieBreak(t *testing.T) {
	t.Parallel()
	st := Standings(Swiss, []string{"x", "y", "z"}, []Played{{1, Pair{"x", "y"}, Drawn}, {1, Pair{"z", ""}, FirstWon}})
	// z has the bye's point; x and y drew, each with Buchholz ½.
	if w := Winners(st); len(w) != 1 || w[0] != "z" {
		t.Errorf("winners %v, want z alone", w)
	}
	st = Standings(RoundRobin, []string{"x", "y"}, []Played{{1, Pair{"x", "y"}, Drawn}})
	if w := Winners(st); len(w) != 2 || w[0] != "x" || w[1] != "y" {
		t.Errorf("winners %v, want x and y", w)
	}
	if w := Winners(nil); len(w) != 0 {
		t.Errorf("winners of no standings: %v", w)
	}
}
