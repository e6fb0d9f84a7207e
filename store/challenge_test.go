package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"kilab/games"
)

func newChallenge(t *testing.T, db *DB, opponent string) Challenge {
	t.Helper()
	c, err := db.CreateChallenge(context.Background(), Challenge{GuildID: guild, ChannelID: channel,
		Challenger: "ana", Opponent: opponent, Kind: "seega",
		Config:    games.Config{Variant: "free", Options: map[string]string{"size": "5"}},
		TimeLimit: 7 * day, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func start(p0, p1 string) Start {
	return Start{Players: [2]string{p0, p1}, Position: "seega start", ToMove: games.First}
}

func TestCreateChallenge(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	c := newChallenge(t, db, "bo")
	want := Challenge{ID: c.ID, GuildID: guild, ChannelID: channel, Challenger: "ana", Opponent: "bo",
		Kind: "seega", Config: games.Config{Variant: "free", Options: map[string]string{"size": "5"}},
		First: FirstRandom, TimeLimit: 7 * day, Rated: true, Status: ChallengeOpen,
		Created: epoch, Expires: epoch.Add(ChallengeTTL)}
	if !reflect.DeepEqual(c, want) || !c.Direct() {
		t.Fatalf("created\n%+v\nwant\n%+v", c, want)
	}
	if err := db.SetChallengeMessage(ctx, c.ID, "msg"); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Challenge(ctx, c.ID); got.MessageID != "msg" {
		t.Fatalf("message id %q", got.MessageID)
	}
	wantErr(t, "message of a missing challenge", db.SetChallengeMessage(ctx, 99, "m"), ErrNotFound)
	_, err := db.Challenge(ctx, 99)
	wantErr(t, "missing challenge", err, ErrNotFound)

	_, err = db.CreateChallenge(ctx, Challenge{GuildID: guild, ChannelID: channel, Challenger: "ana", Opponent: "ana", Kind: "tab", TimeLimit: day})
	wantErr(t, "challenging oneself", err, ErrForbidden)
	_, err = db.CreateChallenge(ctx, Challenge{GuildID: guild, ChannelID: channel, Challenger: "ana", Kind: "tab", First: "me", TimeLimit: day})
	wantErr(t, "first=me (the bot says challenger)", err, ErrInvalid)
	_, err = db.CreateChallenge(ctx, Challenge{GuildID: guild, Challenger: "ana", Kind: "tab", TimeLimit: day})
	wantErr(t, "no channel", err, ErrInvalid)
}

func TestAcceptDirectChallenge(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	c := newChallenge(t, db, "bo")
	_, err := db.AcceptChallenge(ctx, c.ID, "cy", start("ana", "cy"))
	wantErr(t, "a third user accepting", err, ErrForbidden)
	_, err = db.AcceptChallenge(ctx, c.ID, "ana", start("ana", "bo"))
	wantErr(t, "the challenger accepting", err, ErrForbidden)
	_, err = db.AcceptChallenge(ctx, c.ID, "bo", start("ana", "cy"))
	wantErr(t, "seats that are not the two players", err, ErrInvalid)
	clk.Add(time.Hour)
	g, err := db.AcceptChallenge(ctx, c.ID, "bo", start("bo", "ana"))
	if err != nil {
		t.Fatal(err)
	}
	if g.ChallengeID != c.ID || g.Players != [2]string{"bo", "ana"} || g.Kind != "seega" || g.TimeLimit != 7*day ||
		!g.Rated || g.Config.Options["size"] != "5" || !g.Deadline.Equal(epoch.Add(time.Hour+7*day)) {
		t.Fatalf("game from the challenge: %+v", g)
	}
	c, _ = db.Challenge(ctx, c.ID)
	if c.Status != ChallengeAccepted || c.GameID != g.ID || !c.Closed.Equal(epoch.Add(time.Hour)) {
		t.Fatalf("accepted challenge: %+v", c)
	}
	_, err = db.AcceptChallenge(ctx, c.ID, "bo", start("bo", "ana"))
	wantErr(t, "accepting twice", err, ErrClosed)
	_, err = db.AcceptChallenge(ctx, 99, "bo", start("bo", "ana"))
	wantErr(t, "accepting a missing challenge", err, ErrNotFound)
}

func TestChallengeExpires(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	old := newChallenge(t, db, "")
	clk.Add(time.Hour)
	young := newChallenge(t, db, "bo")
	clk.Add(ChallengeTTL - time.Hour)
	_, err := db.AcceptChallenge(ctx, old.ID, "bo", start("ana", "bo"))
	wantErr(t, "accepting at the expiry", err, ErrExpired)
	got, err := db.ExpireChallenges(ctx)
	if err != nil || len(got) != 1 || got[0].ID != old.ID || got[0].Status != ChallengeExpired {
		t.Fatalf("first sweep: %+v, %v", got, err)
	}
	if again, _ := db.ExpireChallenges(ctx); len(again) != 0 {
		t.Fatalf("an expired challenge came back: %+v", again)
	}
	_, err = db.AcceptChallenge(ctx, old.ID, "bo", start("ana", "bo"))
	wantErr(t, "accepting an expired challenge", err, ErrClosed)
	clk.Add(time.Hour)
	if got, _ := db.ExpireChallenges(ctx); len(got) != 1 || got[0].ID != young.ID {
		t.Fatalf("second sweep: %+v", got)
	}
}

func TestDeclineAndCancel(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	c := newChallenge(t, db, "bo")
	_, err := db.DeclineChallenge(ctx, c.ID, "ana")
	wantErr(t, "the challenger declining", err, ErrForbidden)
	_, err = db.CancelChallenge(ctx, c.ID, "bo")
	wantErr(t, "the opponent cancelling", err, ErrForbidden)
	got, err := db.DeclineChallenge(ctx, c.ID, "bo")
	if err != nil || got.Status != ChallengeDeclined {
		t.Fatalf("declined: %+v, %v", got, err)
	}
	_, err = db.CancelChallenge(ctx, c.ID, "ana")
	wantErr(t, "cancelling a declined challenge", err, ErrClosed)

	open := newChallenge(t, db, "")
	_, err = db.DeclineChallenge(ctx, open.ID, "bo")
	wantErr(t, "declining an open challenge", err, ErrForbidden)
	if got, err := db.CancelChallenge(ctx, open.ID, "ana"); err != nil || got.Status != ChallengeCancelled {
		t.Fatalf("cancelled: %+v, %v", got, err)
	}
}

// Of many users accepting one open challenge at once, exactly one gets a game.
func TestOpenChallengeAcceptedOnce(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	c := newChallenge(t, db, "")
	const n = 16
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			u := fmt.Sprintf("user%d", i)
			_, errs[i] = db.AcceptChallenge(ctx, c.ID, u, start("ana", u))
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
		} else {
			wantErr(t, "a losing accept", err, ErrClosed)
		}
	}
	var games int
	db.read.QueryRow(`SELECT count(*) FROM games WHERE challenge_id = ?`, c.ID).Scan(&games)
	if won != 1 || games != 1 {
		t.Fatalf("%d accepts succeeded, %d games made; want 1 and 1", won, games)
	}
}

// A finished game gets one rematch challenge at a time, even from two clicks
// at once; a declined one may be offered again.
func TestRematchOnce(t *testing.T) {
	db, _ := newDB(t)
	ctx := context.Background()
	g := newGame(t, db)
	c := Challenge{GuildID: "g", ChannelID: "c", Challenger: "ana", Opponent: "bo", Kind: "aseb",
		Config: games.Config{Variant: "standard"}, TimeLimit: time.Hour, RematchOf: g.ID}
	if _, err := db.CreateChallenge(ctx, c); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateChallenge(ctx, c); !errors.Is(err, ErrConflict) {
		t.Fatalf("second rematch of game %d: %v, want ErrConflict", g.ID, err)
	}
	if _, err := db.DeclineChallenge(ctx, 1, "bo"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateChallenge(ctx, c); err != nil {
		t.Fatalf("rematch after the first was declined: %v", err)
	}
}

// How the first player was decided is kept with the game (D3: every
// throw is recorded, the throw-off's too).
func TestOpeningKept(t *testing.T) {
	db, _ := newDB(t)
	ctx := context.Background()
	c := newChallenge(t, db, "bo")
	g, err := db.AcceptChallenge(ctx, c.ID, "bo", Start{Players: [2]string{"bo", "ana"}, Position: "start", Opening: "Throw-off: 2 / 1"})
	if err != nil {
		t.Fatal(err)
	}
	back, err := db.Game(ctx, g.ID)
	if err != nil || back.Opening != "Throw-off: 2 / 1" || g.Opening != back.Opening {
		t.Fatalf("opening %q / %q, %v", g.Opening, back.Opening, err)
	}
}

// The opponent's DM of a direct challenge is recorded with the challenge;
// put off while the channel message it links to is not known, it is due
// again as soon as that message is recorded.
func TestChallengeDMDueOnceItsMessageIsKnown(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	c := newChallenge(t, db, "bo")
	due, err := db.DueAnnouncements(ctx, 10)
	if err != nil || len(due) != 1 || due[0].Kind != AnnounceChallengeDM || due[0].Challenge != c.ID || due[0].User != "bo" {
		t.Fatalf("due after a direct challenge: %+v, %v", due, err)
	}
	if err := db.Retry(ctx, due[0].ID, epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if due, _ := db.DueAnnouncements(ctx, 10); len(due) != 0 {
		t.Fatalf("put-off DM still due: %+v", due)
	}
	if err := db.SetChallengeMessage(ctx, c.ID, "msg"); err != nil {
		t.Fatal(err)
	}
	if due, _ := db.DueAnnouncements(ctx, 10); len(due) != 1 {
		t.Fatalf("DM not due once the message is known: %+v", due)
	}
}

// The other order: the message is recorded between the delivery finding none
// and its putting the DM off. Later keeps the DM due; Retry would lose it
// until the backoff ran out (for ever, on a clock that does not move).
func TestChallengeDMMessageRecordedWhilePuttingOff(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	c := newChallenge(t, db, "bo")
	due, _ := db.DueAnnouncements(ctx, 10)
	if err := db.SetChallengeMessage(ctx, c.ID, "msg"); err != nil {
		t.Fatal(err)
	}
	if err := db.Later(ctx, due[0].ID, epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if again, _ := db.DueAnnouncements(ctx, 10); len(again) != 1 || again[0].Attempts != 1 {
		t.Fatalf("DM put off though its message is known: %+v", again)
	}
	other := newChallenge(t, db, "cy")
	due, _ = db.DueAnnouncements(ctx, 10)
	for _, a := range due {
		if a.Challenge == other.ID {
			if err := db.Later(ctx, a.ID, epoch.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, a := range mustDue(t, db) {
		if a.Challenge == other.ID {
			t.Errorf("DM without its message not put off: %+v", a)
		}
	}
}

func mustDue(t *testing.T, db *DB) []Announcement {
	t.Helper()
	due, err := db.DueAnnouncements(context.Background(), 10)
	if err != nil {
		t.Fatal(err)
	}
	return due
}

// A game whose challenge was accepted before its message was recorded opens
// its thread from that message: its start, put off meanwhile, is due again
// once the message is recorded.
func TestGameStartDueOnceItsChallengeMessageIsKnown(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	c := newChallenge(t, db, "")
	g, err := db.AcceptChallenge(ctx, c.ID, "bo", start("ana", "bo"))
	if err != nil {
		t.Fatal(err)
	}
	due, _ := db.DueAnnouncements(ctx, 10)
	if len(due) != 1 || due[0].Game != g.ID || due[0].Kind != AnnounceStart {
		t.Fatalf("due after the accept: %+v", due)
	}
	if err := db.Retry(ctx, due[0].ID, epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := db.SetChallengeMessage(ctx, c.ID, "msg"); err != nil {
		t.Fatal(err)
	}
	if again, _ := db.DueAnnouncements(ctx, 10); len(again) != 1 || again[0].ID != due[0].ID {
		t.Fatalf("the game's start not due once its challenge's message is known: %+v", again)
	}
}
