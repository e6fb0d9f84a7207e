package puzzles_test

import (
	"fmt"
	"math"
	"testing"

	"kilab/games"
	"kilab/puzzles"
	"kilab/store/glicko"
)

// A solve raises the player and lowers the puzzle, a miss the reverse, and
// a harder puzzle starts higher.
func TestRate(t *testing.T) {
	p, z := glicko.New(), puzzles.StartRating(2)
	p1, z1 := puzzles.Rate(p, z, true)
	if !(p1.Rating > p.Rating && z1.Rating < z.Rating) {
		t.Errorf("a solve: player %.0f -> %.0f, puzzle %.0f -> %.0f", p.Rating, p1.Rating, z.Rating, z1.Rating)
	}
	p2, z2 := puzzles.Rate(p, z, false)
	if !(p2.Rating < p.Rating && z2.Rating > z.Rating) {
		t.Errorf("a miss: player %.0f -> %.0f, puzzle %.0f -> %.0f", p.Rating, p2.Rating, z.Rating, z2.Rating)
	}
	if !(puzzles.StartRating(1).Rating < puzzles.StartRating(2).Rating && puzzles.StartRating(2).Rating < puzzles.StartRating(3).Rating) {
		t.Error("the start ratings do not rise with the difficulty")
	}
}

// Pick never gives a solved puzzle, gives one of the nearest to the
// player's rating, and says when none is left.
func TestPick(t *testing.T) {
	var cands []puzzles.Rated
	for i := range 40 {
		r := glicko.New()
		r.Rating = 1000 + 25*float64(i) // 1000 .. 1975
		cands = append(cands, puzzles.Rated{ID: fmt.Sprint(i), Rating: r})
	}
	player := glicko.New() // 1500: puzzle 20
	solved := map[string]bool{"20": true, "19": true}
	src := games.Seeded(1)
	for range 200 {
		got, ok := puzzles.Pick(cands, player, solved, src)
		if !ok || solved[got.ID] {
			t.Fatalf("picked %v (%v), a solved one or none", got.ID, ok)
		}
		if d := math.Abs(got.Rating.Rating - player.Rating); d > 75 {
			t.Fatalf("picked %s, %.0f points away, though five are within 75", got.ID, d)
		}
	}
	all := map[string]bool{}
	for _, c := range cands {
		all[c.ID] = true
	}
	if _, ok := puzzles.Pick(cands, player, all, src); ok {
		t.Error("picked a puzzle though all are solved")
	}
}
