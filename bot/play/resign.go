package play

import (
	"context"
	"kilab/bot/kit"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// Resigning goes in two steps: /resign asks, privately, and the player's
// click on Resign ends the game. Its buttons carry what the prompt promised:
//
//	q/y/{game}   resign: the opponent wins
//	q/a/{game}   resign before both players have moved: the game is aborted
//	q/k/{game}   keep playing
//
// A click whose promise no longer holds (the opponent has moved since, so an
// abort would now be a loss) asks again instead of acting.

// resignEnd is how the game ends if seat resigns now: an unrated abort while
// either player has yet to choose a move of their own, as on time
// (store.Game.TimeoutResult: throws and forced passes are not moves), else a
// win for the opponent.
func resignEnd(g store.Game, seat games.Player) store.End {
	if r, reason := g.TimeoutResult(); r == store.Aborted {
		return store.End{Result: r, Reason: reason}
	}
	return store.End{Result: store.Win(seat.Other()), Reason: store.ReasonResignation}
}

func resignVerb(e store.End) string {
	if e.Result == store.Aborted {
		return "a"
	}
	return "y"
}

// Resign is /resign: it asks before acting.
func (b *Play) Resign(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return err
	}
	seat, err := kit.LiveSeat(g, kit.UserOf(i).ID)
	if err != nil {
		return err
	}
	m := resignPrompt(kit.LangOf(i), g, seat, "")
	m.Ephemeral = true
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// resignPrompt asks the player to confirm in l, saying what resigning does
// now, under note (already said in l) if any.
func resignPrompt(l *lang.Lang, g store.Game, seat games.Player, note string) *kit.Message {
	end := resignEnd(g, seat)
	var what string
	switch {
	case end.Result == store.Aborted:
		what = l.T("act.resign.abort")
	case g.Rated:
		what = l.T("act.resign.rated", "Opponent", g.Players[seat.Other()])
	default:
		what = l.T("act.resign.casual", "Opponent", g.Players[seat.Other()])
	}
	text := l.T("act.resign.ask", "Game", kit.KindTitle(g.Kind), "ID", g.ID, "What", what)
	if note != "" {
		text = note + "\n" + text
	}
	return &kit.Message{Content: text, Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("act.resign.button"), Style: discordgo.DangerButton, CustomID: kit.ResignCID(resignVerb(end), g.ID)},
		discordgo.Button{Label: l.T("act.resign.keep_button"), Style: discordgo.SecondaryButton, CustomID: kit.ResignCID("k", g.ID)},
	}}}}
}

// ResignClick answers the prompt's buttons. Only a player of the game may
// use them, and only while it goes on. A resignation is not refused because
// the opponent moved meanwhile: it retries at the new version, unless that
// changes what it does (an abort become a loss), which is asked again.
func (b *Play) ResignClick(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	g, err := b.DB.Game(ctx, a.ID)
	if err != nil {
		return err
	}
	seat, err := kit.LiveSeat(g, kit.UserOf(i).ID)
	l := kit.LangOf(i)
	switch {
	case err != nil:
		return err
	case a.Verb == "k":
		return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{Content: l.T("act.resign.kept", "Game", kit.KindTitle(g.Kind), "ID", g.ID)})
	}
	for try := 0; ; try++ {
		if !g.Active() {
			return games.ErrGameOver
		}
		end := resignEnd(g, seat)
		if resignVerb(end) != a.Verb {
			return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, resignPrompt(l, g, seat, l.T("act.resign.changed")))
		}
		ng, _, err := b.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &end, Announce: true})
		if err == nil {
			b.Kick()
			return b.resigned(ctx, i, ng)
		}
		if try > 3 || !kit.IsConflict(err) {
			return err
		}
		if g, err = b.DB.Game(ctx, g.ID); err != nil {
			return err
		}
	}
}

// resigned replaces the prompt with how the game ended; the thread and the
// opponent hear of it from the announcement the commit recorded.
func (b *Play) resigned(ctx context.Context, i *discordgo.Interaction, g store.Game) error {
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	note := l.T("act.resign.done")
	if g.Result == store.Aborted {
		note = l.T("act.resign.done_aborted")
	}
	b.committed(ctx, i, b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{Content: note + " " + s.ResultText(kit.LangOf(i))}))
	return nil
}
