package render

import (
	"kilab/games"
	_ "kilab/games/aseb"
)

func asebCfg(variant string, opts ...string) games.Config {
	cfg := games.Config{Variant: variant, Options: map[string]string{}}
	for i := 0; i+1 < len(opts); i += 2 {
		cfg.Options[opts[i]] = opts[i+1]
	}
	return cfg
}

var goldenScenes = []scene{
	{name: "aseb-start", game: "aseb", cfg: asebCfg("standard"), record: ""},
	// Cones enter on 3 and move on; spindles enter; the cones' 2 lands on 8,
	// a house, where the spindle... (A9: 6-8 captures nothing: 8 is empty).
	{name: "aseb-capture", game: "aseb", cfg: asebCfg("standard"),
		record: "3:in-3 2:in-2 4:3-7 3:2-5 1:7-8 2:in-2 3:5x8 0,0,2:"},
	{name: "aseb-bearoff-d4", game: "aseb", cfg: asebCfg("standard", "pieces", "7", "dice", "d4"),
		pos: "c:1,2,12,15+2 s:3,5,9,16+3 c:2"},
	{name: "aseb-twenty-squares", game: "aseb", cfg: asebCfg("twenty-squares"),
		record: "3:in-3 0:pass 4:3-7 2:in-2"},
	{name: "aseb-royalur-won", game: "aseb", cfg: asebCfg("royalur"),
		pos: "c:+5 s:8,9,10,11,12 c:won"},
}
