package seega

import (
	"fmt"

	"kilab/games"
	"kilab/lang"
)

// Piece is what a cell holds.
type Piece int8

// Cell contents. A side's piece is its seat plus one, so pieceOf and Owner are
// one addition away.
const (
	Empty Piece = iota
	Light       // the first player's (seat 0)
	Dark        // the second player's (seat 1)
)

// wall marks array cells outside the board (see stride).
const (
	empty = int8(Empty)
	wall  = int8(3)
)

func pieceOf(p games.Player) int8 { return int8(p) + 1 }

// Owner returns the seat whose piece p is; ok is false for Empty.
func (p Piece) Owner() (games.Player, bool) {
	if p != Light && p != Dark {
		return 0, false
	}
	return games.Player(p - 1), true
}

func (p Piece) String() string {
	switch p {
	case Light:
		return "light"
	case Dark:
		return "dark"
	}
	return "empty"
}

// Phase is the part of the game: placing pieces (S2), then moving them (S3).
type Phase int8

// The two phases.
const (
	Placement Phase = iota
	Movement
)

func (ph Phase) String() string {
	if ph == Movement {
		return "movement"
	}
	return "placement"
}

// shuttleLimit is S6: a piece whose last four moves went back and forth between
// the same two cells may not make a fifth such move.
const shuttleLimit = 4

// Position is a Seega position, a value: Play and PlayMove return a new one. It
// implements games.Position; the accessors below give a renderer everything it
// draws. For playouts, AppendMoves and Do work in place without allocating.
// The zero Position is not a game: New and Parse make positions.
type Position struct {
	g     *geom
	lane  bool
	board [nCells]int8
	// S6: for the piece on a cell, the cell its last move came from, and how many
	// of its latest moves in a row went back and forth between those two cells
	// (0: it has not moved since it was placed; then from is NoCell).
	from  [nCells]Cell
	run   [nCells]int8
	hand  [2]int8 // pieces not yet placed (S2)
	count [2]int8 // pieces on the board
	occ   [2]set  // each side's pieces, the same as board says
	side  games.Player
	chain Cell  // S5: the piece that captured and may go on capturing, or NoCell
	open  bool  // S7: the opponent just passed; the side on move must open a way
	quiet int16 // S8: steps since a piece last left the board

	// Derived by settle at the start of each turn, never written in notation.
	end      endReason
	mustPass bool // S7: the side on move has no legal step
}

// endReason says why a game ended, if it did (S8).
type endReason int8

const (
	ongoing   endReason = iota
	wipedOut            // a side has no pieces left
	stuck               // neither side has a legal step
	stepLimit           // the S8 step limit without a piece leaving the board
)

// Size is the board's side: 5, 7 or 9.
func (p Position) Size() int { return p.g.size }

// Variant is the variant key: "free" or "lane".
func (p Position) Variant() string {
	if p.lane {
		return "lane"
	}
	return "free"
}

// Config is the configuration the position belongs to, as Game.New and
// Game.Parse take it.
func (p Position) Config() games.Config {
	return games.Config{Variant: p.Variant(), Options: map[string]string{"size": fmt.Sprint(p.g.size)}}
}

// Centre is the centre cell (S1): C3, D4 or E5.
func (p Position) Centre() Cell { return p.g.centre }

// Cells lists the board's cells row by row from A1. The caller must not change it.
func (p Position) Cells() []Cell { return p.g.cells }

// At is what cell c holds; Empty for a cell that is not on this board.
func (p Position) At(c Cell) Piece {
	if !p.g.on(c) {
		return Empty
	}
	return Piece(p.board[c])
}

// InHand is how many pieces side still has to place (S2).
func (p Position) InHand(side games.Player) int { return int(p.hand[side&1]) }

// OnBoard is how many pieces side has on the board.
func (p Position) OnBoard(side games.Player) int { return int(p.count[side&1]) }

// Turn is the side on move (or, once the game is over, the side that would be).
func (p Position) Turn() games.Player { return p.side }

// Phase is Placement while any piece is in hand, then Movement.
func (p Position) Phase() Phase {
	if p.hand[0]+p.hand[1] > 0 {
		return Placement
	}
	return Movement
}

// Chain is the piece that has just captured and may capture again (S5); ok is
// false outside a chain.
func (p Position) Chain() (c Cell, ok bool) { return p.chain, p.chain != NoCell }

// MustOpen reports the S7 duty: the opponent of the side on move is blocked and
// has passed, so this turn must give them a move where it can.
func (p Position) MustOpen() bool { return p.open }

// Blocked reports that the side on move has no legal step and must pass (S7).
func (p Position) Blocked() bool { return p.mustPass }

// Quiet is the number of steps since a piece last left the board, and Limit the
// number that ends the game (S8): 50, 70 or 90.
func (p Position) Quiet() (steps, limit int) { return int(p.quiet), int(p.g.limit) }

// Shuttle is the S6 state of the piece on c: the cell its last move came from
// and how many of its latest moves in a row went back and forth between c and
// that cell; at 4 it may not go back. NoCell and 0 for a piece that has not moved.
func (p Position) Shuttle(c Cell) (from Cell, run int) {
	if !p.g.on(c) {
		return NoCell, 0
	}
	return p.from[c], int(p.run[c])
}

// newPosition is the start: an empty board, all pieces in hand, the first player
// to place (S1, S2).
func newPosition(g *geom, lane bool) Position {
	p := Position{g: g, lane: lane, board: g.empty, side: games.First}
	p.hand = [2]int8{g.pieces, g.pieces}
	return p
}

// Over reports whether the game has ended.
func (p *Position) Over() bool { return p.end != ongoing }

// settle works out, at the start of a turn, whether the game is over (S8) or
// the side on move is blocked and must pass (S7).
func (p *Position) settle() {
	p.end, p.mustPass = ongoing, false
	switch {
	case p.Phase() == Placement:
	case p.count[0] == 0 || p.count[1] == 0:
		p.end = wipedOut
	case p.quiet >= p.g.limit:
		p.end = stepLimit
	case p.hasStep(p.side):
	case p.hasStep(p.side.Other()):
		p.mustPass = true
	default:
		p.end = stuck
	}
}

// Outcome says whether the game is over and why (S8).
func (p Position) Outcome() games.Outcome {
	switch p.end {
	case wipedOut:
		if p.count[0] > 0 {
			return games.Outcome{Status: games.Won, Winner: games.First, Reason: lang.T("seega.end.dark_lost")}
		}
		return games.Outcome{Status: games.Won, Winner: games.Second, Reason: lang.T("seega.end.light_lost")}
	case stuck:
		return p.stuckCount()
	case stepLimit:
		return p.stepCount()
	}
	return games.Outcome{}
}

// stuckCount ends a game neither player can move on the piece count: more
// pieces wins, equal is a draw (S8).
func (p Position) stuckCount() games.Outcome {
	l, d := p.count[0], p.count[1]
	switch {
	case l > d:
		return games.Outcome{Status: games.Won, Winner: games.First, Reason: lang.T("seega.end.stuck_light", "More", l, "Fewer", d)}
	case d > l:
		return games.Outcome{Status: games.Won, Winner: games.Second, Reason: lang.T("seega.end.stuck_dark", "More", d, "Fewer", l)}
	}
	return games.Outcome{Status: games.Drawn, Reason: lang.T("seega.end.stuck_equal", "Each", l)}
}

// stepCount ends a game that reached the step limit on the piece count, as
// stuckCount does (S8). The messages say the limit without a plural form of
// their own: 50, 70 and 90 are counted alike in every language (Russian
// "many").
func (p Position) stepCount() games.Outcome {
	n, l, d := int(p.g.limit), p.count[0], p.count[1]
	switch {
	case l > d:
		return games.Outcome{Status: games.Won, Winner: games.First, Reason: lang.T("seega.end.steps_light", "Limit", n, "More", l, "Fewer", d)}
	case d > l:
		return games.Outcome{Status: games.Won, Winner: games.Second, Reason: lang.T("seega.end.steps_dark", "Limit", n, "More", d, "Fewer", l)}
	}
	return games.Outcome{Status: games.Drawn, Reason: lang.T("seega.end.steps_equal", "Limit", n, "Each", l)}
}

// Due says what the game waits for. Auto is set exactly when the only legal
// move is the pass of a blocked player (S7), which nobody chooses.
func (p Position) Due() games.Due {
	if p.Over() {
		return games.Due{Kind: games.DueNothing, Player: p.side, Dice: games.NoDice}
	}
	return games.Due{Kind: games.DueMove, Player: p.side, Dice: games.NoDice, Auto: p.mustPass}
}

// Throw always fails: nothing is thrown in Seega.
func (p Position) Throw(t games.Throw) (games.Position, error) {
	return p, refused(lang.Wrap(games.ErrIllegalMove, "seega.why.no_throws", "Throw", t))
}
