package bot

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/lang"
)

// helpNamesSubcommands are the commands whose every subcommand /help
// names: those whose subcommands do different things (a /challenge of
// each game is one thing).
var helpNamesSubcommands = []string{"puzzle"}

// /help names every command a member can use, in every language, by the
// name its players type: all but /help itself and the moderators' (those
// with default member permissions, /mod and /tournament), and each of
// /puzzle's subcommands. With the links to the documents it still fits
// in an embed.
func TestHelpNamesEveryCommand(t *testing.T) {
	t.Parallel()
	cmds := Commands()
	for _, tag := range lang.Tags {
		loc := discordgo.EnglishUS
		for _, d := range kit.DiscordLocales {
			if d.Tag == tag {
				loc = d.Locales[0]
			}
		}
		name := func(en string, names map[discordgo.Locale]string) string {
			if n, ok := names[loc]; ok && loc != discordgo.EnglishUS {
				return n
			}
			return en
		}
		b, rec, _ := unitBot(t)
		b.info.DocsURL = "https://kilab.example/docs"
		i := payload(t, "autocomplete_game.json")
		i.Type, i.Locale = discordgo.InteractionApplicationCommand, loc
		i.Data = discordgo.ApplicationCommandInteractionData{Name: "help"}
		b.Handle(context.Background(), i)
		resp, ok := rec.First("respond")
		if !ok || len(resp.Msg.Embeds) != 1 {
			t.Fatalf("/help in %s answered %+v", tag, resp.Msg)
		}
		kittest.CheckEmbed(t, resp.Msg.Embeds[0])
		text := resp.Msg.Embeds[0].Description
		mentioned := map[string]bool{}
		for _, m := range commandMention.FindAllStringSubmatch(text, -1) {
			mentioned[m[2]] = true
		}
		for _, c := range cmds {
			if c.Name == "help" || c.DefaultMemberPermissions != nil {
				continue
			}
			top := name(c.Name, *c.NameLocalizations)
			if !mentioned[top] {
				t.Errorf("/help in %s does not name /%s (/%s)", tag, top, c.Name)
			}
			if !slices.Contains(helpNamesSubcommands, c.Name) {
				continue
			}
			for _, o := range c.Options {
				if sub := "/" + top + " " + name(o.Name, o.NameLocalizations); !strings.Contains(text, sub) {
					t.Errorf("/help in %s does not name %s (/%s %s)", tag, sub, c.Name, o.Name)
				}
			}
		}
	}
}
