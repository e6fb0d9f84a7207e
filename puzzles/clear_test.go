package puzzles

import (
	"slices"
	"strings"
	"testing"
)

func TestClearGain(t *testing.T) {
	t.Parallel()
	v := func(move string, gain, chance float64) Value { return Value{Move: move, Gain: gain, Chance: chance} }
	cases := []struct {
		vals []Value
		fail string // "" when the rule holds
	}{
		{[]Value{v("a", 2, 0.6), v("b", 1, 0.9), v("c", 0, 0.5)}, ""},
		{[]Value{v("a", 3, 0.6), v("b", 1.5, 0.9)}, ""},
		{[]Value{v("a", 2, 0.6)}, "no choice"},
		{[]Value{v("a", 1.5, 0.6), v("b", 0, 0.9)}, "fewer than 2"},
		{[]Value{v("a", 3, 0.6), v("b", 2, 0.9)}, "b keeps a gain"},
		{[]Value{v("b", 0, 0.9), v("a", 2, 0.6)}, "not in order"},
		{[]Value{v("a", 2, 0.5), v("b", 2, 0.6)}, "not in order"},
	}
	for i, c := range cases {
		err := ClearGain(c.vals, 2)
		switch {
		case c.fail == "" && err != nil:
			t.Errorf("case %d: %v", i, err)
		case c.fail != "" && (err == nil || !strings.Contains(err.Error(), c.fail)):
			t.Errorf("case %d: %v, want an error saying %q", i, err, c.fail)
		}
	}
	vals := []Value{v("c", 0, 0.5), v("b", 2, 0.6), v("a", 2, 0.7)}
	slices.SortStableFunc(vals, ByGain)
	if got := vals[0].Move + vals[1].Move + vals[2].Move; got != "abc" {
		t.Errorf("ByGain ordered %s, want abc", got)
	}
}

func TestClearChance(t *testing.T) {
	t.Parallel()
	v := func(move string, chance float64) Value { return Value{Move: move, Chance: chance} }
	cases := []struct {
		vals []Value
		fail string // "" when the rule holds
	}{
		{[]Value{v("a", 0.6), v("b", 0.5), v("c", 0.1)}, ""},
		{[]Value{v("a", 0.6), v("b", 0.51)}, "leads the next by 9.0 points"},
		{[]Value{v("a", 0.6)}, "no choice"},
		{[]Value{v("b", 0.4), v("a", 0.6)}, "not in order"},
		{[]Value{v("a", 0.9), v("b", 0.5), v("c", 0.7)}, "not in order"},
	}
	for i, c := range cases {
		err := ClearChance(c.vals, 0.1)
		switch {
		case c.fail == "" && err != nil:
			t.Errorf("case %d: %v", i, err)
		case c.fail != "" && (err == nil || !strings.Contains(err.Error(), c.fail)):
			t.Errorf("case %d: %v, want an error saying %q", i, err, c.fail)
		}
	}
}
