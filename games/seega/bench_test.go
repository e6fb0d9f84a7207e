package seega_test

import (
	"testing"

	"kilab/games"
	"kilab/games/seega"
)

// BenchmarkRandomPlayout plays whole random 5x5 games, placement included,
// through the allocation-free API (goal: 20,000 playouts/s on one core).
func BenchmarkRandomPlayout(b *testing.B) {
	for _, size := range []string{"5", "7", "9"} {
		b.Run("size="+size, func(b *testing.B) {
			start := mustNew(b, "free", size)
			src := games.Seeded(1)
			moves := 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				_, n := seega.Playout(start, src)
				moves += n
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
		})
	}
}
