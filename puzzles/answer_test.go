package puzzles_test

import (
	"testing"

	"kilab/games"
	"kilab/lang"
	"kilab/puzzles"
)

// An answer says how its chances are known: exact, calibrated, or else the
// engine's estimate (a Seega puzzle of 7 x 7, say, or one saved before its
// game's judge was checked).
func TestAnswerSaysHowTheChancesAreKnown(t *testing.T) {
	t.Parallel()
	set, err := puzzles.Starter()
	if err != nil {
		t.Fatal(err)
	}
	p := set.Puzzles[len(set.Puzzles)-1]
	g, _ := games.Lookup(p.Game)
	pos, err := g.Parse(p.Config, p.Position)
	if err != nil {
		t.Fatal(err)
	}
	l := lang.For("en-US")
	for _, c := range []struct {
		exact, calibrated bool
		want              string
	}{
		{true, false, "puzzle.values_exact"},
		{false, true, "puzzle.values_calibrated"},
		{false, false, "puzzle.values_estimate"},
	} {
		p.Exact, p.Calibrated = c.exact, c.calibrated
		if s := puzzles.Answer(l, pos, p, p.Best); s.Head != l.T(c.want) || len(s.Values) != len(p.Moves) {
			t.Errorf("exact %v, calibrated %v: %q with %d values, want %q", c.exact, c.calibrated, s.Head, len(s.Values), l.T(c.want))
		}
	}
}
