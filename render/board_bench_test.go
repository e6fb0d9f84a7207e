package render

import (
	"testing"

	"kilab/games"
	"kilab/lang"
)

// benchBoardEvery measures Board, drawing and encoding, in the worst case a
// bot meets, for each configuration of the game that sameConfigs lists
// (every variant and board size that draws differently; a sub-benchmark each): a
// mid-game position with the reader's whole span marked, and the PNG
// coder's cache of bands emptied before each board (resetEncoders), so nothing
// of the boards before helps.
func benchBoardEvery(b *testing.B, game string) {
	g, err := games.Lookup(game)
	if err != nil {
		b.Fatal(err)
	}
	for k, c := range sameConfigs {
		if c.game == game {
			b.Run(c.name, func(b *testing.B) { benchOneBoard(b, g, c.cfg, uint64(k+1)) })
		}
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
		resetEncoders()
		out, err := Board(lang.En, g, cfg, pos, last)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "png-bytes")
}

func BenchmarkBoardEveryAseb(b *testing.B)  { benchBoardEvery(b, "aseb") }
func BenchmarkBoardEveryTab(b *testing.B)   { benchBoardEvery(b, "tab") }
func BenchmarkBoardEverySeega(b *testing.B) { benchBoardEvery(b, "seega") }
