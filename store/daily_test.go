package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"kilab/store/glicko"
)

// chooseFirst names the same puzzle for every server and day, by day.
func chooseFirst(_ string, day int) string {
	return "tab-" + time.Unix(int64(day)*86400, 0).UTC().Format("0102")
}

// Two copies of the bot sweeping at once, several times each, plan each
// server's day once, and its post is claimed by one of two claimers once:
// one row per server and day, one announcement, one delivery.
func TestDailyPuzzlePostedOnceByTwoCopies(t *testing.T) {
	ctx := context.Background()
	a, b, _ := twoCopies(t)
	for _, g := range []string{"g1", "g2"} {
		if err := a.SetDailyPuzzleChannel(ctx, g, "ch-"+g, "boss"); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	planned := map[string]int{}
	race([]*DB{a, b}, 3, func(db *DB, _ string) {
		ds, err := db.PlanDailyPuzzles(ctx, chooseFirst)
		if err != nil {
			t.Error(err)
		}
		mu.Lock()
		defer mu.Unlock()
		for _, d := range ds {
			planned[d.Guild]++
		}
	})
	if planned["g1"] != 1 || planned["g2"] != 1 || len(planned) != 2 {
		t.Fatalf("planned %v, want each server once", planned)
	}
	claimed := map[int64]string{}
	race([]*DB{a, b}, 2, func(db *DB, name string) {
		got, err := db.ClaimAnnouncements(ctx, name, 10, time.Minute)
		if err != nil {
			t.Error(err)
		}
		mu.Lock()
		defer mu.Unlock()
		for _, n := range got {
			if n.Kind != AnnounceDailyPuzzle || n.Daily == 0 {
				t.Errorf("claimed %+v", n)
			}
			if other, ok := claimed[n.Daily]; ok {
				t.Errorf("daily %d claimed by %s and %s", n.Daily, other, name)
			}
			claimed[n.Daily] = name
		}
	})
	if len(claimed) != 2 {
		t.Fatalf("claimed %v, want the two servers' posts", claimed)
	}
	for id := range claimed {
		d, err := a.Daily(ctx, id)
		if err != nil || d.Channel != "ch-"+d.Guild || d.Puzzle != chooseFirst(d.Guild, DayOf(epoch)) {
			t.Errorf("daily %d: %+v, %v", id, d, err)
		}
	}
}

// A copy that starts again the same day plans nothing; the next day is
// planned, and says how many solved the day before's at their first
// attempt while it was the day's (not before it, nor after the next).
func TestDailyPuzzleAcrossARestartAndTheNextDay(t *testing.T) {
	ctx := context.Background()
	db, again, clk := twoCopies(t) // again: the bot started anew on the same database
	if err := db.SetDailyPuzzleChannel(ctx, "g1", "ch", "boss"); err != nil {
		t.Fatal(err)
	}
	first, err := db.PlanDailyPuzzles(ctx, chooseFirst)
	if err != nil || len(first) != 1 {
		t.Fatalf("first day: %+v, %v", first, err)
	}
	clk.Add(3 * time.Hour)
	if ds, err := again.PlanDailyPuzzles(ctx, chooseFirst); err != nil || len(ds) != 0 {
		t.Fatalf("the same day after a restart: %+v, %v", ds, err)
	}
	for _, u := range []string{"ann", "bob"} {
		if _, err := db.AttemptPuzzle(ctx, PuzzleAttempt{User: u, Puzzle: first[0].Puzzle, Kind: "tab", Move: "a", Solved: u == "ann", Start: glicko.New()}, rateGame); err != nil {
			t.Fatal(err)
		}
	}
	clk.Add(24 * time.Hour)
	next, err := again.PlanDailyPuzzles(ctx, chooseFirst)
	if err != nil || len(next) != 1 || next[0].Day != first[0].Day+1 {
		t.Fatalf("next day: %+v, %v", next, err)
	}
	// Solved after the next day's post: counts for neither.
	if _, err := db.AttemptPuzzle(ctx, PuzzleAttempt{User: "cy", Puzzle: first[0].Puzzle, Kind: "tab", Move: "a", Solved: true, Start: glicko.New()}, rateGame); err != nil {
		t.Fatal(err)
	}
	prev, solved, ok, err := db.PreviousDaily(ctx, next[0])
	if err != nil || !ok || prev.ID != first[0].ID || solved != 1 {
		t.Fatalf("before day 2: %+v, %d solved, %v, %v; want day 1 and one solver", prev, solved, ok, err)
	}
	if _, _, ok, err := db.PreviousDaily(ctx, first[0]); ok || err != nil {
		t.Errorf("the first day had a day before: %v, %v", ok, err)
	}
}

// A server chooses its channel by a moderator, logged; a server with none
// gets no daily puzzle, nor one whose puzzle choose cannot name.
func TestDailyPuzzleChannel(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	if ch, err := db.DailyPuzzleChannel(ctx, "g1"); ch != "" || err != nil {
		t.Fatalf("no channel yet: %q, %v", ch, err)
	}
	if ds, err := db.PlanDailyPuzzles(ctx, chooseFirst); len(ds) != 0 || err != nil {
		t.Fatalf("planned with no channel: %+v, %v", ds, err)
	}
	for _, ch := range []string{"c1", "c2"} {
		if err := db.SetDailyPuzzleChannel(ctx, "g1", ch, "boss"); err != nil {
			t.Fatal(err)
		}
	}
	if ch, err := db.DailyPuzzleChannel(ctx, "g1"); ch != "c2" || err != nil {
		t.Fatalf("channel %q, %v; want c2", ch, err)
	}
	log, err := db.ModerationLog(ctx, "g1", 5)
	if err != nil || len(log) != 2 || log[0].Action != ModDailyPuzzle || log[0].Target != "c2" {
		t.Fatalf("log %+v, %v", log, err)
	}
	if ds, err := db.PlanDailyPuzzles(ctx, func(string, int) string { return "" }); len(ds) != 0 || err != nil {
		t.Fatalf("planned with no puzzle: %+v, %v", ds, err)
	}
	if err := db.SetDailyPuzzleChannel(ctx, "g1", "", "boss"); !errors.Is(err, ErrInvalid) {
		t.Errorf("no channel: %v", err)
	}
	for k, want := range []bool{true, false} {
		if stopped, err := db.StopDailyPuzzle(ctx, "g1", "boss"); stopped != want || err != nil {
			t.Fatalf("stop %d: %v, %v; want %v", k, stopped, err, want)
		}
	}
	if ds, err := db.PlanDailyPuzzles(ctx, chooseFirst); len(ds) != 0 || err != nil {
		t.Fatalf("planned once stopped: %+v, %v", ds, err)
	}
	if log, _ := db.ModerationLog(ctx, "g1", 5); len(log) != 3 || log[0].Action != ModDailyPuzzleOff {
		t.Errorf("log %+v", log)
	}
}
