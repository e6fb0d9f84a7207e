package info

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/store"
)

// The leaderboard's and /rules' buttons are made and read through their shape, which
// the router registers in the bot; here the test does.
func init() {
	kit.RegisterShape("l", kit.PageShape)
	kit.RegisterShape("b", kit.PageShape)
}

// unit is Info on a fresh database, with a Discord that records.
func unit(t *testing.T) (*Info, *kittest.Recorder, *store.DB) {
	t.Helper()
	core, rec, db := kittest.Core(t, 1)
	return New(core), rec, db
}

// payload reads a recorded interaction from the bot's testdata.
func payload(t *testing.T, name string) *discordgo.Interaction {
	t.Helper()
	return kittest.Payload(t, filepath.Join("..", "testdata", name))
}

// handle answers i as the router does: through the handler its command or
// custom_id names, after noting who sent it and in which language, and an
// error as the player reads it.
func handle(b *Info, i *discordgo.Interaction) {
	ctx := context.Background()
	ctx = b.Resolve(ctx, i)
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		commands := map[string]func(*Info, context.Context, *discordgo.Interaction) error{
			"rules": (*Info).Rules, "help": (*Info).Help, "games": (*Info).Games, "stats": (*Info).Stats,
			"leaderboard": (*Info).Leaderboard, "history": (*Info).History, "review": (*Info).Review,
		}
		err = commands[i.ApplicationCommandData().Name](b, ctx, i)
	case discordgo.InteractionMessageComponent:
		f := strings.SplitN(i.MessageComponentData().CustomID, "/", 5)
		a := kit.Action{Kind: f[0]}
		switch {
		case len(f) < 2 || !kit.PageShape.Parse(f[1:], &a):
			err = kit.ErrForged
		case a.Kind == "l":
			err = b.LeaderboardPage(ctx, i, a)
		case a.Kind == "b":
			err = b.RulesPage(ctx, i, a)
		default:
			err = kit.ErrForged
		}
	}
	if err != nil {
		text, _ := kit.Explain(kit.LangOf(i), err)
		_ = b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Content: text, Ephemeral: true})
	}
}
