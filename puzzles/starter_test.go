package puzzles_test

import (
	"context"
	"os"
	"testing"

	"kilab/ai"
	"kilab/ai/asebai"
	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/internal/testlong"
	"kilab/puzzles"
)

// starterMin is the fewest puzzles the starter set has of each variant.
const starterMin = 100

// The starter set has puzzles of every game and each of its variants (with
// their default options), each once, and every puzzle passes the cheap
// check.
func TestStarterCoversEveryVariantCheaply(t *testing.T) {
	set, err := puzzles.Starter()
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	ids := map[string]bool{}
	var c puzzles.Checker
	for _, p := range set.Puzzles {
		if err := c.Cheap(p); err != nil {
			t.Error(err)
		}
		if ids[p.ID] {
			t.Errorf("%s is in the set twice", p.ID)
		}
		ids[p.ID] = true
		per[p.Game+" "+p.Config.Variant]++
	}
	for _, g := range allGames(t) {
		for _, v := range g.Variants() {
			if n := per[g.Name()+" "+v.Key]; n < starterMin {
				t.Errorf("%s %s: %d puzzles in the starter set, want at least %d", g.Name(), v.Key, n, starterMin)
			}
		}
	}
}

// The starter set's puzzles pass the whole check: Tab and Seega by
// searching again, the first of each variant in the ordinary run and all of
// them in the long one (a minute or two of searching, each variant beside
// the others); Aseb from the solved tables in tablesVar's folder where it is
// set (solving them takes minutes: kilab solve).
func TestStarterWhole(t *testing.T) {
	set, err := puzzles.Starter()
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv(tablesVar)
	env := asebai.OpenTables(dir, nil).With(ai.Env{})
	byConfig := map[string][]puzzles.Puzzle{}
	var configs []string
	for _, p := range set.Puzzles {
		key := p.Game + " " + p.Config.String()
		if p.Game == "aseb" && dir == "" {
			continue
		}
		if len(byConfig[key]) == 0 {
			configs = append(configs, key)
		}
		if len(byConfig[key]) == 0 || testlong.On() {
			byConfig[key] = append(byConfig[key], p)
		}
	}
	for _, key := range configs {
		t.Run(key, func(t *testing.T) {
			t.Parallel()
			c := puzzles.Checker{Env: env} // a checker each: it keeps examiners in a map
			for _, p := range byConfig[key] {
				if err := c.Full(context.Background(), p); err != nil {
					t.Error(err)
				}
			}
		})
	}
	if dir == "" {
		t.Logf("the Aseb puzzles had the cheap check only: set %s to a folder of solved tables (kilab solve)", tablesVar)
	}
}

func allGames(t *testing.T) []games.Game {
	t.Helper()
	var out []games.Game
	for _, name := range games.Names() {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}
