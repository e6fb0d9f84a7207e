package puzzles_test

import (
	"slices"
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

// A puzzle of material says what each move wins in pieces, signed, to a
// tenth, and what the brackets mean; one found by chance alone (no move
// winning anything) says chances only, as before.
func TestAnswerSaysThePiecesEachMoveWins(t *testing.T) {
	t.Parallel()
	set, err := puzzles.Starter()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(set.Puzzles, func(p puzzles.Puzzle) bool { return p.Game == "seega" && len(p.Moves) >= 5 })
	if i < 0 {
		t.Fatal("no Seega puzzle of five moves in the starter set")
	}
	p := set.Puzzles[i]
	g, _ := games.Lookup(p.Game)
	pos, err := g.Parse(p.Config, p.Position)
	if err != nil {
		t.Fatal(err)
	}
	l := lang.For("en-US")
	p.Moves = slices.Clone(p.Moves[:5])
	for k, gain := range []float64{2, 1, -0.46, 0.04, -0.04} {
		p.Moves[k].Chance, p.Moves[k].Gain = 0.999, gain
	}
	s := puzzles.Answer(l, pos, p, p.Best)
	label := func(k int) string { return games.Label(l, pos, p.Moves[k].Move) }
	want := []string{label(0) + ": 99.9% (+2 pieces)", label(1) + ": 99.9% (+1 piece)",
		label(2) + ": 99.9% (−0.5 pieces)", label(3) + ": 99.9% (0 pieces)", label(4) + ": 99.9% (0 pieces)"}
	if !slices.Equal(s.Values, want) || s.Gains != l.T("puzzle.gains") {
		t.Errorf("got %q and %q, want %q and the note on gains", s.Values, s.Gains, want)
	}
	for k := range p.Moves {
		p.Moves[k].Gain = 0
	}
	if s := puzzles.Answer(l, pos, p, p.Best); s.Gains != "" || s.Values[0] != label(0)+": 99.9%" {
		t.Errorf("a puzzle without gains: %q and %q", s.Values, s.Gains)
	}
}
