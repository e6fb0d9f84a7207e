package play

import (
	"context"
	"kilab/bot/kit"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

const maxChoices = 25

func (b *Play) GameChoices(ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	me := kit.UserOf(i).ID
	list, err := b.DB.ActiveGames(ctx, me, i.GuildID)
	if err != nil {
		return nil, err
	}
	switch name := i.ApplicationCommandData().Name; {
	case name == "review":
		list = nil // finished games only
		fallthrough
	case name == "history" && i.GuildID != "":
		// /history is for finished games too: offer the latest after those in play.
		if st, err := b.DB.Stats(ctx, i.GuildID, me, maxChoices); err == nil {
			list = append(list, st.Recent...)
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, g := range list {
		label := b.choiceLabel(kit.LangOf(i), g, me)
		if typed != "" && !strings.Contains(strings.ToLower(label), strings.ToLower(typed)) {
			continue
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: kit.Clip(label, 100), Value: strconv.FormatInt(g.ID, 10)})
		if len(out) == maxChoices {
			break
		}
	}
	return out, nil
}

// choiceLabel is plain text (autocomplete cannot show mentions):
// "#12 Aseb vs Bo · your turn".
func (b *Play) choiceLabel(l *lang.Lang, g store.Game, me string) string {
	seat, _ := g.Seat(me)
	turn := l.T("cmd.turn.theirs")
	switch {
	case !g.Active():
		turn = l.T("cmd.turn.over")
	case g.ToMove == seat:
		turn = l.T("cmd.turn.yours")
	}
	return l.T("cmd.label", "ID", g.ID, "Title", kit.KindTitle(g.Kind), "Opponent", b.Name(l, g.Players[seat.Other()]), "Turn", turn)
}

func (b *Play) MoveChoices(ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return nil, err
	}
	if seat, ok := g.Seat(kit.UserOf(i).ID); !ok || seat != g.ToMove || !g.Active() {
		return nil, nil
	}
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	if s.Pos.Due().Kind == games.DueThrow {
		return []*discordgo.ApplicationCommandOptionChoice{{Name: kit.LangOf(i).T("cmd.throw"), Value: "throw"}}, nil
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, m := range s.Pos.Moves() {
		name := m.Notation // the notation /move takes, then the move in words
		if l := games.Label(kit.LangOf(i), s.Pos, m.Notation); l != m.Notation {
			name += " · " + l
		}
		if strings.Contains(strings.ToLower(name), strings.ToLower(typed)) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: kit.Clip(name, 100), Value: m.Notation})
		}
		if len(out) == maxChoices {
			break
		}
	}
	return out, nil
}
