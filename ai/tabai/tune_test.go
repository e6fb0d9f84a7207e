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
