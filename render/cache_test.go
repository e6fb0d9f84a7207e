package render

import "testing"

// A cache makes a value once, keeps it, and never holds more than its bound:
// a table's names measured one after another do not grow it without end.
func TestCacheKeepsAndBounds(t *testing.T) {
	c := cache[int, int]{bound: 8}
	made := 0
	for round := range 2 {
		for k := range 8 {
			if v := c.get(k, func() int { made++; return k * k }); v != k*k {
				t.Fatalf("round %d: %d gives %d", round, k, v)
			}
		}
	}
	if made != 8 {
		t.Errorf("made %d values for 8 keys asked twice", made)
	}
	for k := 8; k < 100; k++ {
		c.get(k, func() int { return k })
		if n := len(c.m); n > c.bound {
			t.Fatalf("%d values kept, bound %d", n, c.bound)
		}
	}
	if v, ok := c.lookup(99); !ok || v != 99 {
		t.Errorf("the last value made is not kept: %d, %v", v, ok)
	}
}
