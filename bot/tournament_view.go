package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/store"
	"kilab/tournament"
)

func tournamentCID(verb string, id int64) string { return fmt.Sprintf("t/%s/%d", verb, id) }

// tournamentTitle is "Aseb tournament #3 · standard, 5 pieces".
func tournamentTitle(t store.Tournament) string {
	g, err := games.Lookup(t.Kind)
	if err != nil {
		return fmt.Sprintf("Tournament #%d", t.ID)
	}
	return fmt.Sprintf("%s tournament #%d · %s", g.Title(), t.ID, configText(g, t.Config))
}

// formatText says how the tournament pairs and how many rounds it has.
func formatText(t store.Tournament) string {
	if t.Format == tournament.Swiss {
		return fmt.Sprintf("Swiss, %s (paired by score, no rematches; a bye scores 1)", countText(t.Rounds, "round", "rounds"))
	}
	text := "round robin: everyone plays everyone"
	if store.SidesMatter(t.Kind) {
		text += " twice, once on each side"
	}
	if t.Rounds > 0 {
		text += fmt.Sprintf(" (%s)", countText(t.Rounds, "round", "rounds"))
	}
	return text
}

// tournamentMessage is the tournament's announcement: its terms, its players,
// and the buttons its state allows.
func tournamentMessage(t store.Tournament, players []store.TournamentPlayer) *Message {
	rated := "rated"
	if !t.Rated {
		rated = "casual (not rated)"
	}
	days := int(t.TimeLimit / store.Day)
	var who []string
	for _, p := range players {
		if p.Left {
			who = append(who, fmt.Sprintf("~~<@%s>~~", p.User))
		} else {
			who = append(who, fmt.Sprintf("<@%s>", p.User))
		}
	}
	list := "nobody yet"
	if len(who) > 0 {
		list = strings.Join(who, ", ")
	}
	desc := fmt.Sprintf("**Format**: %s\n**Time**: %s per move\n**Games**: %s\n**Status**: %s\n**Players (%d)**: %s",
		formatText(t), countText(days, "day", "days"), rated, statusText(t), len(players), list)
	m := &Message{Embeds: []*discordgo.MessageEmbed{{
		Title: tournamentTitle(t), Description: clip(desc, 4096), Color: kindColour(t.Kind),
		Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Tournament #%d · /standings tournament:%d", t.ID, t.ID)},
	}}}
	var buttons []discordgo.MessageComponent
	switch t.Status {
	case store.TournamentOpen:
		buttons = []discordgo.MessageComponent{
			discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: tournamentCID("j", t.ID)},
			discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: tournamentCID("l", t.ID)},
		}
	case store.TournamentRunning:
		buttons = []discordgo.MessageComponent{discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: tournamentCID("l", t.ID)}}
	}
	if len(buttons) > 0 {
		m.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	} else {
		m.Components = []discordgo.MessageComponent{} // an edit takes finished buttons off
	}
	return m
}

func statusText(t store.Tournament) string {
	switch t.Status {
	case store.TournamentOpen:
		return "open: press **Join** to play; it starts with /tournament start"
	case store.TournamentRunning:
		return fmt.Sprintf("round %d of %d in play", t.Round, t.Rounds)
	case store.TournamentFinished:
		return "finished: /standings has the final table"
	}
	return "cancelled"
}

// tournamentClick handles Join, Leave, and the confirmation of leaving a
// running tournament.
func (b *Bot) tournamentClick(ctx context.Context, i *discordgo.Interaction, a action) error {
	t, err := b.db.Tournament(ctx, a.id)
	if err != nil {
		return err
	}
	if t.GuildID != i.GuildID {
		return errForged
	}
	user := userOf(i).ID
	switch {
	case a.verb == "j":
		err = b.db.JoinTournament(ctx, t.ID, user)
	case a.verb == "l" && t.Status == store.TournamentRunning:
		return b.confirmLeave(ctx, i, t, user)
	case a.verb == "l":
		err = b.db.LeaveTournament(ctx, t.ID, user)
	case a.verb == "w":
		return b.withdraw(ctx, i, t, user)
	}
	switch {
	case errors.Is(err, store.ErrClosed) && a.verb == "j":
		return userf("Tournament #%d is %s: players join only before it starts.", t.ID, t.Status)
	case errors.Is(err, store.ErrClosed):
		return userf("Tournament #%d is %s.", t.ID, t.Status)
	case errors.Is(err, store.ErrFull):
		return userf("Tournament #%d is full: %d players.", t.ID, store.MaxTournamentPlayers)
	case errors.Is(err, store.ErrNotFound):
		return userf("You are not in tournament #%d.", t.ID)
	case err != nil:
		return err
	}
	players, err := b.db.TournamentPlayers(ctx, t.ID)
	if err != nil {
		return err
	}
	return b.dc.Respond(i, discordgo.InteractionResponseUpdateMessage, tournamentMessage(t, players))
}

// confirmLeave asks before a player leaves a running tournament, since it
// loses their games.
func (b *Bot) confirmLeave(ctx context.Context, i *discordgo.Interaction, t store.Tournament, user string) error {
	players, err := b.db.TournamentPlayers(ctx, t.ID)
	if err != nil {
		return err
	}
	in := false
	for _, p := range players {
		in = in || (p.User == user && !p.Left)
	}
	if !in {
		return userf("You are not in tournament #%d.", t.ID)
	}
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Ephemeral: true,
		Content: fmt.Sprintf("Leave tournament #%d? Your games in play are lost, and what is left of yours is forfeit.", t.ID),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Leave and forfeit", Style: discordgo.DangerButton, CustomID: tournamentCID("w", t.ID)},
		}}}})
}

// withdraw takes a confirmed player out of a running tournament.
func (b *Bot) withdraw(ctx context.Context, i *discordgo.Interaction, t store.Tournament, user string) error {
	err := b.db.LeaveTournament(ctx, t.ID, user)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return userf("You are not in tournament #%d.", t.ID)
	case errors.Is(err, store.ErrClosed):
		return userf("Tournament #%d is %s.", t.ID, t.Status)
	case err != nil:
		return err
	}
	b.kick() // the ended games' boards, and perhaps the next round
	if now, err := b.db.Tournament(ctx, t.ID); err == nil {
		b.refreshTournament(ctx, now)
	}
	return b.dc.Respond(i, discordgo.InteractionResponseUpdateMessage, &Message{
		Content: fmt.Sprintf("You left tournament #%d.", t.ID), Components: []discordgo.MessageComponent{}})
}

// tournamentChoices offers this server's tournaments for the tournament option.
func (b *Bot) tournamentChoices(ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	ts, err := b.db.Tournaments(ctx, i.GuildID, 100)
	if err != nil {
		return nil, err
	}
	typed = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(typed), "#"))
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, t := range ts {
		label := clip(fmt.Sprintf("#%d %s · %s", t.ID, kindTitle(t.Kind), t.Status), 100)
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
