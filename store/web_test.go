package store

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"
)

// A game is found by its web token, and only by it: not by a token of
// another shape, nor by one no game has; two games never share one.
func TestGameByToken(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, _ := newDB(t)
	a, b := newGame(t, db), newGameOf(t, db, "cy", "di", false)
	if a.WebToken == b.WebToken {
		t.Fatalf("two games share the web token %s", a.WebToken)
	}
	got, err := db.GameByToken(ctx, b.WebToken)
	if err != nil || got.ID != b.ID {
		t.Fatalf("by b's token: game %d, %v; want %d", got.ID, err, b.ID)
	}
	if v, err := db.GameVersion(ctx, a.WebToken); err != nil || v != a.Version {
		t.Fatalf("a's version by token: %d, %v", v, err)
	}
	a = move(t, db, a, a.ToMove, "m1")
	if n, err := db.PlyCount(ctx, a.ID); err != nil || n != 1 {
		t.Fatalf("a's plies: %d, %v; want 1", n, err)
	}
	for _, bad := range []string{"", "1", a.WebToken[:31], a.WebToken + "0", "ZZ" + a.WebToken[2:], "00000000000000000000000000000000"} {
		if _, err := db.GameByToken(ctx, bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("token %q: %v, want not found", bad, err)
		}
	}
}

// A server's web mode is "link" until its moderators choose; a choice is
// logged once, and an unknown mode is refused.
func TestWebMode(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, _ := newDB(t)
	if m, err := db.Web(ctx, guild); err != nil || m != WebLink {
		t.Fatalf("default web mode %q, %v", m, err)
	}
	for _, step := range []struct {
		mode    string
		changed bool
	}{{WebOff, true}, {WebOff, false}, {WebPublic, true}, {WebLink, true}} {
		changed, err := db.SetWeb(ctx, guild, step.mode, "mod")
		if err != nil || changed != step.changed {
			t.Fatalf("setting %s: changed %v, %v; want %v", step.mode, changed, err, step.changed)
		}
		if m, _ := db.Web(ctx, guild); m != step.mode {
			t.Fatalf("after setting %s: %s", step.mode, m)
		}
	}
	if _, err := db.SetWeb(ctx, guild, "everyone", "mod"); err == nil {
		t.Error("an unknown web mode was taken")
	}
	log, _ := db.ModerationLog(ctx, guild, 10)
	if len(log) != 3 {
		t.Errorf("%d moderation log lines, want 3", len(log))
	}
}

// A player's rating history ends at their rating now and steps by each
// rated game's change, in the order the games ended; an unrated game and
// another server's are not in it.
func TestRatingHistory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, clk := newDB(t)
	var deltas []float64
	for i, r := range []Result{FirstWins, SecondWins, FirstWins} {
		g := newGame(t, db)
		clk.Add(time.Hour)
		end, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, End: &End{Result: r, Reason: ReasonResignation}})
		if err != nil {
			t.Fatal(err)
		}
		deltas = append(deltas, end.RatingDelta[0]) // ana is seat 0
		if i == 1 {
			u := newGameOf(t, db, "ana", "cy", false)
			if _, _, err := db.Commit(ctx, Commit{Game: u.ID, Version: u.Version, End: &End{Result: FirstWins, Reason: ReasonResignation}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	h, err := db.RatingHistory(ctx, guild, "aseb", "ana")
	if err != nil || len(h) != 3 {
		t.Fatalf("%d points, %v; want 3", len(h), err)
	}
	st, _ := db.Standing(ctx, guild, "aseb", "ana")
	if h[2].Rating != st.Rating.Rating {
		t.Errorf("the history ends at %v, the rating is %v", h[2].Rating, st.Rating.Rating)
	}
	for i := 1; i < 3; i++ {
		if d := h[i].Rating - h[i-1].Rating; math.Abs(d-deltas[i]) > 1e-9 || !h[i].At.After(h[i-1].At) {
			t.Errorf("step %d: %v at %v, want %v after %v", i, d, h[i].At, deltas[i], h[i-1].At)
		}
	}
	if h, _ := db.RatingHistory(ctx, "another", "aseb", "ana"); len(h) != 0 {
		t.Errorf("another server's history: %d points", len(h))
	}
}

// A rating's history marks where it was provisional: exactly, from the
// deviation each rated game keeps, and for games rated before games kept
// it, by the estimate against settled opponents; either way a new player's
// first games are provisional and their rating after many is not.
func TestRatingHistoryMarksProvisional(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, clk := newDB(t)
	for i := range 40 {
		g := newGame(t, db)
		clk.Add(time.Hour)
		r := FirstWins
		if i%2 == 1 {
			r = SecondWins
		}
		if _, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, End: &End{Result: r, Reason: ReasonResignation}}); err != nil {
			t.Fatal(err)
		}
	}
	st, _ := db.Standing(ctx, guild, "aseb", "ana")
	check := func(how string) {
		t.Helper()
		h, err := db.RatingHistory(ctx, guild, "aseb", "ana")
		if err != nil || len(h) != 40 {
			t.Fatalf("%s: %d points, %v", how, len(h), err)
		}
		if !h[0].Provisional || h[39].Provisional {
			t.Errorf("%s: first provisional %v, last %v", how, h[0].Provisional, h[39].Provisional)
		}
		for i := 1; i < 40; i++ {
			if h[i-1].Provisional != h[i].Provisional && h[i].Provisional {
				t.Errorf("%s: provisional again at game %d", how, i+1)
			}
		}
	}
	check("kept deviations")
	h, _ := db.RatingHistory(ctx, guild, "aseb", "ana")
	if last := h[39]; last.Provisional != st.Provisional() {
		t.Errorf("the last point's mark %v, the standing's %v", last.Provisional, st.Provisional())
	}
	if _, err := db.write.ExecContext(ctx, `UPDATE games SET rating_dev0 = NULL, rating_dev1 = NULL`); err != nil {
		t.Fatal(err)
	}
	check("estimated")
}
