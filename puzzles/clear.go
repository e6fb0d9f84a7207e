package puzzles

import (
	"cmp"
	"fmt"
)

// ByGain orders moves by their gain of material, most first, then by
// winning chance: how Tab's and Seega's examiners list a position's moves.
func ByGain(a, b Value) int {
	if c := cmp.Compare(b.Gain, a.Gain); c != 0 {
		return c
	}
	return cmp.Compare(b.Chance, a.Chance)
}

// ClearGain is the rule of a material puzzle, for games valued by gain
// (Tab, Seega): vals, in ByGain's order, hold a choice whose best move wins
// at least min pieces where no other does. The error says which part fails.
func ClearGain(vals []Value, min float64) error {
	if len(vals) < 2 {
		return fmt.Errorf("%d moves: no choice", len(vals))
	}
	for i := 1; i < len(vals); i++ {
		if ByGain(vals[i-1], vals[i]) > 0 {
			return fmt.Errorf("the moves are not in order of gain: %s before %s", vals[i-1].Move, vals[i].Move)
		}
	}
	switch {
	case vals[0].Gain < min:
		return fmt.Errorf("the best move gains %.4g pieces, fewer than %.4g", vals[0].Gain, min)
	case vals[1].Gain >= min:
		return fmt.Errorf("%s keeps a gain of %.4g pieces too", vals[1].Move, vals[1].Gain)
	}
	return nil
}

// ByChance orders moves by winning chance, best first: how Aseb's examiner
// lists a position's moves, and Tab's where no material is won.
func ByChance(a, b Value) int { return cmp.Compare(b.Chance, a.Chance) }

// ClearChance is the rule of a puzzle by winning chance: vals, in ByChance's
// order, hold a choice whose best move's chance leads every other's by at
// least margin. The error says which part fails.
func ClearChance(vals []Value, margin float64) error {
	if len(vals) < 2 {
		return fmt.Errorf("%d moves: no choice", len(vals))
	}
	for i := 1; i < len(vals); i++ {
		if ByChance(vals[i-1], vals[i]) > 0 {
			return fmt.Errorf("the moves are not in order of winning chance: %s before %s", vals[i-1].Move, vals[i].Move)
		}
	}
	if lead := vals[0].Chance - vals[1].Chance; lead < margin-1e-9 {
		return fmt.Errorf("the best move leads the next by %.1f points of winning chance, less than %.0f", 100*lead, 100*margin)
	}
	return nil
}
