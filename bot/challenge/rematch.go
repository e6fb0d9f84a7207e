package challenge

import (
	"context"
	"errors"
	"kilab/bot/kit"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// Rematch offers the other player a new game with the same options,
// the other player starting (DESIGN: a rematch swaps who starts).
func (b *Challenges) Rematch(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	g, err := b.DB.Game(ctx, a.ID)
	if err != nil {
		return err
	}
	me := kit.UserOf(i).ID
	seat, ok := g.Seat(me)
	switch {
	case !ok:
		return lang.Fail("chal.rematch.not_player", "Game", g.ID)
	case g.Active():
		return lang.Fail("chal.rematch.going_on", "Game", g.ID)
	}
	if err := b.MayPlay(ctx, g.GuildID, g.ChannelID, true, me, g.Players[seat.Other()]); err != nil {
		return err
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
	c, err := b.DB.CreateChallenge(ctx, store.Challenge{
		GuildID: g.GuildID, ChannelID: g.ChannelID, Challenger: me, Opponent: g.Players[seat.Other()],
		Kind: g.Kind, Config: g.Config, First: first, TimeLimit: g.TimeLimit, Rated: g.Rated, RematchOf: g.ID,
	})
	if errors.Is(err, store.ErrConflict) {
		return lang.Fail("chal.rematch.already_offered", "Game", g.ID)
	}
	if err != nil {
		return err
	}
	msg, err := b.DC.Send(c.ChannelID, challengeMessage(b.GuildLang(ctx, c.GuildID, me), c, game, true))
	if err != nil {
		if _, cerr := b.DB.CancelChallenge(ctx, c.ID, me); cerr != nil {
			b.Logger(ctx).Warn("withdrawing an unposted rematch", "challenge", c.ID, "err", cerr)
		}
		return err
	}
	if err := b.DB.SetChallengeMessage(ctx, c.ID, msg.ID); err != nil {
		b.Logger(ctx).Warn("recording the rematch message", "challenge", c.ID, "err", err)
	}
	b.Kick() // the opponent's DM was recorded with the challenge
	return b.Reply(i, "%s", kit.LangOf(i).T("chal.rematch.offered", "Opponent", c.Opponent, "Link", messageLink(c.GuildID, c.ChannelID, msg.ID)))
}

// computerRematch starts the rematch of a game against the computer at once:
// the computer always accepts. Only the game's person can ask for it.
func (b *Challenges) computerRematch(ctx context.Context, i *discordgo.Interaction, g store.Game, game games.Game, first store.First) error {
	c, ng, err := b.startComputerGame(ctx, store.Challenge{GuildID: g.GuildID, ChannelID: g.ChannelID, Challenger: kit.UserOf(i).ID,
		Kind: g.Kind, Config: g.Config, First: first, TimeLimit: g.TimeLimit, RematchOf: g.ID}, game, g.Computer.Level)
	if errors.Is(err, store.ErrConflict) {
		return lang.Fail("chal.rematch.already_begun", "Game", g.ID)
	}
	if err != nil {
		return err
	}
	msg, err := b.DC.Send(c.ChannelID, computerGameMessage(b.GuildLang(ctx, c.GuildID, c.Challenger), c, ng, game))
	if err == nil {
		err = b.DB.SetChallengeMessage(ctx, c.ID, msg.ID)
	}
	if err != nil {
		b.Logger(ctx).Warn("posting the rematch against the computer", "new_game", ng.ID, "err", err) // the game goes on in a thread of its own
	}
	b.AutoStart(ctx, ng)
	b.Kick()
	return b.Reply(i, "%s", kit.LangOf(i).T("chal.rematch.computer", "Game", ng.ID))
}
