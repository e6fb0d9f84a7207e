package moderation

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit/kittest"
	"kilab/lang"
	"kilab/store"
)

// /mod daily channel has the daily puzzle posted in a text or news channel
// from now on, and /mod daily with no channel stops it: a moderator's
// alone, logged, each answer saying what changed. A member, a voice
// channel and a DM are refused and change nothing; stopping what is not
// running says how to start it.
func TestDaily(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	m := New(core)
	l := lang.For("en-US")
	daily := func(who map[string]any, opts []map[string]any, res map[string]any) string {
		t.Helper()
		rec.Calls = nil
		return said(t, rec, m.Mod(ctx, command(t, who, []string{"daily"}, opts, res)))
	}
	channel := func() string {
		t.Helper()
		ch, err := db.DailyPuzzleChannel(ctx, kittest.Guild)
		if err != nil {
			t.Fatal(err)
		}
		return ch
	}
	text, textRes := channelOpt(elsewhere, discordgo.ChannelTypeGuildText)
	news, newsRes := channelOpt(kittest.Channel, discordgo.ChannelTypeGuildNews)
	voice, voiceRes := channelOpt(elsewhere, discordgo.ChannelTypeGuildVoice)

	if got := daily(member(kittest.Ana, "0"), text, textRes); !strings.Contains(got, "Only this server's moderators") || channel() != "" {
		t.Fatalf("a member chose the daily channel: %q, now %q", got, channel())
	}
	if got := daily(member(mod, "32"), voice, voiceRes); got != l.T("mod.err.not_text", "Channel", elsewhere) || channel() != "" {
		t.Fatalf("a voice channel: %q, now %q", got, channel())
	}
	dm := command(t, member(mod, "32"), []string{"daily"}, text, textRes)
	dm.GuildID = ""
	if got := said(t, rec, m.Mod(ctx, dm)); got != l.T("mod.err.no_server") {
		t.Errorf("in a DM: %q", got)
	}
	if got := daily(member(mod, "32"), text, textRes); got != l.T("puzzle.daily.set", "Channel", elsewhere) || channel() != elsewhere {
		t.Fatalf("a moderator chose a text channel: %q, now %q", got, channel())
	}
	if c := rec.Calls[len(rec.Calls)-1]; !c.Msg.Ephemeral {
		t.Errorf("the answer is for everyone: %+v", c.Msg)
	}
	if got := daily(member(mod, "32"), news, newsRes); got != l.T("puzzle.daily.set", "Channel", kittest.Channel) || channel() != kittest.Channel {
		t.Fatalf("a moderator chose a news channel: %q, now %q", got, channel())
	}
	if got := daily(member(mod, "32"), nil, nil); got != l.T("puzzle.daily.stopped") || channel() != "" {
		t.Fatalf("stopping: %q, now %q", got, channel())
	}
	if got := daily(member(mod, "32"), nil, nil); got != l.T("puzzle.err.no_daily") || !strings.Contains(got, "/mod daily channel") {
		t.Errorf("stopping again: %q", got)
	}

	log, err := db.ModerationLog(ctx, kittest.Guild, 10)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, a := range log {
		actions = append(actions, a.Action+":"+a.Target)
	}
	want := []string{store.ModDailyPuzzleOff + ":", store.ModDailyPuzzle + ":" + kittest.Channel, store.ModDailyPuzzle + ":" + elsewhere}
	if strings.Join(actions, " ") != strings.Join(want, " ") {
		t.Errorf("logged %v, want %v", actions, want)
	}
}

// /mod daily's channel option offers text and news channels only, and may
// be left out.
func TestDailyOption(t *testing.T) {
	t.Parallel()
	for _, o := range Command().Options {
		if o.Name != "daily" {
			continue
		}
		if len(o.Options) != 1 || o.Options[0].Name != "channel" || o.Options[0].Required || o.Options[0].Type != discordgo.ApplicationCommandOptionChannel {
			t.Fatalf("/mod daily's options: %+v", o.Options)
		}
		types := o.Options[0].ChannelTypes
		if len(types) != 2 || types[0] != discordgo.ChannelTypeGuildText || types[1] != discordgo.ChannelTypeGuildNews {
			t.Errorf("/mod daily channel offers %v", types)
		}
		return
	}
	t.Fatal("/mod has no daily subcommand")
}
