package tab

import (
	"testing"

	"kilab/games"
)

// BenchmarkRandomPlayout plays whole random games on 4x11 through the engine's
// allocation-free playout: the goal is 20,000 games a second on one core.
func BenchmarkRandomPlayout(b *testing.B) {
	start := start(11)
	src := games.Seeded(1)
	var buf [maxLegal]act
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		s := *start
		moves += s.playout(src, buf[:0])
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "playouts/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
