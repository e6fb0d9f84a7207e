package render

import (
	"kilab/games"
	_ "kilab/games/tab"
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
