package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"kilab/games"
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

// newDB opens a fresh database in a temporary directory on a fake clock.
func newDB(t testing.TB) (*DB, *clock) {
	t.Helper()
	db, err := Open(context.Background(), tempPath(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := &clock{t: epoch}
	db.Now = c.Now
	return db, c
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
