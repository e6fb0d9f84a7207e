package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/internal/storetest"

	"kilab/games"
	_ "kilab/games/aseb"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
	"kilab/lang"
	"kilab/store"
)

func unitBot(t testing.TB) (*Bot, *kittest.Recorder, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), storetest.Path(t, "unit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	rec := &kittest.Recorder{}
	return newBot(Config{DB: db, Source: games.Seeded(1), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, rec), rec, db
}

// payload reads a recorded interaction from testdata.
func payload(t *testing.T, name string) *discordgo.Interaction {
	t.Helper()
	return kittest.Payload(t, filepath.Join("testdata", name))
}

func TestHandleChallengePayload(t *testing.T) {
	t.Parallel()
	b, rec, db := unitBot(t)
	b.Handle(context.Background(), payload(t, "challenge_aseb.json"))
	resp, ok := rec.First("respond")
	if !ok || resp.Typ != discordgo.InteractionResponseChannelMessageWithSource || resp.Msg.Ephemeral {
		t.Fatalf("response %+v", resp)
	}
	if len(resp.Msg.Components) != 1 || len(resp.Msg.Mentions) != 1 || resp.Msg.Mentions[0] != "1000000000000000002" {
		t.Errorf("challenge message: components %d, mentions %v", len(resp.Msg.Components), resp.Msg.Mentions)
	}
	c, err := db.Challenge(context.Background(), 1)
	if err != nil || c.Config.Options["pieces"] != "7" || c.Rated || c.TimeLimit.Hours() != 7*24 || c.MessageID == "" {
		t.Fatalf("stored challenge %+v, %v", c, err)
	}
	if err := b.Deliver(context.Background()); err != nil {
		t.Fatal(err)
	}
	if dm, ok := rec.First("dm"); !ok || dm.Channel != "1000000000000000002" {
		t.Errorf("the challenged player got no DM: %v", rec.Ops())
	}
}

func TestHandleRefusalsAreEphemeral(t *testing.T) {
	t.Parallel()
	for file, want := range map[string]string{
		"challenge_wrong_variant.json": "belongs to variant standard",
		"challenge_in_dm.json":         "server channel",
		"click_unknown_game.json":      "could not find",
		"click_forged.json":            "not one of Kilab's",
	} {
		b, rec, _ := unitBot(t)
		b.Handle(context.Background(), payload(t, file))
		resp, ok := rec.First("respond")
		if !ok || !resp.Msg.Ephemeral || !strings.Contains(resp.Msg.Content, want) {
			t.Errorf("%s: %+v, want an ephemeral %q", file, resp.Msg, want)
		}
		if ops := rec.Ops(); len(ops) != 1 {
			t.Errorf("%s: the bot did more than answer: %v", file, ops)
		}
	}
}

func TestHandleAutocompleteWithoutGames(t *testing.T) {
	t.Parallel()
	b, rec, _ := unitBot(t)
	b.Handle(context.Background(), payload(t, "autocomplete_game.json"))
	resp, ok := rec.First("respond")
	if !ok || resp.Typ != discordgo.InteractionApplicationCommandAutocompleteResult || resp.Msg.Choices == nil || len(resp.Msg.Choices) != 0 {
		t.Fatalf("autocomplete answer %+v", resp)
	}
}

// Commands stay within Discord's limits for names, descriptions and choices.
func TestCommandsWithinLimits(t *testing.T) {
	t.Parallel()
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("%s: %d options", path, len(opts))
		}
		for _, o := range opts {
			if len(o.Name) > 32 || o.Name != strings.ToLower(o.Name) || len(o.Description) == 0 || len([]rune(o.Description)) > 100 || len(o.Choices) > 25 {
				t.Errorf("%s %s: name or description out of Discord's limits", path, o.Name)
			}
			walk(path+" "+o.Name, o.Options)
		}
	}
	for _, c := range Commands() {
		walk("/"+c.Name, c.Options)
	}
}

func TestCustomIDs(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"c/a/1", "c/x/99", "g/1/0/t", "g/12/7/m/5x8", "g/12/7/m/A1+B2", "g/3/4/p/row 1/A1", "g/3/4/p/", "g/3/4/s"} {
		if _, _, err := parseAction(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "c/a/0", "c/a/-1", "c/ab/1", "g/1/1", "g/1/1/t/x", "g/0/1/t", "g/1/-1/t", "g/a/1/t", "g/1/1/q", "g/1/1/m", "x/1", strings.Repeat("a", 101)} {
		if _, _, err := parseAction(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if id := kit.GameCID(123456789, 987654, "m", "1c27^c28"); len(id) > kit.MaxCustomID {
		t.Errorf("custom_id %q too long", id)
	}
}

// failingRecorder refuses the first interaction response, as Discord does
// when an answer is rejected or lost.
type failingRecorder struct {
	kittest.Recorder
	failed bool
}

func (r *failingRecorder) Respond(i *discordgo.Interaction, typ discordgo.InteractionResponseType, m *kit.Message) error {
	if !r.failed {
		r.failed = true
		r.Record(kittest.Call{Op: "respond-failed", Typ: typ, Msg: m})
		return fmt.Errorf("HTTP 400 Bad Request")
	}
	return r.Recorder.Respond(i, typ, m)
}

// A resignation whose answer Discord refuses is still announced, and the
// player is not told that nothing changed.
func TestResignAnnouncedWhenTheAnswerFails(t *testing.T) {
	t.Parallel()
	db, err := store.Open(context.Background(), storetest.Path(t, "unit.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rec := &failingRecorder{}
	b := newBot(Config{DB: db, Source: games.Seeded(1), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, rec)
	g, err := db.CreateGame(context.Background(), store.NewGame{GuildID: "1100000000000000000", ChannelID: "1100000000000000001",
		Kind: "aseb", Config: games.Config{Variant: "standard", Options: map[string]string{"pieces": "5", "dice": "sticks"}},
		Players: [2]string{"1000000000000000001", "1000000000000000002"}, Position: "c:- s:- c:throw", TimeLimit: 72 * time.Hour, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	i := payload(t, "autocomplete_game.json") // a guild interaction by user ...001, made a click on /resign's Resign
	i.Type = discordgo.InteractionMessageComponent
	i.Data = discordgo.MessageComponentInteractionData{CustomID: kit.ResignCID("a", g.ID), ComponentType: discordgo.ButtonComponent}
	b.Handle(context.Background(), i)
	if end, _ := db.Game(context.Background(), g.ID); end.Active() {
		t.Fatal("the resignation was not committed")
	}
	if err := b.Deliver(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, ok := rec.First("send"); !ok {
		t.Errorf("the end was not announced: %v", rec.Ops())
	}
	for _, c := range rec.Calls {
		if c.Op == "respond" && strings.Contains(c.Msg.Content, "nothing was changed") {
			t.Errorf("the player was told %q", c.Msg.Content)
		}
	}
}

func TestFitLinesKeepsWholeLines(t *testing.T) {
	t.Parallel()
	lines := []string{strings.Repeat("a", 40), strings.Repeat("b", 40), strings.Repeat("c", 40)}
	if got := kit.FitLinesIn(lang.En, lines, 200); got != strings.Join(lines, "\n") {
		t.Errorf("all fit: %q", got)
	}
	got := kit.FitLinesIn(lang.En, lines, 90)
	if !strings.HasPrefix(got, lines[0]+"\n") || strings.Contains(got, "b") || !strings.HasSuffix(got, "… and 2 more") || len([]rune(got)) > 90 {
		t.Errorf("cut: %q", got)
	}
}

// clickOn is the recorded leaderboard click with another custom_id.
func clickOn(t *testing.T, customID string) *discordgo.Interaction {
	return kittest.Click(t, "testdata/click_leaderboard.json", customID)
}
