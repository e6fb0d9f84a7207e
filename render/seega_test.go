package render

import (
	"kilab/games"
	_ "kilab/games/seega"
)

func seegaCfg(variant, size string) games.Config {
	return games.Config{Variant: variant, Options: map[string]string{"size": size}}
}

func init() {
	goldenScenes = append(goldenScenes,
		scene{name: "seega-5-placement", game: "seega", cfg: seegaCfg("free", "5"), seed: 1, moves: 3},
		scene{name: "seega-5-capture", game: "seega", cfg: seegaCfg("free", "5"), seed: 7, moves: 19},
		scene{name: "seega-7-lane", game: "seega", cfg: seegaCfg("lane", "7"), seed: 2, moves: 40},
		scene{name: "seega-9-placement", game: "seega", cfg: seegaCfg("free", "9"), seed: 3, moves: 25},
		scene{name: "seega-9-movement", game: "seega", cfg: seegaCfg("free", "9"), seed: 4, moves: 61},
	)
}
