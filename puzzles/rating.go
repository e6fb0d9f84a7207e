package puzzles

import (
	"math"
	"slices"

	"kilab/games"
	"kilab/store/glicko"
)

// Ratings work as on Lichess: each player has a Glicko-2 puzzle rating per
// game and each puzzle a rating of its own, and a player's first attempt at
// a puzzle is a rated game between the two, won by the player who finds the
// best move. Later attempts change nothing.

// StartRating is a puzzle's rating before anyone has tried it: from its
// difficulty, 1200, 1500 or 1800, as uncertain as a new player's.
func StartRating(difficulty int) glicko.Rating {
	r := glicko.New()
	r.Rating += 300 * float64(min(max(difficulty, 1), 3)-2)
	return r
}

// Rate is a first attempt: the player's and the puzzle's ratings after it.
func Rate(player, puzzle glicko.Rating, solved bool) (glicko.Rating, glicko.Rating) {
	score := glicko.Loss
	if solved {
		score = glicko.Win
	}
	return glicko.Game(player, puzzle, score)
}

// Rated is a puzzle with its current rating, as a picker sees it.
type Rated struct {
	ID     string
	Rating glicko.Rating
}

// pickWindow is how many of the puzzles nearest a player's rating Pick
// chooses among, so that two players of one rating do not meet one order.
const pickWindow = 5

// Pick chooses a puzzle for a player of rating r: at random (src) among the
// few unsolved ones nearest r, excluding those solved; ok is false when the
// player has solved them all.
func Pick(cands []Rated, r glicko.Rating, solved map[string]bool, src games.Source) (Rated, bool) {
	var open []Rated
	for _, c := range cands {
		if !solved[c.ID] {
			open = append(open, c)
		}
	}
	if len(open) == 0 {
		return Rated{}, false
	}
	slices.SortStableFunc(open, func(a, b Rated) int {
		da, db := math.Abs(a.Rating.Rating-r.Rating), math.Abs(b.Rating.Rating-r.Rating)
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	n := min(pickWindow, len(open))
	return open[int(src.Uint64()%uint64(n))], true
}
