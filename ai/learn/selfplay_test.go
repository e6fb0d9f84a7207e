package learn

import (
	"bytes"
	"context"
	"testing"
	"time"

	"kilab/games"
)

// walker is a toy game for SelfPlay: eight positions of inputs drawn from
// its source, each step's input leaning on the network's value of the one
// before (so a game played on other weights differs), and a result drawn
// too. Game g of a round sleeps by its place in it, early games longest,
// so that with reversed set, the games of a round end last first.
type walker struct {
	net      *Net
	reversed bool
	ps       []Position
	hid      []float64
}

func (w *walker) Play(g int, src games.Source) ([]Position, float64) {
	if w.reversed {
		time.Sleep(time.Duration(3-g%3) * 2 * time.Millisecond)
	}
	w.ps = w.ps[:0]
	v := 0.5
	for k := range 8 {
		x := []float64{float64(src.Uint64()%100) / 100, v}
		w.ps = append(w.ps, Position{X: x, First: k%2 == 0})
		v = w.net.Eval(x, w.hid)
	}
	return w.ps, float64(src.Uint64() % 2)
}

// trained is the network SelfPlay leaves after 40 games of walkers, n at
// once.
func trained(t *testing.T, n int, seed uint64, reversed bool) []byte {
	net := New("test/1", 2, 4, 1)
	players := make([]Player, n)
	for i := range players {
		players[i] = &walker{net: net, reversed: reversed, hid: make([]float64, 4)}
	}
	tr := &Trainer{Net: net, Rate: 0.1, Lambda: 0.7}
	tr.SelfPlay(context.Background(), 40, seed, players, nil)
	var b bytes.Buffer
	if err := net.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Played several at once, the games are learned from in their order,
// whichever ends first: the same seed and number of players write the same
// network however the games are scheduled, and another seed another.
func TestSelfPlaySideBySide(t *testing.T) {
	t.Parallel()
	a, b, c := trained(t, 3, 5, false), trained(t, 3, 5, true), trained(t, 3, 6, false)
	if !bytes.Equal(a, b) {
		t.Error("the games of a round ending in another order trained another network")
	}
	if bytes.Equal(a, c) {
		t.Error("two seeds trained the same network")
	}
	if one := trained(t, 1, 5, false); bytes.Equal(a, one) || !bytes.Equal(one, trained(t, 1, 5, true)) {
		t.Error("one player: not its own run, or not the same twice")
	}
}
