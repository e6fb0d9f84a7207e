package asebai

import (
	"math"
	"testing"

	"kilab/games/aseb"
	"kilab/internal/testlong"
)

// What the table guarantees (docs/aseb-solved.md): it keeps each value to
// the nearest 1/65,535, so a move it picks is worth, by the solver's own
// values, at most 1/65,535 less than the best move; where two moves are
// closer than that it may pick the worse. Checked at every decision of a
// small solve, every variant: every position, every throw. The log gives
// how many decisions the rounding changed.
func TestTableChoiceWithinOneStep(t *testing.T) {
	t.Parallel()
	pieces := testlong.Pick(2, 3)
	for _, cfg := range smallConfigs {
		r := rulesN(t, cfg, pieces)
		s, _ := solveRules(r, 2, nil)
		tab := s.table(cfg)
		exact := func(p aseb.Position) float64 { return s.chance(p) }
		var decisions, changed, close int
		worst := 0.0
		for a := 0; a < pieces; a++ {
			for b := 0; b < pieces; b++ {
				s.shape.each(r, a, b, func(_ int64, p aseb.Position) {
					for _, o := range r.Dice.Odds() {
						q, err := p.WithThrow(o.Throw)
						if err != nil || q.State() != aseb.MoveDue || len(q.Legal(nil)) < 2 {
							continue
						}
						decisions++
						best, _ := bestBy(q, exact)
						_, picked := tab.best(q)
						got := moveValue(q, picked, exact)
						if loss := best - got; loss > 0 {
							changed++
							worst = max(worst, loss)
						}
						if secondGap(q, exact) < 1.0/math.MaxUint16 {
							close++
						}
					}
				})
			}
		}
		t.Logf("%s, %d pieces: %d decisions, %d with two moves within 1/65,535, %d picked otherwise than by the solver's values, worst loss %.2e",
			cfg, pieces, decisions, close, changed, worst)
		if worst > 1.0/math.MaxUint16+2*Residual {
			t.Errorf("%s: a decision loses %.3e of winning chance to the rounding, over 1/65,535", cfg, worst)
		}
	}
}

// chance is Table.Chance on the solver's own values.
func (s *solver) chance(p aseb.Position) float64 {
	switch p.State() {
	case aseb.Over:
		return 1
	case aseb.MoveDue:
		v, _ := bestBy(p, s.chance)
		return v
	}
	return s.get(s.shape.indexOf(p))
}

// bestBy is p's best move and its value for the mover, by chance.
func bestBy(p aseb.Position, chance func(aseb.Position) float64) (float64, aseb.Move) {
	legal := p.Legal(nil)
	if len(legal) == 0 {
		return moveValue(p, aseb.Pass, chance), aseb.Pass
	}
	bestV, bestM := -1.0, legal[0]
	for _, m := range legal {
		if v := moveValue(p, m, chance); v > bestV {
			bestV, bestM = v, m
		}
	}
	return bestV, bestM
}

// moveValue is m's value for p's mover, by chance.
func moveValue(p aseb.Position, m aseb.Move, chance func(aseb.Position) float64) float64 {
	q, err := p.Apply(m)
	if err != nil {
		return -1
	}
	v := chance(q)
	if q.Turn() != p.Turn() {
		v = 1 - v
	}
	return v
}

// secondGap is how much p's best move is worth more than its second best.
func secondGap(p aseb.Position, chance func(aseb.Position) float64) float64 {
	first, second := -1.0, -1.0
	for _, m := range p.Legal(nil) {
		v := moveValue(p, m, chance)
		switch {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	return first - second
}
