package delivery

import (
	"context"
	"strings"
	"sync"
	"testing"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/store"
)

// Buttons are made through their shapes, which the router registers in the
// bot; here the test does.
func init() {
	kit.RegisterShape("g", kit.GameShape)
	kit.RegisterShape("r", kit.IDOnly)
}

// played commits turns of g as a player's clicks would, through the engine,
// until the move has passed to the other player once, announcing it.
func played(t *testing.T, db *store.DB, g store.Game, src games.Source) store.Game {
	t.Helper()
	ctx := context.Background()
	game, _ := games.Lookup(g.Kind)
	pos, err := game.New(g.Config)
	if err != nil {
		t.Fatal(err)
	}
	seat := pos.Due().Player
	var rec games.Recorder
	if pos, err = games.Roll(pos, seat, src, &rec); err != nil {
		t.Fatal(err)
	}
	for pos.Due().Player == seat && pos.Due().Kind == games.DueMove {
		m := pos.Moves()[0].Notation
		if pos, err = games.PlayAs(pos, seat, m); err != nil {
			t.Fatal(err)
		}
		rec.Move(seat, m)
		if pos, err = games.Advance(pos, src, &rec); err != nil {
			t.Fatal(err)
		}
	}
	if pos.Due().Player == seat {
		t.Fatal("the first player is still on move; pick another seed")
	}
	after, _, err := db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, Plies: rec.Plies, Moved: true,
		Position: pos.String(), ToMove: pos.Due().Player, Announce: true})
	if err != nil {
		t.Fatal(err)
	}
	return after
}

// A move's announcements go out once each: the board in the game's thread
// and the turn's DM to the next player, counted as sent; delivering again
// sends nothing more; a kind another feature writes goes to its deliverer.
func TestDeliverOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 5)
	src := core.Src
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	var mu sync.Mutex
	outcomes := map[string]int{}
	var theirs []store.Announcement
	d := New(core, Config{Instance: "test", Kinds: map[string]func(context.Context, store.Announcement) error{
		store.AnnounceVacation: func(_ context.Context, a store.Announcement) error {
			mu.Lock()
			defer mu.Unlock()
			theirs = append(theirs, a)
			return nil
		},
	}, OnOutcome: func(kind, outcome string) {
		mu.Lock()
		defer mu.Unlock()
		outcomes[kind+" "+outcome]++
	}})
	if err := d.Deliver(ctx); err != nil { // the game's start
		t.Fatal(err)
	}
	rec.Calls = nil
	g = played(t, db, g, src)
	if err := d.Deliver(ctx); err != nil {
		t.Fatal(err)
	}
	var boards, dms int
	for _, c := range rec.Calls {
		switch {
		case c.Op == "send" && c.Channel == kit.ThreadOf(g) && len(c.Msg.Files) == 1:
			boards++
		case c.Op == "send" && strings.HasPrefix(c.Channel, "dm-"+g.Players[g.ToMove]):
			dms++
		}
	}
	if boards != 1 || dms != 1 {
		t.Fatalf("%d boards in the thread and %d DMs, want 1 and 1: %v", boards, dms, rec.Ops())
	}
	if outcomes[store.AnnounceBoard+" sent"] != 1 || outcomes[store.AnnounceTurnDM+" sent"] != 1 {
		t.Errorf("outcomes %v", outcomes)
	}
	n := len(rec.Calls)
	if err := d.Deliver(ctx); err != nil || len(rec.Calls) != n {
		t.Errorf("delivering again sent %d more (%v)", len(rec.Calls)-n, err)
	}
	// The player on move goes on vacation: the store announces it in the
	// game's thread, a kind the vacations deliver.
	if _, err := db.StartVacation(ctx, g.Players[g.ToMove], 3); err != nil {
		t.Fatal(err)
	}
	if err := d.Deliver(ctx); err != nil {
		t.Fatal(err)
	}
	if len(theirs) != 1 || theirs[0].Game != g.ID || outcomes[store.AnnounceVacation+" sent"] != 1 {
		t.Errorf("the vacation's notice went to its deliverer %d times (%v), outcomes %v", len(theirs), theirs, outcomes)
	}
}
