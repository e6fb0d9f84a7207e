package info

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// statsRecent is how many finished games /stats lists.
const statsRecent = 5

// Stats is /stats [user]: per game the rating and the record, then the
// latest finished games with links to their threads. It is ephemeral, like
// /games: a look-up for the one asking, not news for the channel.
func (b *Info) Stats(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return lang.Fail("info.err.stats_no_server")
	}
	user := kit.OptUser(i, "user")
	st, err := b.DB.Stats(ctx, i.GuildID, user.ID, statsRecent)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	if len(st.Kinds) == 0 && len(st.Puzzles) == 0 {
		return b.Reply(i, "%s", l.T("info.stats.none", "User", user.ID))
	}
	e := &discordgo.MessageEmbed{Title: kit.Clip(l.T("info.stats.title", "Name", kit.DisplayName(user)), 256), Description: l.T("info.stats.here", "User", user.ID)}
	if len(st.Kinds) > 0 {
		e.Color = kit.KindColour(st.Kinds[0].Kind)
	}
	for _, k := range st.Kinds {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: kit.KindTitle(k.Kind), Value: kit.Clip(kindText(l, k), 1024), Inline: true})
	}
	if len(st.Recent) > 0 {
		lines := make([]string, len(st.Recent))
		for n, g := range st.Recent {
			lines[n] = recentLine(l, g, user.ID)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("info.stats.recent"), Value: kit.FitLinesIn(l, lines, 1024)})
	}
	if len(st.Puzzles) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("info.stats.puzzles"), Value: kit.Clip(puzzleText(l, st.Puzzles), 1024)})
	}
	for _, k := range st.Kinds {
		if k.Standing != nil && k.Standing.Provisional() {
			e.Footer = &discordgo.MessageEmbedFooter{Text: l.T("info.provisional")}
		}
	}
	m := &kit.Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{e}}
	if err := b.attachRatings(ctx, l, i.GuildID, user, st, m); err != nil {
		b.Logger(ctx).Warn("drawing the rating chart", "err", err) // the figures still go out
	}
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// attachRatings adds to m, under its embed, the chart of user's rating in
// each game they are rated in on guild over time (store.RatingHistory),
// provisional stretches dashed, with its alt text; nothing for a player
// rated nowhere.
func (b *Info) attachRatings(ctx context.Context, l *lang.Lang, guild string, user *discordgo.User, st store.Stats, m *kit.Message) error {
	name := kit.DisplayName(user)
	chart := render.RatingChart{Title: l.T("info.stats.chart_title", "Name", name)}
	if a, ok := kit.AskerOf(ctx); ok && a.User != nil {
		chart.Zone = b.ZoneOf(ctx, a.User.ID) // the dates in the reader's zone
	}
	var lines []string
	for _, k := range st.Kinds {
		if k.Standing == nil {
			continue
		}
		h, err := b.DB.RatingHistory(ctx, guild, k.Kind, user.ID)
		if err != nil || len(h) == 0 {
			return err
		}
		s := render.RatingSeries{Name: kit.KindTitle(k.Kind)}
		lo, hi := h[0].Rating, h[0].Rating
		for _, p := range h {
			s.Points = append(s.Points, render.RatingPoint{At: p.At, Rating: p.Rating, Provisional: p.Provisional})
			lo, hi = min(lo, p.Rating), max(hi, p.Rating)
		}
		chart.Series = append(chart.Series, s)
		lines = append(lines, l.T("info.stats.chart_line", "Game", s.Name, "From", round(h[0].Rating), "To", round(h[len(h)-1].Rating),
			"N", len(h), "Low", round(lo), "High", round(hi)))
	}
	if len(chart.Series) == 0 {
		return nil
	}
	png, err := render.Ratings(l, chart)
	if err != nil {
		return err
	}
	alt := l.T("info.stats.chart_alt", "Name", name, "Lines", strings.Join(lines, "; "))
	m.Files = []kit.File{{Name: "ratings.png", ContentType: "image/png", Description: kit.Clip(alt, 1024), Data: png}}
	m.Embeds[0].Image = &discordgo.MessageEmbedImage{URL: "attachment://ratings.png"}
	return nil
}

func round(r float64) int { return int(math.Round(r)) }

// kindText is one game's rating and record: the rating with its rated
// games' tally, then every game's (rated or not).
func kindText(l *lang.Lang, k store.KindStats) string {
	rating := l.T("info.stats.unrated")
	if s := k.Standing; s != nil {
		rating = l.T("info.stats.rating", "Rating", kit.RatingShown(s.Rating), "Wins", s.Wins, "Losses", s.Losses, "Draws", s.Draws)
	}
	text := rating + "\n" + l.T("info.stats.record", "Wins", k.Wins, "Losses", k.Losses, "Draws", k.Draws, "Aborted", k.Aborted, "Active", k.Active)
	if c := k.Computer; c != (store.Tally{}) {
		text += "\n" + l.T("info.stats.computer", "Wins", c.Wins, "Losses", c.Losses, "Draws", c.Draws)
	}
	return text
}

// puzzleText is the player's puzzle rating in each game they have tried a
// puzzle of, with how many they solved at the first attempt.
func puzzleText(l *lang.Lang, ps []store.PuzzleStanding) string {
	lines := make([]string, len(ps))
	for n, p := range ps {
		lines[n] = l.T("info.stats.puzzle_line", "Game", kit.KindTitle(p.Kind), "Rating", kit.RatingShown(p.Rating), "Solved", p.Solved, "Attempts", p.Attempts)
	}
	return strings.Join(lines, "\n")
}

// recentLine is one finished game from the player's side:
// "Aseb #12 vs <@bo> · won (resignation), rating +12 · 2 days ago · thread".
func recentLine(l *lang.Lang, g store.Game, user string) string {
	seat, _ := g.Seat(user)
	outcome := outcomeFor(l, g, seat)
	if g.Reason != "" {
		outcome = l.T("info.stats.outcome_reason", "Outcome", outcome, "Reason", kit.ReasonText(l, g.Reason))
	}
	if d := g.RatingDelta[seat]; g.Rated && d != 0 {
		outcome = l.T("info.stats.outcome_rating", "Outcome", outcome, "Delta", fmt.Sprintf("%+d", int(math.Round(d))))
	}
	line := l.T("info.stats.recent_line", "Game", kit.KindTitle(g.Kind), "ID", g.ID, "User", g.Players[seat.Other()], "Computer", computerNote(l, g), "Outcome", outcome)
	if !g.Finished.IsZero() {
		line += fmt.Sprintf(" · <t:%d:R>", g.Finished.Unix())
	}
	return line + " · " + l.T("info.stats.thread", "Link", kit.ChannelLink(g.GuildID, kit.ThreadOf(g)))
}

// outcomeFor is how a finished game went for seat: won, lost, drawn or
// aborted.
func outcomeFor(l *lang.Lang, g store.Game, seat games.Player) string {
	w, won := g.Result.Winner()
	switch {
	case won && w == seat:
		return l.T("info.outcome.won")
	case won:
		return l.T("info.outcome.lost")
	case g.Result == store.Draw:
		return l.T("info.outcome.drawn")
	case g.Result == store.Aborted:
		return l.T("info.outcome.aborted")
	}
	return l.T("info.outcome.in_play")
}
