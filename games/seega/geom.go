package seega

// geom is what depends on the board size: the cells, the centre, the pieces per
// side and the S8 step limit. There are three, built once.
type geom struct {
	size   int
	cells  []Cell // the board's cells, row by row from A1: the order of move lists
	centre Cell
	pieces int8  // per side (S1)
	limit  int16 // S8: steps without a piece leaving the board that end the game
	empty  [nCells]int8
	inside set // the board's cells
}

var geoms = [MaxSize + 1]*geom{5: newGeom(5), 7: newGeom(7), 9: newGeom(9)}

func newGeom(n int) *geom {
	g := &geom{
		size:   n,
		centre: CellAt(n/2, n/2),
		pieces: int8((n*n - 1) / 2),
		limit:  int16(10 * n), // 50, 70, 90
	}
	for i := range g.empty {
		g.empty[i] = wall
	}
	for row := range n {
		for col := range n {
			c := CellAt(col, row)
			g.cells = append(g.cells, c)
			g.empty[c] = empty
			g.inside.add(c)
		}
	}
	return g
}

// on reports whether c is a cell of this board.
func (g *geom) on(c Cell) bool {
	return c.valid() && c.Col() < g.size && c.Row() < g.size
}

// laneCells are the lane opening's forced cells (S2): the middle of the left and
// right edges for the first player, of the bottom and top edges for the second.
func (g *geom) laneCells(first bool) (Cell, Cell) {
	mid := g.size / 2
	if first {
		return CellAt(0, mid), CellAt(g.size-1, mid)
	}
	return CellAt(mid, 0), CellAt(mid, g.size-1)
}
