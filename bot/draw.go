package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/store"
)

// drawable says whether a game's rules allow a draw by agreement, as the
// game says of itself (games.AgreedDraws): Tab (T12) and Seega (S8) do.
func drawable(kind string) bool {
	g, err := games.Lookup(kind)
	return err == nil && games.AgreedDraws(g)
}

// drawCommand is /draw: offer a draw, or accept the opponent's offer.
func (b *Bot) drawCommand(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.gameOf(ctx, i)
	if err != nil {
		return err
	}
	seat, err := liveSeat(g, userOf(i).ID)
	switch {
	case err != nil:
		return err
	case !drawable(g.Kind):
		return userf("%s has no draws by agreement: play on, or /resign.", kindTitle(g.Kind))
	case g.Computer.Plays():
		return userf("The computer does not agree to draws: play on, or /resign.")
	case g.DrawOffer == seat.Other():
		return b.agreeDraw(ctx, i, g, seat, false)
	case g.DrawOffer == seat:
		return userf("Your draw offer stands until <@%s> answers it or moves.", g.Players[seat.Other()])
	}
	if err := b.db.OfferDraw(ctx, g.ID, g.Version, seat); errors.Is(err, store.ErrConflict) {
		return userf("Game #%d changed just now; look at the board and offer again if you still want a draw.", g.ID)
	} else if err != nil {
		return err
	}
	b.kick() // the offer's message was recorded with it
	return b.reply(i, "You offered a draw in game #%d.", g.ID)
}

// drawClick answers the Accept draw / Decline buttons. Only the player the
// offer was made to may answer, and only while it stands.
func (b *Bot) drawClick(ctx context.Context, i *discordgo.Interaction, a action) error {
	g, err := b.db.Game(ctx, a.id)
	if err != nil {
		return err
	}
	seat, ok := g.Seat(userOf(i).ID)
	switch {
	case !ok:
		return userf("You are not playing in this game.")
	case !g.Active():
		return games.ErrGameOver
	case g.DrawOffer == seat:
		return userf("This is your own draw offer: it stands until <@%s> answers it or plays on.", g.Players[seat.Other()])
	case g.DrawOffer != seat.Other():
		return userf("There is no draw offer for you to answer: it was declined, or lapsed when your turn passed.")
	case a.verb == "a":
		return b.agreeDraw(ctx, i, g, seat, true)
	}
	if err := b.db.DeclineDraw(ctx, g.ID); err != nil {
		return err
	}
	return b.dc.Respond(i, discordgo.InteractionResponseUpdateMessage, &Message{
		Content: fmt.Sprintf("<@%s> declined the draw offer in game #%d.", g.Players[seat], g.ID),
	})
}

// agreeDraw ends the game drawn by agreement.
func (b *Bot) agreeDraw(ctx context.Context, i *discordgo.Interaction, g store.Game, seat games.Player, onMessage bool) error {
	_, _, err := b.commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.Draw, Reason: store.ReasonAgreement}, Announce: true})
	if err != nil {
		return err
	}
	b.kick()
	note := fmt.Sprintf("<@%s> accepted the draw: game #%d is drawn.", g.Players[seat], g.ID)
	if onMessage {
		err = b.dc.Respond(i, discordgo.InteractionResponseUpdateMessage, &Message{Content: note})
	} else {
		err = b.reply(i, "%s", note)
	}
	b.committed(ctx, i, err)
	return nil
}
