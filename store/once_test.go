package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"kilab/games"
	"kilab/tournament"
)

// count is how many rows table has.
func count(t *testing.T, db *DB, table string) int {
	t.Helper()
	var n int
	if err := db.read.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func handled(t *testing.T, db *DB, id string) bool {
	t.Helper()
	ok, err := db.Handled(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

func challengeBy(user string) Challenge {
	return Challenge{GuildID: guild, ChannelID: channel, Challenger: user, Kind: "seega",
		Config: games.Config{Variant: "free", Options: map[string]string{"size": "5"}}, TimeLimit: 7 * day, Rated: true}
}

// Each kind of write an interaction makes, delivered twice: the second copy
// is refused with ErrRepeat and changes nothing. Every copy is a context of
// its own, as each delivery is.
func TestRepeatIsRefused(t *testing.T) {
	t.Parallel()
	db, _ := newDB(t)
	bg := context.Background()
	g := newGame(t, db)
	writes := []struct {
		name  string
		table string // whose row count the write changes; "" for none
		write func(ctx context.Context) error
	}{
		{"challenge (a transaction)", "challenges", func(ctx context.Context) error {
			_, err := db.CreateChallenge(ctx, challengeBy("ana"))
			return err
		}},
		{"tournament (one statement)", "tournaments", func(ctx context.Context) error {
			_, err := db.CreateTournament(ctx, Tournament{GuildID: guild, ChannelID: channel, Creator: "admin", Kind: "aseb",
				Config: games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}},
				Format: tournament.RoundRobin, TimeLimit: 3 * day, Rated: true})
			return err
		}},
		{"a throw (Commit)", "moves", func(ctx context.Context) error {
			_, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version,
				Plies: []games.Ply{{Player: games.First, Throws: []games.Throw{2}}}, Position: "thrown 2", ToMove: games.First})
			return err
		}},
		{"a setting (one statement)", "", func(ctx context.Context) error { return db.SetAutoMove(ctx, "ana", true) }},
	}
	for k, w := range writes {
		id := fmt.Sprintf("interaction-%d", k)
		before := 0
		if w.table != "" {
			before = count(t, db, w.table)
		}
		if err := w.write(Once(bg, id)); err != nil {
			t.Fatalf("%s, first copy: %v", w.name, err)
		}
		if !handled(t, db, id) {
			t.Errorf("%s: the interaction was not recorded with its change", w.name)
		}
		repeat := Once(bg, id)
		if err := w.write(repeat); !errors.Is(err, ErrRepeat) || !Repeated(repeat) {
			t.Errorf("%s, second copy: %v, want ErrRepeat", w.name, err)
		}
		if w.table != "" && count(t, db, w.table) != before+1 {
			t.Errorf("%s: %d rows in %s after two copies, want %d", w.name, count(t, db, w.table), w.table, before+1)
		}
	}
	if err := db.SetAutoMove(Once(bg, "off"), "ana", false); err != nil {
		t.Fatal(err)
	}
	if err := db.SetAutoMove(Once(bg, "interaction-3"), "ana", true); !errors.Is(err, ErrRepeat) {
		t.Fatalf("a late copy of the setting: %v", err)
	}
	if s, _ := db.Settings(bg, "ana"); s.AutoMove {
		t.Error("a late copy of turning auto-move on undid turning it off")
	}
}

// The record is part of the change's transaction: a change refused
// (a stale version) records nothing, so a copy that comes again is judged
// afresh rather than called a repeat of nothing.
func TestRefusedChangeRecordsNothing(t *testing.T) {
	t.Parallel()
	db, _ := newDB(t)
	bg := context.Background()
	g := newGame(t, db)
	throw := Commit{Game: g.ID, Version: g.Version + 1,
		Plies: []games.Ply{{Player: games.First, Throws: []games.Throw{2}}}, Position: "thrown 2", ToMove: games.First}
	if _, _, err := db.Commit(Once(bg, "click"), throw); !errors.Is(err, ErrConflict) {
		t.Fatalf("a stale throw: %v", err)
	}
	if handled(t, db, "click") {
		t.Fatal("a change rolled back left its interaction recorded")
	}
	throw.Version = g.Version
	if _, _, err := db.Commit(Once(bg, "click"), throw); err != nil {
		t.Fatalf("the copy after the refusal: %v", err)
	}
	// Within one interaction too: a write refused leaves the record to the
	// next write that commits.
	one := Once(bg, "two-writes")
	if _, _, err := db.Commit(one, throw); !errors.Is(err, ErrConflict) {
		t.Fatalf("a stale throw: %v", err)
	}
	if err := db.SetAutoMove(one, "ana", true); err != nil {
		t.Fatal(err)
	}
	if !handled(t, db, "two-writes") {
		t.Error("the write that committed after a refused one did not record the interaction")
	}
}

// An interaction that writes in several transactions is recorded by the
// first: its later writes go ahead, and a copy of it is refused at its first
// write and at every one after, even one of the kind that could stand alone.
func TestSeveralWritesOfOneInteraction(t *testing.T) {
	t.Parallel()
	db, _ := newDB(t)
	bg := context.Background()
	first := Once(bg, "accept")
	c, err := db.CreateChallenge(first, challengeBy("ana"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AcceptChallenge(first, c.ID, "bo", start("bo", "ana")); err != nil {
		t.Fatalf("the interaction's second write: %v", err)
	}
	if err := db.SetDMs(first, "bo", false); err != nil {
		t.Fatalf("the interaction's third write: %v", err)
	}
	copy := Once(bg, "accept")
	if _, err := db.CreateChallenge(copy, challengeBy("ana")); !errors.Is(err, ErrRepeat) {
		t.Fatalf("the copy's first write: %v", err)
	}
	if err := db.SetDMs(copy, "cy", false); !errors.Is(err, ErrRepeat) {
		t.Fatalf("the copy's next write: %v", err)
	}
	if n := count(t, db, "challenges"); n != 1 {
		t.Errorf("%d challenges", n)
	}
	if s, _ := db.Settings(bg, "cy"); !s.DMs {
		t.Error("a write after the refused one went ahead")
	}
	// What keeps track of the bot's own doings is no interaction's change.
	other := Once(bg, "dm-refused")
	if err := db.MarkDMsClosed(other, "bo"); err != nil {
		t.Fatal(err)
	}
	if handled(t, db, "dm-refused") {
		t.Error("a DM refused counted as the interaction's change")
	}
}

// Copies of one interaction arriving at once, through two connections to the
// database as two copies of the bot have: exactly one is applied.
func TestCopiesAtOnceApplyOnce(t *testing.T) {
	t.Parallel()
	source := testSource(t)
	dbs := []*DB{openTest(t, source), openTest(t, source)}
	const copies = 8
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		ok, reps int
	)
	for k := range copies {
		wg.Go(func() {
			_, err := dbs[k%2].CreateChallenge(Once(context.Background(), "same"), challengeBy("ana"))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, ErrRepeat):
				reps++
			default:
				t.Errorf("copy %d: %v", k, err)
			}
		})
	}
	wg.Wait()
	if ok != 1 || reps != copies-1 || count(t, dbs[0], "challenges") != 1 {
		t.Errorf("%d copies applied, %d refused, %d challenges; want 1, %d, 1", ok, reps, count(t, dbs[0], "challenges"), copies-1)
	}
}

// Ids are kept for InteractionMemory, then the sweep forgets them.
func TestPruneInteractions(t *testing.T) {
	t.Parallel()
	db, clk := newDB(t)
	bg := context.Background()
	if err := db.SetAutoMove(Once(bg, "old"), "ana", true); err != nil {
		t.Fatal(err)
	}
	clk.Add(InteractionMemory / 2)
	if err := db.SetAutoMove(Once(bg, "new"), "bo", true); err != nil {
		t.Fatal(err)
	}
	if n, err := db.PruneInteractions(bg); err != nil || n != 0 {
		t.Fatalf("pruned %d within the memory: %v", n, err)
	}
	clk.Add(InteractionMemory/2 + time.Millisecond)
	if n, err := db.PruneInteractions(bg); err != nil || n != 1 {
		t.Fatalf("pruned %d, want 1: %v", n, err)
	}
	if handled(t, db, "old") || !handled(t, db, "new") {
		t.Error("pruned the wrong interactions")
	}
}

// The record is written by the change's own transaction: inside it, the id
// is there already; outside it, before it commits, it is not.
func TestRecordIsPartOfTheTransaction(t *testing.T) {
	t.Parallel()
	db, _ := newDB(t)
	ctx := Once(context.Background(), "inside")
	err := db.update(ctx, func(tx *sql.Tx) error {
		var inside int
		if err := tx.QueryRowContext(ctx, qHandled, "inside").Scan(&inside); err != nil {
			return err
		}
		if inside != 1 {
			t.Errorf("the transaction of the change does not hold its record (%d)", inside)
		}
		if handled(t, db, "inside") {
			t.Error("the record is visible outside the transaction before it commits")
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET reason = 'x' WHERE id = 0`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !handled(t, db, "inside") {
		t.Error("the record was not kept when the transaction committed")
	}
}
