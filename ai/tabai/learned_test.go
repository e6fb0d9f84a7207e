package tabai

import (
	"bytes"
	"context"
	"slices"
	"strconv"
	"testing"

	"kilab/ai"
	"kilab/games"
	"kilab/games/tab"
	"kilab/internal/testlong"
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
// seed another, or the same seed with games played two at once.
func TestTrainingReproducible(t *testing.T) {
	t.Parallel()
	run := func(seed uint64, workers int) []byte {
		net, err := Train(context.Background(), TrainOptions{Widths: []int{7}, Games: 6, Seed: seed, Hidden: 8, Rate: 0.1, Lambda: 0.7, Limit: 2000, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		net.Save(&b)
		return b.Bytes()
	}
	a, b, c := run(3, 1), run(3, 1), run(4, 1)
	if !bytes.Equal(a, b) {
		t.Error("the same seed trained two networks")
	}
	if d := run(3, 2); bytes.Equal(a, d) || !bytes.Equal(d, run(3, 2)) {
		t.Error("two at once: as one at a time, or not the same twice")
	}
	if bytes.Equal(a, c) {
		t.Error("two seeds trained the same network")
	}
}

// The shipped network loads, and hard plays a legal game from it on every
// width (the long run: TestAgentsPlayLegally plays it on 7, 11 and 29 in
// every run): ai.PlayOut has the engine check each move.
func TestShippedNetworkPlaysEveryWidth(t *testing.T) {
	testlong.Skip(t)
	t.Parallel()
	if _, err := shippedNet(); err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup("tab")
	for w := 7; w <= 29; w += 2 {
		cfg := games.Config{Options: map[string]string{"width": strconv.Itoa(w)}}
		if _, err := ai.Play(context.Background(), ai.Match{Game: g, Config: cfg, A: "hard", B: "random", Games: 1, Seed: uint64(w), Workers: 1}); err != nil {
			t.Errorf("width %d: %v", w, err)
		}
	}
}

// BenchmarkLearnedEval is the learned evaluation's cost per position: the
// inputs read from the position and the network's output.
func BenchmarkLearnedEval(b *testing.B) {
	net, err := shippedNet()
	if err != nil {
		b.Fatal(err)
	}
	np := newNetPlayer(net, turnLimit)
	p := midTurn(b, 9, 50)
	end := np.endingsOf(p)[0]
	for b.Loop() {
		np.value(end.pos, p.Turn())
	}
}

// BenchmarkClassicEval is the hand-written evaluation's, for comparison.
func BenchmarkClassicEval(b *testing.B) {
	net, _ := shippedNet()
	np := newNetPlayer(net, turnLimit)
	p := midTurn(b, 9, 50)
	end := np.endingsOf(p)[0]
	for b.Loop() {
		tuned.evaluate(end.pos, p.Turn())
	}
}

func BenchmarkClassicMove(b *testing.B) {
	p := midTurn(b, 9, 50)
	a, _ := ai.New("tab", "classic", games.Config{}, games.Seeded(1))
	for b.Loop() {
		if _, err := a.Choose(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}
