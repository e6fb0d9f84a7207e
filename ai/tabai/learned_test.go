package tabai

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"kilab/games/tab"
)

// The start position's inputs: both sides the same (every piece a Christian
// in its home row), each row-1 bin of the default board holding one piece,
// and on every width the counts whole.
func TestStartFeatures(t *testing.T) {
	t.Parallel()
	for w := 7; w <= 29; w += 2 {
		p, err := tab.Start(w)
		if err != nil {
			t.Fatal(err)
		}
		x := make([]float64, inputs)
		features(p, x, nil)
		if !slices.Equal(x[:sideInputs], x[sideInputs:2*sideInputs]) || !slices.Equal(x[countsAt:countsAt+6], x[countsAt+6:countsAt+12]) {
			t.Errorf("width %d: the two sides' inputs differ at the start", w)
		}
		if got := x[countsAt : countsAt+6]; !slices.Equal(got, []float64{1, 1, 1, 0, 1, 0}) {
			t.Errorf("width %d: my counts %v, want all pieces, all Christians, all at home, singles", w, got)
		}
		occupied := 0
		for b := range bins {
			at := b * cellInputs
			if x[at] == 1 && x[at+2] == 1 {
				occupied++
			}
			for row := 1; row < 4; row++ {
				if x[(row*bins+b)*cellInputs] != 0 {
					t.Errorf("width %d: a piece in row %d, bin %d, at the start", w, row+1, b)
				}
			}
		}
		if want := min(w, bins); occupied != want {
			t.Errorf("width %d: %d home bins hold a Christian, want %d", w, occupied, want)
		}
	}
}

// A training run from a seed writes the same network twice, and another
// seed another.
func TestTrainingReproducible(t *testing.T) {
	t.Parallel()
	run := func(seed uint64) []byte {
		net, err := Train(context.Background(), TrainOptions{Widths: []int{7}, Games: 6, Seed: seed, Hidden: 8, Rate: 0.1, Lambda: 0.7, Limit: 2000})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		net.Save(&b)
		return b.Bytes()
	}
	a, b, c := run(3), run(3), run(4)
	if !bytes.Equal(a, b) {
		t.Error("the same seed trained two networks")
	}
	if bytes.Equal(a, c) {
		t.Error("two seeds trained the same network")
	}
}
