package aseb

import (
	"fmt"
	"math/bits"

	"kilab/games"
	"kilab/lang"
)

// refused marks an engine error as Aseb's, as logs and the CLI show it
// ("aseb: throw first: games: illegal move"); a player reads only the reason.
func refused(err error) error { return fmt.Errorf("aseb: %w", err) }

// why explains, for an error message, why the piece at from cannot move t cells.
// It runs only on the error path, so it may take its time.
func (p *Position) why(from, t int) *lang.Error {
	own := p.cells[p.turn]
	if from == Reserve {
		if own&(1<<t) != 0 {
			return lang.Wrap(games.ErrIllegalMove, "aseb.why.enter_taken", "Throw", t, "Cell", t)
		}
		return lang.Wrap(games.ErrIllegalMove, "aseb.why.enter_past", "Throw", t, "Cell", lowest(own&span(1, t-1)))
	}
	end := from + t
	way := own & span(from+1, min(end, PathLen))
	switch {
	case p.rules.Variant == Standard && way != 0:
		return lang.Wrap(games.ErrIllegalMove, "aseb.why.in_front", "From", from, "Throw", t, "Cell", lowest(way))
	case p.rules.Variant == TwentySquares && way != 0:
		return lang.Wrap(games.ErrIllegalMove, "aseb.why.no_passing", "From", from, "Throw", t, "Cell", lowest(way))
	case p.rules.Variant == RoyalUr && end <= PathLen && own&(1<<end) != 0:
		return lang.Wrap(games.ErrIllegalMove, "aseb.why.own_landing", "From", from, "Throw", t, "Cell", end)
	case p.rules.Variant == RoyalUr && end <= PathLen && p.opponents()&(1<<end) != 0:
		return lang.Wrap(games.ErrIllegalMove, "aseb.why.safe_house", "From", from, "Throw", t, "Cell", end)
	}
	return lang.Wrap(games.ErrIllegalMove, "aseb.why.exact_off", "From", from, "Throw", t, "Need", Off-from)
}

func lowest(m uint32) int { return bits.TrailingZeros32(m) }
