package tournaments

import (
	"context"
	"errors"
	"fmt"
	"kilab/bot/kit"
	"math"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
	"kilab/render"
	"kilab/store"
	"kilab/tournament"
)

// Standings is /standings [tournament]: the table as it stands.
func (b *Tournaments) Standings(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return lang.Fail("tour.err.standings_no_server")
	}
	t, err := b.tournamentOf(ctx, i)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	if t.Status == store.TournamentOpen || t.Status == store.TournamentCancelled {
		return lang.Fail("tour.err.not_started", "ID", t.ID, "Status", statusWord(l, t.Status))
	}
	m, err := b.standingsMessage(ctx, l, t.ID, "")
	if err != nil {
		return err
	}
	m.Ephemeral = true
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// tieBreakName is the format's tie-break, short (as chess players abbreviate
// it in l) and long.
func tieBreakName(l *lang.Lang, f tournament.Format) (short, long string) {
	if f == tournament.Swiss {
		return l.T("tour.tiebreak.buchholz_short"), l.T("tour.tiebreak.buchholz")
	}
	return l.T("tour.tiebreak.sonneborn_short"), l.T("tour.tiebreak.sonneborn")
}

// pointsText is a score in words: "1 point", "2½ points".
func pointsText(l *lang.Lang, p float64) string {
	whole := math.Floor(p)
	if p == whole {
		return l.N("tour.n.points", int(whole))
	}
	return l.N("tour.n.points_half", int(whole)) // the catalog writes the ½ as render.Points does
}

// standingsMessage is the standings picture, with the same in words in its
// embed (for screen readers and search) and heading above, in l.
func (b *Tournaments) standingsMessage(ctx context.Context, l *lang.Lang, id int64, heading string) (*kit.Message, error) {
	t, players, st, err := b.DB.Standings(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(st) == 0 {
		return nil, lang.Fail("tour.err.no_players", "ID", id)
	}
	left := map[string]bool{}
	for _, p := range players {
		left[p.User] = p.Left
	}
	short, long := tieBreakName(l, t.Format)
	table := render.Table{Title: standingsTitle(l, t), TieBreak: short}
	var lines []string
	for _, s := range st {
		table.Rows = append(table.Rows, render.TableRow{Rank: s.Rank, Name: b.LookupName(l, s.Player), Won: s.Won, Drawn: s.Drawn, Lost: s.Lost,
			Points: s.Points, TieBreak: s.TieBreak, Left: left[s.Player]})
		lines = append(lines, fmt.Sprintf("%d. <@%s>: **%s** (%d-%d-%d, %s %g)%s", s.Rank, s.Player, render.Points(s.Points), s.Won, s.Drawn, s.Lost, short, s.TieBreak, leftMark(l, left[s.Player])))
	}
	png, err := render.Standings(l, table)
	if err != nil {
		return nil, err
	}
	link, err := b.PublicWebURL(ctx, t.GuildID, "/t/"+strconv.FormatInt(t.ID, 10))
	if err != nil {
		b.Logger(ctx).Warn("a tournament's page on the web", "err", err) // the standings go without their link
	}
	return &kit.Message{
		Content:    heading,
		Components: kit.WithLink(l, nil, link),
		Embeds: []*discordgo.MessageEmbed{{
			Title: kit.Clip(table.Title, 256), Description: kit.FitLinesIn(l, lines, 4000), Color: kit.KindColour(t.Kind),
			Image:  &discordgo.MessageEmbedImage{URL: "attachment://standings.png"},
			Footer: &discordgo.MessageEmbedFooter{Text: kit.Clip(l.T("tour.standings.footer", "TieBreak", long), 2048)},
		}},
		Files: []kit.File{{Name: "standings.png", ContentType: "image/png", Data: png,
			Description: kit.Clip(table.Title+": "+strings.Join(altLines(l, st, b), "; "), 1024)}},
	}, nil
}

func standingsTitle(l *lang.Lang, t store.Tournament) string {
	switch t.Status {
	case store.TournamentFinished:
		return l.T("tour.standings.final", "Title", tournamentTitle(l, t))
	case store.TournamentRunning:
		return l.T("tour.standings.running", "Title", tournamentTitle(l, t), "Round", t.Round, "Rounds", t.Rounds)
	}
	return tournamentTitle(l, t)
}

func altLines(l *lang.Lang, st []tournament.Standing, b *Tournaments) []string {
	var out []string
	for _, s := range st {
		out = append(out, fmt.Sprintf("%d %s %s", s.Rank, b.Name(l, s.Player), pointsText(l, s.Points)))
	}
	return out
}

func leftMark(l *lang.Lang, left bool) string {
	if left {
		return " · " + l.T("tour.left")
	}
	return ""
}

// Deliver posts a tournament's announcement in its channel: a
// round's pairings or the final standings.
func (b *Tournaments) Deliver(ctx context.Context, n store.Announcement) error {
	t, err := b.DB.Tournament(ctx, n.Tournament)
	if err != nil {
		return err
	}
	l := b.GuildLang(ctx, t.GuildID, t.Creator) // posted in the server's channel
	var m *kit.Message
	if n.Kind == store.AnnounceTournamentFinished {
		m, err = b.finalNotice(ctx, l, t)
	} else {
		m, err = b.roundNotice(ctx, l, t, n.Round)
	}
	if err != nil {
		return err
	}
	m.Nonce = kit.Nonce(n)
	if _, err := b.DC.Send(t.ChannelID, m); err != nil {
		return err
	}
	b.refreshTournament(ctx, t)
	return nil
}

// roundNotice is a round's pairings and, once something was played, the
// standings picture (its rows are in the picture and its alt text: the
// pairings of a large field take the room an embed has for words).
func (b *Tournaments) roundNotice(ctx context.Context, l *lang.Lang, t store.Tournament, round int) (*kit.Message, error) {
	ps, err := b.DB.Pairings(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, p := range ps {
		if p.Round == round {
			lines = append(lines, b.pairingLine(ctx, l, t, p))
		}
	}
	m := &kit.Message{Content: kit.Clip(l.T("tour.round.heading", "Title", tournamentTitle(l, t), "Round", round, "Rounds", t.Rounds), 2000)}
	pairings := &discordgo.MessageEmbed{Title: l.T("tour.round.pairings", "Round", round), Description: kit.FitLinesIn(l, lines, 4096), Color: kit.KindColour(t.Kind)}
	if round == 1 {
		m.Embeds = []*discordgo.MessageEmbed{pairings}
		return m, nil
	}
	st, err := b.standingsMessage(ctx, l, t.ID, "")
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
func (b *Tournaments) finalNotice(ctx context.Context, l *lang.Lang, t store.Tournament) (*kit.Message, error) {
	_, _, st, err := b.DB.Standings(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	if len(st) == 0 {
		return nil, fmt.Errorf("tournament %d ended with no players", t.ID)
	}
	var winners []string
	for _, w := range tournament.Winners(st) {
		winners = append(winners, fmt.Sprintf("<@%s>", w))
	}
	heading := l.T("tour.final.heading", "Title", tournamentTitle(l, t), "Winners", strings.Join(winners, " "+l.T("tour.and")+" "),
		"Points", pointsText(l, st[0].Points))
	if t.Round < t.Rounds {
		heading += " " + l.T("tour.final.early", "Round", t.Round, "Rounds", t.Rounds)
	}
	return b.standingsMessage(ctx, l, t.ID, kit.Clip(heading, 2000))
}

// pairingLine is one pairing of a round notice.
func (b *Tournaments) pairingLine(ctx context.Context, l *lang.Lang, t store.Tournament, p store.Pairing) string {
	switch {
	case p.Pair.Bye() && t.Format == tournament.Swiss:
		return l.T("tour.pair.bye", "User", p.Pair.First)
	case p.Pair.Bye():
		return l.T("tour.pair.rests", "User", p.Pair.First)
	case p.Game == 0:
		return l.T("tour.pair.forfeit", "First", p.Pair.First, "Second", p.Pair.Second, "Result", forfeitText(l, p))
	}
	where := ""
	if g, err := b.DB.Game(ctx, p.Game); err == nil {
		where = " · " + kit.ChannelLink(g.GuildID, kit.ThreadOf(g))
	} else if !errors.Is(err, store.ErrNotFound) {
		b.Log.Warn("a tournament game", "game", p.Game, "err", err)
	}
	return l.T("tour.pair.game", "First", p.Pair.First, "Second", p.Pair.Second, "Game", p.Game, "Where", where)
}

func forfeitText(l *lang.Lang, p store.Pairing) string {
	switch p.Result {
	case store.FirstWins:
		return l.T("tour.pair.wins", "User", p.Pair.First)
	case store.SecondWins:
		return l.T("tour.pair.wins", "User", p.Pair.Second)
	}
	return l.T("tour.pair.nobody")
}
