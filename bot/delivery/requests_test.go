package delivery

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"kilab/ai"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/store"
)

// movesPlayed plays n moves of g, delivering each move's announcements, and
// returns the game and the Discord calls each move's delivery made. The
// seed's throws let the first legal move hand the turn over each time.
func movesPlayed(t *testing.T, d *Delivery, rec *kittest.Recorder, db *store.DB, g store.Game, n int) (store.Game, [][]string) {
	t.Helper()
	var ops [][]string
	for range n {
		from := len(rec.Ops())
		g = played(t, db, g, d.Src)
		deliver(t, d)
		ops = append(ops, rec.Ops()[from:])
	}
	return g, ops
}

// A move costs Discord four requests besides the click's answer, once both
// players' DM channels are known: the board in the thread, the next
// player's DM, and one edit each retiring the thread's old board and the
// mover's DM copy, with no read of either first. The DM channels are
// opened once each, the first time.
func TestRequestsPerMove(t *testing.T) {
	t.Parallel()
	core, rec, db := kittest.Core(t, 3)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	var mu sync.Mutex
	counted := map[string]int{}
	d := New(core, Config{Instance: "test", OnRequests: func(kind string, n int) {
		mu.Lock()
		defer mu.Unlock()
		counted[kind] += n
	}})
	deliver(t, d)
	counted = map[string]int{}
	from := len(rec.Calls)
	_, moves := movesPlayed(t, d, rec, db, g, 6)
	opened := 0
	for k, ops := range moves {
		steady := slices.DeleteFunc(slices.Clone(ops), func(op string) bool { return op == "dm" })
		opened += len(ops) - len(steady)
		want := []string{"send", "send", "edit", "edit"}
		if k == 0 {
			want = want[:2] // nothing to retire yet
		}
		if !slices.Equal(steady, want) {
			t.Errorf("move %d made %v: want %v, and a DM channel opened the first time only", k+1, ops, want)
		}
	}
	if opened != 2 {
		t.Errorf("%d DM channels opened for two players: %v", opened, moves)
	}
	// The metrics count what the recorder saw, by kind; the retirements'
	// edits, and only they, may wait for the others.
	calls := rec.Calls[from:]
	total := 0
	for _, n := range counted {
		total += n
	}
	if total != len(calls) || counted[store.AnnounceRetire] != 2*(len(moves)-1) {
		t.Errorf("requests counted %v, %d in all: want %d, 2 a move retiring", counted, total, len(calls))
	}
	for _, c := range calls {
		if c.Msg != nil && c.Msg.Background != (c.Op == "edit") {
			t.Errorf("%s in %s: background %v, want it for the edits alone", c.Op, c.Channel, c.Msg.Background)
		}
	}
}

// Under load a move's retirements wait for other games' boards: when a
// game's retirement and another game's next board are due together, the
// board goes first.
func TestRetirementsAfterBoards(t *testing.T) {
	t.Parallel()
	core, rec, db := kittest.Core(t, 3)
	a := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	b := kittest.StoreGame(t, db, "aseb", "1000000000000000003", "1000000000000000004", true, store.Unfinished, "")
	d := New(core, Config{Instance: "test"})
	deliver(t, d)
	a = played(t, db, a, core.Src)
	deliver(t, d)
	a = played(t, db, a, core.Src) // a's second move: a board, a DM, then two boards to retire
	var moved error
	once := sync.Once{}
	rec.Before = func(c kittest.Call) error {
		if c.Op == "send" && c.Channel == "dm-"+a.Players[a.ToMove] {
			// b's move comes while a's DM goes: b's board is due with a's retirement.
			once.Do(func() { b, moved = play(db, b, core.Src) })
		}
		return nil
	}
	from := len(rec.Calls)
	deliver(t, d)
	if moved != nil {
		t.Fatal(moved)
	}
	board, retired := -1, -1
	for k, c := range rec.Calls[from:] {
		switch {
		case c.Op == "send" && c.Channel == kit.ThreadOf(b) && board < 0:
			board = k
		case c.Op == "edit" && retired < 0:
			retired = k
		}
	}
	if board < 0 || retired < 0 || retired < board {
		t.Errorf("game b's board at call %d, game a's first retirement at %d: want the board first: %v", board, retired, rec.Ops()[from:])
	}
}

// A player's DM channel is kept in the database: a restarted bot (a new
// Core on the same database, its caches empty) sends DMs to it without
// opening it again.
func TestDMChannelKeptAcrossRestart(t *testing.T) {
	t.Parallel()
	core, rec, db := kittest.Core(t, 3)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	deliver(t, New(core, Config{Instance: "test"}))
	g, _ = movesPlayed(t, New(core, Config{Instance: "test"}), rec, db, g, 2)

	again := &kittest.Recorder{}
	restarted := New(kit.NewCore(db, again, core.Src, slog.New(slog.NewTextHandler(io.Discard, nil)), ai.Env{}), Config{Instance: "test"})
	_, moves := movesPlayed(t, restarted, again, db, g, 2)
	for k, ops := range moves {
		if slices.Contains(ops, "dm") || !slices.Contains(ops, "send") {
			t.Errorf("move %d after the restart made %v: want the DM sent to the kept channel, none opened", k+1, ops)
		}
	}
}

// A kept DM channel Discord says is gone (Unknown Channel) is forgotten and
// opened again, once: the DM goes out, and the new channel is kept. One
// that is gone again is not tried a third time.
func TestDMChannelGone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		fails int // sends to Bo's DM channel refused as gone
		sent  bool
	}{{"reopened", 1, true}, {"gone again", 2, false}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			core, rec, db := kittest.Core(t, 3)
			if err := db.SetDMChannel(ctx, kittest.Bo, "old-dm"); err != nil {
				t.Fatal(err)
			}
			g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
			d := New(core, Config{Instance: "test"})
			deliver(t, d)
			refused := 0
			rec.Before = func(call kittest.Call) error {
				if call.Op == "send" && (call.Channel == "old-dm" || call.Channel == "dm-"+kittest.Bo) && refused < c.fails {
					refused++
					return kittest.DiscordError(404, kit.CodeUnknownChannel)
				}
				return nil
			}
			g = played(t, db, g, core.Src) // Bo's turn: Bo's DM
			deliver(t, d)
			var tried []string
			for _, call := range rec.Calls {
				if call.Op == "dm" || call.Op == "send" && call.Channel != kit.ThreadOf(g) {
					tried = append(tried, call.Op+" "+call.Channel)
				}
			}
			wantTried := []string{"dm " + kittest.Bo} // the refused sends are not recorded
			if c.sent {
				wantTried = append(wantTried, "send dm-"+kittest.Bo)
			}
			if !slices.Equal(tried, wantTried) || refused != c.fails {
				t.Errorf("after old-dm was refused: %v (%d refused): want %v", tried, refused, wantTried)
			}
			set, err := db.Settings(ctx, kittest.Bo)
			if err != nil || set.DMChannel != "dm-"+kittest.Bo {
				t.Errorf("Bo's DM channel is kept as %q (%v), want the new one", set.DMChannel, err)
			}
			if got := len(boardsIn(rec, "dm-"+kittest.Bo)); (got == 1) != c.sent {
				t.Errorf("%d DMs reached Bo, want one: %v", got, c.sent)
			}
		})
	}
}

// A game's next board does not wait for the retirement of its old boards:
// while a retirement's edit hangs (Discord slow, or the limit spent on
// other games' boards), the move after it is delivered.
func TestNextBoardPassesSlowRetirement(t *testing.T) {
	t.Parallel()
	core, rec, db := kittest.Core(t, 3)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	d := New(core, Config{Instance: "test"})
	deliver(t, d)
	g = played(t, db, g, core.Src)
	deliver(t, d)
	g = played(t, db, g, core.Src) // its delivery retires the first move's boards
	thread := kit.ThreadOf(g)
	boards := len(boardsIn(rec, thread))
	sent := make(chan struct{})
	var once, closing sync.Once
	var moved error
	passed := true
	rec.Before = func(c kittest.Call) error {
		switch {
		case c.Op == "edit":
			once.Do(func() {
				_, moved = play(db, g, core.Src) // the next move comes while the edit hangs,
				d.Wake()                         // and its commit wakes the delivery, as the bot's do
				select {
				case <-sent:
				case <-time.After(10 * time.Second): // a guard against waiting for good, not a measure
					passed = false
				}
			})
		case c.Op == "send" && c.Channel == thread && len(c.Msg.Files) == 1:
			if boards--; boards < 0 { // the third move's board
				closing.Do(func() { close(sent) })
			}
		}
		return nil
	}
	deliver(t, d)
	if moved != nil {
		t.Fatal(moved)
	}
	if !passed {
		t.Errorf("the next board waited for the retirement of the boards before it: %v", rec.Ops())
	}
}
