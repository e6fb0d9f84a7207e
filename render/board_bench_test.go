package render

import (
	"testing"

	"kilab/games"
	"kilab/lang"
)

// everyConfig is every game's every variant and each board size that draws
// differently, for BenchmarkBoardEvery.
var everyConfig = map[string][]games.Config{
	"aseb": {asebCfg("standard"), asebCfg("standard", "pieces", "7", "dice", "d4"), asebCfg("twenty-squares"),
		asebCfg("twenty-squares", "house4", "true", "enter-past-own", "true"), asebCfg("royalur")},
	"tab": {tabCfg("7"), tabCfg("11"), tabCfg("15"), tabCfg("17"), tabCfg("29")},
	"seega": {seegaCfg("free", "5"), seegaCfg("free", "7"), seegaCfg("free", "9"),
		seegaCfg("lane", "5"), seegaCfg("lane", "7"), seegaCfg("lane", "9")},
}

// benchBoardEvery measures Board, drawing and encoding, in the worst case a
// bot meets, for each configuration of the game (a sub-benchmark each): a
// mid-game position with the reader's whole span marked, and the PNG
// coder's cache of bands emptied before each board (coldEncode), so nothing
// of the boards before helps.
func benchBoardEvery(b *testing.B, game string) {
	g, err := games.Lookup(game)
	if err != nil {
		b.Fatal(err)
	}
	for k, cfg := range everyConfig[game] {
		name := cfg.Variant
		for _, o := range []string{"width", "size", "pieces", "dice", "house4"} {
			if v, ok := cfg.Options[o]; ok {
				name += "-" + o + v
			}
		}
		b.Run(name, func(b *testing.B) { benchOneBoard(b, g, cfg, uint64(k+1)) })
	}
}

func benchOneBoard(b *testing.B, g games.Game, cfg games.Config, seed uint64) {
	_, start, plies := randomGame(b, g.Name(), cfg, seed, 30)
	pos, last, err := FromRecordSince(start, plies)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Board(lang.En, g, cfg, pos, last); err != nil { // the stamps and labels drawn once
		b.Fatal(err)
	}
	b.ReportAllocs()
	size := 0
	for b.Loop() {
		coldEncode()
		out, err := Board(lang.En, g, cfg, pos, last)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "png-bytes")
}

// coldEncode empties the PNG coder's cache of bands.
func coldEncode() { resetEncoders() }

func BenchmarkBoardEveryAseb(b *testing.B)  { benchBoardEvery(b, "aseb") }
func BenchmarkBoardEveryTab(b *testing.B)   { benchBoardEvery(b, "tab") }
func BenchmarkBoardEverySeega(b *testing.B) { benchBoardEvery(b, "seega") }
