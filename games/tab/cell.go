package tab

import (
	"fmt"
	"strconv"

	"kilab/games"
	"kilab/lang"
)

// Cell names a cell of the board from white's side: Row 1-4 is row a-d (a is
// white's home row, d black's), Col 1..W counts from white's left. Its notation is
// the row letter and the column number: "a1", "c11", "d29".
type Cell struct {
	Row, Col int
}

// String gives the cell in notation, "b7".
func (c Cell) String() string {
	if c.Row < 1 || c.Row > 4 || c.Col < 1 {
		return fmt.Sprintf("Cell(%d,%d)", c.Row, c.Col)
	}
	return string(rune('a'+c.Row-1)) + strconv.Itoa(c.Col)
}

// ParseCell reads a cell: a row letter a-d and a column number 1-29 without
// leading zeros. Whether the column is on a given board is for the board to say.
func ParseCell(s string) (Cell, error) {
	c, rest, err := readCell(s)
	if err == nil && rest != "" {
		err = refused(lang.Wrap(games.ErrBadNotation, "tab.why.bad_cell", "Cell", games.Quote(s)))
	}
	return c, err
}

// readCell reads a cell at the start of s and returns the rest.
func readCell(s string) (Cell, string, error) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'd' || s[1] < '1' || s[1] > '9' {
		return Cell{}, s, refused(lang.Wrap(games.ErrBadNotation, "tab.why.no_cell", "Text", strconv.Quote(s)))
	}
	n := 2
	for n < len(s) && n < 3 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	col, _ := strconv.Atoi(s[1:n]) // at most two digits, the first not 0
	if col > maxWidth {
		return Cell{}, s, refused(lang.Wrap(games.ErrBadNotation, "tab.why.column", "Col", col, "Text", strconv.Quote(s), "Max", maxWidth))
	}
	return Cell{Row: int(s[0]-'a') + 1, Col: col}, s[n:], nil
}

// on reports whether c is a cell of a board of width w.
func (c Cell) on(w int) bool { return c.Row >= 1 && c.Row <= 4 && c.Col >= 1 && c.Col <= w }

// abs is the absolute index of c on a board of width w (see geom).
func (c Cell) abs(w int) int { return (c.Row-1)*w + c.Col - 1 }

// cellAt names absolute cell i of a board of width w.
func cellAt(w, i int) Cell { return Cell{Row: i/w + 1, Col: i%w + 1} }
