package info

import (
	"context"
	"kilab/bot/kit"
	"kilab/docs"
	"kilab/lang"
	"kilab/store"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Games is /games [user]: active games, whose turn, time left, links.
func (b *Info) Games(ctx context.Context, i *discordgo.Interaction) error {
	l := kit.LangOf(i)
	user := kit.UserOf(i)
	if i.GuildID != "" { // in DMs, only your own games: a server's games stay in it
		user = kit.OptUser(i, "user")
	}
	list, err := b.DB.ActiveGames(ctx, user.ID, i.GuildID)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return b.Reply(i, "%s", l.T("games_list.none", "User", user.ID))
	}
	away, err := b.AwayOf(ctx, list...)
	if err != nil {
		return err
	}
	var lines []string
	for _, g := range list {
		lines = append(lines, gameLine(l, g, away))
	}
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{{
		Title: kit.Clip(l.T("games_list.title", "User", kit.DisplayName(user)), 256), Description: kit.FitLinesIn(l, lines, 4096),
	}}})
}

// computerNote marks a game against the computer in lists: " (computer,
// hard; unrated)".
func computerNote(l *lang.Lang, g store.Game) string {
	if !g.Computer.Plays() {
		return ""
	}
	return " " + l.T("games_list.computer", "Level", kit.ChoiceText(l, nil, g.Computer.Level))
}

// Help is /help: what Kilab is, how to start and play, and every command.
func (b *Info) Help(_ context.Context, i *discordgo.Interaction) error {
	l := kit.LangOf(i)
	text := l.T("help.text") + "\n\n" + l.T("mod.help")
	if b.DocsURL != "" {
		code := string(l.Tag())
		text += "\n\n" + l.T("help.docs", "Rules", b.DocsURL+"/"+docs.File(docs.RulesDoc, code),
			"Notation", b.DocsURL+"/"+docs.File(docs.NotationDoc, code))
	}
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{{
		Title: "Kilab", Description: text, Color: kit.BrandColour,
	}}})
}

// gameLine is one game of /games: its players, who is to move and by when,
// who of them is away, and a link to its thread.
func gameLine(l *lang.Lang, g store.Game, away map[string]time.Time) string {
	parts := []string{l.T("games_list.line", "Title", kit.KindTitle(g.Kind), "ID", g.ID, "First", g.Players[0], "Second", g.Players[1],
		"Computer", computerNote(l, g), "ToMove", g.Players[g.ToMove])}
	if !g.Deadline.IsZero() && !g.ComputerOnMove() {
		parts = append(parts, l.T("games_list.due", "Unix", g.Deadline.Unix()))
	}
	for _, p := range g.Players {
		if end, ok := away[p]; ok {
			parts = append(parts, l.T("games_list.away", "User", p, "Unix", end.Unix()))
		}
	}
	return strings.Join(append(parts, kit.ChannelLink(g.GuildID, kit.ThreadOf(g))), " · ")
}
