package bot

import (
	"context"
	"fmt"
	"math"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// statsRecent is how many finished games /stats lists.
const statsRecent = 5

// statsCommand is /stats [user]: per game the rating and the record, then the
// latest finished games with links to their threads. It is ephemeral, like
// /games: a look-up for the one asking, not news for the channel.
func (b *Bot) statsCommand(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return userf("Stats belong to a server: use /stats in one of its channels.")
	}
	user := optUser(i, "user")
	st, err := b.db.Stats(ctx, i.GuildID, user.ID, statsRecent)
	if err != nil {
		return err
	}
	if len(st.Kinds) == 0 {
		return b.reply(i, "<@%s> has played no games on this server yet.", user.ID)
	}
	e := &discordgo.MessageEmbed{Title: clip("Stats of "+displayName(user), 256), Description: fmt.Sprintf("<@%s> on this server", user.ID), Color: kindColour(st.Kinds[0].Kind)}
	for _, k := range st.Kinds {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: kindTitle(k.Kind), Value: kindText(k), Inline: true})
	}
	if len(st.Recent) > 0 {
		lines := make([]string, len(st.Recent))
		for n, g := range st.Recent {
			lines[n] = recentLine(g, user.ID)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Recent games", Value: fitLines(lines, 1024)})
	}
	for _, k := range st.Kinds {
		if k.Standing != nil && k.Standing.Provisional() {
			e.Footer = &discordgo.MessageEmbedFooter{Text: provisionalNote}
		}
	}
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{e}})
}

// optUser is the user a user option names, or the one asking when it is
// left out (or Discord sent no resolved user for it).
func optUser(i *discordgo.Interaction, name string) *discordgo.User {
	o, ok := options(i)[name]
	res := i.ApplicationCommandData().Resolved
	if ok && res != nil && res.Users[fmt.Sprint(o.Value)] != nil {
		return res.Users[fmt.Sprint(o.Value)]
	}
	return userOf(i)
}

func kindTitle(kind string) string {
	if g, err := games.Lookup(kind); err == nil {
		return g.Title()
	}
	return kind
}

// kindText is one game's rating and record: the rating with its rated
// games' tally, then every game's (rated or not).
func kindText(k store.KindStats) string {
	rating := "Unrated"
	if s := k.Standing; s != nil {
		rating = fmt.Sprintf("Rating **%s** (%d W · %d L · %d D rated)", ratingShown(s.Rating), s.Wins, s.Losses, s.Draws)
	}
	text := fmt.Sprintf("%s\n%d won · %d lost · %d drawn\n%d aborted · %d in play", rating, k.Wins, k.Losses, k.Draws, k.Aborted, k.Active)
	if c := k.Computer; c != (store.Tally{}) {
		text += fmt.Sprintf("\nVs the computer (unrated): %d won · %d lost · %d drawn", c.Wins, c.Losses, c.Draws)
	}
	return text
}

// recentLine is one finished game from the player's side:
// "Aseb #12 vs <@bo> · won (resignation), rating +12 · 2 days ago · thread".
func recentLine(g store.Game, user string) string {
	seat, _ := g.Seat(user)
	line := fmt.Sprintf("**%s #%d** vs <@%s>%s · %s", kindTitle(g.Kind), g.ID, g.Players[seat.Other()], computerNote(lang.En, g), outcomeFor(g, seat))
	if g.Reason != "" {
		line += " (" + g.Reason + ")"
	}
	if d := g.RatingDelta[seat]; g.Rated && d != 0 {
		line += fmt.Sprintf(", rating %+d", int(math.Round(d)))
	}
	if !g.Finished.IsZero() {
		line += fmt.Sprintf(" · <t:%d:R>", g.Finished.Unix())
	}
	return line + fmt.Sprintf(" · [thread](%s)", channelLink(g.GuildID, threadOf(g)))
}

// outcomeFor is how a finished game went for seat: won, lost, drawn or
// aborted.
func outcomeFor(g store.Game, seat games.Player) string {
	w, won := g.Result.Winner()
	switch {
	case won && w == seat:
		return "won"
	case won:
		return "lost"
	case g.Result == store.Draw:
		return "drawn"
	case g.Result == store.Aborted:
		return "aborted"
	}
	return "in play"
}
