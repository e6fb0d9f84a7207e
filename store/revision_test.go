package store

import (
	"context"
	"errors"
	"testing"

	"kilab/games"
)

// oldRoyalur is a royalur game as revision 1 of aseb's rules played it. Its
// fourth ply is the pass the server played for the cones, whose 2 had no move
// by revision 1: revision 1 took the spindles' cell 4 for the cones' cell 4,
// where the spindles were safe on a house. By the rules now (A1, A8) 2-4 was
// legal.
var oldRoyalur = []games.Ply{
	{Player: 0, Throws: []games.Throw{2}, Move: "in-2"},
	{Player: 1, Throws: []games.Throw{4}, Move: "in-4"},
	{Player: 1, Throws: []games.Throw{0}, Move: "pass"},
	{Player: 0, Throws: []games.Throw{2}, Move: "pass"},
}

const oldRoyalurEnd = "c:2 s:4 s:throw"

func royalurGame(t *testing.T, db *DB, position string, toMove games.Player) Game {
	t.Helper()
	g, err := db.CreateGame(context.Background(), NewGame{
		GuildID: guild, ChannelID: channel, Kind: "aseb", Config: games.Config{Variant: "royalur"},
		Players: [2]string{"ana", "bo"}, Position: position, ToMove: toMove, TimeLimit: 3 * day,
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A game stored before plies carried a rules revision: migration 0006 gives
// its plies revision 1, and its record replays, the old pass included, to
// the position stored with it.
func TestMigratedRecordReplaysUnderItsRevision(t *testing.T) {
	sqliteOnly(t) // PostgreSQL's first schema already had revisions
	ctx := context.Background()
	path := tempPath(t)
	migrationFiles := sqliteDialect.migrations
	old := openAt(t, path, migrationFiles[:4])
	// The game as schema 4 stored it: today's CreateGame writes later columns.
	res, err := old.write.Exec(`INSERT INTO games (guild_id, channel_id, kind, variant, options, player0, player1,
			position, to_move, rated, time_limit_ms, deadline, remind_at, created_at, updated_at, opening)
		VALUES (?, ?, 'aseb', 'royalur', '{}', 'ana', 'bo', ?, 1, 1, ?, ?, ?, ?, ?, '')`,
		guild, channel, oldRoyalurEnd, (3 * day).Milliseconds(), epoch.Add(3*day).UnixMilli(),
		epoch.Add(2*day).UnixMilli(), epoch.UnixMilli(), epoch.UnixMilli())
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	g := Game{ID: id}
	for i, p := range oldRoyalur {
		if _, err := old.write.Exec(`INSERT INTO moves (game_id, ply, player, throws, move, at) VALUES (?, ?, ?, ?, ?, ?)`,
			g.ID, i+1, p.Player, formatThrows(p.Throws), p.Move, epoch.UnixMilli()); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()

	db := openAt(t, path, migrationFiles)
	g, rec, err := db.GameRecord(ctx, g.ID)
	if err != nil || len(rec) != len(oldRoyalur) {
		t.Fatalf("record %v, %v", rec, err)
	}
	for _, p := range rec {
		if p.Revision != 1 {
			t.Errorf("ply %d (%s): revision %d, want 1", p.N, p.Ply, p.Revision)
		}
	}
	start, err := mustLookup(t, "aseb").New(g.Config)
	if err != nil {
		t.Fatal(err)
	}
	var old4 []int
	end, err := games.ReplayRevised(start, Plies(rec), func(i int, _ games.Ply, _ games.Position, old bool) {
		if old {
			old4 = append(old4, i+1)
		}
	})
	if err != nil || end.String() != g.Position || len(old4) != 1 || old4[0] != 4 {
		t.Fatalf("replay: %q, %v, plies played by the old rules %v; want %q and ply 4", end, err, old4, g.Position)
	}
	// The record is kept as it was: read by the current rules, ply 4 is refused.
	plies := Plies(rec)
	for i := range plies {
		plies[i].Revision = 0
	}
	if _, err := games.Replay(start, plies, nil); !errors.Is(err, games.ErrIllegalMove) {
		t.Fatalf("the old pass by the current rules: err %v, want it refused", err)
	}
}

func mustLookup(t *testing.T, name string) games.Game {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Commit stores the plies with the engine's current revision, or the one it
// is given; a ply that completes a stored one (its move after its throws)
// takes the revision of the move. A revision the engine does not know is
// refused.
func TestCommitStoresRevision(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	cur, err := games.CurrentRevision("aseb")
	if err != nil || cur < 2 {
		t.Fatalf("aseb revision %d, %v", cur, err)
	}
	g := royalurGame(t, db, "c:- s:- c:throw", 0)
	commit := func(c Commit) Game {
		t.Helper()
		c.Game, c.Version = g.ID, g.Version
		next, _, err := db.Commit(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		return next
	}
	g = commit(Commit{Plies: oldRoyalur[:1], Revision: 1, Position: "c:2 s:- s:throw", ToMove: 1})
	g = commit(Commit{Plies: []games.Ply{{Player: 1, Throws: []games.Throw{4}}}, Revision: 1, Position: "c:2 s:- s:4", ToMove: 1})
	g = commit(Commit{Plies: []games.Ply{{Player: 1, Move: "in-4"}}, Position: "c:2 s:4 s:throw", ToMove: 1})
	rec, err := db.Record(ctx, g.ID)
	if err != nil || len(rec) != 2 || rec[0].Revision != 1 || rec[1].Revision != cur {
		t.Fatalf("record %+v, %v; want revisions 1 and %d", rec, err, cur)
	}
	for _, bad := range []int{cur + 1, -1} {
		_, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: 1, Throws: []games.Throw{1}}},
			Revision: bad, Position: "c:2 s:4 s:1", ToMove: 1})
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("revision %d: err %v, want invalid", bad, err)
		}
	}
}

// A ply stored by a newer program, under a rules revision this one does not
// know, reads back with its revision, and replaying the record refuses it
// with a clear error rather than guessing.
func TestNewerRevisionRefusedOnReplay(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := royalurGame(t, db, "c:2 s:- s:throw", 1)
	if _, err := db.write.Exec(`INSERT INTO moves (game_id, ply, player, throws, move, revision, at) VALUES (?, 1, 0, '2', 'in-2', 99, ?)`,
		g.ID, epoch.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	g, rec, err := db.GameRecord(ctx, g.ID)
	if err != nil || len(rec) != 1 || rec[0].Revision != 99 {
		t.Fatalf("record %+v, %v", rec, err)
	}
	start, err := mustLookup(t, "aseb").New(g.Config)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := games.Replay(start, Plies(rec), nil); !errors.Is(err, games.ErrRevisionTooNew) {
		t.Fatalf("replaying a ply of revision 99: err %v, want ErrRevisionTooNew", err)
	}
}
