package delivery

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	"kilab/store"
)

// thrown commits the throw of g's player on move, as a click on Throw does:
// no announcement, since the turn stays. It plays a turn first, announced
// and delivered, and more until a throw that keeps the turn comes.
func thrown(t *testing.T, d *Delivery, db *store.DB, g store.Game, src games.Source) store.Game {
	t.Helper()
	game, _ := games.Lookup(g.Kind)
	g = played(t, db, g, src)
	deliver(t, d)
	for range 20 {
		pos, err := game.Parse(g.Config, g.Position)
		if err != nil {
			t.Fatal(err)
		}
		seat := pos.Due().Player
		var rec games.Recorder
		if pos, err = games.Roll(pos, seat, src, &rec); err != nil {
			t.Fatal(err)
		}
		if pos.Due().Player != seat {
			g = played(t, db, g, src)
			deliver(t, d)
			continue
		}
		after, _, err := db.Commit(context.Background(), store.Commit{Game: g.ID, Version: g.Version, Plies: rec.Plies,
			Position: pos.String(), ToMove: seat})
		if err != nil {
			t.Fatal(err)
		}
		return after
	}
	t.Fatal("no throw kept the turn")
	return g
}

// controlsAt fails t unless the message held as id shows its picture and
// controls for g's version.
func controlsAt(t *testing.T, rec *kittest.Recorder, id string, g store.Game, edits int) {
	t.Helper()
	h, _ := rec.Held(id)
	ids := customIDs(h.Msg)
	prefix := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	if h.Edits != edits || len(h.Msg.Files) != 1 || len(ids) == 0 || !strings.HasPrefix(ids[0], prefix) {
		t.Errorf("board %s: %d edits, %d files, controls %v: want %d edits, its picture and controls for version %d",
			id, h.Edits, len(h.Msg.Files), ids, edits, g.Version)
	}
}

// A throw keeps the turn and announces nothing; the boards it leaves behind
// are drawn again as the game stands once RefreshAfter has passed: the DM
// copy when the player threw from the thread (whose board the click's
// answer drew, as BoardDrawn records), and the thread's board too when the
// answer to the click never went out (the process died after the deferral).
func TestRefreshDrawsBoardsLeftBehind(t *testing.T) {
	t.Parallel()
	for _, answered := range []bool{true, false} {
		t.Run(fmt.Sprintf("answered=%v", answered), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			core, rec, db := kittest.Core(t, 5)
			clock := time.Now()
			db.Now = func() time.Time { return clock }
			g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
			d := New(core, Config{Instance: "test"})
			deliver(t, d)
			g = thrown(t, d, db, g, core.Src)
			player := g.Players[g.ToMove]
			boards, dms := boardsIn(rec, kit.ThreadOf(g)), boardsIn(rec, "dm-"+player)
			board, dm := boards[len(boards)-1], dms[len(dms)-1]
			if answered {
				if err := db.BoardDrawn(ctx, board.Channel, board.ID, g.Version); err != nil {
					t.Fatal(err)
				}
			}
			deliver(t, d)
			if h, _ := rec.Held(dm.ID); h.Edits != 0 {
				t.Fatalf("the DM copy was drawn again %d times before the refresh was due", h.Edits)
			}
			clock = clock.Add(store.RefreshAfter)
			deliver(t, d)
			controlsAt(t, rec, dm.ID, g, 1)
			if answered {
				controlsAt(t, rec, board.ID, store.Game{ID: g.ID, Version: g.Version - 1}, 0)
			} else {
				controlsAt(t, rec, board.ID, g, 1)
			}
			if live, _ := db.LiveBoards(ctx, g.ID, g.Version); len(live) != 0 {
				t.Errorf("%d live boards still recorded behind version %d", len(live), g.Version)
			}
			clock = clock.Add(time.Hour)
			n := len(rec.Calls)
			deliver(t, d)
			if len(rec.Calls) != n {
				t.Errorf("delivering again made %d more calls", len(rec.Calls)-n)
			}
		})
	}
}

// The thrower's move does not wait for the throw's refresh, due seconds
// later: the next board goes out at once; and the refresh, once due, finds
// the game moved on and draws nothing.
func TestRefreshHoldsNothingBack(t *testing.T) {
	t.Parallel()
	core, rec, db := kittest.Core(t, 5)
	clock := time.Now()
	db.Now = func() time.Time { return clock }
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	d := New(core, Config{Instance: "test"})
	deliver(t, d)
	g = thrown(t, d, db, g, core.Src)
	thread := kit.ThreadOf(g)
	before := len(boardsIn(rec, thread))
	g = played(t, db, g, core.Src) // the move, the turn passing
	deliver(t, d)
	boards := boardsIn(rec, thread)
	if len(boards) != before+1 {
		t.Fatalf("%d boards in the thread after the move, want %d: the next board waited for the refresh", len(boards), before+1)
	}
	controlsAt(t, rec, boards[len(boards)-1].ID, g, 0)
	clock = clock.Add(store.RefreshAfter)
	n := len(rec.Calls)
	deliver(t, d)
	if len(rec.Calls) != n {
		t.Errorf("the refresh of a game that moved on made %d calls: %v", len(rec.Calls)-n, rec.Ops()[n:])
	}
	as, outcomes, _ := db.Announcements(context.Background(), g.ID)
	for k, a := range as {
		if a.Kind == store.AnnounceRefresh && !strings.Contains(outcomes[k], "moved on") {
			t.Errorf("the refresh at version %d: %q, want skipped as moved on", a.Version, outcomes[k])
		}
	}
}
