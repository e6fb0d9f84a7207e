package store

import (
	"context"
	"errors"
	"sync"
	"testing"

	"kilab/store/glicko"
)

// rateGame is the rating of a puzzle attempt as a game won by the solver:
// what puzzles.Rate does, which the store must not import.
func rateGame(player, puzzle glicko.Rating, solved bool) (glicko.Rating, glicko.Rating) {
	score := glicko.Loss
	if solved {
		score = glicko.Win
	}
	return glicko.Game(player, puzzle, score)
}

func attemptOf(user, puzzle, move string, solved bool) PuzzleAttempt {
	start := glicko.New()
	start.Rating = 1800
	return PuzzleAttempt{User: user, Puzzle: puzzle, Kind: "tab", Move: move, Solved: solved, Start: start}
}

// A first attempt rates the player and the puzzle together, from the
// puzzle's starting rating; a second attempt at the same puzzle changes
// nothing and reads back what the first did.
func TestPuzzleFirstAttemptIsRated(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	a := attemptOf("ann", "tab-1", "a1", true)
	out, err := db.AttemptPuzzle(ctx, a, rateGame)
	if err != nil {
		t.Fatal(err)
	}
	wantPlayer, wantPuzzle := rateGame(glicko.New(), a.Start, true)
	if !out.First || !out.Solved || out.Change.Before != glicko.New() || out.Change.After != wantPlayer {
		t.Fatalf("first attempt: %+v, want the player rated %v", out, wantPlayer)
	}
	again, err := db.AttemptPuzzle(ctx, attemptOf("ann", "tab-1", "b2", false), rateGame)
	if err != nil || again.First || !again.Solved || again.Change.After.Rating != wantPlayer.Rating || again.Change.Before.Rating != glicko.New().Rating {
		t.Fatalf("second attempt: %+v, %v; want the first's, unrated", again, err)
	}
	st, err := db.PuzzlePlayer(ctx, "ann", "tab")
	if err != nil || st.Rating != wantPlayer || st.Attempts != 1 || st.Solved != 1 {
		t.Fatalf("ann's standing %+v, %v; want %v after one solved", st, err, wantPlayer)
	}
	ratings, err := db.PuzzleRatings(ctx, "tab")
	if err != nil || len(ratings) != 1 || ratings["tab-1"] != wantPuzzle {
		t.Fatalf("puzzle ratings %v, %v; want tab-1 at %v", ratings, err, wantPuzzle)
	}
	// Bob's first attempt meets the puzzle as Ann left it.
	out, err = db.AttemptPuzzle(ctx, attemptOf("bob", "tab-1", "b2", false), rateGame)
	wantBob, wantPuzzle2 := rateGame(glicko.New(), wantPuzzle, false)
	if err != nil || !out.First || out.Solved || out.Change.After != wantBob {
		t.Fatalf("bob: %+v, %v; want %v", out, err, wantBob)
	}
	if ratings, _ := db.PuzzleRatings(ctx, "tab"); ratings["tab-1"] != wantPuzzle2 {
		t.Errorf("the puzzle after bob: %v, want %v", ratings["tab-1"], wantPuzzle2)
	}
}

// Two clicks on one puzzle at once (two interactions, two transactions)
// rate it once: one of them is the first attempt, the other reads it back.
func TestPuzzleDoubleClickRatesOnce(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	const clicks = 4
	var wg sync.WaitGroup
	outs := make([]PuzzleOutcome, clicks)
	errs := make([]error, clicks)
	for k := range clicks {
		wg.Go(func() {
			outs[k], errs[k] = db.AttemptPuzzle(ctx, attemptOf("ann", "tab-1", "a1", true), rateGame)
		})
	}
	wg.Wait()
	firsts := 0
	want, _ := rateGame(glicko.New(), attemptOf("", "", "", true).Start, true)
	for k := range clicks {
		if errs[k] != nil {
			t.Fatal(errs[k])
		}
		if outs[k].First {
			firsts++
		}
		if outs[k].Change.After.Rating != want.Rating {
			t.Errorf("click %d says %v, want %v", k, outs[k].Change.After.Rating, want.Rating)
		}
	}
	st, err := db.PuzzlePlayer(ctx, "ann", "tab")
	if firsts != 1 || err != nil || st.Attempts != 1 || st.Rating != want {
		t.Fatalf("%d first attempts; standing %+v, %v; want one, rated %v", firsts, st, err, want)
	}
}

// A puzzle solved is among SolvedPuzzles, one failed is not (it may be
// offered again, unrated); the standings are per game.
func TestPuzzleSolvedAndStandings(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	for _, a := range []PuzzleAttempt{
		attemptOf("ann", "tab-1", "a1", true),
		attemptOf("ann", "tab-2", "a1", false),
		attemptOf("bob", "tab-3", "a1", true),
		{User: "ann", Puzzle: "aseb-1", Kind: "aseb", Move: "3", Solved: true, Start: glicko.New()},
	} {
		if _, err := db.AttemptPuzzle(ctx, a, rateGame); err != nil {
			t.Fatal(err)
		}
	}
	solved, err := db.SolvedPuzzles(ctx, "ann", "tab")
	if err != nil || len(solved) != 1 || !solved["tab-1"] {
		t.Fatalf("ann solved %v, %v; want tab-1 alone", solved, err)
	}
	st, err := db.PuzzleStandings(ctx, "ann")
	if err != nil || len(st) != 2 || st[0].Kind != "aseb" || st[1].Kind != "tab" || st[1].Attempts != 2 || st[1].Solved != 1 {
		t.Fatalf("ann's standings %+v, %v", st, err)
	}
	if none, err := db.PuzzlePlayer(ctx, "cy", "seega"); err != nil || none.Rating != glicko.New() || none.Attempts != 0 {
		t.Errorf("a newcomer's standing %+v, %v", none, err)
	}
	if _, err := db.AttemptPuzzle(ctx, PuzzleAttempt{User: "ann", Kind: "tab", Move: "a1"}, rateGame); !errors.Is(err, ErrInvalid) {
		t.Errorf("an attempt at no puzzle: %v, want ErrInvalid", err)
	}
}

// A repeat of the interaction that made an attempt is refused before it
// reads anything, as every write of a repeat is.
func TestPuzzleAttemptRepeatIsRefused(t *testing.T) {
	db, _ := newDB(t)
	if _, err := db.AttemptPuzzle(Once(context.Background(), "i1"), attemptOf("ann", "tab-1", "a1", true), rateGame); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AttemptPuzzle(Once(context.Background(), "i1"), attemptOf("ann", "tab-2", "a1", true), rateGame); !errors.Is(err, ErrRepeat) {
		t.Fatalf("a repeat: %v, want ErrRepeat", err)
	}
	if st, _ := db.PuzzlePlayer(context.Background(), "ann", "tab"); st.Attempts != 1 {
		t.Errorf("the repeat was applied: %+v", st)
	}
}
