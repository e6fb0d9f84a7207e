package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"kilab/games"
)

// Many clicks on the same turn, from one process or two: each round exactly
// one commit wins and the rest get ErrConflict, never SQLITE_BUSY nor a
// PostgreSQL serialization failure (update runs those again).
func TestConcurrentCommitsApplyOnce(t *testing.T) {
	ctx := context.Background()
	src := testSource(t)
	db, other := openTest(t, src), openTest(t, src) // two processes, as far as the database can tell
	g := newGame(t, db)
	const clickers = 24
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	for round := range rounds {
		var wins atomic.Int32
		var wg sync.WaitGroup
		errs := make(chan error, clickers)
		for i := range clickers {
			h := db
			if i%2 == 1 {
				h = other
			}
			wg.Go(func() {
				_, _, err := h.Commit(ctx, Commit{Game: g.ID, Version: g.Version,
					Plies: []games.Ply{{Player: g.ToMove, Move: fmt.Sprintf("r%dc%d", round, i)}},
					Moved: true, Position: fmt.Sprintf("after round %d", round), ToMove: g.ToMove.Other()})
				if err == nil {
					wins.Add(1)
				} else if !errors.Is(err, ErrConflict) {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("round %d: %v", round, err)
		}
		if wins.Load() != 1 {
			t.Fatalf("round %d: %d commits won, want 1", round, wins.Load())
		}
		var err error
		if g, err = db.Game(ctx, g.ID); err != nil || g.Version != int64(round+2) {
			t.Fatalf("round %d: version %d, %v", round, g.Version, err)
		}
	}
	rec, _ := db.Record(ctx, g.ID)
	if len(rec) != rounds {
		t.Fatalf("record has %d plies after %d rounds", len(rec), rounds)
	}
}

// Writers that retry on conflict, with readers beside them: every commit lands
// once, the plies are numbered without gap, and reads never fail.
func TestConcurrentWritersAndReaders(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	const writers, each = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, writers*2)
	stop := make(chan struct{})
	for range writers {
		wg.Go(func() {
			for n := 0; n < each; {
				cur, err := db.Game(ctx, g.ID)
				if err != nil {
					errs <- err
					return
				}
				_, _, err = db.Commit(ctx, Commit{Game: g.ID, Version: cur.Version,
					Plies: []games.Ply{{Player: cur.ToMove, Move: "m"}}, Moved: true, Position: "p", ToMove: cur.ToMove.Other()})
				switch {
				case err == nil:
					n++
				case !errors.Is(err, ErrConflict):
					errs <- err
					return
				}
			}
		})
	}
	var readers sync.WaitGroup
	for range 2 {
		readers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := db.ActiveGames(ctx, "ana", ""); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	final, _ := db.Game(ctx, g.ID)
	rec, _ := db.Record(ctx, g.ID)
	if final.Version != 1+writers*each || len(rec) != writers*each || rec[len(rec)-1].N != writers*each {
		t.Fatalf("version %d, %d plies; want %d and %d", final.Version, len(rec), 1+writers*each, writers*each)
	}
}
