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

// TestTune plays candidate weights against the plain evaluation, each with
// the whole-turn planner, and prints their scores: how the hard level's
// weights were chosen. Run: go test ./ai/tabai -run Tune -tune -v
func TestTune(t *testing.T) {
	if !*tune {
		t.Skip("tuning runs with -tune")
	}
	g, _ := games.Lookup("tab")
	for _, threat := range []float64{0, 0.4, 0.8, 1.2} {
		for _, step := range []float64{0.005, 0.01, 0.02} {
			w := weights{piece: 1, step: step, christian: 0.05, threat: threat}
			name := fmt.Sprintf("tune-%v-%v", threat, step)
			ai.Register("tab", name, "tuning candidate", func(_ games.Config, src games.Source) (ai.Agent, error) {
				return &agent{params: params{w: w, nodes: 20000}, src: src}, nil
			})
			tally, err := ai.Play(context.Background(), ai.Match{Game: g, A: name, B: "medium", Games: 300, Seed: 77})
			if err != nil {
				t.Fatal(err)
			}
			iv := ai.Wilson(tally.Wins, tally.Games())
			t.Logf("threat %.1f step %.3f: %.1f%% [%.1f, %.1f]", threat, step, 100*tally.Score(), 100*iv.Low, 100*iv.High)
		}
	}
}
