package challenge

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	"kilab/store"
)

// A direct challenge's DM to its opponent shows the challenge's end, however
// it ends, and loses its buttons: accepted or cancelled in the channel,
// expired, or closed while the DM was on its way.
func TestChallengeDMShowsTheEnd(t *testing.T) {
	t.Parallel()
	for _, end := range []struct {
		name, says string
		close      func(t *testing.T, b *Challenges, db *store.DB)
		early      bool // closed before the DM is sent
	}{
		{"accepted", "Accepted by <@" + kittest.Bo + ">", clickWith(kittest.Bo, "a"), false},
		{"cancelled", "Cancelled by <@" + kittest.Ana + ">", clickWith(kittest.Ana, "x"), false},
		{"expired", "Expired", expire, false},
		{"cancelled while the DM went", "Cancelled.", clickWith(kittest.Ana, "x"), true},
	} {
		t.Run(end.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			core, rec, db := kittest.Core(t, 1)
			b := New(core)
			if err := b.Challenge(ctx, challengeBy(t, kittest.Ana, 0)); err != nil {
				t.Fatal(err)
			}
			due, err := db.ClaimAnnouncements(ctx, "test", 10, time.Minute)
			if err != nil || len(due) != 1 || due[0].Kind != store.AnnounceChallengeDM {
				t.Fatalf("announced %+v, %v; want the challenge's DM", due, err)
			}
			if end.early {
				// The challenge closes as the DM is sent.
				rec.Before = func(c kittest.Call) error {
					if c.Op == "send" && strings.HasPrefix(c.Channel, "dm-") {
						rec.Before = nil
						end.close(t, b, db)
					}
					return nil
				}
			}
			if err := b.DeliverDM(ctx, due[0]); err != nil {
				t.Fatal(err)
			}
			c, _ := db.Challenge(ctx, 1)
			if c.DMMessage == "" || c.DMChannel != "dm-"+kittest.Bo {
				t.Fatalf("the DM was not recorded: %+v", c)
			}
			if dm, _ := rec.Held(c.DMMessage); len(dm.Msg.Components) == 0 && !end.early {
				t.Fatalf("the DM was sent without its buttons: %+v", dm.Msg)
			}
			if !end.early {
				end.close(t, b, db)
			}
			dm, _ := rec.Held(c.DMMessage)
			if len(dm.Msg.Components) != 0 || len(dm.Msg.Embeds) == 0 || !strings.Contains(dm.Msg.Embeds[0].Description, end.says) {
				t.Errorf("the DM after the end: controls %v, %+v", dm.Msg.Components, dm.Msg.Embeds)
			}
		})
	}
}

// clickWith is a close by user's click on the challenge's button verb in
// the channel.
func clickWith(user, verb string) func(t *testing.T, b *Challenges, db *store.DB) {
	return func(t *testing.T, b *Challenges, db *store.DB) {
		i, a := click(t, user, 0, verb, 1)
		if err := b.Click(context.Background(), i, a); err != nil {
			t.Fatal(err)
		}
	}
}

// expire lets the challenge's time run out.
func expire(t *testing.T, b *Challenges, db *store.DB) {
	db.Now = func() time.Time { return time.Now().Add(store.ChallengeTTL + time.Hour) }
	if err := b.Expire(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// The DM is closed too where its record and the challenge's end cross: an
// accept whose click read the challenge before the DM was recorded, and a
// try of the delivery again (the first failed after sending) that finds the
// challenge closed by then.
func TestChallengeDMClosedAcrossRaces(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, race := range []string{"accept", "retry"} {
		t.Run(race, func(t *testing.T) {
			t.Parallel()
			core, rec, db := kittest.Core(t, 1)
			b := New(core)
			if err := b.Challenge(ctx, challengeBy(t, kittest.Ana, 0)); err != nil {
				t.Fatal(err)
			}
			due, err := db.ClaimAnnouncements(ctx, "test", 10, time.Minute)
			if err != nil || len(due) != 1 {
				t.Fatalf("announced %+v, %v", due, err)
			}
			stale, _ := db.Challenge(ctx, 1)
			if err := b.DeliverDM(ctx, due[0]); err != nil {
				t.Fatal(err)
			}
			switch race {
			case "accept":
				g, _ := games.Lookup(stale.Kind)
				i, _ := click(t, kittest.Bo, 0, "a", 1)
				if err := b.accept(ctx, i, stale, g, kittest.Bo); err != nil {
					t.Fatal(err)
				}
			case "retry":
				if _, err := db.CancelChallenge(ctx, 1, kittest.Ana); err != nil {
					t.Fatal(err)
				}
				var skip kit.Skip
				if err := b.DeliverDM(ctx, due[0]); !errors.As(err, &skip) {
					t.Fatalf("the try again: %v, want it skipped", err)
				}
			}
			c, _ := db.Challenge(ctx, 1)
			dm, _ := rec.Held(c.DMMessage)
			if c.DMMessage == "" || len(dm.Msg.Components) != 0 || !strings.Contains(dm.Msg.Embeds[0].Description, map[string]string{"accept": "Accepted by", "retry": "Cancelled."}[race]) {
				t.Errorf("the DM: controls %v, %+v", dm.Msg.Components, dm.Msg.Embeds)
			}
		})
	}
}
