package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A reviewer's mistakes become their own puzzles, each position once; they
// come back oldest first until solved, and a solved one never again, even
// when the game is reviewed anew.
func TestOwnPuzzles(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	g := newGameOf(t, db, "ann", "bob", false)
	own := func(user, id string, ply int) OwnPuzzle {
		return OwnPuzzle{User: user, ID: id, Kind: "tab", Game: g.ID, Ply: ply, Cost: 0.2, Puzzle: `{"id":"` + id + `"}`}
	}
	if n, err := db.AddOwnPuzzles(ctx, []OwnPuzzle{own("ann", "tab-1", 7), own("ann", "tab-2", 3), own("bob", "tab-1", 8)}); n != 3 || err != nil {
		t.Fatalf("added %d, %v", n, err)
	}
	clk.Add(time.Minute)
	if n, err := db.AddOwnPuzzles(ctx, []OwnPuzzle{own("ann", "tab-1", 7), own("ann", "tab-3", 9)}); n != 1 || err != nil {
		t.Fatalf("reviewed again: added %d, %v; want the new one only", n, err)
	}
	next := func(want string, open int) {
		t.Helper()
		p, n, ok, err := db.NextOwnPuzzle(ctx, "ann")
		if err != nil || (want == "") == ok || p.ID != want || n != open {
			t.Fatalf("next %+v, %d open, %v, %v; want %q of %d", p, n, ok, err, want, open)
		}
	}
	next("tab-2", 3) // the first review's, by ply
	if ok, err := db.SolveOwnPuzzle(ctx, "ann", "tab-2"); !ok || err != nil {
		t.Fatalf("solving: %v, %v", ok, err)
	}
	if ok, _ := db.SolveOwnPuzzle(ctx, "ann", "tab-2"); ok {
		t.Error("solved twice")
	}
	next("tab-1", 2)
	if n, _ := db.AddOwnPuzzles(ctx, []OwnPuzzle{own("ann", "tab-2", 3)}); n != 0 {
		t.Error("a solved puzzle came back with a new review")
	}
	for _, id := range []string{"tab-1", "tab-3"} {
		if _, err := db.SolveOwnPuzzle(ctx, "ann", id); err != nil {
			t.Fatal(err)
		}
	}
	next("", 0)
	if p, err := db.OwnPuzzleOf(ctx, "bob", "tab-1"); err != nil || p.Ply != 8 || p.Puzzle != `{"id":"tab-1"}` {
		t.Errorf("bob's: %+v, %v", p, err)
	}
	if _, err := db.OwnPuzzleOf(ctx, "bob", "tab-2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a puzzle bob does not have: %v", err)
	}
	if _, err := db.AddOwnPuzzles(ctx, []OwnPuzzle{{User: "ann", Kind: "tab", Game: g.ID}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("an empty puzzle: %v", err)
	}
}

// An own puzzle whose position is also a puzzle of the set is solved by a
// first attempt at it that finds the best move, as the bot answers it as
// the set's; a failed attempt leaves it open.
func TestOwnPuzzleSolvedAsTheSets(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGameOf(t, db, "ann", "bob", false)
	var ps []OwnPuzzle
	for _, id := range []string{"tab-1", "tab-2"} {
		ps = append(ps, OwnPuzzle{User: "ann", ID: id, Kind: "tab", Game: g.ID, Ply: 3, Cost: 0.2, Puzzle: "{}"})
	}
	if _, err := db.AddOwnPuzzles(ctx, ps); err != nil {
		t.Fatal(err)
	}
	for _, a := range []PuzzleAttempt{attemptOf("ann", "tab-1", "a", false), attemptOf("ann", "tab-2", "a", true), attemptOf("bob", "tab-1", "a", true)} {
		if _, err := db.AttemptPuzzle(ctx, a, rateGame); err != nil {
			t.Fatal(err)
		}
	}
	if p, open, ok, err := db.NextOwnPuzzle(ctx, "ann"); err != nil || !ok || open != 1 || p.ID != "tab-1" {
		t.Fatalf("left open: %+v, %d, %v, %v; want tab-1 alone", p, open, ok, err)
	}
}
