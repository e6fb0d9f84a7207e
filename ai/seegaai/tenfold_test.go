package seegaai

import (
	"context"
	"flag"
	"os"
	"testing"
	"time"

	"kilab/ai"
	"kilab/ai/learn"
	"kilab/games"
)

var (
	tenfold    = flag.Int("tenfold", 0, "play the learned level against hard given ten times its search, this many games (slow)")
	tenfoldNet = flag.String("net", "", "the network FILE the learned level plays from, for -tenfold")
)

// TestTenfoldHard plays the learned level against hard given ten times the
// positions it may visit, and twice its depth: hard given ten times its
// time, which its search, bounded by positions and depth, takes no other
// way. Run: go test ./ai/seegaai -run Tenfold -tenfold 200 -net FILE -v
func TestTenfoldHard(t *testing.T) {
	if *tenfold == 0 {
		t.Skip("the tenfold match runs with -tenfold N -net FILE")
	}
	data, err := os.ReadFile(*tenfoldNet)
	if err != nil {
		t.Fatal(err)
	}
	ai.Register("seega", "hard-x10", "hard with ten times its search", func(_ games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
		return &agent{params: params{depth: 24, nodes: 400000}, src: src}, nil
	})
	g, _ := games.Lookup("seega")
	m := ai.Match{Game: g, Config: fiveFree, A: "learned", B: "hard-x10", Games: *tenfold, Seed: 1, Budget: 20 * time.Second,
		Env: ai.Env{}.With("seega", learn.File(data))}
	tally, err := ai.Play(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	iv := ai.Wilson(tally.Wins, tally.Games())
	t.Logf("learned against hard x10: scores %.1f%%, wins %d [%.1f%%, %.1f%%], draws %d, losses %d, %d moves",
		100*tally.Score(), tally.Wins, 100*iv.Low, 100*iv.High, tally.Draws, tally.Losses, tally.Plies)
}
