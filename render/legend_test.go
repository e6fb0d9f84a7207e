package render

import (
	"strings"
	"testing"

	"kilab/games"
	"kilab/lang"
)

func parsed(t *testing.T, game string, cfg games.Config, text string) (games.Game, games.Config, games.Position) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err = games.Normalize(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.Parse(cfg, text)
	if err != nil {
		t.Fatal(err)
	}
	return g, cfg, pos
}

// The alt text says what the picture's panel says: who is to place during
// Seega's placement phase (S2), who is to move after.
func TestSeegaAltTextTurnMatchesPanel(t *testing.T) {
	for text, want := range map[string]string{
		"...../...../...../...../..... L place hand=12/12": "Light to place",
		"L..../.DLL./...D./LD.../..L.D L move quiet=9":     "Light to move",
	} {
		g, cfg, pos := parsed(t, "seega", seegaCfg("free", "5"), text)
		alt := Describe(lang.En, g, cfg, pos, Last{})
		if !strings.Contains(alt, want+".") || strings.Count(alt, " to ") != 1 {
			t.Errorf("%s: alt text %q, want %q", text, alt, want)
		}
	}
}

// The legend explains the picture's stack heights and quiet counts where it
// shows them, and is empty where it shows none.
func TestLegend(t *testing.T) {
	tab7 := games.Config{Options: map[string]string{"width": "7"}}
	for _, tc := range []struct {
		game string
		cfg  games.Config
		pos  string
		want []string
	}{
		{"tab", tab7, "ccccccc/7/7/CCCCCCC w - t10 0", nil},
		{"tab", tab7, "7/m4(MF)1/5m1/7 w 3 - 8", []string{"stacked", "quiet 8/70 = 8 turns in a row without a piece leaving the board; at 70"}},
		{"tab", tab7, "7/m4(MF)1/5m1/7 w 3 - 0", []string{"stacked"}},
		{"tab", tab7, "7/m4(MF)1/5m1/7 w 3 - 1", []string{"quiet 1/70 = 1 turn in a row"}},
		{"seega", seegaCfg("free", "5"), "L..../.DLL./...D./LD.../..L.D L move quiet=9", []string{"quiet 9/50 = 9 steps since a piece last left the board"}},
		{"seega", seegaCfg("free", "5"), "L..../.DLL./...D./LD.../..L.D L move quiet=1", []string{"quiet 1/50 = 1 step since"}},
		{"seega", seegaCfg("free", "5"), "...../...../...../...../..... L place hand=12/12", nil},
		{"aseb", games.Config{}, "c:5 s:8 c:throw", nil},
	} {
		_, _, pos := parsed(t, tc.game, tc.cfg, tc.pos)
		got := Legend(lang.En, pos)
		if len(tc.want) == 0 && got != "" {
			t.Errorf("%s: legend %q, want none", tc.pos, got)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: legend %q, want %q", tc.pos, got, w)
			}
		}
		if tc.game == "tab" && !strings.Contains(tc.pos, "(") == strings.Contains(got, "stacked") {
			t.Errorf("%s: legend %q speaks of stacks wrongly", tc.pos, got)
		}
	}
}
