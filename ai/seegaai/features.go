package seegaai

import (
	"kilab/games"
	"kilab/games/seega"
)

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

// features writes p's inputs to x (len inputsFor(p.Size())), from the view
// of the side on move.
func features(p *seega.Position, x []float64) {
	clear(x)
	n := p.Size()
	me, them := p.Turn(), p.Turn().Other()
	var steps, taken [2]int
	for i, c := range p.Cells() {
		owner, ok := p.At(c).Owner()
		if !ok {
			continue
		}
		side := 0
		if owner != me {
			side = 1
		}
		x[i*cellInputs+side] = 1
		steps[side] += emptyNeighbours(p, c, n)
		if c != p.Centre() && canBeTaken(p, c, owner.Other(), n) {
			x[i*cellInputs+2] = 1
			taken[side]++
		}
	}
	g := x[n*n*cellInputs:]
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

// neighbour is the cell dc columns and dr rows from c on a board of n x n,
// or NoCell off the board.
func neighbour(c seega.Cell, dc, dr, n int) seega.Cell {
	col, row := c.Col()+dc, c.Row()+dr
	if col < 0 || col >= n || row < 0 || row >= n {
		return seega.NoCell
	}
	return seega.CellAt(col, row)
}

var steps4 = [4][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}

// emptyNeighbours counts the empty cells next to c.
func emptyNeighbours(p *seega.Position, c seega.Cell, n int) int {
	k := 0
	for _, d := range steps4 {
		if a := neighbour(c, d[0], d[1], n); a != seega.NoCell && p.At(a) == seega.Empty {
			k++
		}
	}
	return k
}

// canBeTaken reports whether the piece on c could be taken by a step of
// by (S4): a piece of by steps into an empty neighbour a of c, whose cell on
// the far side of c holds a piece of by too.
func canBeTaken(p *seega.Position, c seega.Cell, by games.Player, n int) bool {
	for _, d := range steps4 {
		a := neighbour(c, d[0], d[1], n)
		behind := neighbour(c, -d[0], -d[1], n)
		if a == seega.NoCell || behind == seega.NoCell || p.At(a) != seega.Empty {
			continue
		}
		if o, ok := p.At(behind).Owner(); !ok || o != by {
			continue
		}
		for _, e := range steps4 {
			s := neighbour(a, e[0], e[1], n)
			if s == seega.NoCell || s == c {
				continue
			}
			if o, ok := p.At(s).Owner(); ok && o == by {
				return true
			}
		}
	}
	return false
}
