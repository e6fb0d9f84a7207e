package games

import (
	"fmt"

	"kilab/lang"
)

// Player is a seat. Seat 0 (First) is the player who moves first: the cones in
// Aseb, white in Tab, the first to place (light) in Seega; seat 1 (Second) the
// other. Who sits where is decided before the game starts (Game.DrawFirst).
type Player int8

// The two seats.
const (
	First  Player = 0
	Second Player = 1
)

// Other returns the opponent's seat.
func (p Player) Other() Player { return 1 - p }

// Valid reports whether p is one of the two seats.
func (p Player) Valid() bool { return p == First || p == Second }

func (p Player) String() string {
	if !p.Valid() {
		return fmt.Sprintf("Player(%d)", int8(p))
	}
	return fmt.Sprintf("seat %d", int8(p))
}

// Status says whether a game goes on, and how it ended.
type Status int8

// Game statuses.
const (
	Ongoing Status = iota
	Won
	Drawn
)

// Outcome is the state of a game as its rules see it. Ends that come from outside
// the rules (resignation, time, agreement) belong to the caller, not to an engine.
type Outcome struct {
	Status Status
	Winner Player // meaningful when Status is Won
	// Reason is why it ended, in words a player reads ("all pieces borne
	// off"), said in the reader's language; its String is the English that
	// records and logs keep.
	Reason lang.Text
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Status != Ongoing }
