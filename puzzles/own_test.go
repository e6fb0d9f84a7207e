package puzzles_test

import (
	"context"
	"slices"
	"testing"

	"kilab/ai"
	"kilab/games"
	"kilab/puzzles"
	"kilab/render"
)

// A mistake's puzzle is the position before the mistake, its throws made:
// the move played there is one of its moves, its best move is the one the
// review names, and its moves are every legal move, best first, with
// chances calibrated as Tab's judge gives them.
func TestFromMistake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g, _ := games.Lookup("tab")
	cfg, _ := games.Normalize(g, games.Config{})
	start, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	plies, err := render.RandomRecord(start, games.Seeded(5), 24)
	if err != nil {
		t.Fatal(err)
	}
	j, err := ai.Env{}.Judge("tab", cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ai.ReviewGame(ctx, j, start, plies)
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, pr := range r.Plies {
		if pr.Choices < 2 {
			continue
		}
		tried++
		p, err := puzzles.FromMistake(ctx, ai.Env{}, j, "tab", cfg, start, plies, pr.N)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := g.Parse(cfg, p.Position)
		if err != nil {
			t.Fatal(err)
		}
		var legal, listed []string
		for _, m := range pos.Moves() {
			legal = append(legal, m.Notation)
		}
		for k, v := range p.Moves {
			listed = append(listed, v.Move)
			if k > 0 && v.Chance > p.Moves[k-1].Chance {
				t.Errorf("ply %d: moves not best first: %+v", pr.N, p.Moves)
			}
		}
		slices.Sort(legal)
		slices.Sort(listed)
		if p.Best != pr.Best || p.Moves[0].Move != p.Best || !slices.Equal(legal, listed) || !slices.Contains(listed, pr.Ply.Move) {
			t.Errorf("ply %d (%s, best %s): puzzle best %s, moves %v of %v", pr.N, pr.Ply, pr.Best, p.Best, listed, legal)
		}
		if p.Theme != puzzles.ThemeMistake || p.ID != puzzles.PuzzleID("tab", cfg, p.Position) || p.Throw == "" || p.Exact || !p.Calibrated {
			t.Errorf("ply %d: %+v", pr.N, p)
		}
	}
	if tried < 3 {
		t.Fatalf("only %d plies with a choice", tried)
	}
	if _, err := puzzles.FromMistake(ctx, ai.Env{}, j, "tab", cfg, start, plies, len(plies)+1); err == nil {
		t.Error("a ply past the record made a puzzle")
	}
}
