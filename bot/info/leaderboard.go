package info

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// leaderboardPage is how many players a leaderboard page shows.
const leaderboardPage = 10

// Leaderboard is /leaderboard game: the first page of this server's
// ratings in a game, posted for everyone to see, with buttons to page on.
func (b *Info) Leaderboard(ctx context.Context, i *discordgo.Interaction) error {
	g, err := kit.KindOf(i)
	if err != nil {
		return err
	}
	if i.GuildID == "" {
		return lang.Fail("info.err.leaderboard_no_server")
	}
	m, err := b.leaderboard(ctx, kit.LangOf(i), i.GuildID, g, 0)
	if err != nil {
		return err
	}
	if m == nil {
		return lang.Fail("info.err.nobody_rated", "Game", g.Title(), "Vowel", vowelFirst(g.Title()), "Kind", g.Name())
	}
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// LeaderboardPage answers Previous and Next: the page the button names,
// in place of the one shown.
func (b *Info) LeaderboardPage(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	g, err := games.Lookup(a.Arg)
	if err != nil || i.GuildID == "" {
		return kit.ErrForged
	}
	m, err := b.leaderboard(ctx, kit.LangOf(i), i.GuildID, g, int(a.ID))
	if err != nil {
		return err
	}
	if m == nil {
		return lang.Fail("info.err.nobody_rated_now", "Game", g.Title(), "Vowel", vowelFirst(g.Title()))
	}
	return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, m)
}

// leaderboard builds the page from offset in l, or nil when nobody is rated.
// An offset past the end (players left since the button was drawn) shows the
// last page.
func (b *Info) leaderboard(ctx context.Context, l *lang.Lang, guild string, g games.Game, offset int) (*kit.Message, error) {
	page, total, err := b.DB.Leaderboard(ctx, guild, g.Name(), offset, leaderboardPage)
	if err != nil || total == 0 {
		return nil, err
	}
	if len(page) == 0 {
		offset = (total - 1) / leaderboardPage * leaderboardPage
		if page, total, err = b.DB.Leaderboard(ctx, guild, g.Name(), offset, leaderboardPage); err != nil {
			return nil, err
		}
	}
	lines := make([]string, len(page))
	for n, s := range page {
		lines[n] = standingLine(l, s)
	}
	pages := (total + leaderboardPage - 1) / leaderboardPage
	return &kit.Message{ // Mentions nil: the names are mentions, but nobody is pinged
		Embeds: []*discordgo.MessageEmbed{{
			Title:       l.T("info.leaderboard.title", "Game", g.Title()),
			Description: strings.Join(lines, "\n"),
			Color:       kit.KindColour(g.Name()),
			Footer: &discordgo.MessageEmbedFooter{Text: l.T("info.leaderboard.footer", "Page", offset/leaderboardPage+1, "Pages", pages,
				"Players", l.N("info.n.rated_players", total), "Note", l.T("info.provisional"))},
		}},
		Components: pageButtons(l, g.Name(), offset, total),
	}, nil
}

// standingLine is "**3.** <@id> **1662?** · 4 W · 1 L · 0 D".
func standingLine(l *lang.Lang, s store.Standing) string {
	return fmt.Sprintf("**%d.** <@%s> **%s** · %s", s.Rank, s.User, kit.RatingShown(s.Rating),
		l.T("info.wld", "Wins", s.Wins, "Losses", s.Losses, "Draws", s.Draws))
}

// pageButtons are Previous and Next, each disabled where there is no such
// page. Their custom_ids always differ (Discord refuses duplicates in one
// message): Previous names an offset below Next's.
func pageButtons(l *lang.Lang, kind string, offset, total int) []discordgo.MessageComponent {
	prev := max(offset-leaderboardPage, 0)
	next := offset + leaderboardPage
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("info.leaderboard.previous"), Style: discordgo.SecondaryButton, CustomID: kit.LeaderboardCID(kind, prev), Disabled: offset == 0},
		discordgo.Button{Label: l.T("info.leaderboard.next"), Style: discordgo.SecondaryButton, CustomID: kit.LeaderboardCID(kind, next), Disabled: next >= total},
	}}}
}

// vowelFirst reports whether a word opens with a vowel, for English's "an
// Aseb" and "a Tab" (the catalogs pick the article; other languages have none
// here).
func vowelFirst(word string) bool {
	return word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0]))
}
