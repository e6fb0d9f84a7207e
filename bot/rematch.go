package bot

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// rematchClick offers the other player a new game with the same options,
// the other player starting (DESIGN: a rematch swaps who starts).
func (b *Bot) rematchClick(ctx context.Context, i *discordgo.Interaction, a action) error {
	g, err := b.db.Game(ctx, a.id)
	if err != nil {
		return err
	}
	me := userOf(i).ID
	seat, ok := g.Seat(me)
	switch {
	case !ok:
		return lang.Fail("chal.rematch.not_player", "Game", g.ID)
	case g.Active():
		return lang.Fail("chal.rematch.going_on", "Game", g.ID)
	}
	first := store.FirstOpponent // whoever did not start this game starts the next
	if seat == games.Second {
		first = store.FirstChallenger
	}
	game, err := games.Lookup(g.Kind)
	if err != nil {
		return err
	}
	if g.Computer.Plays() {
		return b.computerRematch(ctx, i, g, game, first)
	}
	c, err := b.db.CreateChallenge(ctx, store.Challenge{
		GuildID: g.GuildID, ChannelID: g.ChannelID, Challenger: me, Opponent: g.Players[seat.Other()],
		Kind: g.Kind, Config: g.Config, First: first, TimeLimit: g.TimeLimit, Rated: g.Rated, RematchOf: g.ID,
	})
	if errors.Is(err, store.ErrConflict) {
		return lang.Fail("chal.rematch.already_offered", "Game", g.ID)
	}
	if err != nil {
		return err
	}
	msg, err := b.dc.Send(c.ChannelID, challengeMessage(b.guildLang(ctx, c.GuildID, me), c, game, true))
	if err != nil {
		if _, cerr := b.db.CancelChallenge(ctx, c.ID, me); cerr != nil {
			b.logger(ctx).Warn("withdrawing an unposted rematch", "challenge", c.ID, "err", cerr)
		}
		return err
	}
	if err := b.db.SetChallengeMessage(ctx, c.ID, msg.ID); err != nil {
		b.logger(ctx).Warn("recording the rematch message", "challenge", c.ID, "err", err)
	}
	b.kick() // the opponent's DM was recorded with the challenge
	return b.reply(i, "%s", langOf(i).T("chal.rematch.offered", "Opponent", c.Opponent, "Link", messageLink(c.GuildID, c.ChannelID, msg.ID)))
}

// rematchRow is the Rematch button of a finished game's board, in l.
func rematchRow(l *lang.Lang, g store.Game) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("chal.rematch.button"), Style: discordgo.SecondaryButton, CustomID: rematchCID(g.ID), Emoji: &discordgo.ComponentEmoji{Name: "🔁"}},
	}}}
}

// computerRematch starts the rematch of a game against the computer at once:
// the computer always accepts. Only the game's person can ask for it.
func (b *Bot) computerRematch(ctx context.Context, i *discordgo.Interaction, g store.Game, game games.Game, first store.First) error {
	c, ng, err := b.startComputerGame(ctx, store.Challenge{GuildID: g.GuildID, ChannelID: g.ChannelID, Challenger: userOf(i).ID,
		Kind: g.Kind, Config: g.Config, First: first, TimeLimit: g.TimeLimit, RematchOf: g.ID}, game, g.Computer.Level)
	if errors.Is(err, store.ErrConflict) {
		return lang.Fail("chal.rematch.already_begun", "Game", g.ID)
	}
	if err != nil {
		return err
	}
	msg, err := b.dc.Send(c.ChannelID, computerGameMessage(b.guildLang(ctx, c.GuildID, c.Challenger), c, ng, game))
	if err == nil {
		err = b.db.SetChallengeMessage(ctx, c.ID, msg.ID)
	}
	if err != nil {
		b.logger(ctx).Warn("posting the rematch against the computer", "new_game", ng.ID, "err", err) // the game goes on in a thread of its own
	}
	b.autoStart(ctx, ng)
	b.kick()
	return b.reply(i, "%s", langOf(i).T("chal.rematch.computer", "Game", ng.ID))
}
