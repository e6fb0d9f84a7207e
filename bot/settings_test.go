package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit/kittest"
	"kilab/store"
)

// settingsCommand is /settings (or another command) from Ana with opts, in
// locale.
func settingsCommand(t *testing.T, name, locale string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	t.Helper()
	i := payload(t, "autocomplete_game.json")
	i.Type, i.Locale = discordgo.InteractionApplicationCommand, discordgo.Locale(locale)
	i.Data = discordgo.ApplicationCommandInteractionData{Name: name, Options: opts}
	i.ID = strconv.FormatInt(1300000000000000100+interactions.Add(1), 10) // each its own: a repeat is refused
	return i
}

var interactions atomic.Int64

func opt(name string, typ discordgo.ApplicationCommandOptionType, v any) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: typ, Value: v}
}

func str(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
	return opt(name, discordgo.ApplicationCommandOptionString, v)
}

// answer runs i and returns the text of its last answer.
func answer(t *testing.T, b *Bot, rec *kittest.Recorder, i *discordgo.Interaction) string {
	t.Helper()
	n := len(rec.Calls)
	b.Handle(context.Background(), i)
	for k := len(rec.Calls) - 1; k >= n; k-- {
		if c := rec.Calls[k]; c.Op == "respond" || c.Op == "edit_original" || c.Op == "followup" {
			text := c.Msg.Content
			for _, e := range c.Msg.Embeds {
				text += e.Description
			}
			return text
		}
	}
	t.Fatalf("/%s: no answer", i.ApplicationCommandData().Name)
	return ""
}

// A /settings with one mistake among its options changes none of them, and
// says what was wrong.
func TestSettingsMistakesChangeNothing(t *testing.T) {
	t.Parallel()
	b, rec, db := unitBot(t)
	ctx := context.Background()
	before, _ := db.Settings(ctx, kittest.Ana)
	for _, tc := range []struct {
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want string
	}{
		{[]*discordgo.ApplicationCommandInteractionDataOption{str("quiet", "23:00-08:00"), opt("dms", discordgo.ApplicationCommandOptionBoolean, false)}, "time zone first"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{str("timezone", "Mars/Olympus_Mons"), opt("dms", discordgo.ApplicationCommandOptionBoolean, false)}, `"Mars/Olympus_Mons"`},
		{[]*discordgo.ApplicationCommandInteractionDataOption{str("timezone", "Europe/Berlin"), str("quiet", "25:00-08:00")}, `"25:00-08:00" is not quiet hours`},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("digest", discordgo.ApplicationCommandOptionInteger, 8.0)}, "time zone first"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{str("language", "tlh")}, "languages offered"},
	} {
		if got := answer(t, b, rec, settingsCommand(t, "settings", "en-US", tc.opts...)); !strings.Contains(got, tc.want) {
			t.Errorf("answer %q lacks %q", got, tc.want)
		}
		after, _ := db.Settings(ctx, kittest.Ana)
		after.Locale, after.Name = before.Locale, before.Name
		if after != before {
			t.Errorf("a refused /settings changed them: %+v, was %+v", after, before)
		}
	}
}

// A language chosen with /settings is the one answers, DMs and the
// pictures' labels speak, whatever the client's locale; auto goes back to
// the client's.
func TestChosenLanguageOverridesTheClient(t *testing.T) {
	t.Parallel()
	b, rec, db := unitBot(t)
	ctx := context.Background()
	if got := answer(t, b, rec, settingsCommand(t, "settings", "en-US", str("language", "de"))); !strings.Contains(got, "Sprache: **Deutsch**") {
		t.Fatalf("/settings language:de answered %q", got)
	}
	if got := answer(t, b, rec, settingsCommand(t, "help", "en-US")); !strings.Contains(got, "/herausfordern aseb") {
		t.Errorf("/help from an English client after choosing German: %q", got)
	}
	if l := b.UserLang(ctx, kittest.Ana, ""); l.T("settings.on") != "an" {
		t.Errorf("DMs to Ana in %s, want German", l.Tag())
	}
	// The board's picture and its alt text, as a German client sees them
	// on a bot where nobody chose a language.
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	board := func(b *Bot, rec *kittest.Recorder, locale string) string {
		n := len(rec.Calls)
		b.Handle(ctx, settingsCommand(t, "board", locale, str("game", strconv.FormatInt(g.ID, 10))))
		for _, c := range rec.Calls[n:] {
			if c.Msg != nil && len(c.Msg.Files) == 1 {
				return c.Msg.Files[0].Description
			}
		}
		t.Fatalf("/board in %s: no picture in %v", locale, rec.Ops()[n:])
		return ""
	}
	other, otherRec, otherDB := unitBot(t)
	kittest.StoreGame(t, otherDB, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	if got, german, english := board(b, rec, "en-US"), board(other, otherRec, "de"), board(other, otherRec, "en-US"); got != german || got == english {
		t.Errorf("/board's picture for an English client who chose German: %q; German: %q", got, german)
	}
	if got := answer(t, b, rec, settingsCommand(t, "settings", "en-US", str("language", "auto"))); !strings.Contains(got, "Language: **auto") {
		t.Errorf("/settings language:auto answered %q", got)
	}
	if l := b.UserLang(ctx, kittest.Ana, ""); l.Tag() != "en" {
		t.Errorf("DMs after auto in %s, want the client's English", l.Tag())
	}
}

// A game muted with its reminders sends no reminder, and its reminder is
// spent, not kept for later; a game muted without them still reminds.
func TestMutedRemindersAreNotSent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b, rec, db := unitBot(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	quietGame := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	loudGame := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	db.Mute(ctx, kittest.Ana, quietGame.ID, true)
	db.Mute(ctx, kittest.Ana, loudGame.ID, false)
	now = quietGame.RemindAt.Add(time.Minute)
	if err := errors.Join(b.Sweep(ctx), b.Deliver(ctx)); err != nil {
		t.Fatal(err)
	}
	var reminders []string
	for _, c := range rec.Calls {
		if c.Op == "send" && strings.Contains(c.Msg.Content, "Reminder") {
			reminders = append(reminders, c.Msg.Content)
		}
	}
	if len(reminders) != 1 || !strings.Contains(reminders[0], fmt.Sprintf("#%d", loudGame.ID)) {
		t.Errorf("reminders sent: %q; want game #%d's alone", reminders, loudGame.ID)
	}
	if g, _ := db.Game(ctx, quietGame.ID); !g.RemindAt.IsZero() {
		t.Errorf("the muted game's reminder is still due at %v", g.RemindAt)
	}
}

// /mute and /unmute as a player types them: only a game's players may mute
// it, reminders:true mutes its reminders too, /unmute undoes it; and
// /settings side chooses the side of the boards only they see.
func TestMuteAndSideAsTyped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b, rec, db := unitBot(t)
	mine := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	others := kittest.StoreGame(t, db, "aseb", kittest.Bo, "1000000000000000009", true, store.Unfinished, "")
	id := func(g store.Game) *discordgo.ApplicationCommandInteractionDataOption {
		return str("game", strconv.FormatInt(g.ID, 10))
	}
	if got := answer(t, b, rec, settingsCommand(t, "mute", "en-US", id(others))); !strings.Contains(got, "You do not play game #") {
		t.Errorf("muting another's game: %q", got)
	}
	if dms, _, _ := db.Muted(ctx, kittest.Ana, others.ID); dms {
		t.Error("a refused /mute muted the game")
	}
	got := answer(t, b, rec, settingsCommand(t, "mute", "en-US", id(mine), opt("reminders", discordgo.ApplicationCommandOptionBoolean, true)))
	if dms, rem, _ := db.Muted(ctx, kittest.Ana, mine.ID); !dms || !rem || !strings.Contains(got, "reminders included") {
		t.Errorf("/mute reminders:true: muted %v, reminders %v, answered %q", dms, rem, got)
	}
	if got := answer(t, b, rec, settingsCommand(t, "unmute", "en-US", id(mine))); !strings.Contains(got, "come again") {
		t.Errorf("/unmute answered %q", got)
	}
	if dms, _, _ := db.Muted(ctx, kittest.Ana, mine.ID); dms {
		t.Error("still muted after /unmute")
	}
	if got := answer(t, b, rec, settingsCommand(t, "settings", "en-US", str("side", "fixed"))); !strings.Contains(got, "Boards only you see: **the fixed side") {
		t.Errorf("/settings side:fixed answered %q", got)
	}
	if s, _ := db.Settings(ctx, kittest.Ana); !s.FixedSide {
		t.Error("/settings side:fixed not kept")
	}
	if got := answer(t, b, rec, settingsCommand(t, "settings", "en-US", str("side", "upside-down"))); !strings.Contains(got, "sides offered") {
		t.Errorf("a forged side answered %q", got)
	}
}
