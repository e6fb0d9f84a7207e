package tabai

import (
	"sync"

	"kilab/games"
	"kilab/games/tab"
)

// The learned evaluation's inputs, from the view of the player to throw at
// the start of a turn ("me"; the other is "them"). Every board width
// shares them, so one network plays them all: each side's path (T3) is
// four rows from its own side, and each row's cells, in the order the side
// runs them, fall into bins of that row (the cells themselves on the
// default board of 11; two or three neighbours share a bin on wider ones).
// For each side, row and bin: a piece there, a stack there, a Christian
// there (T4), a piece there that has been in row 4 (T8). Then for each side
// its pieces, Christians, pieces in its home row and in the opponent's,
// single pieces, stacked ones, as shares of W; the captures each score
// would give me now (Threats); and how near the quiet-turn limit is (T12).
const (
	bins       = 11
	cellInputs = 4
	sideInputs = 4 * bins * cellInputs
	countsAt   = 2 * sideInputs
	threatsAt  = countsAt + 2*6
	quietAt    = threatsAt + 5
	inputs     = quietAt + 1
	netKind    = "tab/1"
)

// featureGeom is a width's paths, for the inputs: where each cell of each
// side's path falls.
type featureGeom struct {
	w     int
	paths [2][]tab.Cell
	bin   []int // path index to row*bins+bin
}

var geoms sync.Map // width -> *featureGeom

func geomOf(p tab.Position) *featureGeom {
	w := p.Width()
	if g, ok := geoms.Load(w); ok {
		return g.(*featureGeom)
	}
	g := &featureGeom{w: w, paths: [2][]tab.Cell{p.Path(games.First), p.Path(games.Second)}}
	for i := range g.paths[0] {
		row, along := i/w, i%w
		g.bin = append(g.bin, row*bins+along*bins/w)
	}
	geoms.Store(w, g)
	return g
}

// features writes p's inputs into x (len inputs), from the view of the
// player on move; buf is room for a stack.
func features(p tab.Position, x []float64, buf []tab.Piece) []tab.Piece {
	clear(x)
	g := geomOf(p)
	me := p.Turn()
	w := float64(g.w)
	for side, pl := range [2]games.Player{me, me.Other()} {
		base := side * sideInputs
		var counts [6]int // pieces, Christians, at home, in row 4, single, stacked
		for i, c := range g.paths[pl] {
			buf = p.AppendStack(buf[:0], c)
			if len(buf) == 0 || buf[0].Owner != pl {
				continue
			}
			at := base + g.bin[i]*cellInputs
			x[at] = 1
			counts[0] += len(buf)
			if len(buf) > 1 {
				x[at+1] = 1
				counts[5] += len(buf)
			} else {
				counts[4]++
			}
			for _, pc := range buf {
				if pc.Christian {
					x[at+2] = 1
					counts[1]++
				}
				if pc.Flipped {
					x[at+3] = 1
				}
			}
			switch i / g.w {
			case 0:
				counts[2] += len(buf)
			case 3:
				counts[3] += len(buf)
			}
		}
		for k, n := range counts {
			x[countsAt+side*6+k] = float64(n) / w
		}
	}
	for k, n := range p.Threats() {
		x[threatsAt+k] = float64(n) / 3
	}
	x[quietAt] = float64(p.Quiet()) / float64(p.QuietLimit())
	return buf
}
