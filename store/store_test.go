package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"kilab/games"
	"kilab/internal/pgtest"
	"kilab/internal/sqlitetest"
)

// clock is a fake DB.Now that tests move by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// newDB opens a fresh database on a fake clock: a SQLite file, or a
// PostgreSQL schema when the run is on PostgreSQL (see testSource).
func newDB(t testing.TB) (*DB, *clock) {
	t.Helper()
	db := openTest(t, testSource(t))
	c := &clock{t: epoch}
	db.Now = c.Now
	return db, c
}

// testSource returns where a fresh database for one test lives: a SQLite
// file in a temporary directory or, when pgtest.Env names a PostgreSQL
// server, a schema of the test's own on it. The whole suite runs on either:
//
//	go test ./store
//	KILAB_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test?sslmode=disable go test ./store
func testSource(t testing.TB) string {
	t.Helper()
	if server, ok := pgtest.Server(); ok {
		return pgtest.Schema(t, server)
	}
	// The schema in place, copied: migrating each test's file anew would
	// cost more than most tests. The migrations' tests use emptySource.
	return sqlitetest.Copy(t, "kilab.db", "store", func(path string) error {
		db, err := Open(context.Background(), path)
		if err != nil {
			return err
		}
		return db.Close()
	})
}

// emptySource is testSource without the schema: a path where no file is
// yet, or an empty PostgreSQL schema.
func emptySource(t testing.TB) string {
	t.Helper()
	if server, ok := pgtest.Server(); ok {
		return pgtest.Schema(t, server)
	}
	return tempPath(t)
}

// testDialect is the dialect the run is on.
func testDialect() *dialect {
	if _, ok := pgtest.Server(); ok {
		return postgresDialect
	}
	return sqliteDialect
}

// sqliteOnly skips a test of what only SQLite has (pragmas, files, WAL).
func sqliteOnly(t testing.TB) {
	t.Helper()
	if testDialect() != sqliteDialect {
		t.Skip("SQLite only")
	}
}

// openTest opens source, closing it when the test ends: a second call on
// the same source is a second process, as far as the database can tell.
func openTest(t testing.TB, source string) *DB {
	t.Helper()
	db, err := Open(context.Background(), source)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

const (
	guild   = "g1"
	channel = "c1"
	day     = 24 * time.Hour
)

func newGameOf(t testing.TB, db *DB, p0, p1 string, rated bool) Game {
	t.Helper()
	g, err := db.CreateGame(context.Background(), NewGame{
		GuildID: guild, ChannelID: channel, Kind: "aseb",
		Config:  games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}},
		Players: [2]string{p0, p1}, Position: "start", ToMove: games.First,
		TimeLimit: 3 * day, Rated: rated,
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func newGame(t testing.TB, db *DB) Game { return newGameOf(t, db, "ana", "bo", true) }

// move commits a chosen move by p at g's version and returns the game after it.
func move(t testing.TB, db *DB, g Game, p games.Player, mv string) Game {
	t.Helper()
	g2, _, err := db.Commit(context.Background(), Commit{Game: g.ID, Version: g.Version,
		Plies: []games.Ply{{Player: p, Move: mv}}, Moved: true, Position: "after " + mv, ToMove: p.Other()})
	if err != nil {
		t.Fatalf("move %s: %v", mv, err)
	}
	return g2
}

func end(t testing.TB, db *DB, g Game, r Result, reason string) (Game, []RatingChange) {
	t.Helper()
	g2, ch, err := db.Commit(context.Background(), Commit{Game: g.ID, Version: g.Version, End: &End{r, reason}})
	if err != nil {
		t.Fatalf("end %v: %v", r, err)
	}
	return g2, ch
}

func wantErr(t testing.TB, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: error %v, want %v", what, err, want)
	}
}
