package games_test

import (
	"strings"
	"testing"

	"kilab/games"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
)

// D5: decisions that move nothing - a pass, a 0 that ends the turn, Tab's lost
// scores and T6 pass, Seega's chain stop and S7 pass - are moves with their own
// notation: listed among the legal moves, marked Pass, played and recorded like
// any move, and a record holding them replays. Where one is nobody's choice it
// is the only move and Due.Auto says so.
func TestD5_DecisionsThatMoveNothingAreMoves(t *testing.T) {
	for _, tc := range []struct {
		game, variant, opt, val string
		want                    []string // decisions that must turn up in these games
	}{
		{"aseb", "twenty-squares", "house4", "false", []string{"pass"}},
		{"tab", "", "width", "7", []string{"pass"}},
		{"seega", "free", "size", "5", []string{"stop", "pass"}},
	} {
		g, _ := games.Lookup(tc.game)
		cfg, err := games.Normalize(g, games.Config{Variant: tc.variant, Options: map[string]string{tc.opt: tc.val}})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for seed := range uint64(300) {
			decisionsInGame(t, g, cfg, seed, seen)
		}
		for _, w := range tc.want {
			if !seen[w] {
				t.Errorf("%s: no %q in 300 games (seen %v)", tc.game, w, seen)
			}
		}
	}
}

func decisionsInGame(t *testing.T, g games.Game, cfg games.Config, seed uint64, seen map[string]bool) {
	start, _ := g.New(cfg)
	pos, src := start, games.Seeded(seed)
	var rec games.Recorder
	for steps := 0; pos.Due().Kind != games.DueNothing && steps < 5000; steps++ {
		due := pos.Due()
		var err error
		if due.Kind == games.DueThrow {
			pos, err = games.Roll(pos, due.Player, src, &rec)
		} else {
			moves := pos.Moves()
			checkDecisions(t, due, moves)
			m := moves[src.Uint64()%uint64(len(moves))]
			if m.Pass {
				seen[strings.TrimRight(m.Notation, "0123456789")] = true
			}
			rec.Move(due.Player, m.Notation)
			if pos, err = games.PlayAs(pos, due.Player, m.Notation); err == nil {
				pos, err = games.Advance(pos, src, &rec)
			}
		}
		if err != nil {
			t.Fatalf("%s seed %d: %v", g.Name(), seed, err)
		}
	}
	for _, p := range rec.Plies {
		if strings.Contains(p.Move, "pass") || p.Move == "stop" {
			seen[strings.TrimRight(p.Move, "0123456789")] = true
		}
	}
	replayed, err := games.Replay(start, rec.Plies, nil)
	if err != nil || replayed.String() != pos.String() {
		t.Fatalf("%s seed %d: the record does not replay: %v", g.Name(), seed, err)
	}
}

func checkDecisions(t *testing.T, due games.Due, moves []games.Move) {
	if due.Auto && (len(moves) != 1 || !moves[0].Pass) {
		t.Fatalf("automatic move due but the moves are %+v", moves)
	}
	for _, m := range moves {
		if m.Pass && m.Group != "" {
			t.Fatalf("decision %+v stands in a picker group", m)
		}
	}
}
