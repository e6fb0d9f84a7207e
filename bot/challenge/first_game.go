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

// FirstGame answers the button at the end of a lesson (kit.FirstGameCID):
// a game of the lesson's kind against the computer at the easy level, in
// the game's default variant, started as /challenge starts one against
// the computer, with the same checks.
func (b *Challenges) FirstGame(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	if i.GuildID == "" {
		return lang.Fail("chal.in_server")
	}
	g, err := games.Lookup(a.Arg)
	if err != nil {
		return kit.ErrForged
	}
	if b.Self() == "" {
		return errors.New("challenge: a first game asked for before the bot knows its own id")
	}
	cfg, err := games.Normalize(g, games.Config{})
	if err != nil {
		return err
	}
	me := kit.UserOf(i)
	if err := b.MayPlay(ctx, i.GuildID, i.ChannelID, true, me.ID, b.Self()); err != nil {
		return err
	}
	spec := challengeSpec{game: g, cfg: cfg, first: store.FirstRandom, days: 3, level: kit.FirstGameLevel}
	return b.challengeComputer(ctx, i, spec, me)
}
