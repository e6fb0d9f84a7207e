package aseb

import (
	"math/bits"

	"kilab/games"
)

// State is what a position waits for.
type State int8

// The states of a position.
const (
	ThrowDue State = iota // the player on turn throws (a click in the bot)
	Rethrow               // standard: a 0 came and is thrown again by the server (A4)
	MoveDue               // a throw waits for its move, or for the pass when none exists
	Over                  // someone has borne off every piece (A12)
)

// Position is an Aseb position: where every piece stands, whose turn it is and what
// the turn waits for. The zero value is not a position; use NewPosition or Parse.
type Position struct {
	rules Rules
	cells [2]uint32 // bit c set: a piece of that side on its path cell c (1-16)
	off   [2]int8   // pieces borne off
	turn  games.Player
	state State
	throw games.Throw // with MoveDue: the throw to play
}

// NewPosition returns the start: every piece in reserve, the cones (seat 0) to throw.
func NewPosition(r Rules) Position { return Position{rules: r} }

// Rules returns the rules the position is played under.
func (p Position) Rules() Rules { return p.rules }

// Turn returns the side that acts next (the winner once the game is over).
func (p Position) Turn() games.Player { return p.turn }

// State returns what the position waits for.
func (p Position) State() State { return p.state }

// ThrowValue returns the throw waiting for a move (meaningful in MoveDue).
func (p Position) ThrowValue() games.Throw { return p.throw }

// Has reports whether side s has a piece on its path cell c.
func (p Position) Has(s games.Player, c int) bool {
	return c >= 1 && c <= PathLen && p.cells[s]&(1<<c) != 0
}

// Cells lists side s's occupied path cells, lowest first.
func (p Position) Cells(s games.Player) []int {
	var out []int
	for m := p.cells[s]; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros32(m))
	}
	return out
}

// OnBoard counts side s's pieces on the board.
func (p Position) OnBoard(s games.Player) int { return bits.OnesCount32(p.cells[s]) }

// BorneOff counts side s's pieces borne off.
func (p Position) BorneOff(s games.Player) int { return int(p.off[s]) }

// InReserve counts side s's pieces waiting to enter.
func (p Position) InReserve(s games.Player) int {
	return int(p.rules.Pieces) - p.OnBoard(s) - int(p.off[s])
}
