package tournament

import (
	"errors"
	"fmt"
	"math/bits"
)

// Format is how a tournament pairs its players.
type Format string

const (
	// RoundRobin: everyone plays everyone (twice, each side once, where the
	// side matters).
	RoundRobin Format = "round-robin"
	// Swiss: a fixed number of rounds, each pairing players with equal or
	// near scores who have not met.
	Swiss Format = "swiss"
)

// Valid reports whether f is a format this package knows.
func (f Format) Valid() bool { return f == RoundRobin || f == Swiss }

// ErrNoPairing: no pairing of the players avoids a rematch.
var ErrNoPairing = errors.New("tournament: no pairing without a rematch")

// Pair is one pairing of a round: First moves first. Second is "" for a bye.
type Pair struct{ First, Second string }

// Bye reports whether the pair is a bye.
func (p Pair) Bye() bool { return p.Second == "" }

// Outcome is how a decided pairing ended.
type Outcome int

const (
	FirstWon Outcome = iota + 1
	SecondWon
	Drawn
)

// Played is a decided pairing: a game's result, a forfeit, or a bye (First
// alone, Outcome FirstWon).
type Played struct {
	Round   int
	Pair    Pair
	Outcome Outcome
}

// points are what each side of p scored in format f.
func (p Played) points(f Format) (first, second float64) {
	switch {
	case p.Pair.Bye() && f == RoundRobin:
		return 0, 0
	case p.Outcome == FirstWon:
		return 1, 0
	case p.Outcome == SecondWon:
		return 0, 1
	case p.Outcome == Drawn:
		return 0.5, 0.5
	}
	panic(fmt.Sprintf("tournament: outcome %d", p.Outcome))
}

// MaxSwissRounds is the most rounds a Swiss of n players may be created
// with. Pairing round by round without lookahead can paint itself into a
// corner late (every pairing left would be a rematch or a second bye); over
// 300 random tournaments of each size from 2 to 16 players, and 50 of 24, 32
// and 64, PairSwiss never failed within these many rounds
// (TestSwissNoRematchOneByeEach keeps that true). Large fields stop at
// log2(n)+3 rounds, past what a Swiss needs to find a winner. Should a
// pairing fail all the same (say after withdrawals), the tournament ends
// early and says so.
func MaxSwissRounds(n int) int {
	var most int
	switch {
	case n < 2:
		return 0
	case n <= 4:
		most = n - 1 + n%2 // 2: 1, 3: 3, 4: 3
	case n%2 == 1:
		most = n - 2
	default:
		most = n - 3
	}
	return min(most, bits.Len(uint(n-1))+3)
}
