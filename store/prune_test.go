package store

import (
	"context"
	"slices"
	"testing"

	"kilab/games"
)

// Delivered announcements go a week after their delivery, except those
// their game could still write again (its current version's), and never
// one not yet delivered; once the game is over, all of its delivered ones go.
func TestPruneAnnouncementsKeepsWhatCanBeWrittenAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, clock := newDB(t)
	g := newGame(t, db)
	announceMove := func(p games.Player, mv string) {
		t.Helper()
		var err error
		g, _, err = db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: p, Move: mv}},
			Moved: true, Position: mv, ToMove: p.Other(), Announce: true})
		if err != nil {
			t.Fatal(err)
		}
	}
	announceMove(games.First, "a")
	announceMove(games.Second, "b")
	as, _, err := db.Announcements(ctx, g.ID)
	if err != nil || len(as) == 0 {
		t.Fatalf("announcements %v (%v)", as, err)
	}
	pending := as[0] // left undelivered: it is never pruned, however old
	for _, a := range as[1:] {
		if err := db.Delivered(ctx, a.ID, "sent"); err != nil {
			t.Fatal(err)
		}
	}
	left := func() []int64 {
		t.Helper()
		as, _, err := db.Announcements(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		var vs []int64
		for _, a := range as {
			vs = append(vs, a.Version)
		}
		return vs
	}
	before := left()
	clock.Add(AnnouncementMemory - day)
	if n, err := db.PruneAnnouncements(ctx); err != nil || n != 0 {
		t.Fatalf("pruned %d (%v) of announcements delivered less than a week ago", n, err)
	}
	clock.Add(2 * day)
	if _, err := db.PruneAnnouncements(ctx); err != nil {
		t.Fatal(err)
	}
	got := left()
	for i, v := range got {
		if v != g.Version && !(i == 0 && v == pending.Version) {
			t.Errorf("versions left %v of %v: an old delivered one is kept", got, before)
		}
	}
	if !slices.Contains(got, g.Version) || got[0] != pending.Version {
		t.Fatalf("versions left %v of %v: want the pending one and the current version's", got, before)
	}
	g, _ = end(t, db, g, Draw, "agreed")
	as, _, _ = db.Announcements(ctx, g.ID)
	for _, a := range as {
		if a.ID != pending.ID {
			db.Delivered(ctx, a.ID, "sent")
		}
	}
	clock.Add(AnnouncementMemory + day)
	if _, err := db.PruneAnnouncements(ctx); err != nil {
		t.Fatal(err)
	}
	if got := left(); !slices.Equal(got, []int64{pending.Version}) {
		t.Fatalf("versions left %v after the game ended: want only the pending one", got)
	}
}

// A delivered digest and a delivered reminder go a week after their
// delivery, though the game the reminder was about is still at the version
// it was written at: only their claims could write them, and those have
// moved past them.
func TestPruneDigestsAndReminders(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, clk := newDB(t)
	g := newGame(t, db)
	db.SetTimeZone(ctx, "ana", "UTC")
	if err := db.SetDigest(ctx, "ana", true, 0); err != nil {
		t.Fatal(err)
	}
	clk.Add(g.RemindAt.Sub(clk.Now()))
	if err := db.MarkReminded(ctx, g, true); err != nil {
		t.Fatal(err)
	}
	if n, err := db.ClaimDigests(ctx, 10); n != 1 || err != nil {
		t.Fatalf("the digest: %d, %v", n, err)
	}
	count := func() (n int) {
		t.Helper()
		if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM announcements WHERE kind IN ('digest', 'reminder')`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if _, err := db.write.ExecContext(ctx, `UPDATE announcements SET done_at = ?, outcome = 'sent' WHERE done_at IS NULL`, clk.Now().UnixMilli()); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 2 {
		t.Fatalf("%d digests and reminders written, want 2", n)
	}
	clk.Add(AnnouncementMemory + day)
	if _, err := db.PruneAnnouncements(ctx); err != nil {
		t.Fatal(err)
	}
	if now, _ := db.Game(ctx, g.ID); now.Version != g.Version || count() != 0 {
		t.Fatalf("%d digests and reminders left a week on (game at version %d, was %d)", count(), now.Version, g.Version)
	}
}
