package tournaments

import (
	"context"
	"errors"
	"fmt"
	"kilab/bot/kit"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
	"kilab/tournament"
)

// tournamentTitle is "Aseb tournament #3 · standard · pieces 7".
func tournamentTitle(l *lang.Lang, t store.Tournament) string {
	g, err := games.Lookup(t.Kind)
	if err != nil {
		return l.T("tour.title_bare", "ID", t.ID)
	}
	return l.T("tour.title", "Game", g.Title(), "ID", t.ID, "Config", kit.ConfigText(l, g, t.Config))
}

// formatText says how the tournament pairs and how many rounds it has.
func formatText(l *lang.Lang, t store.Tournament) string {
	return tournament.FormatText(l, t.Format, t.Rounds, store.SidesMatter(t.Kind))
}

// tournamentMessage is the tournament's announcement, in the server's
// language l: its terms, its players, and the buttons its state allows.
func tournamentMessage(l *lang.Lang, t store.Tournament, players []store.TournamentPlayer) *kit.Message {
	rated := l.T("tour.rated")
	if !t.Rated {
		rated = l.T("tour.casual")
	}
	var who []string
	for _, p := range players {
		if p.Left {
			who = append(who, fmt.Sprintf("~~<@%s>~~", p.User))
		} else {
			who = append(who, fmt.Sprintf("<@%s>", p.User))
		}
	}
	list := l.T("tour.nobody_yet")
	if len(who) > 0 {
		list = strings.Join(who, ", ")
	}
	desc := l.T("tour.announce.body", "Format", formatText(l, t), "Time", l.N("tour.per_move", int(t.TimeLimit/store.Day)),
		"Rated", rated, "Status", statusText(l, t), "Players", len(players), "List", list)
	m := &kit.Message{Embeds: []*discordgo.MessageEmbed{{
		Title: kit.Clip(tournamentTitle(l, t), 256), Description: kit.Clip(desc, 4096), Color: kit.KindColour(t.Kind),
		Footer: &discordgo.MessageEmbedFooter{Text: l.T("tour.announce.footer", "ID", t.ID)},
	}}}
	join := discordgo.Button{Label: l.T("tour.button.join"), Style: discordgo.SuccessButton, CustomID: kit.TournamentCID("j", t.ID)}
	leave := discordgo.Button{Label: l.T("tour.button.leave"), Style: discordgo.SecondaryButton, CustomID: kit.TournamentCID("l", t.ID)}
	var buttons []discordgo.MessageComponent
	switch t.Status {
	case store.TournamentOpen:
		buttons = []discordgo.MessageComponent{join, leave}
	case store.TournamentRunning:
		buttons = []discordgo.MessageComponent{leave}
	}
	if len(buttons) > 0 {
		m.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	} else {
		m.Components = []discordgo.MessageComponent{} // an edit takes finished buttons off
	}
	return m
}

func statusText(l *lang.Lang, t store.Tournament) string {
	switch t.Status {
	case store.TournamentOpen:
		return l.T("tour.status_text.open")
	case store.TournamentRunning:
		return l.T("tour.status_text.running", "Round", t.Round, "Rounds", t.Rounds)
	case store.TournamentFinished:
		return l.T("tour.status_text.finished")
	}
	return l.T("tour.status.cancelled")
}

// statusWord is a tournament's status in a word: "open", "running".
func statusWord(l *lang.Lang, status string) string {
	switch status {
	case store.TournamentOpen:
		return l.T("tour.status.open")
	case store.TournamentRunning:
		return l.T("tour.status.running")
	case store.TournamentFinished:
		return l.T("tour.status.finished")
	case store.TournamentCancelled:
		return l.T("tour.status.cancelled")
	}
	return status
}

// Click handles Join, Leave, and the confirmation of leaving a
// running tournament.
func (b *Tournaments) Click(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	t, err := b.DB.Tournament(ctx, a.ID)
	if err != nil {
		return err
	}
	if t.GuildID != i.GuildID {
		return kit.ErrForged
	}
	user, l := kit.UserOf(i).ID, kit.LangOf(i)
	switch {
	case a.Verb == "j":
		if err := b.MayPlay(ctx, t.GuildID, t.ChannelID, false, user); err != nil {
			return err
		}
		err = b.DB.JoinTournament(ctx, t.ID, user)
	case a.Verb == "l" && t.Status == store.TournamentRunning:
		return b.confirmLeave(ctx, i, t, user)
	case a.Verb == "l":
		err = b.DB.LeaveTournament(ctx, t.ID, user)
	case a.Verb == "w":
		return b.withdraw(ctx, i, t, user)
	}
	switch {
	case errors.Is(err, store.ErrClosed) && a.Verb == "j":
		return lang.Fail("tour.err.join_closed", "ID", t.ID, "Status", statusWord(l, t.Status))
	case errors.Is(err, store.ErrClosed):
		return lang.Fail("tour.err.closed", "ID", t.ID, "Status", statusWord(l, t.Status))
	case errors.Is(err, store.ErrFull):
		return lang.Fail("tour.err.full", "ID", t.ID, "Players", l.N("tour.n.players", store.MaxTournamentPlayers))
	case errors.Is(err, store.ErrNotFound):
		return lang.Fail("tour.err.not_in", "ID", t.ID)
	case err != nil:
		return err
	}
	players, err := b.DB.TournamentPlayers(ctx, t.ID)
	if err != nil {
		return err
	}
	// The announcement is the server's: it stays in the server's language.
	return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, tournamentMessage(b.GuildLang(ctx, t.GuildID, user), t, players))
}

// confirmLeave asks before a player leaves a running tournament, since it
// loses their games.
func (b *Tournaments) confirmLeave(ctx context.Context, i *discordgo.Interaction, t store.Tournament, user string) error {
	players, err := b.DB.TournamentPlayers(ctx, t.ID)
	if err != nil {
		return err
	}
	in := false
	for _, p := range players {
		in = in || (p.User == user && !p.Left)
	}
	if !in {
		return lang.Fail("tour.err.not_in", "ID", t.ID)
	}
	l := kit.LangOf(i)
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Ephemeral: true,
		Content: l.T("tour.leave.confirm", "ID", t.ID),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("tour.button.forfeit"), Style: discordgo.DangerButton, CustomID: kit.TournamentCID("w", t.ID)},
		}}}})
}

// withdraw takes a confirmed player out of a running tournament.
func (b *Tournaments) withdraw(ctx context.Context, i *discordgo.Interaction, t store.Tournament, user string) error {
	err := b.DB.LeaveTournament(ctx, t.ID, user)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return lang.Fail("tour.err.not_in", "ID", t.ID)
	case errors.Is(err, store.ErrClosed):
		return lang.Fail("tour.err.closed", "ID", t.ID, "Status", statusWord(kit.LangOf(i), t.Status))
	case err != nil:
		return err
	}
	b.Kick() // the ended games' boards, and perhaps the next round
	if now, err := b.DB.Tournament(ctx, t.ID); err == nil {
		b.refreshTournament(ctx, now)
	}
	return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{
		Content: kit.LangOf(i).T("tour.leave.done", "ID", t.ID), Components: []discordgo.MessageComponent{}})
}

// Choices offers this server's tournaments for the tournament option.
func (b *Tournaments) Choices(ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	ts, err := b.DB.Tournaments(ctx, i.GuildID, 100)
	if err != nil {
		return nil, err
	}
	l := kit.LangOf(i)
	typed = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(typed), "#"))
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, t := range ts {
		label := kit.Clip(fmt.Sprintf("#%d %s · %s", t.ID, kit.KindTitle(t.Kind), statusWord(l, t.Status)), 100)
		if typed != "" && !strings.Contains(strings.ToLower(label), typed) {
			continue
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: fmt.Sprint(t.ID)})
		if len(out) == 25 {
			break
		}
	}
	return out, nil
}
