package delivery

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/store"
)

// fakeClock is a DB.Now that the test moves.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

// quietNight gives user quiet hours from 23:00 to 08:00 in Berlin.
func quietNight(t *testing.T, db *store.DB, user string) {
	t.Helper()
	ctx := context.Background()
	if err := db.SetTimeZone(ctx, user, "Europe/Berlin"); err != nil {
		t.Fatal(err)
	}
	if err := db.SetQuiet(ctx, user, 23*60, 8*60); err != nil {
		t.Fatal(err)
	}
}

// gameRig is a delivery on a fresh database (throws drawn from seed, the
// clock at at unless at is zero) with an Aseb game between Ana and Bo
// started and its announcements delivered.
func gameRig(t *testing.T, seed uint64, at time.Time) (*kit.Core, *kittest.Recorder, *store.DB, *fakeClock, *Delivery, store.Game) {
	t.Helper()
	core, rec, db := kittest.Core(t, seed)
	clk := &fakeClock{t: at}
	if !at.IsZero() {
		db.Now = clk.Now
	}
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	d := New(core, Config{Instance: "test"})
	deliver(t, d)
	return core, rec, db, clk, d, g
}

// 23:30 in Berlin on a January night, and 08:00 the next morning.
var (
	lateNight = time.Date(2026, 1, 10, 22, 30, 0, 0, time.UTC)
	morning   = time.Date(2026, 1, 11, 7, 0, 0, 0, time.UTC)
)

// A turn DM that falls in its reader's quiet hours waits for their end,
// while the thread's board goes out at once; then it comes.
func TestQuietHoursHoldTheTurnDM(t *testing.T) {
	t.Parallel()
	core, rec, db, clk, d, g := gameRig(t, 5, lateNight)
	g = played(t, db, g, core.Src)
	next := g.Players[g.ToMove]
	quietNight(t, db, next)
	deliver(t, d)
	if n := len(boardsIn(rec, kit.ThreadOf(g))); n != 1 {
		t.Fatalf("%d boards in the thread, want 1: the thread does not wait for quiet hours", n)
	}
	if n := len(boardsIn(rec, "dm-"+next)); n != 0 {
		t.Fatalf("%d turn DMs sent at 23:30 to a player quiet from 23:00", n)
	}
	clk.Set(morning.Add(-time.Minute))
	deliver(t, d)
	if n := len(boardsIn(rec, "dm-"+next)); n != 0 {
		t.Fatalf("%d turn DMs sent at 07:59", n)
	}
	clk.Set(morning)
	deliver(t, d)
	if n := len(boardsIn(rec, "dm-"+next)); n != 1 {
		t.Fatalf("%d turn DMs sent when the quiet hours ended, want 1", n)
	}
}

// A held turn DM holds nothing of its game back: its player moves from the
// thread during their quiet hours, the next board and the opponent's DM go
// out at once, and the held DM, its turn over, is never sent.
func TestAHeldDMHoldsNothingBack(t *testing.T) {
	t.Parallel()
	core, rec, db, clk, d, g := gameRig(t, 5, lateNight)
	g = played(t, db, g, core.Src)
	quiet, other := g.Players[g.ToMove], g.Players[1-g.ToMove]
	quietNight(t, db, quiet)
	deliver(t, d)
	before := len(boardsIn(rec, "dm-"+other))
	g = played(t, db, g, core.Src)
	deliver(t, d)
	if n := len(boardsIn(rec, kit.ThreadOf(g))); n != 2 {
		t.Fatalf("%d boards in the thread, want 2: a held DM held its game back", n)
	}
	if n := len(boardsIn(rec, "dm-"+other)); n != before+1 {
		t.Fatalf("the opponent got %d turn DMs, want %d", n, before+1)
	}
	clk.Set(morning)
	deliver(t, d)
	if n := len(boardsIn(rec, "dm-"+quiet)); n != 0 {
		t.Errorf("%d DMs sent for a turn already played", n)
	}
}

// A muted game sends its player no DM; a player who takes the digest gets
// no turn DM; the thread hears of every move all the same.
func TestMutedGamesAndTheDigestSendNoTurnDM(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db, _, d, g := gameRig(t, 5, time.Time{})
	for _, choose := range []func(user string) error{
		func(user string) error { return db.Mute(ctx, user, g.ID, false) },
		func(user string) error {
			return errors.Join(db.SetTimeZone(ctx, user, "UTC"), db.SetDigest(ctx, user, true, 9*60))
		},
	} {
		db.Unmute(ctx, kittest.Ana, g.ID)
		db.Unmute(ctx, kittest.Bo, g.ID)
		db.SetDigest(ctx, kittest.Ana, false, 0)
		db.SetDigest(ctx, kittest.Bo, false, 0)
		g = played(t, db, g, core.Src)
		next := g.Players[g.ToMove]
		if err := choose(next); err != nil {
			t.Fatal(err)
		}
		before, thread := len(boardsIn(rec, "dm-"+next)), len(boardsIn(rec, kit.ThreadOf(g)))
		deliver(t, d)
		if n := len(boardsIn(rec, "dm-"+next)); n != before {
			t.Errorf("%d turn DMs sent, want none", n-before)
		}
		if n := len(boardsIn(rec, kit.ThreadOf(g))); n != thread+1 {
			t.Errorf("%d boards posted in the thread, want 1", n-thread)
		}
	}
}

// The digest lists every game where it is its player's turn, but those they
// muted, with a link to each live board; a day with none sends nothing.
func TestDigestListsTheTurns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 5)
	clk := &fakeClock{t: time.Date(2026, 1, 10, 6, 0, 0, 0, time.UTC)}
	db.Now = clk.Now
	d := New(core, Config{Instance: "test"})
	var onMove []store.Game
	for range 3 {
		g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
		if g.Players[g.ToMove] != kittest.Ana {
			g = played(t, db, g, core.Src)
		}
		onMove = append(onMove, g)
	}
	deliver(t, d)
	db.Mute(ctx, kittest.Ana, onMove[2].ID, false)
	db.SetTimeZone(ctx, kittest.Ana, "Europe/Berlin")
	db.SetDigest(ctx, kittest.Ana, true, 8*60) // 07:00 UTC
	db.SetTimeZone(ctx, kittest.Bo, "Europe/Berlin")
	db.SetDigest(ctx, kittest.Bo, true, 8*60)
	dms := func(user string) []kittest.Call {
		var out []kittest.Call
		for _, c := range rec.Calls {
			if c.Op == "send" && c.Channel == "dm-"+user && len(c.Msg.Files) == 0 {
				out = append(out, c)
			}
		}
		return out
	}
	clk.Set(time.Date(2026, 1, 10, 7, 0, 0, 0, time.UTC))
	if n, err := db.ClaimDigests(ctx, 10); n != 2 || err != nil {
		t.Fatalf("digests announced: %d, %v", n, err)
	}
	deliver(t, d)
	got := dms(kittest.Ana)
	if len(got) != 1 {
		t.Fatalf("%d digests to Ana, want 1", len(got))
	}
	text := kittest.EmbedText(got[0].Msg.Embeds[0])
	for k, g := range onMove {
		fresh, _ := db.Game(ctx, g.ID)
		link := BoardLink(fresh)
		if listed := strings.Contains(text, "("+link+")"); listed != (k < 2) {
			t.Errorf("game %d (muted: %v) listed: %v, link %s, in %q", g.ID, k == 2, listed, link, text)
		}
	}
	if n := len(dms(kittest.Bo)); n != 0 {
		t.Errorf("Bo, on move nowhere, got %d digests", n)
	}
	deliver(t, d)
	if n := len(dms(kittest.Ana)); n != 1 {
		t.Errorf("%d digests after delivering again, want 1", n)
	}
}

// A digest whose hour falls inside the player's quiet hours waits for
// their end.
func TestDigestWaitsForQuietHours(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 5)
	clk := &fakeClock{t: time.Date(2026, 1, 10, 6, 0, 0, 0, time.UTC)}
	db.Now = clk.Now
	d := New(core, Config{Instance: "test"})
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	if g.Players[g.ToMove] != kittest.Ana {
		played(t, db, g, core.Src)
	}
	deliver(t, d)
	db.SetTimeZone(ctx, kittest.Ana, "Europe/Berlin")
	db.SetQuiet(ctx, kittest.Ana, 7*60, 10*60)
	db.SetDigest(ctx, kittest.Ana, true, 8*60) // 07:00 UTC, inside 06:00-09:00 UTC
	digests := func() int {
		n := 0
		for _, c := range rec.Calls {
			if c.Op == "send" && c.Channel == "dm-"+kittest.Ana && len(c.Msg.Embeds) == 1 && len(c.Msg.Files) == 0 {
				n++
			}
		}
		return n
	}
	clk.Set(time.Date(2026, 1, 10, 7, 0, 0, 0, time.UTC))
	if n, err := db.ClaimDigests(ctx, 10); n != 1 || err != nil {
		t.Fatalf("digests announced: %d, %v", n, err)
	}
	deliver(t, d)
	if n := digests(); n != 0 {
		t.Fatalf("%d digests inside the quiet hours", n)
	}
	clk.Set(time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC))
	deliver(t, d)
	if n := digests(); n != 1 {
		t.Fatalf("%d digests once the quiet hours ended, want 1", n)
	}
}

// A turn's DM copy is drawn from its reader's side: the second seat's copy
// is the board turned, the first seat's the thread's own picture; one who
// chose the fixed side gets the thread's picture too.
func TestDMCopiesFromTheReadersSide(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db, _, d, g := gameRig(t, 5, time.Time{})
	same := func(user string) bool {
		t.Helper()
		boards, dms := boardsIn(rec, kit.ThreadOf(g)), boardsIn(rec, "dm-"+user)
		if len(boards) == 0 || len(dms) == 0 {
			t.Fatalf("no board (%d) or DM copy (%d) for %s", len(boards), len(dms), user)
		}
		return bytes.Equal(boards[len(boards)-1].Msg.Files[0].Data, dms[len(dms)-1].Msg.Files[0].Data)
	}
	for range 2 {
		g = played(t, db, g, core.Src)
		deliver(t, d)
		if user := g.Players[g.ToMove]; same(user) != (user == kittest.Ana) {
			t.Errorf("%s's DM copy the same picture as the thread's: %v", user, same(user))
		}
	}
	if err := db.SetFixedSide(ctx, kittest.Bo, true); err != nil {
		t.Fatal(err)
	}
	g = kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	deliver(t, d)
	g = played(t, db, g, core.Src)
	deliver(t, d)
	if g.Players[g.ToMove] != kittest.Bo {
		t.Fatal("Ana moved first, and Bo is not on move")
	}
	if !same(kittest.Bo) {
		t.Error("Bo chose the fixed side, and his DM copy is drawn from his")
	}
}

// A held DM overtaken by a newer one of its kind says nothing when it falls
// due: here the player's quiet hours changed while it waited, so the newer
// turn DM, held to the new end, went out first.
func TestAHeldDMOvertakenSaysNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db, clk, d, g := gameRig(t, 6, lateNight)
	g = played(t, db, g, core.Src)
	quiet := g.Players[g.ToMove]
	quietNight(t, db, quiet)
	deliver(t, d) // its turn DM is held to 08:00
	if err := db.SetQuiet(ctx, quiet, 23*60, 7*60); err != nil {
		t.Fatal(err)
	}
	g = played(t, db, g, core.Src)
	g = played(t, db, g, core.Src)
	if g.Players[g.ToMove] != quiet {
		t.Fatal("the quiet player is not on move again")
	}
	deliver(t, d) // the new turn DM is held to 07:00
	clk.Set(morning.Add(-time.Hour))
	deliver(t, d)
	clk.Set(morning)
	deliver(t, d)
	if n := len(boardsIn(rec, "dm-"+quiet)); n != 1 {
		t.Errorf("%d turn DMs to the player, want the newer one alone", n)
	}
}
