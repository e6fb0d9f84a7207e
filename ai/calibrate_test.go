package ai

import (
	"math"
	"testing"

	"kilab/games"
)

// Chances fall in their tenth, each scored against its game's result, once
// for each player: seat 0's chance by seat 0's score, seat 1's (1 - it) by
// seat 1's.
func TestCalibrationBuckets(t *testing.T) {
	var c Calibration
	first, second := games.First, games.Second
	c.add([]float64{0.05, 0.15, 0.95, 1}, []games.Player{first, second, first, second}, seatZeroScore(games.Outcome{Status: games.Won, Winner: games.First}))
	c.add([]float64{0.15, 0.12}, []games.Player{first, first}, seatZeroScore(games.Outcome{Status: games.Won, Winner: games.Second}))
	c.add([]float64{0.5}, []games.Player{second}, seatZeroScore(games.Outcome{Status: games.Drawn}))
	if c.Positions() != 7 {
		t.Fatalf("%d positions, want 7", c.Positions())
	}
	for _, w := range []struct {
		k                   int
		chances             int
		predicted, observed float64
	}{
		{0, 3, 0.1 / 3, 1.0 / 3}, // seat 0's 0.05 (won); seat 1's 0.05 and 0 (lost)
		{1, 3, 0.14, 1.0 / 3},    // seat 0's 0.15 (won), 0.15 and 0.12 (lost)
		{5, 2, 0.5, 0.5},         // the draw, for each player
		{8, 3, 0.86, 2.0 / 3},    // seat 1's 0.85 (lost), 0.85 and 0.88 (won)
		{9, 3, 2.9 / 3, 2.0 / 3}, // seat 0's 0.95 and 1 (won), seat 1's 0.95 (lost)
	} {
		b := c.Buckets[w.k]
		if b.Chances != w.chances || math.Abs(b.Predicted()-w.predicted) > 1e-12 || math.Abs(b.Observed()-w.observed) > 1e-12 {
			t.Errorf("tenth %d: %d chances, predicted %v, observed %v; want %d, %v, %v", w.k, b.Chances, b.Predicted(), b.Observed(), w.chances, w.predicted, w.observed)
		}
	}
	if w := c.Worst(3); math.Abs(w-0.3) > 1e-12 {
		t.Errorf("worst gap over buckets of 3 or more: %v, want 0.3", w)
	}
	// Seat 0's chances: 0.05 0.15 0.95 1 (won), 0.15 0.12 (lost), 0.5 (drawn).
	if s := c.Seat(); s.Chances != 7 || math.Abs(s.Predicted()-2.92/7) > 1e-12 || math.Abs(s.Observed()-4.5/7) > 1e-12 {
		t.Errorf("the first seat: %d, predicted %v, observed %v", s.Chances, s.Predicted(), s.Observed())
	}
	// The mover's: 0.05 (won), 0.85 (lost), 0.95 (won), 0 (lost); 0.15, 0.12
	// (lost); 0.5 (drawn).
	if m := c.Mover(); m.Chances != 7 || math.Abs(m.Predicted()-2.62/7) > 1e-12 || math.Abs(m.Observed()-2.5/7) > 1e-12 {
		t.Errorf("the player on move: %d, predicted %v, observed %v", m.Chances, m.Predicted(), m.Observed())
	}
}

// Margin is the 95% interval of a tenth's gap with games as the units, by
// hand: one game won from a chance of 0.35, one lost from two, so that the
// 30-40% tenth holds 3 chances, a gap of -1/60, and residuals of 2/3 and
// -2/3 by game, a variance of 2 * (8/9) / 9. A tenth with one game has no
// interval.
func TestMargin(t *testing.T) {
	var c Calibration
	c.add([]float64{0.35}, []games.Player{games.First}, 1)
	c.add([]float64{0.35, 0.35}, []games.Player{games.First, games.Second}, 0)
	b := c.Buckets[3]
	if gap := b.Observed() - b.Predicted(); b.Chances != 3 || math.Abs(gap+1.0/60) > 1e-12 {
		t.Fatalf("tenth 3: %d chances, gap %v", b.Chances, gap)
	}
	want := 1.96 * math.Sqrt(2*(8.0/9)/9)
	for _, k := range []int{3, 6} { // the 60-70% tenth mirrors it
		if m := c.Margin(k); math.Abs(m-want) > 1e-12 {
			t.Errorf("margin of tenth %d: %v, want %v", k, m, want)
		}
	}
	var one Calibration
	one.add([]float64{0.35, 0.36}, []games.Player{games.First, games.Second}, 1)
	if m := one.Margin(3); !math.IsInf(m, 1) {
		t.Errorf("margin of a tenth of one game: %v, want none", m)
	}
}

// Sharpness finds the factor by which chances' log-odds are off: games
// scored as chances sharpened by 2 (a score of 0.73 being a share of wins)
// give 2, and chances that fit give 1.
func TestSharpness(t *testing.T) {
	for _, want := range []float64{2, 1, 0.6} {
		var c Calibration
		for i := 1; i < 100; i++ {
			v := float64(i) / 100
			c.add([]float64{v}, []games.Player{games.First}, Sharpen(v, want))
		}
		if got := c.Sharpness(); math.Abs(got-want) > 1e-6 {
			t.Errorf("sharpened by %v: Sharpness %v", want, got)
		}
	}
	var backwards Calibration // the chances say the opposite of what happened
	for i := 1; i < 100; i++ {
		backwards.add([]float64{float64(i) / 100}, []games.Player{games.First}, float64(100-i)/100)
	}
	if got := backwards.Sharpness(); got != 0 {
		t.Errorf("chances that say the opposite: Sharpness %v, want 0", got)
	}
	for _, v := range []float64{0, 0.3, 0.5, 1} {
		if got, want := Sharpen(v, 1), v; math.Abs(got-want) > 1e-12 {
			t.Errorf("Sharpen(%v, 1) = %v", v, got)
		}
	}
	if got := Sharpen(0.75, 2); math.Abs(got-0.9) > 1e-12 { // odds 3 to 1 become 9 to 1
		t.Errorf("Sharpen(0.75, 2) = %v, want 0.9", got)
	}
}

// Curve finds the curve by which chances' log-odds are off: games scored
// as chances through sign(z) * a * |z|^b give a and b back, chances that
// fit give 1 and 1, and the chances of won and lost positions, whatever
// their scores, change nothing.
func TestCurve(t *testing.T) {
	for _, want := range [][2]float64{{2.33, 1.18}, {1, 1}, {0.8, 0.7}} {
		var c Calibration
		for i := 1; i < 200; i++ {
			v := float64(i) / 200
			z := logit(v)
			c.add([]float64{v}, []games.Player{games.First}, 1/(1+math.Exp(-math.Copysign(want[0]*math.Pow(math.Abs(z), want[1]), z))))
		}
		c.add([]float64{1, 0}, []games.Player{games.First, games.Second}, 0.5)
		if a, b := c.Curve(); math.Abs(a-want[0]) > 1e-3 || math.Abs(b-want[1]) > 1e-3 {
			t.Errorf("through %v: Curve %v, %v", want, a, b)
		}
	}
}
