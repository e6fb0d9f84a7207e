package follow

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/store"
	"kilab/tournament"
)

// A follower's DM of a move waits for the end of their quiet hours, is left
// to their daily digest, and goes out otherwise; the end of the game is not
// left to the digest.
func TestFollowDMsFollowTheReadersChoices(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	at := time.Date(2026, 1, 10, 22, 30, 0, 0, time.UTC) // 23:30 in Berlin
	db.Now = func() time.Time { return at }
	f := New(core)
	const fan = "1000000000000000009"
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	if err := db.FollowGame(ctx, fan, g.ID, true); err != nil {
		t.Fatal(err)
	}
	a := store.Announcement{ID: 1, Game: g.ID, Kind: store.AnnounceFollowGame, User: fan, Version: g.Version}
	db.SetTimeZone(ctx, fan, "Europe/Berlin")
	db.SetQuiet(ctx, fan, 23*60, 8*60)
	var hold kit.Hold
	if err := f.deliverGame(ctx, a); !errors.As(err, &hold) || !hold.Until.Equal(time.Date(2026, 1, 11, 7, 0, 0, 0, time.UTC)) {
		t.Fatalf("in quiet hours: %v", err)
	}
	db.SetQuiet(ctx, fan, 0, 0)
	db.SetDigest(ctx, fan, true, 9*60)
	var skip kit.Skip
	if err := f.deliverGame(ctx, a); !errors.As(err, &skip) {
		t.Fatalf("with the digest: %v", err)
	}
	db.SetDigest(ctx, fan, false, 0)
	if err := f.deliverGame(ctx, a); err != nil {
		t.Fatal(err)
	}
	if sent, ok := rec.First("send"); !ok || sent.Channel != "dm-"+fan || len(sent.Msg.Files) != 1 {
		t.Fatalf("the follower's DM: %+v", sent)
	}
	end, _, err := db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.Aborted, Reason: store.ReasonAbort}})
	if err != nil {
		t.Fatal(err)
	}
	db.SetDigest(ctx, fan, true, 9*60)
	if err := f.deliverGame(ctx, store.Announcement{ID: 2, Game: g.ID, Kind: store.AnnounceFollowGame, User: fan, Version: end.Version}); err != nil {
		t.Fatalf("the end, with the digest: %v", err)
	}
}

// A tournament's follower hears of a round in their language, after their
// quiet hours; one who unfollowed it meanwhile hears nothing; a read that
// failed is tried again later, not taken for an unfollow.
func TestTournamentFollowDMs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	at := time.Date(2026, 1, 10, 22, 30, 0, 0, time.UTC) // 23:30 in Berlin
	db.Now = func() time.Time { return at }
	f := New(core)
	const fan = "1000000000000000009"
	tm, err := db.CreateTournament(ctx, store.Tournament{GuildID: kittest.Guild, ChannelID: kittest.Channel, Creator: kittest.Ana,
		Kind: "aseb", Config: games.Config{Variant: "standard"}, Format: tournament.Swiss, Rounds: 3, TimeLimit: 72 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.FollowTournament(ctx, fan, tm.ID); err != nil {
		t.Fatal(err)
	}
	a := store.Announcement{ID: 1, Tournament: tm.ID, Kind: store.AnnounceFollowRound, User: fan, Round: 2}
	db.SetTimeZone(ctx, fan, "Europe/Berlin")
	db.SetQuiet(ctx, fan, 23*60, 8*60)
	db.SetLanguage(ctx, fan, "fr")
	var hold kit.Hold
	if err := f.deliverTournament(ctx, a); !errors.As(err, &hold) || !hold.Until.Equal(time.Date(2026, 1, 11, 7, 0, 0, 0, time.UTC)) {
		t.Fatalf("in quiet hours: %v", err)
	}
	at = hold.Until
	gone, cancel := context.WithCancel(ctx)
	cancel()
	var skip kit.Skip
	if err := f.deliverTournament(gone, a); err == nil || errors.As(err, &skip) {
		t.Fatalf("a failed read of the follow: %v, want an error to try again", err)
	}
	if err := f.deliverTournament(ctx, a); err != nil {
		t.Fatal(err)
	}
	sent, ok := rec.First("send")
	if !ok || sent.Channel != "dm-"+fan || !strings.Contains(sent.Msg.Content, "ronde 2") {
		t.Fatalf("the follower's DM: %+v", sent)
	}
	if _, err := db.UnfollowTournament(ctx, fan, tm.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.deliverTournament(ctx, a); !errors.As(err, &skip) {
		t.Fatalf("after /unfollow: %v, want it skipped", err)
	}
}
