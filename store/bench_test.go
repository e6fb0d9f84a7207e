package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"kilab/games"
)

func TestMain(m *testing.M) {
	plans := startPlans()
	code := m.Run()
	if plans != nil && code == 0 {
		code = plans.report(os.Stdout)
	}
	if fixture.dir != "" {
		os.RemoveAll(fixture.dir)
	}
	os.Exit(code)
}

// BenchmarkCommitMove commits one move per iteration, the player on move
// changing each time, with synchronous=FULL: what one click costs the store.
func BenchmarkCommitMove(b *testing.B) {
	ctx := context.Background()
	db, _ := newDB(b)
	g := newGame(b, db)
	lat := make([]time.Duration, 0, 1024)
	b.ResetTimer()
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		var err error
		g, _, err = db.Commit(ctx, Commit{Game: g.ID, Version: g.Version,
			Plies: []games.Ply{{Player: g.ToMove, Throws: []games.Throw{3}, Move: "12-15"}},
			Moved: true, Position: "benchmark position", ToMove: g.ToMove.Other()})
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	b.ReportMetric(float64(len(lat))/time.Since(start).Seconds(), "commits/s")
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
}

// The query fixture: 100,000 finished and 10,000 active games among 5,000
// users on 10 servers, with ratings, built once per test binary.
const (
	fixtureUsers    = 5000
	fixtureGuilds   = 10
	fixtureFinished = 100000
	fixtureActive   = 10000
)

var fixture struct {
	once sync.Once
	dir  string
	path string
	now  time.Time // the clock the benchmarks query at
	err  error
}

func fixtureDB(b *testing.B) *DB {
	b.Helper()
	fixture.once.Do(func() {
		if fixture.dir, fixture.err = os.MkdirTemp("", "kilab-store-bench-"); fixture.err == nil {
			fixture.path = filepath.Join(fixture.dir, "fixture.db")
			fixture.err = buildFixture(fixture.path)
		}
	})
	if fixture.err != nil {
		b.Fatal(fixture.err)
	}
	db, err := Open(context.Background(), fixture.path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	db.Now = func() time.Time { return fixture.now }
	return db
}

func fixtureUser(i int) string { return fmt.Sprintf("1%017d", i) } // snowflake-like

func buildFixture(path string) error {
	ctx := context.Background()
	db, err := Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	rng := rand.New(rand.NewPCG(42, 42))
	t0 := epoch.Add(-365 * day)
	// The benchmarks query two hours after the last turn started, so some
	// deadlines and reminders are due, as in a sweep.
	fixture.now = epoch.Add(2 * time.Hour)
	return db.update(ctx, func(tx *sql.Tx) error {
		ins, err := tx.PrepareContext(ctx, `INSERT INTO games (guild_id, channel_id, kind, variant, options,
				player0, player1, position, to_move, status, result, reason, version, rated, moved0, moved1,
				time_limit_ms, deadline, remind_at, created_at, updated_at, finished_at)
			VALUES (?, 'chan', ?, 'standard', '{}', ?, ?, 'a position of about this length', ?, ?, ?, ?, ?, 1, 9, 9, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		kinds := []string{"aseb", "tab", "seega"}
		results := []string{"first", "second", "draw", "aborted"}
		for i := range fixtureFinished + fixtureActive {
			p0, p1 := rng.IntN(fixtureUsers), rng.IntN(fixtureUsers-1)
			if p1 >= p0 {
				p1++
			}
			guild := fmt.Sprintf("guild%d", p0%fixtureGuilds)
			limit := []time.Duration{1, 3, 7, 14}[rng.IntN(4)] * day
			var args []any
			if i < fixtureFinished {
				done := t0.Add(time.Duration(rng.Int64N(int64(364 * day))))
				args = []any{"finished", results[rng.IntN(4)], "rules", 60, limit.Milliseconds(), nil, nil,
					done.Add(-day).UnixMilli(), done.UnixMilli(), done.UnixMilli()}
			} else {
				turn := epoch.Add(-time.Duration(rng.Int64N(int64(limit)))) // the turn started this long ago
				dl, rm := deadlines(turn, limit)
				args = []any{"active", "", "", 30, limit.Milliseconds(), dl.UnixMilli(), rm.UnixMilli(),
					turn.Add(-day).UnixMilli(), turn.UnixMilli(), nil}
			}
			args = append([]any{guild, kinds[rng.IntN(3)], fixtureUser(p0), fixtureUser(p1), rng.IntN(2)}, args...)
			if _, err := ins.ExecContext(ctx, args...); err != nil {
				return err
			}
		}
		return fixtureRatings(ctx, tx, rng, kinds)
	})
}

func fixtureRatings(ctx context.Context, tx *sql.Tx, rng *rand.Rand, kinds []string) error {
	for u := range fixtureUsers {
		for _, k := range kinds {
			_, err := tx.ExecContext(ctx, `INSERT INTO ratings (guild_id, kind, user_id, rating, deviation, volatility,
					wins, losses, draws, updated_at) VALUES (?, ?, ?, ?, ?, 0.06, 10, 10, 1, 0)`,
				fmt.Sprintf("guild%d", u%fixtureGuilds), k, fixtureUser(u), 1000+rng.Float64()*1000, 50+rng.Float64()*300)
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// BenchmarkQueries runs the bot's queries on the fixture; each should take
// well under 5 ms.
func BenchmarkQueries(b *testing.B) {
	ctx := context.Background()
	db := fixtureDB(b)
	rng := rand.New(rand.NewPCG(1, 1))
	user := func() string { return fixtureUser(rng.IntN(fixtureUsers)) }
	check := func(n int, err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	b.Run("ActiveGames", func(b *testing.B) {
		for b.Loop() {
			gs, err := db.ActiveGames(ctx, user(), "")
			check(len(gs), err)
		}
	})
	b.Run("DueDeadlines", func(b *testing.B) {
		for b.Loop() {
			gs, err := db.DueDeadlines(ctx, 100)
			check(len(gs), err)
			if len(gs) == 0 {
				b.Fatal("no deadline due in the fixture")
			}
		}
	})
	b.Run("DueReminders", func(b *testing.B) {
		for b.Loop() {
			gs, err := db.DueReminders(ctx, 100)
			check(len(gs), err)
		}
	})
	b.Run("Leaderboard", func(b *testing.B) {
		for b.Loop() {
			page, _, err := db.Leaderboard(ctx, fmt.Sprintf("guild%d", rng.IntN(fixtureGuilds)), "tab", 100, 10)
			check(len(page), err)
		}
	})
	b.Run("Stats", func(b *testing.B) {
		for b.Loop() {
			u := rng.IntN(fixtureUsers)
			st, err := db.Stats(ctx, fmt.Sprintf("guild%d", u%fixtureGuilds), fixtureUser(u), 10)
			check(len(st.Kinds), err)
		}
	})
}
