package learn

// A Trainer teaches a network by TD(λ), in its offline form: once a game
// is over, every position of it moves toward its λ-return, the mix of the
// values the network gave the positions after it (the one k later weighted
// by λ^(k-1)(1-λ)) that ends with the game's result. With λ = 0 a position
// learns from the next one's value alone, with λ = 1 from the result alone.
type Trainer struct {
	Net    *Net
	Rate   float64 // how far a position moves toward its target (0.1 as TD-Gammon)
	Lambda float64 // 0.7 as TD-Gammon
	hid    []float64
	u, g   []float64
}

// Position is one position of a game for the Trainer: its inputs, from the
// view of the side to move, and whether that side is the first seat.
type Position struct {
	X     []float64
	First bool
}

// Game learns from one game's positions, in the order they came, and its
// result for the first seat: 1 a win, 0.5 a draw, 0 a loss. It returns the
// mean squared difference between the positions' values and their targets,
// before the update.
func (t *Trainer) Game(ps []Position, result float64) float64 {
	if len(ps) == 0 {
		return 0
	}
	if len(t.hid) != t.Net.Hidden {
		t.hid = make([]float64, t.Net.Hidden)
	}
	t.u, t.g = t.u[:0], t.g[:0]
	for _, p := range ps {
		t.u = append(t.u, firstSeat(t.Net.Eval(p.X, t.hid), p.First))
	}
	t.g = append(t.g, make([]float64, len(ps))...)
	g := result
	for k := len(ps) - 1; k >= 0; k-- {
		if k < len(ps)-1 {
			g = (1-t.Lambda)*t.u[k+1] + t.Lambda*g
		}
		t.g[k] = g
	}
	sq := 0.0
	for k, p := range ps {
		d := t.g[k] - t.u[k]
		sq += d * d
		t.Learn(p, t.g[k])
	}
	return sq / float64(len(ps))
}

// Learn moves the first seat's chance at p toward target by Rate times
// the difference.
func (t *Trainer) Learn(p Position, target float64) {
	if len(t.hid) != t.Net.Hidden {
		t.hid = make([]float64, t.Net.Hidden)
	}
	y := t.Net.Eval(p.X, t.hid)
	d := t.Rate * (target - firstSeat(y, p.First))
	if !p.First {
		d = -d // the first seat's chance is 1 - y: raising it lowers y
	}
	t.Net.step(p.X, t.hid, y, d)
}

// firstSeat turns the side to move's chance into the first seat's.
func firstSeat(y float64, first bool) float64 {
	if first {
		return y
	}
	return 1 - y
}
