package bot

import (
	"context"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
)

// serverOnly are the commands whose handlers refuse DMs, each with the
// refusal it answers there (and the options it needs to get that far): a
// server's ratings, channels, tournaments or moderators are what they are
// about. inDMs are those that work in DMs too. Every command is in one of
// the two.
var (
	serverOnly = map[string]struct {
		refusal string
		opts    []*discordgo.ApplicationCommandInteractionDataOption
	}{
		"challenge": {refusal: "chal.in_server"},
		"leaderboard": {refusal: "info.err.leaderboard_no_server", opts: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "game", Type: discordgo.ApplicationCommandOptionString, Value: "aseb"}}},
		"stats":      {refusal: "info.err.stats_no_server"},
		"tournament": {refusal: "tour.err.no_server"},
		"standings":  {refusal: "tour.err.standings_no_server"},
		"mod":        {refusal: "mod.err.no_server"},
		"follow":     {refusal: "follow.err.no_server"},
	}
	inDMs = []string{"move", "board", "games", "resign", "draw", "settings", "mute", "unmute", "unfollow", "vacation", "help", "rules",
		"learn", "history", "review", "puzzle"}
)

// Discord offers a command where it is registered for: one whose handler
// refuses DMs is registered for servers only, so that nobody is offered
// what then refuses to work; the others for servers and DMs. The handlers
// keep their own refusal, for an old client or a forged interaction that
// sends one from a DM anyway.
func TestCommandsOfferedWhereTheyWork(t *testing.T) {
	t.Parallel()
	guild := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	both := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	seen := map[string]bool{}
	for _, c := range Commands() {
		seen[c.Name] = true
		var got []discordgo.InteractionContextType
		if c.Contexts != nil {
			got = *c.Contexts
		}
		_, refuses := serverOnly[c.Name]
		switch {
		case refuses && !slices.Equal(got, guild):
			t.Errorf("/%s refuses DMs, yet is registered for contexts %v: give it kit.GuildOnly()", c.Name, got)
		case slices.Contains(inDMs, c.Name) && !slices.Equal(got, both):
			t.Errorf("/%s works in DMs, yet is registered for contexts %v", c.Name, got)
		case !refuses && !slices.Contains(inDMs, c.Name):
			t.Errorf("/%s is in neither list of this test: does its handler work in DMs?", c.Name)
		}
	}
	for name := range serverOnly {
		if !seen[name] {
			t.Errorf("/%s is no command", name)
		}
	}
	for _, name := range inDMs {
		if !seen[name] {
			t.Errorf("/%s is no command", name)
		}
	}

	// Sent from a DM all the same, each server-only command is refused.
	for name, c := range serverOnly {
		b, rec, _ := unitBot(t)
		i := payload(t, "challenge_in_dm.json")
		i.Data = discordgo.ApplicationCommandInteractionData{ID: "1250000000000000000", Name: name, CommandType: discordgo.ChatApplicationCommand, Options: c.opts}
		b.Handle(context.Background(), i)
		resp, ok := rec.First("respond")
		if want := lang.For("en-US").T(c.refusal); !ok || !resp.Msg.Ephemeral || resp.Msg.Content != want {
			t.Errorf("/%s in a DM: %+v, want an ephemeral %q", name, resp.Msg, want)
		}
		if ops := rec.Ops(); len(ops) != 1 {
			t.Errorf("/%s in a DM: the bot did more than answer: %v", name, ops)
		}
	}
}
