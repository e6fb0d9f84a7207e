package store

import (
	"context"
	"testing"
)

// A user's DM channel is kept once opened, across a restart of the bot (a
// second connection to the database), leaves their settings as they were,
// and is forgotten when Discord says it is gone.
func TestDMChannelKept(t *testing.T) {
	ctx := context.Background()
	source := testSource(t)
	db := openTest(t, source)
	if s, err := db.Settings(ctx, "ana"); err != nil || s.DMChannel != "" {
		t.Fatalf("a new user's DM channel: %q, %v", s.DMChannel, err)
	}
	if err := db.SetReminders(ctx, "ana", false); err != nil {
		t.Fatal(err)
	}
	if err := db.SetDMChannel(ctx, "ana", "dm-1"); err != nil {
		t.Fatal(err)
	}
	if err := db.SetDMChannel(ctx, "bo", "dm-2"); err != nil { // a user without settings
		t.Fatal(err)
	}
	again := openTest(t, source)
	ana, err := again.Settings(ctx, "ana")
	if err != nil || ana.DMChannel != "dm-1" || ana.Reminders || !ana.DMs {
		t.Fatalf("after a restart Ana's settings are %+v, %v: want dm-1, reminders off, DMs on", ana, err)
	}
	if bo, _ := again.Settings(ctx, "bo"); bo.DMChannel != "dm-2" || !bo.DMs || !bo.Reminders || !bo.AutoMove {
		t.Fatalf("Bo's settings %+v: want dm-2 and the defaults", bo)
	}
	if err := again.SetDMChannel(ctx, "ana", ""); err != nil {
		t.Fatal(err)
	}
	if ana, _ = db.Settings(ctx, "ana"); ana.DMChannel != "" || ana.Reminders {
		t.Fatalf("Ana's DM channel forgotten: %+v", ana)
	}
}

// What a board keeps once retired is read back with the live boards,
// replaced when it is drawn again, and dropped when it is retired.
func TestBoardKept(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	m := BoardMessage{Channel: "th", Message: "m1", Game: g.ID, Version: g.Version, Kind: "board", Kept: `[{"title":"a"}]`}
	if err := db.AddBoardMessage(ctx, m); err != nil {
		t.Fatal(err)
	}
	if err := db.AddBoardMessage(ctx, BoardMessage{Channel: "dm", Message: "m2", Game: g.ID, Version: g.Version, Kind: "dm"}); err != nil {
		t.Fatal(err)
	}
	live, err := db.LiveBoards(ctx, g.ID, g.Version+1)
	if err != nil || len(live) != 2 || live[0] != m && live[1] != m {
		t.Fatalf("live boards %+v, %v: want %+v among them", live, err, m)
	}
	if err := db.KeepBoardText(ctx, "th", "m1", `[{"title":"b"}]`, 1); err != nil {
		t.Fatal(err)
	}
	if err := db.RetireBoard(ctx, "dm", "m2"); err != nil {
		t.Fatal(err)
	}
	live, _ = db.LiveBoards(ctx, g.ID, g.Version+1)
	if len(live) != 1 || live[0].Kept != `[{"title":"b"}]` {
		t.Fatalf("live boards %+v: want m1 alone, keeping title b", live)
	}
	if err := db.RetireBoard(ctx, "th", "m1"); err != nil {
		t.Fatal(err)
	}
	var rows int
	if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM board_messages`).Scan(&rows); err != nil || rows != 0 {
		t.Errorf("%d retired boards are still kept (%v)", rows, err)
	}
}
