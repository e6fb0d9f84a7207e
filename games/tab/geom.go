package tab

// Board geometry. Cells have two kinds of index: the absolute index, row-major from
// white's side (row a = white's home row, columns from white's left), which the
// notation and the renderer use; and each player's path index 0..4W-1 (T3), which
// the rules use: 0..W-1 row 1 left to right, W..2W-1 row 2 right to left, 2W..3W-1
// row 3 left to right, 3W..4W-1 row 4 right to left, rows and left/right as the
// player sees them. The tables below translate between the two and precompute
// every walk of every score, so move generation is table look-ups only.

const (
	minWidth = 7
	maxWidth = 29
	maxCells = 4 * maxWidth
	noCell   = 0xff
)

// walk is where a piece on one path index goes with one score.
type walk struct {
	to   uint8 // path index reached turning back into row 2 at the branch, or by the only way
	to4  uint8 // path index reached turning into row 4 at the branch; noCell if the move does not reach it
	back bool  // the way to `to` crosses back from row 3 into row 2 or from row 4 into row 3 (T6)
}

// geom holds the tables of one board width.
type geom struct {
	w, n  int                // width, cells
	cell  [2][maxCells]uint8 // player, path index -> absolute cell
	idx   [2][maxCells]uint8 // player, absolute cell -> path index
	walks [maxCells][7]walk  // path index, score -> destinations
}

// geoms holds the tables for every odd width 7..29, built once at start.
var geoms [maxWidth + 1]*geom

func init() {
	for w := minWidth; w <= maxWidth; w += 2 {
		geoms[w] = newGeom(w)
	}
}

// validWidth reports whether w is a board width of T1.
func validWidth(w int) bool { return w >= minWidth && w <= maxWidth && w%2 == 1 }

func newGeom(w int) *geom {
	g := &geom{w: w, n: 4 * w}
	for p := 0; p < 2; p++ {
		for i := 0; i < g.n; i++ {
			c := absCell(w, p, i)
			g.cell[p][i], g.idx[p][c] = uint8(c), uint8(i)
		}
	}
	for i := 0; i < g.n; i++ {
		for _, s := range scoreList {
			g.walks[i][s] = g.walkFrom(i, int(s))
		}
	}
	return g
}

// absCell places path index i of player p on the board. Black sits opposite white:
// its row r is white's row 5-r and its columns run the other way (T1).
func absCell(w, p, i int) int {
	r, k := i/w, i%w
	x := k // column from the player's left: rows 1 and 3 run left to right
	if r%2 == 1 {
		x = w - 1 - k // rows 2 and 4 run right to left
	}
	if p == 1 {
		r, x = 3-r, w-1-x
	}
	return r*w + x
}

// next is the path index after i (T3). At the end of row 3 the player picks row 4
// or row 2; the end of row 4 leads to the start of row 3. back reports a crossing
// into an earlier row, which reduces a stack (T6).
func (g *geom) next(i int, row4 bool) (next int, back bool) {
	switch w := g.w; {
	case i == 3*w-1 && row4:
		return 3 * w, false
	case i == 3*w-1:
		return w, true
	case i == 4*w-1:
		return 2 * w, true
	}
	return i + 1, false
}

// walkFrom follows s steps from i both ways. No move reaches the branch twice or
// crosses back twice: the rows 2-3 loop is 2W >= 14 cells long and a score is at
// most 6.
func (g *geom) walkFrom(i, s int) walk {
	wk := walk{to4: noCell}
	j, branch := i, false
	for k := 0; k < s; k++ {
		var back bool
		branch = branch || j == 3*g.w-1
		j, back = g.next(j, false)
		wk.back = wk.back || back
	}
	wk.to = uint8(j)
	if branch {
		j = i
		for k := 0; k < s; k++ {
			j, _ = g.next(j, true)
		}
		wk.to4 = uint8(j)
	}
	return wk
}

// row returns the row of path index i as its player counts it, 1-4.
func (g *geom) row(i uint8) int { return int(i)/g.w + 1 }
