package kittest

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"kilab/ai"
	"kilab/bot/kit"
	"kilab/games"
	"kilab/store"
)

// Core is a Core on a fresh SQLite file, with a Discord that records, throws
// drawn from seed, and no log: what a feature's unit tests build on. The
// database closes when the test ends.
func Core(t testing.TB, seed uint64) (*kit.Core, *Recorder, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "unit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	rec := &Recorder{}
	return kit.NewCore(db, rec, games.Seeded(seed), slog.New(slog.NewTextHandler(io.Discard, nil)), ai.Env{}), rec, db
}
