package tab

import (
	"math"
	"testing"

	"kilab/games"
)

func TestTurnOdds(t *testing.T) {
	// Each score's chance, summed over turns of every length: k throws that are
	// neither s nor a stop, then s, or (for a 2 or 3) then s as the stop.
	per := map[uint8]float64{}
	for _, o := range games.TabSticks.Odds() {
		per[uint8(o.Throw)] = float64(o.Num) / float64(o.Den)
	}
	stop := per[2] + per[3]
	rulebook := map[games.Throw]float64{1: 28.6, 2: 60, 3: 40, 4: 9.1, 6: 9.1} // D4
	got := TurnOdds()
	if len(got) != 5 {
		t.Fatalf("TurnOdds() = %v", got)
	}
	for i, o := range got {
		s := scoreList[i]
		other := 1 - stop - per[s]
		if s == 2 || s == 3 {
			other = 1 - stop
		}
		sum := 0.0
		for k := range 400 {
			sum += math.Pow(other, float64(k)) * per[s]
		}
		exact := float64(o.Num) / float64(o.Den)
		if o.Throw != games.Throw(s) || math.Abs(sum-exact) > 1e-12 || math.Abs(100*exact-rulebook[o.Throw]) > 0.05 {
			t.Errorf("score %d: %d/%d = %.4f, series %.4f, rulebook %.1f%%", s, o.Num, o.Den, exact, sum, rulebook[o.Throw])
		}
	}
}
