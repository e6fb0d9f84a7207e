package puzzles_test

import (
	"context"
	"os"
	"testing"

	"kilab/ai"
	"kilab/ai/asebai"
	"kilab/games"
	"kilab/puzzles"
)

// BenchmarkGenerate finds 5 puzzles of each game's default variant, from
// the same seed every time; it reports the candidates examined and the
// share that passed. Aseb runs only with the tables of tablesVar.
func BenchmarkGenerate(b *testing.B) {
	for _, name := range []string{"aseb", "tab", "seega"} {
		b.Run(name, func(b *testing.B) {
			env := ai.Env{}
			if name == "aseb" {
				dir := os.Getenv(tablesVar)
				if dir == "" {
					b.Skip("Aseb puzzles need the solved table: set " + tablesVar)
				}
				env = asebai.OpenTables(dir, nil).With(env)
			}
			g, err := games.Lookup(name)
			if err != nil {
				b.Fatal(err)
			}
			cfg, _ := games.Normalize(g, games.Config{})
			var st puzzles.Stats
			for b.Loop() {
				gen := puzzles.Generator{Game: g, Config: cfg, Env: env, Seed: 1}
				if _, st, err = gen.Run(context.Background(), 5); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Candidates), "candidates/op")
			b.ReportMetric(100*float64(st.Passed)/float64(st.Candidates), "%passed")
		})
	}
}

// tablesVar names a folder of solved Aseb tables, for what needs them.
const tablesVar = "KILAB_ASEB_TABLES"
