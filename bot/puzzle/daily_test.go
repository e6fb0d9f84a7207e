package puzzle

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/lang"
	"kilab/store"
)

const dailyChannel = "1100000000000000042"

// post delivers what the store announced and returns the daily posts sent.
func post(t *testing.T, b *Puzzles, rec *kittest.Recorder) []kittest.Call {
	t.Helper()
	ctx := context.Background()
	before := len(rec.Calls)
	due, err := b.DB.ClaimAnnouncements(ctx, "unit", 10, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range due {
		if a.Kind != store.AnnounceDailyPuzzle {
			t.Fatalf("announced %+v", a)
		}
		if err := b.Deliver(ctx, a); err != nil {
			t.Fatal(err)
		}
		if err := b.DB.Delivered(ctx, a.ID, "sent"); err != nil {
			t.Fatal(err)
		}
	}
	return rec.Calls[before:]
}

// Once a moderator has chosen the daily channel (/mod daily, in
// bot/moderation), the day's puzzle is planned once and posted there once,
// its buttons answering each player privately (the post keeps them); the
// next day's post says how many solved the day before's.
func TestDailyPuzzle(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	b.DB.Now = func() time.Time { return now }
	l := lang.For("en-US")
	if err := b.DB.SetDailyPuzzleChannel(ctx, kittest.Guild, dailyChannel, kittest.Mod); err != nil {
		t.Fatal(err)
	}

	for range 2 {
		if _, err := b.Plan(ctx); err != nil {
			t.Fatal(err)
		}
	}
	sent := post(t, b, rec)
	if len(sent) != 1 || sent[0].Op != "send" || sent[0].Channel != dailyChannel || sent[0].Msg.Ephemeral || sent[0].Msg.Nonce == "" {
		t.Fatalf("the day's post: %+v", sent)
	}
	if got := sent[0].Msg.Content; got != l.T("puzzle.daily.heading") {
		t.Errorf("the first post says %q", got)
	}
	id := shownID(t, sent[0].Msg)
	buttons := buttonsOf(sent[0].Msg)
	if !strings.HasPrefix(buttons[0].CustomID, "pd/") {
		t.Fatalf("the post's buttons %+v", buttons)
	}
	handle(b, click(t, kit.DailyPuzzleCID(id, 0), "en-US")) // the best move
	if c := last(t, rec); c.Typ != discordgo.InteractionResponseChannelMessageWithSource || !c.Msg.Ephemeral || !strings.HasPrefix(c.Msg.Content, "Right:") ||
		!strings.Contains(c.Msg.Content, "puzzle rating") {
		t.Fatalf("the answer: %v %+v", c.Typ, c.Msg)
	}

	now = now.Add(10 * time.Hour) // still the same day
	if planned, err := b.Plan(ctx); planned || err != nil {
		t.Fatalf("planned again the same day: %v, %v", planned, err)
	}
	now = now.Add(6 * time.Hour) // the next day
	if planned, err := b.Plan(ctx); !planned || err != nil {
		t.Fatalf("the next day: %v, %v", planned, err)
	}
	sent = post(t, b, rec)
	if len(sent) != 1 || !strings.Contains(sent[0].Msg.Content, l.N("puzzle.daily.solved", 1)) {
		t.Fatalf("the next day's post: %+v", sent)
	}
	if next := shownID(t, sent[0].Msg); next == id {
		t.Errorf("the same puzzle two days running: %s", id)
	}
}

// Once a moderator has stopped the daily puzzle, no day is planned.
func TestStoppedDailyPuzzleIsNotPlanned(t *testing.T) {
	t.Parallel()
	b, _, _ := unit(t)
	ctx := context.Background()
	if err := b.DB.SetDailyPuzzleChannel(ctx, kittest.Guild, dailyChannel, kittest.Mod); err != nil {
		t.Fatal(err)
	}
	if stopped, err := b.DB.StopDailyPuzzle(ctx, kittest.Guild, kittest.Mod); !stopped || err != nil {
		t.Fatalf("stopping: %v, %v", stopped, err)
	}
	if planned, err := b.Plan(ctx); planned || err != nil {
		t.Fatalf("planned once stopped: %v, %v", planned, err)
	}
}
