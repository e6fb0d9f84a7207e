package store

import (
	"fmt"

	"kilab/games"
)

// Result is how a game ended, or Unfinished while it goes on.
type Result int8

// Results. Aborted games have no winner and are never rated.
const (
	Unfinished Result = iota
	FirstWins         // seat 0 won
	SecondWins        // seat 1 won
	Draw
	Aborted
)

// Reasons for the ends that come from outside the rules. Ends by the rules carry
// the engine's own words (games.Outcome.Reason).
const (
	ReasonResignation = "resignation"
	ReasonTimeout     = "timeout"
	ReasonAgreement   = "agreement"
	ReasonAbort       = "aborted before both players moved"
)

// Win returns the result in which player p wins.
func Win(p games.Player) Result {
	if p == games.Second {
		return SecondWins
	}
	return FirstWins
}

// Winner returns the winning seat, and false for a draw, an abort or a game in play.
func (r Result) Winner() (games.Player, bool) {
	switch r {
	case FirstWins:
		return games.First, true
	case SecondWins:
		return games.Second, true
	}
	return 0, false
}

// Score is p's score for rating: 1 for a win, 0.5 for a draw, 0 for a loss.
func (r Result) Score(p games.Player) float64 {
	if r == Draw {
		return 0.5
	}
	if w, ok := r.Winner(); ok && w == p {
		return 1
	}
	return 0
}

var resultText = [...]string{Unfinished: "", FirstWins: "first", SecondWins: "second", Draw: "draw", Aborted: "aborted"}

func (r Result) String() string {
	if r < 0 || int(r) >= len(resultText) {
		return fmt.Sprintf("Result(%d)", int8(r))
	}
	if r == Unfinished {
		return "unfinished"
	}
	return resultText[r]
}

func parseResult(s string) (Result, error) {
	for r, t := range resultText {
		if t == s {
			return Result(r), nil
		}
	}
	return 0, fmt.Errorf("store: unknown result %q in database", s)
}
