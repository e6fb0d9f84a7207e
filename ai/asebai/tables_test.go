package asebai

import (
	"testing"

	"kilab/ai"
	"kilab/games"
)

// The tables reach the agents and the judge through the Env they are made
// with, and only through it: two Envs in one process keep their own.
func TestTablesComeWithTheEnv(t *testing.T) {
	t.Parallel()
	ts := OpenTables(t.TempDir(), nil)
	with, without := ts.With(ai.Env{}), ai.Env{}
	cfg := games.Config{Variant: "standard"}
	for _, c := range []struct {
		env  ai.Env
		want *Tables
	}{{with, ts}, {without, nil}} {
		a, err := c.env.Agent("aseb", "hard", cfg, games.Seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		if got := a.(*agent).tables; got != c.want {
			t.Errorf("hard's tables %p, want %p", got, c.want)
		}
		j, err := c.env.Judge("aseb", cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got := j.(judge).tables; got != c.want {
			t.Errorf("the judge's tables %p, want %p", got, c.want)
		}
	}
	if OpenTables("", nil) != nil || TablesIn(without) != nil {
		t.Error("no folder, yet tables")
	}
	if ts.Has(cfg) || ts.For(games.Config{Variant: "standard", Options: map[string]string{"pieces": "7"}}) != nil {
		t.Error("a table where none was solved, or one for 7 pieces")
	}
}
