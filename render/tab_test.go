package render

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/tab"
	"kilab/lang"
)

func tabCfg(width string) games.Config {
	return games.Config{Variant: "standard", Options: map[string]string{"width": width}}
}

func init() {
	goldenScenes = append(goldenScenes,
		scene{name: "tab-start", game: "tab", cfg: tabCfg("11")},
		// T10: the 4 and 2 before the first 1 are void; the 1 and the 2 are kept.
		scene{name: "tab-opening", game: "tab", cfg: tabCfg("9"), record: "4,2,1,2:"},
		scene{name: "tab-11-midgame", game: "tab", cfg: tabCfg("11"), seed: 1, moves: 60},
		scene{name: "tab-11-capture", game: "tab", cfg: tabCfg("11"), seed: 3, moves: 91},
		scene{name: "tab-7-late", game: "tab", cfg: tabCfg("7"), seed: 2, moves: 120},
		scene{name: "tab-15", game: "tab", cfg: tabCfg("15"), seed: 3, moves: 90},
		scene{name: "tab-29-folded", game: "tab", cfg: tabCfg("29"), seed: 4, moves: 200},
	)
}

// The quiet count of T12 on the picture is the count of the position drawn:
// once a piece has left the board during a turn (frame 10 of the seed-2 Tab
// game on the 4 x 7 board), that turn is not quiet and the run of quiet
// turns is over, so the old count is no longer shown; in every other
// position the count is that of the turns before. Worked out from the
// pieces on the board at the turn's start, not from the game's own flag.
func TestTabQuietCountIsThePositionsOwn(t *testing.T) {
	g, _ := games.Lookup("tab")
	cfg := tabCfg("7")
	start, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	plies, err := RandomRecord(start, games.Seeded(2), 120)
	if err != nil {
		t.Fatal(err)
	}
	pieces := func(p tab.Position) int { return p.Pieces(games.First) + p.Pieces(games.Second) }
	atStart, turn, broken := pieces(start.(tab.Position)), games.First, 0
	err = walk(start, plies, func(i int, gp games.Position, last Last) error {
		pos := gp.(tab.Position)
		if pos.Turn() != turn || pos.Outcome().Over() {
			turn, atStart = pos.Turn(), pieces(pos)
		}
		want := pos.Quiet()
		if pieces(pos) < atStart {
			want = 0
			if pos.Quiet() > 0 {
				broken++
			}
		}
		c, err := paint(lang.En, g, cfg, pos, last)
		if err != nil {
			return err
		}
		var shown []string
		for _, lb := range c.labels {
			if strings.HasPrefix(lb.text, "quiet ") {
				shown = append(shown, lb.text)
			}
		}
		var wantShown []string
		if want > 0 {
			wantShown = []string{quietLabel(lang.En, want, pos.QuietLimit())}
		}
		if !slices.Equal(shown, wantShown) {
			return fmt.Errorf("ply %d (%s): the picture shows %q, want %q", i+1, plies[i], shown, wantShown)
		}
		if d := Describe(lang.En, g, cfg, pos, last); want == 0 && strings.Contains(d, "quiet turns") {
			return fmt.Errorf("ply %d (%s): the alt text counts quiet turns after a piece left: %q", i+1, plies[i], d)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if broken == 0 {
		t.Fatal("no position with a piece gone during a quiet run: the game no longer tests the count")
	}
}
