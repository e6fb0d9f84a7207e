package seegaai

import (
	"kilab/ai"
	"kilab/games"
	"kilab/games/seega"
)

// The placement plan. Placing captures nothing and fills the board but for
// the centre, where moving begins (S2, S3): the first captures are made by a
// piece stepping into the centre, against the pieces next to it with the
// mover's piece behind them. So the plan values, for the side placing:
//   - corners and edges, which cannot be taken along the line across the
//     board's edge;
//   - the four cells next to the centre, from which the first step is made,
//     and the cells two away from the centre in line, which are the pieces
//     "behind" for its first captures;
//   - a piece next to one of its own, which shields it along that line.
func cellValue(p *seega.Position, c seega.Cell) int {
	n := p.Size()
	col, row := c.Col(), c.Row()
	edgeCol, edgeRow := col == 0 || col == n-1, row == 0 || row == n-1
	mid := n / 2
	dc, dr := abs(col-mid), abs(row-mid)
	v := 1
	switch {
	case edgeCol && edgeRow:
		v += 3
	case edgeCol || edgeRow:
		v++
	}
	if (dc == 0 && dr == 1) || (dc == 1 && dr == 0) {
		v += 2
	}
	if (dc == 0 && dr == 2) || (dc == 2 && dr == 0) {
		v++
	}
	return v
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// friends counts the side's pieces next to c.
func friends(p *seega.Position, c seega.Cell, side games.Player) int {
	n := 0
	for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		o := seega.CellAt(c.Col()+d[0], c.Row()+d[1])
		if o == seega.NoCell || o.Col() >= p.Size() || o.Row() >= p.Size() {
			continue
		}
		if owner, ok := p.At(o).Owner(); ok && owner == side {
			n++
		}
	}
	return n
}

// placeScore values placing the side's two pieces of m.
func placeScore(p *seega.Position, m seega.Move) int {
	side := p.Turn()
	s := cellValue(p, m.From) + cellValue(p, m.To) + friends(p, m.From, side) + friends(p, m.To, side)
	if abs(m.From.Col()-m.To.Col())+abs(m.From.Row()-m.To.Row()) == 1 {
		s++ // the pair shields each other
	}
	return s
}

// planPlacement picks the placement the plan values most, at random among
// equals so that games vary.
func planPlacement(p *seega.Position, src games.Source) seega.Move {
	moves := p.AppendMoves(nil)
	var best []seega.Move
	top := -1
	for _, m := range moves {
		switch s := placeScore(p, m); {
		case s > top:
			top, best = s, append(best[:0], m)
		case s == top:
			best = append(best, m)
		}
	}
	return best[ai.Intn(src, len(best))]
}
