package play

import (
	"context"
	"errors"
	"kilab/bot/kit"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// drawable says whether a game's rules allow a draw by agreement, as the
// game says of itself (games.AgreedDraws): Tab (T12) and Seega (S8) do.
func drawable(kind string) bool {
	g, err := games.Lookup(kind)
	return err == nil && games.AgreedDraws(g)
}

// Draw is /draw: offer a draw, or accept the opponent's offer.
func (b *Play) Draw(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return err
	}
	seat, err := kit.LiveSeat(g, kit.UserOf(i).ID)
	switch {
	case err != nil:
		return err
	case !drawable(g.Kind):
		return lang.Fail("act.draw.none", "Game", kit.KindTitle(g.Kind))
	case g.Computer.Plays():
		return lang.Fail("act.draw.computer")
	case g.DrawOffer == seat.Other():
		return b.agreeDraw(ctx, i, g, seat, false)
	case g.DrawOffer == seat:
		return lang.Fail("act.draw.offer_stands", "Opponent", g.Players[seat.Other()])
	}
	if err := b.DB.OfferDraw(ctx, g.ID, g.Version, seat); errors.Is(err, store.ErrConflict) {
		return lang.Fail("act.draw.changed", "Game", g.ID)
	} else if err != nil {
		return err
	}
	b.Kick() // the offer's message was recorded with it
	return b.Reply(i, "%s", kit.LangOf(i).T("act.draw.offered", "Game", g.ID))
}

// DrawClick answers the Accept draw / Decline buttons. Only the player the
// offer was made to may answer, and only while it stands.
func (b *Play) DrawClick(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	g, err := b.DB.Game(ctx, a.ID)
	if err != nil {
		return err
	}
	seat, ok := g.Seat(kit.UserOf(i).ID)
	switch {
	case !ok:
		return lang.Fail("act.draw.not_playing")
	case !g.Active():
		return games.ErrGameOver
	case g.DrawOffer == seat:
		return lang.Fail("act.draw.own_offer", "Opponent", g.Players[seat.Other()])
	case g.DrawOffer != seat.Other():
		return lang.Fail("act.draw.no_offer")
	case a.Verb == "a":
		return b.agreeDraw(ctx, i, g, seat, true)
	}
	if err := b.DB.DeclineDraw(ctx, g.ID); err != nil {
		return err
	}
	// The offer's message is in the game's thread, read by all: its language.
	return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{
		Content: b.GameLang(ctx, g).T("act.draw.declined", "Player", g.Players[seat], "Game", g.ID),
	})
}

// agreeDraw ends the game drawn by agreement, saying so on the offer's
// message in the thread (onMessage), else privately to the /draw.
func (b *Play) agreeDraw(ctx context.Context, i *discordgo.Interaction, g store.Game, seat games.Player, onMessage bool) error {
	_, _, err := b.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.Draw, Reason: store.ReasonAgreement}, Announce: true})
	if err != nil {
		return err
	}
	b.Kick()
	if onMessage {
		note := b.GameLang(ctx, g).T("act.draw.accepted", "Player", g.Players[seat], "Game", g.ID)
		err = b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{Content: note})
	} else {
		err = b.Reply(i, "%s", kit.LangOf(i).T("act.draw.accepted", "Player", g.Players[seat], "Game", g.ID))
	}
	b.committed(ctx, i, err)
	return nil
}
