package ai

import (
	"math"
	"testing"

	"kilab/games"
)

// Chances fall in their tenth, each scored against its game's result.
func TestCalibrationBuckets(t *testing.T) {
	var c Calibration
	c.add([]float64{0.05, 0.15, 0.95, 1}, seatZeroScore(games.Outcome{Status: games.Won, Winner: games.First}))
	c.add([]float64{0.15, 0.12}, seatZeroScore(games.Outcome{Status: games.Won, Winner: games.Second}))
	c.add([]float64{0.5}, seatZeroScore(games.Outcome{Status: games.Drawn}))
	if c.Positions() != 7 {
		t.Fatalf("%d positions, want 7", c.Positions())
	}
	b := c.Buckets[1]
	if b.Positions != 3 || math.Abs(b.Predicted()-0.14) > 1e-12 || math.Abs(b.Observed()-1.0/3) > 1e-12 {
		t.Errorf("10-20%%: %d positions, predicted %v, observed %v; want 3, 0.14, 1/3", b.Positions, b.Predicted(), b.Observed())
	}
	if b := c.Buckets[9]; b.Positions != 2 || b.Observed() != 1 {
		t.Errorf("90-100%% (1 included): %+v", b)
	}
	if b := c.Buckets[5]; b.Positions != 1 || b.Observed() != 0.5 {
		t.Errorf("a draw's position: %+v", b)
	}
	if w := c.Worst(2); math.Abs(w-(1.0/3-0.14)) > 1e-12 {
		t.Errorf("worst gap over buckets of 2 or more: %v", w)
	}
}
