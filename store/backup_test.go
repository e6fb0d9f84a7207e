package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"kilab/games"
)

// A backup taken while moves are committed beside it is a database that
// checks ok and holds every move committed before the backup began; Check
// reads it without changing it.
func TestBackupWhilePlaying(t *testing.T) {
	sqliteOnly(t)
	t.Parallel()
	ctx := context.Background()
	source := tempPath(t)
	db := openAt(t, source, sqliteDialect.migrations)
	var gs []Game
	for i := range 8 {
		gs = append(gs, newGameOf(t, db, "p"+string(rune('a'+i)), "q"+string(rune('a'+i)), false))
	}
	var (
		committed atomic.Int64 // moves committed so far
		stop      = make(chan struct{})
		wg        sync.WaitGroup
	)
	for _, g := range gs {
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				var err error
				if g, _, err = db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: g.ToMove, Move: "m"}},
					Moved: true, Position: "after", ToMove: g.ToMove.Other()}); err != nil {
					t.Error(err)
					return
				}
				committed.Add(1)
			}
		})
	}
	for committed.Load() < 200 {
		runtime.Gosched()
	}
	before := committed.Load()
	backup := filepath.Join(t.TempDir(), "backup.db")
	err := Backup(ctx, source, backup)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(ctx, backup)
	if err != nil || r.Integrity != "ok" || r.Version != r.Known || r.Counts["games"] != len(gs) {
		t.Fatalf("the backup checks %+v, %v", r, err)
	}
	if int64(r.Counts["moves"]) < before {
		t.Errorf("the backup holds %d moves, %d were committed before it began", r.Counts["moves"], before)
	}
	if err := Backup(ctx, source, backup); err == nil {
		t.Error("a backup over an existing file was written")
	}
	restored := openAt(t, backup, sqliteDialect.migrations)
	for _, g := range gs {
		rec, err := restored.Record(ctx, g.ID)
		if err != nil || len(rec) == 0 {
			t.Errorf("game %d in the restored backup: %d plies, %v", g.ID, len(rec), err)
		}
	}
}

// Opening a SQLite database at an older schema keeps a copy of it first,
// which checks ok at the old version; a database already current keeps none.
func TestUpgradeKeepsACopy(t *testing.T) {
	sqliteOnly(t)
	t.Parallel()
	ctx := context.Background()
	source := tempPath(t)
	ms := sqliteDialect.migrations
	old := openAt(t, source, ms[:len(ms)-1])
	old.Close()
	db := openAt(t, source, ms)
	if db.Upgraded != fmt.Sprintf("%s.before-v%d", source, len(ms)-1) {
		t.Fatalf("the upgrade kept %q", db.Upgraded)
	}
	r, err := Check(ctx, db.Upgraded)
	if err != nil || r.Integrity != "ok" || r.Version != len(ms)-1 {
		t.Fatalf("the copy kept checks %+v, %v", r, err)
	}
	db.Close()
	again := openAt(t, source, ms)
	if again.Upgraded != "" {
		t.Errorf("a current database kept a copy: %s", again.Upgraded)
	}
	if _, err := Check(ctx, filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Error("a missing file checked")
	}
	junk := filepath.Join(t.TempDir(), "junk.db")
	os.WriteFile(junk, []byte("not a database"), 0o600)
	if _, err := Check(ctx, junk); err == nil {
		t.Error("a file that is no database checked")
	}
}
