package games_test

import (
	"encoding/json"
	"testing"

	"kilab/games"
	_ "kilab/games/aseb"
)

// A record (game, variant, options, throws and moves) survives JSON, as the store
// keeps it, and replays to the position the game reached.
func TestRecordReplaysThroughJSON(t *testing.T) {
	for _, variant := range []string{"standard", "twenty-squares", "royalur"} {
		g, err := games.Lookup("aseb")
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := games.Normalize(g, games.Config{Variant: variant})
		if err != nil {
			t.Fatal(err)
		}
		pos, _ := g.New(cfg)
		src := games.Seeded(42)
		var rec games.Recorder
		for i := 0; i < 200 && pos.Due().Kind != games.DueNothing; i++ {
			if due := pos.Due(); due.Kind == games.DueThrow {
				pos, err = games.Roll(pos, due.Player, src, &rec)
			} else {
				m := pos.Moves()[0].Notation
				rec.Move(due.Player, m)
				pos, err = games.PlayAs(pos, due.Player, m)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		data, err := json.Marshal(games.Record{Game: "aseb", Config: cfg, Plies: rec.Plies})
		if err != nil {
			t.Fatal(err)
		}
		var back games.Record
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		got, err := back.Replay()
		if err != nil || got.String() != pos.String() {
			t.Errorf("%s: replay gives %v, %v; want %q", variant, got, err, pos)
		}
	}
}
