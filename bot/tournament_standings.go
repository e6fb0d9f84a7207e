package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
	"kilab/render"
	"kilab/store"
	"kilab/tournament"
)

// standingsCommand is /standings [tournament]: the table as it stands.
func (b *Bot) standingsCommand(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return userf("Tournaments belong to servers: use /standings in one.")
	}
	t, err := b.tournamentOf(ctx, i)
	if err != nil {
		return err
	}
	if t.Status == store.TournamentOpen || t.Status == store.TournamentCancelled {
		return userf("Tournament #%d is %s: there are standings once it has started.", t.ID, t.Status)
	}
	m, err := b.standingsMessage(ctx, t.ID, "")
	if err != nil {
		return err
	}
	m.Ephemeral = true
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// tieBreakName is the format's tie-break, short and long.
func tieBreakName(f tournament.Format) (short, long string) {
	if f == tournament.Swiss {
		return "Buch.", "Buchholz: the sum of the opponents' points"
	}
	return "SB", "Sonneborn-Berger: the points of those beaten, and half those of those drawn with"
}

// standingsMessage is the standings picture, with the same in words in its
// embed (for screen readers and search) and heading above.
func (b *Bot) standingsMessage(ctx context.Context, id int64, heading string) (*Message, error) {
	t, players, st, err := b.db.Standings(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(st) == 0 {
		return nil, userf("Tournament #%d has no players.", id)
	}
	left := map[string]bool{}
	for _, p := range players {
		left[p.User] = p.Left
	}
	short, long := tieBreakName(t.Format)
	table := render.Table{Title: standingsTitle(t), TieBreak: short}
	var lines []string
	for _, s := range st {
		table.Rows = append(table.Rows, render.TableRow{Rank: s.Rank, Name: b.lookupName(s.Player), Won: s.Won, Drawn: s.Drawn, Lost: s.Lost,
			Points: s.Points, TieBreak: s.TieBreak, Left: left[s.Player]})
		lines = append(lines, fmt.Sprintf("%d. <@%s>: **%s** (%d-%d-%d, %s %g)%s", s.Rank, s.Player, render.Points(s.Points), s.Won, s.Drawn, s.Lost, short, s.TieBreak, leftMark(left[s.Player])))
	}
	png, err := render.Standings(lang.En, table)
	if err != nil {
		return nil, err
	}
	return &Message{
		Content: heading,
		Embeds: []*discordgo.MessageEmbed{{
			Title: table.Title, Description: fitLines(lines, 4000), Color: kindColour(t.Kind),
			Image:  &discordgo.MessageEmbedImage{URL: "attachment://standings.png"},
			Footer: &discordgo.MessageEmbedFooter{Text: clip("Win 1, draw ½, loss 0. Tie-break "+long+".", 2048)},
		}},
		Files: []File{{Name: "standings.png", ContentType: "image/png", Data: png,
			Description: clip(table.Title+": "+strings.Join(altLines(st, b), "; "), 1024)}},
	}, nil
}

func standingsTitle(t store.Tournament) string {
	switch t.Status {
	case store.TournamentFinished:
		return tournamentTitle(t) + " · final"
	case store.TournamentRunning:
		return fmt.Sprintf("%s · round %d of %d", tournamentTitle(t), t.Round, t.Rounds)
	}
	return tournamentTitle(t)
}

func altLines(st []tournament.Standing, b *Bot) []string {
	var out []string
	for _, s := range st {
		out = append(out, fmt.Sprintf("%d %s %s points", s.Rank, b.name(s.Player), render.Points(s.Points)))
	}
	return out
}

func leftMark(left bool) string {
	if left {
		return " · left"
	}
	return ""
}

// deliverTournamentNotices posts the tournament notices due, claimed as
// announcements are: a round's pairings and the final standings, in the
// tournament's channel.
func (b *Bot) deliverTournamentNotices(ctx context.Context) error {
	for ctx.Err() == nil {
		due, err := b.db.ClaimTournamentNotices(ctx, b.instance, deliverBatch, claimLease)
		if err != nil || len(due) == 0 {
			return err
		}
		for _, n := range due {
			b.deliverTournamentNotice(ctx, n)
		}
	}
	return nil
}

// deliverTournamentNotice posts one notice and records how it went, retrying
// what Discord may take later as game announcements are.
func (b *Bot) deliverTournamentNotice(ctx context.Context, n store.TournamentNotice) {
	err := b.tournamentNotice(ctx, n)
	outcome := "sent"
	switch {
	case err == nil:
	case transient(err) && n.Attempts < maxAttempts:
		b.log.Warn("tournament notice will be retried", "notice", n.ID, "tournament", n.Tournament, "err", err)
		if rerr := b.db.RetryTournamentNotice(ctx, n.ID, b.db.Now().Add(backoff(n.Attempts))); rerr != nil {
			b.log.Error("putting a tournament notice off", "notice", n.ID, "err", rerr)
		}
		return
	default:
		b.log.Error("tournament notice given up", "notice", n.ID, "tournament", n.Tournament, "err", err)
		outcome = "failed: " + clip(err.Error(), 200)
	}
	if err := b.db.TournamentNoticeDone(ctx, n.ID, outcome); err != nil {
		b.log.Error("marking a tournament notice done", "notice", n.ID, "err", err)
	}
}

func (b *Bot) tournamentNotice(ctx context.Context, n store.TournamentNotice) error {
	t, err := b.db.Tournament(ctx, n.Tournament)
	if err != nil {
		return err
	}
	var m *Message
	if n.Kind == store.TournamentFinishedNotice {
		m, err = b.finalNotice(ctx, t)
	} else {
		m, err = b.roundNotice(ctx, t, n.Round)
	}
	if err != nil {
		return err
	}
	m.Nonce = fmt.Sprintf("kilab-t%d", n.ID)
	if _, err := b.dc.Send(t.ChannelID, m); err != nil {
		return err
	}
	b.refreshTournament(ctx, t)
	return nil
}

// roundNotice is a round's pairings and, once something was played, the
// standings picture (its rows are in the picture and its alt text: the
// pairings of a large field take the room an embed has for words).
func (b *Bot) roundNotice(ctx context.Context, t store.Tournament, round int) (*Message, error) {
	ps, err := b.db.Pairings(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, p := range ps {
		if p.Round == round {
			lines = append(lines, b.pairingLine(ctx, t, p))
		}
	}
	m := &Message{Content: fmt.Sprintf("**%s · round %d of %d**", tournamentTitle(t), round, t.Rounds)}
	pairings := &discordgo.MessageEmbed{Title: fmt.Sprintf("Round %d pairings", round), Description: fitLines(lines, 4096), Color: kindColour(t.Kind)}
	if round == 1 {
		m.Embeds = []*discordgo.MessageEmbed{pairings}
		return m, nil
	}
	st, err := b.standingsMessage(ctx, t.ID, "")
	if err != nil {
		return nil, err
	}
	st.Embeds[0].Description = ""
	m.Embeds, m.Files = []*discordgo.MessageEmbed{pairings, st.Embeds[0]}, st.Files
	return m, nil
}

// finalNotice names the winner, or winners level on points and tie-break,
// over the final standings; a Swiss that could not pair all its rounds says
// so.
func (b *Bot) finalNotice(ctx context.Context, t store.Tournament) (*Message, error) {
	_, _, st, err := b.db.Standings(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	if len(st) == 0 {
		return nil, fmt.Errorf("tournament %d ended with no players", t.ID)
	}
	var winners []string
	for _, s := range st {
		if s.Rank == 1 {
			winners = append(winners, fmt.Sprintf("<@%s>", s.Player))
		}
	}
	early := ""
	if t.Round < t.Rounds {
		early = fmt.Sprintf(" It ended after round %d of %d: every pairing left would have been a rematch.", t.Round, t.Rounds)
	}
	heading := clip(fmt.Sprintf("**%s is over.** Winner: %s with %s points. Congratulations!%s",
		tournamentTitle(t), strings.Join(winners, " and "), render.Points(st[0].Points), early), 2000)
	return b.standingsMessage(ctx, t.ID, heading)
}

// pairingLine is one pairing of a round notice.
func (b *Bot) pairingLine(ctx context.Context, t store.Tournament, p store.Pairing) string {
	switch {
	case p.Pair.Bye() && t.Format == tournament.Swiss:
		return fmt.Sprintf("<@%s> has the bye (1 point)", p.Pair.First)
	case p.Pair.Bye():
		return fmt.Sprintf("<@%s> rests this round", p.Pair.First)
	case p.Game == 0:
		return fmt.Sprintf("<@%s> vs <@%s>: %s by forfeit", p.Pair.First, p.Pair.Second, forfeitText(p))
	}
	where := ""
	if g, err := b.db.Game(ctx, p.Game); err == nil {
		where = " · " + channelLink(g.GuildID, threadOf(g))
	} else if !errors.Is(err, store.ErrNotFound) {
		b.log.Warn("a tournament game", "game", p.Game, "err", err)
	}
	return fmt.Sprintf("<@%s> (moves first) vs <@%s>: game #%d%s", p.Pair.First, p.Pair.Second, p.Game, where)
}

func forfeitText(p store.Pairing) string {
	switch p.Result {
	case store.FirstWins:
		return fmt.Sprintf("<@%s> wins", p.Pair.First)
	case store.SecondWins:
		return fmt.Sprintf("<@%s> wins", p.Pair.Second)
	}
	return "nobody wins"
}
