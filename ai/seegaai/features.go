package seegaai

import "kilab/games/seega"

// The learned evaluation's inputs, from the view of the side on move, for a
// board of N x N (each size has its own network: the cells are the inputs,
// and the sizes do not share them; the free and lane variants differ only in
// their first placements, S2, and share one):
//
//   - for each cell, row by row from A1: a piece of mine, a piece of theirs,
//     and whether that piece could be taken by the other side's next step
//     (S4: an empty neighbour that a piece of the other side can step into,
//     with a piece of the other side right behind it; the centre's piece
//     cannot be taken);
//   - my pieces on the board and in hand, and theirs, as shares of the
//     pieces a side has (S1);
//   - the moving phase (S3), a capture chain under way (S5), a player
//     blocked (S7);
//   - the quiet steps as a share of their limit (S8);
//   - my steps and theirs (a piece to an empty neighbour, S6 not counted)
//     as shares of four a piece, and how many of my pieces and of theirs
//     could be taken, as shares of the pieces a side has.
const (
	cellInputs = 3
	globals    = 12
)

// inputsFor is the number of inputs for a board of n x n.
func inputsFor(n int) int { return n*n*cellInputs + globals }

// netKind names the inputs of a board of n x n.
func netKind(n int) string { return [...]string{5: "seega/5/1", 7: "seega/7/1", 9: "seega/9/1"}[n] }

// board is a position's cells read once for features: for each cell, in
// the order of Cells, 0 if empty, 1 for a piece of the side on move, 2 for
// the other side's.
type board [seega.MaxSize * seega.MaxSize]int8

// around is, for each cell of a board of n x n in the order of Cells, the
// index of its neighbour in each of the four directions of steps4, or -1
// off the board. Opposite directions add up to 3.
type around [][4]int8

var arounds = func() map[int]around {
	m := map[int]around{}
	for _, n := range []int{5, 7, 9} {
		a := make(around, n*n)
		for i := range a {
			col, row := i%n, i/n
			for d, s := range steps4 {
				c, r := col+s[0], row+s[1]
				a[i][d] = -1
				if c >= 0 && c < n && r >= 0 && r < n {
					a[i][d] = int8(r*n + c)
				}
			}
		}
		m[n] = a
	}
	return m
}()

// features writes p's inputs to x (len inputsFor(p.Size())), from the view
// of the side on move. It reads the board once and works on that copy: the
// search asks for it at every leaf.
func features(p *seega.Position, x []float64) {
	clear(x)
	n := p.Size()
	nb := arounds[n]
	me := p.Turn()
	var b board
	for i, c := range p.Cells() {
		if owner, ok := p.At(c).Owner(); ok {
			b[i] = 1
			if owner != me {
				b[i] = 2
			}
		}
	}
	centre := (n*n - 1) / 2
	var steps, taken [2]int
	for i, v := range b[:n*n] {
		if v == 0 {
			continue
		}
		side := int(v - 1)
		x[i*cellInputs+side] = 1
		for _, a := range nb[i] {
			if a >= 0 && b[a] == 0 {
				steps[side]++
			}
		}
		if i != centre && takeable(&b, nb, i, 3-v) {
			x[i*cellInputs+2] = 1
			taken[side]++
		}
	}
	globalInputs(p, x[n*n*cellInputs:], steps, taken)
}

// takeable reports whether the piece on cell i could be taken by a step of
// the side whose pieces b marks by (S4): a piece of by steps into an empty
// neighbour a of i, whose cell on the far side of i holds a piece of by too.
func takeable(b *board, nb around, i int, by int8) bool {
	for d, a := range nb[i] {
		behind := nb[i][3-d]
		if a < 0 || behind < 0 || b[a] != 0 || b[behind] != by {
			continue
		}
		for _, s := range nb[a] {
			if s >= 0 && int(s) != i && b[s] == by {
				return true
			}
		}
	}
	return false
}

// globalInputs writes the inputs that are not a cell's to g.
func globalInputs(p *seega.Position, g []float64, steps, taken [2]int) {
	n := p.Size()
	me, them := p.Turn(), p.Turn().Other()
	pieces := float64((n*n - 1) / 2) // a side's, S1
	g[0], g[1] = float64(p.OnBoard(me))/pieces, float64(p.InHand(me))/pieces
	g[2], g[3] = float64(p.OnBoard(them))/pieces, float64(p.InHand(them))/pieces
	if p.Phase() == seega.Movement {
		g[4] = 1
	}
	if _, chain := p.Chain(); chain {
		g[5] = 1
	}
	if p.Blocked() || p.MustOpen() {
		g[6] = 1
	}
	if quiet, limit := p.Quiet(); limit > 0 {
		g[7] = float64(quiet) / float64(limit)
	}
	g[8], g[9] = float64(steps[0])/(4*pieces), float64(steps[1])/(4*pieces)
	g[10], g[11] = float64(taken[0])/pieces, float64(taken[1])/pieces
}

// steps4 are the four directions a piece steps, as columns and rows: up,
// left, right, down, so that opposite ones add up to 3.
var steps4 = [4][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
