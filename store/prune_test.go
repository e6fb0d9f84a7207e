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
