package games

import "testing"

// listSource gives its values in order.
type listSource []uint64

func (l *listSource) Uint64() uint64 { v := (*l)[0]; *l = (*l)[1:]; return v }

// Uniform throws away the draws below 2^64 mod n, which would make the low
// numbers likelier, and reduces the next one.
func TestUniformRejectsTheUnevenRest(t *testing.T) {
	t.Parallel()
	// 2^64 mod 3 = 1: the draw 0 is thrown away, 1 is kept (1 mod 3 = 1).
	src := &listSource{0, 1}
	if got := Uniform(src, 3); got != 1 || len(*src) != 0 {
		t.Errorf("Uniform(3) = %d with %d draws left", got, len(*src))
	}
	src = &listSource{41}
	if got := Uniform(src, 1<<4); got != 41%16 {
		t.Errorf("Uniform(16) = %d", got) // a power of two wastes nothing
	}
}
