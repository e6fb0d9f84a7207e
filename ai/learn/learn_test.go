package learn

import (
	"bytes"
	"math"
	"testing"
)

// tiny is a network of 2 inputs and 2 hidden units whose output is worked
// out by hand in TestEvalByHand.
func tiny() *Net {
	return &Net{Kind: "test", In: 2, Hidden: 2,
		W1: []float64{0.5, -1, 2, 0.25}, // input 0 to units 0, 1; input 1 to units 0, 1
		B1: []float64{0.1, -0.2}, W2: []float64{1.5, -0.5}, B2: 0.3}
}

// The forward pass against one computed by hand: x = (1, 0.5).
// Unit 0: 0.1 + 1*0.5 + 0.5*2 = 1.6, sigmoid 0.832018; unit 1: -0.2 - 1 +
// 0.125 = -1.075, sigmoid 0.254453. Output: 0.3 + 1.5*0.832018 -
// 0.5*0.254453 = 1.420801, sigmoid 0.805464.
func TestEvalByHand(t *testing.T) {
	hid := make([]float64, 2)
	got := tiny().Eval([]float64{1, 0.5}, hid)
	if math.Abs(got-0.805464) > 1e-6 || math.Abs(hid[0]-0.832018) > 1e-6 || math.Abs(hid[1]-0.254453) > 1e-6 {
		t.Errorf("Eval = %.6f, hidden %.6f; want 0.805464, hidden [0.832018 0.254453]", got, hid)
	}
}

// A step toward a target moves the output toward it, from either seat's
// view, and by less than the whole way.
func TestLearnMovesTowardTheTarget(t *testing.T) {
	x := []float64{1, 0.5}
	for _, first := range []bool{true, false} {
		for _, target := range []float64{0, 1} {
			n := tiny()
			tr := &Trainer{Net: n, Rate: 0.5}
			before := firstSeat(n.Value(x), first)
			tr.Learn(Position{X: x, First: first}, target)
			after := firstSeat(n.Value(x), first)
			if math.Abs(target-after) >= math.Abs(target-before) || (after-before)*(target-before) < 0 {
				t.Errorf("first %v, target %v: %.4f became %.4f", first, target, before, after)
			}
		}
	}
}

// The direction step moves the weights in is the output's gradient: a small
// step of rate changes the output by rate*|gradient|² to first order, the
// gradient taken by nudging each weight.
func TestStepFollowsTheGradient(t *testing.T) {
	x := []float64{1, 0.5}
	n := tiny()
	y := n.Value(x)
	sq := 0.0
	for _, part := range [][]float64{n.W1, n.B1, n.W2} {
		for i := range part {
			old := part[i]
			part[i] = old + 1e-6
			d := (n.Value(x) - y) / 1e-6
			part[i] = old
			sq += d * d
		}
	}
	old := n.B2
	n.B2 += 1e-6
	d := (n.Value(x) - y) / 1e-6
	n.B2 = old
	sq += d * d
	hid := make([]float64, 2)
	const rate = 1e-4
	n.step(x, hid, n.Eval(x, hid), rate)
	if got, want := n.Value(x)-y, rate*sq; math.Abs(got-want) > 0.01*want {
		t.Errorf("a step of %g changed the output by %.3g, want %.3g", rate, got, want)
	}
}

// The λ-returns of a game: with λ = 0 each position's target is the next
// one's value, the last one's the result; a game teaches the positions
// toward them.
func TestGameTargets(t *testing.T) {
	x0, x1 := []float64{1, 0}, []float64{0, 1}
	n := tiny()
	tr := &Trainer{Net: n, Rate: 0.1, Lambda: 0}
	ps := []Position{{X: x0, First: true}, {X: x1, First: false}}
	u1 := firstSeat(n.Value(x1), false)
	tr.Game(ps, 1)
	if len(tr.g) != 2 || tr.g[1] != 1 || math.Abs(tr.g[0]-u1) > 1e-12 {
		t.Errorf("targets %v, want [%v 1]", tr.g, u1)
	}
	tr.Lambda = 1
	tr.Game(ps, 0)
	if tr.g[0] != 0 || tr.g[1] != 0 {
		t.Errorf("targets with λ = 1: %v, want the result", tr.g)
	}
}

// A network saved and loaded gives the same values, to float32's
// precision; one of another kind, or a cut file, is refused.
func TestSaveLoad(t *testing.T) {
	n := New("test/1", 30, 8, 7)
	var buf bytes.Buffer
	if err := n.Save(&buf); err != nil {
		t.Fatal(err)
	}
	m, err := Load(buf.Bytes(), "test/1")
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, 30)
	x[3], x[17] = 1, 0.5
	if a, b := n.Value(x), m.Value(x); math.Abs(a-b) > 1e-6 {
		t.Errorf("loaded %v, saved %v", b, a)
	}
	if _, err := Load(buf.Bytes(), "test/2"); err == nil {
		t.Error("a network of another kind loaded")
	}
	if _, err := Load(buf.Bytes()[:buf.Len()-1], "test/1"); err == nil {
		t.Error("a cut file loaded")
	}
	bad := bytes.Clone(buf.Bytes())
	copy(bad[len(bad)-4:], []byte{0, 0, 0xc0, 0x7f}) // a NaN for the output's bias
	if _, err := Load(bad, "test/1"); err == nil {
		t.Error("a network with a NaN weight loaded")
	}
}

// The same seed gives the same network, another seed another.
func TestNewFromSeed(t *testing.T) {
	a, b, c := New("k", 4, 3, 1), New("k", 4, 3, 1), New("k", 4, 3, 2)
	for i := range a.W1 {
		if a.W1[i] != b.W1[i] {
			t.Fatal("the same seed gave two networks")
		}
	}
	if a.W1[0] == c.W1[0] && a.W1[1] == c.W1[1] {
		t.Error("two seeds gave the same network")
	}
}
