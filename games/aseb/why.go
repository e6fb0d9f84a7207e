package aseb

import (
	"fmt"
	"math/bits"
)

// why explains, for an error message, why the piece at from cannot move t cells.
// It runs only on the error path, so it may take its time.
func (p *Position) why(from, t int) string {
	own := p.cells[p.turn]
	if from == Reserve {
		if own&(1<<t) != 0 {
			return fmt.Sprintf("your piece stands on cell %d (A5)", t)
		}
		return fmt.Sprintf("it may not pass your piece on cell %d (A5)", lowest(own&span(1, t-1)))
	}
	end := from + t
	way := own & span(from+1, min(end, PathLen))
	switch {
	case p.rules.Variant == Standard && way != 0:
		return fmt.Sprintf("your piece on cell %d is right in front of it (A6)", lowest(way))
	case p.rules.Variant == TwentySquares && way != 0:
		return fmt.Sprintf("it may not pass or land on your piece on cell %d (A7)", lowest(way))
	case p.rules.Variant == RoyalUr && end <= PathLen && own&(1<<end) != 0:
		return fmt.Sprintf("your own piece stands on cell %d (A8)", end)
	case p.rules.Variant == RoyalUr && end <= PathLen && p.opponents()&(1<<end) != 0:
		return fmt.Sprintf("the opponent on cell %d is safe on a house (A8)", end)
	}
	return fmt.Sprintf("bearing off from cell %d needs exactly %d (A10)", from, Off-from)
}

func lowest(m uint32) int { return bits.TrailingZeros32(m) }

func pieceName(from int) string {
	if from == Reserve {
		return "a new piece"
	}
	return fmt.Sprintf("the piece on cell %d", from)
}

func cellName(c int) string {
	switch c {
	case Off:
		return "off the board"
	case Reserve:
		return "the reserve"
	}
	return fmt.Sprintf("cell %d", c)
}
