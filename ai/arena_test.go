package ai_test

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"kilab/ai"
	"kilab/games"
	_ "kilab/games/aseb"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
)

// Random agents finish games of every game legally, and a match counts every
// game once from A's side.
func TestRandomMatchesEveryGame(t *testing.T) {
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		for _, v := range g.Variants() {
			n := 20
			if testing.Short() {
				n = 6
			}
			m := ai.Match{Game: g, Config: games.Config{Variant: v.Key}, A: "random", B: "random", Games: n, Seed: 7}
			tally, err := ai.Play(context.Background(), m)
			if err != nil {
				t.Fatalf("%s %s: %v", name, v.Key, err)
			}
			if tally.Games() != n || tally.Plies == 0 {
				t.Errorf("%s %s: tally %+v, want %d games with moves", name, v.Key, tally, n)
			}
		}
	}
}

// The same seed replays the same match.
func TestMatchIsReproducible(t *testing.T) {
	g, _ := games.Lookup("tab")
	m := ai.Match{Game: g, A: "random", B: "random", Games: 10, Seed: 42, Workers: 2}
	a, err := ai.Play(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ai.Play(context.Background(), m)
	if a != b {
		t.Errorf("same seed, different tallies: %+v and %+v", a, b)
	}
}

// An unknown agent is refused before any game is played.
func TestUnknownAgent(t *testing.T) {
	g, _ := games.Lookup("aseb")
	_, err := ai.Play(context.Background(), ai.Match{Game: g, A: "random", B: "grandmaster", Games: 1})
	if !errors.Is(err, games.ErrBadConfig) {
		t.Errorf("err = %v, want ErrBadConfig", err)
	}
}

// An agent that plays an illegal move stops the match with an error that
// names the move.
func TestIllegalMoveStopsTheMatch(t *testing.T) {
	g, _ := games.Lookup("seega")
	pos, _ := g.New(games.Config{})
	var seats [2]ai.Agent
	seats[0], seats[1] = cheat{}, cheat{}
	_, _, err := ai.PlayOut(context.Background(), pos, seats, games.Seeded(1), time.Second)
	if !errors.Is(err, games.ErrIllegalMove) && !errors.Is(err, games.ErrBadNotation) {
		t.Errorf("err = %v, want an illegal move", err)
	}
}

type cheat struct{}

func (cheat) Choose(context.Context, games.Position) (string, error) { return "a1-a9", nil }

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{50, 100, 0.4038, 0.5962},
		{800, 1000, 0.7741, 0.8236},
	} {
		iv := ai.Wilson(c.k, c.n)
		if math.Abs(iv.Low-c.low) > 5e-4 || math.Abs(iv.High-c.high) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %+v, want [%.4f, %.4f]", c.k, c.n, iv, c.low, c.high)
		}
	}
}

func TestIntnIsUniform(t *testing.T) {
	src := games.Seeded(3)
	var counts [3]int
	for i := 0; i < 30000; i++ {
		counts[ai.Intn(src, 3)]++
	}
	for i, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("value %d drawn %d times of 30000", i, c)
		}
	}
}
