package tabai

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"kilab/ai"
	"kilab/games"
)

var tune = flag.Bool("tune", false, "tune the hard evaluation's weights by self-play (slow)")

// TestTune plays candidate weights for hard (the whole-turn planner with the
// opponent's reply) against greedy and prints their scores: how the hard
// level's weights were chosen. Run: go test ./ai/tabai -run Tune -tune -v
func TestTune(t *testing.T) {
	if !*tune {
		t.Skip("tuning runs with -tune")
	}
	g, _ := games.Lookup("tab")
	for _, threat := range []float64{0, 0.8, 1.5} {
		for _, own := range []float64{0, 0.3, 0.8} {
			w := weights{piece: 1, step: 0.01, christian: 0.05, threat: threat, own: own}
			name := fmt.Sprintf("tune-%v-%v", threat, own)
			ai.Register("tab", name, "tuning candidate", func(_ games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
				return &agent{params: params{w: w, nodes: 40000, reply: true}, src: src}, nil
			})
			tally, err := ai.Play(context.Background(), ai.Match{Game: g, A: name, B: "greedy", Games: 400, Seed: 11})
			if err != nil {
				t.Fatal(err)
			}
			iv := ai.Wilson(tally.Wins, tally.Games())
			t.Logf("threat %.1f own %.1f: %.1f%% [%.1f, %.1f]", threat, own, 100*tally.Score(), 100*iv.Low, 100*iv.High)
		}
	}
}

var tenfold = flag.Int("tenfold", 0, "play hard against classic given ten times its search, this many games (slow)")

// TestTenfoldClassic plays hard against classic with ten times the
// positions classic may visit, for its own turn and for each reply it
// plans: classic given ten times its time, which its search, bounded by
// positions, takes no other way. Run: go test ./ai/tabai -run Tenfold
// -tenfold 1000 -v
func TestTenfoldClassic(t *testing.T) {
	if *tenfold == 0 {
		t.Skip("the tenfold match runs with -tenfold N")
	}
	ai.Register("tab", "classic-x10", "classic with ten times its search", func(_ games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
		return &agent{params: params{w: tuned, nodes: 400000, reply: true, replyNodes: 10 * replyNodes}, src: src}, nil
	})
	g, _ := games.Lookup("tab")
	tally, err := ai.Play(context.Background(), ai.Match{Game: g, A: "hard", B: "classic-x10", Games: *tenfold, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	iv := ai.Wilson(tally.Wins, tally.Games())
	t.Logf("hard against classic x10: scores %.1f%%, wins %d [%.1f%%, %.1f%%], draws %d, losses %d, %d moves",
		100*tally.Score(), tally.Wins, 100*iv.Low, 100*iv.High, tally.Draws, tally.Losses, tally.Plies)
}
