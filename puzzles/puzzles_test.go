package puzzles_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	_ "kilab/ai/seegaai" // examiners and agents
	_ "kilab/ai/tabai"
	"kilab/games"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
	"kilab/puzzles"
)

var (
	foundOnce sync.Once
	found     []puzzles.Puzzle
	foundErr  error
)

// generated are a few puzzles of Seega and Tab, found once for the tests.
func generated(t *testing.T) []puzzles.Puzzle {
	t.Helper()
	foundOnce.Do(func() {
		for _, name := range []string{"seega", "tab"} {
			g, err := games.Lookup(name)
			if err != nil {
				foundErr = err
				return
			}
			cfg, _ := games.Normalize(g, games.Config{})
			gen := puzzles.Generator{Game: g, Config: cfg, Seed: 7, MaxGames: 20}
			ps, st, err := gen.Run(context.Background(), 2)
			if err == nil && (st.Passed != len(ps) || st.Candidates < st.Passed || len(ps) != 2) {
				err = errors.New(name + ": counts do not add up")
			}
			if err != nil {
				foundErr = err
				return
			}
			found = append(found, ps...)
		}
	})
	if foundErr != nil {
		t.Fatal(foundErr)
	}
	return found
}

// What the generator finds passes the whole check.
func TestGeneratedPuzzlesPassTheCheck(t *testing.T) {
	var c puzzles.Checker
	ids := map[string]bool{}
	for _, p := range generated(t) {
		if err := c.Full(context.Background(), p); err != nil {
			t.Error(err)
		}
		if ids[p.ID] {
			t.Errorf("%s found twice", p.ID)
		}
		ids[p.ID] = true
	}
}

// Every way a puzzle can be wrong is caught, by the cheap check where it
// needs no search.
func TestCheckRefusesWrongPuzzles(t *testing.T) {
	base := generated(t)[0]
	for _, c := range []struct {
		name  string
		cheap bool // the cheap check catches it
		edit  func(p *puzzles.Puzzle)
	}{
		{"another id", true, func(p *puzzles.Puzzle) { p.ID = "seega-000000000000" }},
		{"unknown game", true, func(p *puzzles.Puzzle) { p.Game = "chess" }},
		{"position not as written", true, func(p *puzzles.Puzzle) { p.Position = " " + p.Position }},
		{"best not first", true, func(p *puzzles.Puzzle) { p.Best = p.Moves[1].Move }},
		{"a move missing", true, func(p *puzzles.Puzzle) { p.Moves = p.Moves[:len(p.Moves)-1] }},
		{"a move twice", true, func(p *puzzles.Puzzle) { p.Moves = append(p.Moves, p.Moves[len(p.Moves)-1]) }},
		{"wrong throw", true, func(p *puzzles.Puzzle) { p.Throw = "2" }},
		{"wrong theme", true, func(p *puzzles.Puzzle) { p.Theme = "race" }},
		{"margin not kept", true, func(p *puzzles.Puzzle) { p.Moves[1].Gain = p.Moves[0].Gain }},
		{"no difficulty", true, func(p *puzzles.Puzzle) { p.Difficulty = 0 }},
		{"another value", false, func(p *puzzles.Puzzle) { p.Moves[0].Chance -= 0.01 }},
		{"another difficulty", false, func(p *puzzles.Puzzle) { p.Difficulty = 1 + p.Difficulty%3 }},
		{"said exact", false, func(p *puzzles.Puzzle) { p.Exact = true }},
		{"said calibrated", false, func(p *puzzles.Puzzle) { p.Calibrated = !p.Calibrated }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := base
			p.Moves = append([]puzzles.Value(nil), base.Moves...)
			c.edit(&p)
			var ch puzzles.Checker
			cheap, full := ch.Cheap(p), ch.Full(context.Background(), p)
			if full == nil || (c.cheap && cheap == nil) || (!c.cheap && cheap != nil) {
				t.Fatalf("cheap check: %v; full check: %v", cheap, full)
			}
			if c.name != "unknown game" && !errors.Is(full, puzzles.ErrNotPuzzle) {
				t.Errorf("the error does not say it is no puzzle: %v", full)
			}
		})
	}
}

// A puzzle's id depends on its game, configuration and position only, and
// never changes: players' attempts are stored by it.
func TestPuzzleIDIsStable(t *testing.T) {
	cfg := games.Config{Variant: "free", Options: map[string]string{"size": "5"}}
	id := puzzles.PuzzleID("seega", cfg, "DLLDL/LL.DL/DLD.L/LD.DL/DDDDD L move quiet=0")
	if id != "seega-9b4d22f951aa" {
		t.Errorf("the id is now %s", id)
	}
	if puzzles.PuzzleID("tab", cfg, "x") == puzzles.PuzzleID("seega", cfg, "x") {
		t.Error("two games share an id")
	}
}

// A set reads back as written; a file that is not one says so.
func TestSetFile(t *testing.T) {
	set := puzzles.Set{Puzzles: generated(t)}
	var buf bytes.Buffer
	if err := set.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := puzzles.Read(&buf)
	if err != nil || len(back.Puzzles) != len(set.Puzzles) || back.Puzzles[0].ID != set.Puzzles[0].ID {
		t.Fatalf("read back %d puzzles (%v)", len(back.Puzzles), err)
	}
	for _, bad := range []string{"", "{}", `{"puzzles": [], "extra": 1}`, "not json"} {
		if _, err := puzzles.Read(strings.NewReader(bad)); err == nil {
			t.Errorf("%q read as a puzzle file", bad)
		}
	}
}

// A generation whose context ends stops at once with the context's error
// and the puzzles found before, rather than playing on with agents that no
// longer think.
func TestGenerationStopsWithItsContext(t *testing.T) {
	g, err := games.Lookup("seega")
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := games.Normalize(g, games.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	gen := puzzles.Generator{Game: g, Config: cfg, Seed: 7, MaxGames: 1000,
		Progress: func(s puzzles.Stats) {
			if s.Passed > 0 {
				cancel()
			}
		}}
	ps, st, err := gen.Run(ctx, 100)
	if !errors.Is(err, context.Canceled) || len(ps) == 0 || len(ps) != st.Passed {
		t.Fatalf("%d puzzles, %+v, %v; want those found and context.Canceled", len(ps), st, err)
	}
	if _, st, err = gen.Run(ctx, 100); !errors.Is(err, context.Canceled) || st.Games != 0 {
		t.Errorf("with its context over, a generation played %d games (%v)", st.Games, err)
	}
}
