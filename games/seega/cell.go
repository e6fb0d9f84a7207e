package seega

import (
	"strconv"

	"kilab/games"
	"kilab/lang"
)

// The board lives in an 11x11 array: the largest board (9x9) with one wall cell
// all round. A neighbour of a board cell, or the cell beyond that neighbour when
// the neighbour is on the board, is then always inside the array, so move
// generation and capture need no bounds checks. Smaller boards use the same
// indices and mark everything past their edge as wall.
const (
	stride = 11
	nCells = stride * stride
	// MaxSize is the largest board side (S1).
	MaxSize = 9
)

// Cell is a board cell. Its value does not depend on the board size, so a cell
// prints and compares alike on every board: A1 is the bottom left (S1).
type Cell int8

// NoCell is the zero Cell: no cell at all (a wall corner of the array).
const NoCell Cell = 0

// dirs are the four orthogonal neighbours, in the order moves are listed: down,
// left, right, up, which is increasing destination order (S3, S4).
var dirs = [4]Cell{-stride, -1, 1, stride}

// CellAt returns the cell in column col and row row, both counted from 0 at the
// bottom left (A1 is CellAt(0, 0)); NoCell when either is outside 0..8.
func CellAt(col, row int) Cell {
	if col < 0 || col >= MaxSize || row < 0 || row >= MaxSize {
		return NoCell
	}
	return Cell((row+1)*stride + col + 1)
}

// Col is the cell's column, 0 for A.
func (c Cell) Col() int { return int(c)%stride - 1 }

// Row is the cell's row, 0 for row 1 at the bottom.
func (c Cell) Row() int { return int(c)/stride - 1 }

// valid reports whether c is a cell of some board, however large.
func (c Cell) valid() bool {
	return c > 0 && int(c) < nCells && c.Col() >= 0 && c.Col() < MaxSize && c.Row() >= 0 && c.Row() < MaxSize
}

// String names the cell as players write it: column letter, row number ("C3").
func (c Cell) String() string {
	if !c.valid() {
		return "-"
	}
	return string([]byte{byte('A' + c.Col()), byte('1' + c.Row())})
}

// adjacent reports whether a and b share a side.
func adjacent(a, b Cell) bool {
	for _, d := range dirs {
		if a+d == b {
			return true
		}
	}
	return false
}

// ParseCell reads a cell name ("c3" or "C3") of a size x size board.
func ParseCell(s string, size int) (Cell, error) {
	if len(s) != 2 {
		return NoCell, refused(lang.Wrap(games.ErrBadNotation, "seega.why.bad_cell", "Cell", games.Quote(s)))
	}
	letter := s[0]
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	col := int(letter) - 'A'
	row := int(s[1]) - '1'
	if col < 0 || col >= size || row < 0 || row >= size {
		return NoCell, refused(lang.Wrap(games.ErrBadNotation, "seega.why.cell_off",
			"Cell", strconv.Quote(s), "Size", size, "Last", CellAt(size-1, size-1)))
	}
	return CellAt(col, row), nil
}
