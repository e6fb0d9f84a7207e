package challenge

import (
	"context"
	"kilab/bot/kit"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// challengeComputer starts a game against the computer at once: the bot is
// the opponent, and it always accepts. The game is unrated: a challenge
// that asked for rated:true is refused, so that nobody plays believing
// the game counts; without the option (whose default for people is
// rated) or with rated:false it starts. Its thread opens from the answer
// to /challenge.
func (b *Challenges) challengeComputer(ctx context.Context, i *discordgo.Interaction, spec challengeSpec, me *discordgo.User) error {
	if spec.askedRated {
		return lang.Fail("chal.computer.not_rated")
	}
	level := spec.level
	if level == "" {
		level = ai.DefaultLevel
	}
	if !slices.Contains(ai.Levels, level) {
		return noLevel(kit.LangOf(i), level)
	}
	if _, err := b.Computer.Agent(spec.game.Name(), level, spec.cfg, b.Src); err != nil {
		return lang.Fail("chal.computer.cannot_play", "Game", spec.game.Title(), "Config", kit.ConfigText(kit.LangOf(i), spec.game, spec.cfg))
	}
	c, g, err := b.startComputerGame(ctx, store.Challenge{GuildID: i.GuildID, ChannelID: i.ChannelID, Challenger: me.ID,
		Kind: spec.game.Name(), Config: spec.cfg, First: spec.first, TimeLimit: time.Duration(spec.days) * 24 * time.Hour}, spec.game, level)
	if err != nil {
		return err
	}
	// The game's post is in the channel: the server's language.
	l := b.GuildLang(ctx, i.GuildID, me.ID)
	if err := b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, computerGameMessage(l, c, g, spec.game)); err != nil {
		return err
	}
	if msg, err := b.DC.Original(i); err == nil {
		_ = b.DB.SetChallengeMessage(ctx, c.ID, msg.ID)
	} else {
		b.Logger(ctx).Warn("could not read the message of a game against the computer back", "game", g.ID, "err", err)
	}
	b.AutoStart(ctx, g)
	b.Kick()
	return nil
}

// startComputerGame seats the challenger and the computer as c.First says (or
// by the game's own draw) and starts the game.
func (b *Challenges) startComputerGame(ctx context.Context, c store.Challenge, game games.Game, level string) (store.Challenge, store.Game, error) {
	c.Opponent = b.Self()
	start, err := game.New(c.Config)
	if err != nil {
		return c, store.Game{}, err
	}
	players, opening, err := b.seats(ctx, c, game, c.Opponent)
	if err != nil {
		return c, store.Game{}, err
	}
	seat := games.First
	if players[1] == c.Opponent {
		seat = games.Second
	}
	return b.DB.StartComputerGame(ctx, c, store.Start{Players: players, Position: start.String(), ToMove: games.First, Opening: opening},
		store.Computer{Level: level, Seat: seat})
}

// computerGameMessage answers /challenge against the computer in l: the
// game's terms, and that it has begun.
func computerGameMessage(l *lang.Lang, c store.Challenge, g store.Game, game games.Game) *kit.Message {
	m := challengeMessage(l, c, game, false)
	m.Content = l.T("chal.computer.post", "Player", c.Challenger, "Level", kit.LevelWord(l, g.Computer.Level), "Game", game.Title())
	m.Mentions = nil
	m.Embeds[0].Description = closedText(l, c, l.T("chal.computer.accepted", "Game", g.ID))
	return m
}

// noLevel refuses a level the computer does not play, listing those it does
// in l, the reader's language. The level asked for is quoted as typed.
func noLevel(l *lang.Lang, level string) error {
	words := make([]string, len(ai.Levels))
	for k, lv := range ai.Levels {
		words[k] = kit.LevelWord(l, lv)
	}
	return lang.Fail("chal.computer.no_level", "Levels", kit.OrWords(l, words), "Level", strconv.Quote(level))
}
