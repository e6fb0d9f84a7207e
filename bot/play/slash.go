package play

import (
	"context"
	"kilab/bot/kit"
	"kilab/store"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Move is /move: the typed alternative to the buttons.
func (b *Play) Move(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return err
	}
	move := kit.OptString(i, kit.OptMove)
	if move == "" {
		return b.noMove(ctx, i, g)
	}
	a := kit.Action{Kind: "g", ID: g.ID, Version: g.Version, Verb: "m", Arg: move}
	if strings.EqualFold(move, "throw") || strings.EqualFold(move, kit.LangOf(i).T("cmd.throw")) {
		a.Verb, a.Arg = "t", ""
	}
	return b.gameAction(ctx, i, a, false)
}

// BoardCommand is /board: the game's current board, with the controls when
// the one asking is on move.
func (b *Play) BoardCommand(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return err
	}
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	seat, plays := g.Seat(kit.UserOf(i).ID)
	controls := plays && seat == g.ToMove
	// In a DM the answer is the asker's alone: drawn from their side.
	m, err := b.Board(kit.LangOf(i), s, kit.BoardOpts{Controls: controls, Turned: i.GuildID == "" && b.Turned(ctx, kit.UserOf(i).ID, s.G)})
	if err != nil {
		return err
	}
	if err := b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m); err != nil || !controls {
		return err
	}
	b.keepLive(ctx, i, s.G, m)
	return nil
}

// keepLive records the answer to /board, which shows g's controls to
// everyone in the channel, among g's boards, so that the next move retires
// it as it does the thread's: its buttons go, and it stops saying whose turn
// it is. A failure is logged: the answer itself went out.
func (b *Play) keepLive(ctx context.Context, i *discordgo.Interaction, g store.Game, m *kit.Message) {
	msg, err := b.DC.Original(i)
	if err == nil {
		err = b.DB.AddBoardMessage(ctx, store.BoardMessage{Channel: msg.ChannelID, Message: msg.ID, Game: g.ID, Version: g.Version, Kind: "board", Kept: kit.Kept(m), Lang: string(m.Lang)})
	}
	if err != nil {
		b.Logger(ctx).Warn("recording a /board answer among the game's boards", "err", err)
	}
}
