package play

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
)

// RandomPlace is a click on a placement turn's Place at random: the player's
// pieces of this turn go on a pair of cells picked among the legal ones
// (S2), each as likely as any other, from the game's source, and are
// committed as any move click is, at the version the player saw, so a board
// the game has moved past (or a second click) changes nothing.
func (b *Play) RandomPlace(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	if a.Verb != "p" {
		return kit.ErrForged
	}
	g, err := b.DB.Game(ctx, a.ID)
	if err != nil {
		return err
	}
	seat, err := b.checkTurn(ctx, g, kit.UserOf(i).ID, a)
	if err != nil {
		return err
	}
	s, err := b.Load(ctx, g)
	if err != nil {
		return err
	}
	move, ok := games.RandomPlacement(s.Pos, b.Src)
	if !ok {
		return kit.ErrForged // this turn places nothing: the bot made no such button
	}
	return b.act(ctx, i, s, seat, move, true)
}
