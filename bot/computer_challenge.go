package bot

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/games"
	"kilab/store"
)

// challengeComputer starts a game against the computer at once: the bot is
// the opponent, and it always accepts. The game is unrated whatever the
// challenge said, and its thread opens from the answer to /challenge.
func (b *Bot) challengeComputer(ctx context.Context, i *discordgo.Interaction, spec challengeSpec, me *discordgo.User) error {
	level := spec.level
	if level == "" {
		level = ai.DefaultLevel
	}
	if !slices.Contains(ai.Levels, level) {
		return userf("The computer plays at %s; there is no level %q.", orList(ai.Levels), level)
	}
	if _, err := ai.New(spec.game.Name(), level, spec.cfg, b.src); err != nil {
		return userf("The computer cannot play %s %s yet.", spec.game.Title(), configText(spec.game, spec.cfg))
	}
	c, g, err := b.startComputerGame(ctx, store.Challenge{GuildID: i.GuildID, ChannelID: i.ChannelID, Challenger: me.ID,
		Kind: spec.game.Name(), Config: spec.cfg, First: spec.first, TimeLimit: time.Duration(spec.days) * 24 * time.Hour}, spec.game, level)
	if err != nil {
		return err
	}
	if err := b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, computerGameMessage(c, g, spec.game)); err != nil {
		return err
	}
	if msg, err := b.dc.Original(i); err == nil {
		_ = b.db.SetChallengeMessage(ctx, c.ID, msg.ID)
	} else {
		b.logger(ctx).Warn("could not read the message of a game against the computer back", "game", g.ID, "err", err)
	}
	b.autoStart(ctx, g)
	b.kick()
	return nil
}

// startComputerGame seats the challenger and the computer as c.First says (or
// by the game's own draw) and starts the game.
func (b *Bot) startComputerGame(ctx context.Context, c store.Challenge, game games.Game, level string) (store.Challenge, store.Game, error) {
	c.Opponent = b.self()
	start, err := game.New(c.Config)
	if err != nil {
		return c, store.Game{}, err
	}
	players, opening, err := b.seats(c, game, c.Opponent)
	if err != nil {
		return c, store.Game{}, err
	}
	seat := games.First
	if players[1] == c.Opponent {
		seat = games.Second
	}
	return b.db.StartComputerGame(ctx, c, store.Start{Players: players, Position: start.String(), ToMove: games.First, Opening: opening},
		store.Computer{Level: level, Seat: seat})
}

// computerGameMessage answers /challenge against the computer: the game's
// terms, and that it has begun.
func computerGameMessage(c store.Challenge, g store.Game, game games.Game) *Message {
	m := challengeMessage(c, game, false)
	m.Content = fmt.Sprintf("<@%s> plays the computer (%s) at %s.", c.Challenger, g.Computer.Level, game.Title())
	m.Mentions = nil
	m.Embeds[0].Description = closedText(c, fmt.Sprintf("The computer accepts at once: game #%d, in its thread. Games against the computer are never rated.", g.ID))
	return m
}
