package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// leaderboardPage is how many players a leaderboard page shows.
const leaderboardPage = 10

// leaderboardCommand is /leaderboard game: the first page of this server's
// ratings in a game, posted for everyone to see, with buttons to page on.
func (b *Bot) leaderboardCommand(ctx context.Context, i *discordgo.Interaction) error {
	g, err := kindOf(i)
	if err != nil {
		return err
	}
	if i.GuildID == "" {
		return userf("Ratings belong to a server: use /leaderboard in one of its channels.")
	}
	m, err := b.leaderboard(ctx, i.GuildID, g, 0)
	if err != nil {
		return err
	}
	if m == nil {
		return userf("Nobody has %s rating on this server yet: ratings come from rated games that have ended. Start one with /challenge %s.", article(g.Title()), g.Name())
	}
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// leaderboardClick answers Previous and Next: the page the button names,
// in place of the one shown.
func (b *Bot) leaderboardClick(ctx context.Context, i *discordgo.Interaction, a action) error {
	g, err := games.Lookup(a.arg)
	if err != nil || i.GuildID == "" {
		return errForged
	}
	m, err := b.leaderboard(ctx, i.GuildID, g, int(a.id))
	if err != nil {
		return err
	}
	if m == nil {
		return userf("Nobody has %s rating on this server any more.", article(g.Title()))
	}
	return b.dc.Respond(i, discordgo.InteractionResponseUpdateMessage, m)
}

// leaderboard builds the page from offset, or nil when nobody is rated. An
// offset past the end (players left since the button was drawn) shows the
// last page.
func (b *Bot) leaderboard(ctx context.Context, guild string, g games.Game, offset int) (*Message, error) {
	page, total, err := b.db.Leaderboard(ctx, guild, g.Name(), offset, leaderboardPage)
	if err != nil || total == 0 {
		return nil, err
	}
	if len(page) == 0 {
		offset = (total - 1) / leaderboardPage * leaderboardPage
		if page, total, err = b.db.Leaderboard(ctx, guild, g.Name(), offset, leaderboardPage); err != nil {
			return nil, err
		}
	}
	lines := make([]string, len(page))
	for n, s := range page {
		lines[n] = standingLine(s)
	}
	pages := (total + leaderboardPage - 1) / leaderboardPage
	return &Message{ // Mentions nil: the names are mentions, but nobody is pinged
		Embeds: []*discordgo.MessageEmbed{{
			Title:       g.Title() + " leaderboard",
			Description: strings.Join(lines, "\n"),
			Color:       kindColour(g.Name()),
			Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Page %d of %d · %d rated player%s · %s",
				offset/leaderboardPage+1, pages, total, plural(total), provisionalNote(lang.En))},
		}},
		Components: pageButtons(g.Name(), offset, total),
	}, nil
}

// standingLine is "**3.** <@id> **1662?** · 4 W · 1 L · 0 D".
func standingLine(s store.Standing) string {
	return fmt.Sprintf("**%d.** <@%s> **%s** · %d W · %d L · %d D", s.Rank, s.User, ratingShown(s.Rating), s.Wins, s.Losses, s.Draws)
}

// pageButtons are Previous and Next, each disabled where there is no such
// page. Their custom_ids always differ (Discord refuses duplicates in one
// message): Previous names an offset below Next's.
func pageButtons(kind string, offset, total int) []discordgo.MessageComponent {
	prev := max(offset-leaderboardPage, 0)
	next := offset + leaderboardPage
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Previous", Style: discordgo.SecondaryButton, CustomID: leaderboardCID(kind, prev), Disabled: offset == 0},
		discordgo.Button{Label: "Next", Style: discordgo.SecondaryButton, CustomID: leaderboardCID(kind, next), Disabled: next >= total},
	}}}
}

// article puts "a" or "an" before a word, by its first letter: "an Aseb",
// "a Tab".
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}
