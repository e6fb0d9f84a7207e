package vacation

import (
	"context"
	"errors"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/lang"
	"kilab/store"
	"testing"
	"time"
)

// The "on vacation" lines others show (boards, /games) speak the reader's
// language, English as before.
func TestAwayLines(t *testing.T) {
	t.Parallel()
	until := time.Unix(1700000000, 0)
	away := map[string]time.Time{"1": until}
	if got := kit.AwayMarkIn(lang.En, away, "1"); got != " · on vacation until <t:1700000000:R>" {
		t.Errorf("awayMark: %q", got)
	}
	if got := kit.AwayMarkIn(lang.Of(lang.German), away, "2"); got != "" {
		t.Errorf("awayMarkIn of someone at home: %q", got)
	}
	if got := awayLine(lang.Of(lang.Spanish), "1", until); got != "<@1> de vacaciones, vuelve <t:1700000000:R>" {
		t.Errorf("awayLine: %q", got)
	}
	if got := awayFor(lang.Of(lang.Russian), 5*store.Day); got != "5 дней" {
		t.Errorf("awayFor: %q", got)
	}
}

// A vacation's notice is said in the thread of a game against a person,
// and not in one against the computer, whose notice is there only to have
// its boards drawn again.
func TestNoticeSaidToPeopleOnly(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	people := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	computer, err := db.CreateGame(ctx, store.NewGame{GuildID: kittest.Guild, ChannelID: kittest.Channel, Kind: "aseb",
		Config: people.Config, Players: [2]string{kittest.Ana, "1000000000000000099"}, Position: people.Position,
		ToMove: people.ToMove, TimeLimit: 72 * time.Hour, Computer: store.Computer{Level: "easy", Seat: games.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.StartVacation(ctx, kittest.Ana, 2); err != nil {
		t.Fatal(err)
	}
	v := New(core)
	said := map[int64]error{}
	for _, id := range []int64{people.ID, computer.ID} {
		as, _, err := db.Announcements(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range as {
			if a.Kind == store.AnnounceVacation {
				full := a
				full.Until = time.Now().Add(48 * time.Hour)
				said[id] = v.Deliver(ctx, full)
			}
		}
	}
	var skip kit.Skip
	if err, ok := said[people.ID]; !ok || err != nil {
		t.Errorf("the notice in the game against Bo: %v (written %v)", err, ok)
	}
	if err, ok := said[computer.ID]; !ok || !errors.As(err, &skip) {
		t.Errorf("the notice in the game against the computer: %v (written %v), want it written and skipped", err, ok)
	}
	sends := 0
	for _, c := range rec.Calls {
		if c.Op == "send" {
			sends++
		}
	}
	if sends != 1 {
		t.Errorf("%d messages sent, want the one notice: %v", sends, rec.Ops())
	}
}
