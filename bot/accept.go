package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/store"
)

// challengeClick handles Accept, Decline and Cancel, from the channel or a DM.
func (b *Bot) challengeClick(ctx context.Context, i *discordgo.Interaction, a action) error {
	c, err := b.db.Challenge(ctx, a.id)
	if err != nil {
		return err
	}
	g, err := games.Lookup(c.Kind)
	if err != nil {
		return err
	}
	if (i.GuildID != "" && i.GuildID != c.GuildID) || (i.GuildID == "" && !c.Direct() && a.verb == "a") {
		return store.ErrNotFound // a challenge is answered in its server, or by its opponent's DM
	}
	user := userOf(i).ID
	var status string
	switch a.verb {
	case "a":
		return b.accept(ctx, i, c, g, user)
	case "d":
		c, err = b.db.DeclineChallenge(ctx, c.ID, user)
		status = fmt.Sprintf("Declined by <@%s>.", user)
	default:
		c, err = b.db.CancelChallenge(ctx, c.ID, user)
		status = fmt.Sprintf("Cancelled by <@%s>.", user)
	}
	if err != nil {
		return err
	}
	b.closeChallenge(i, c, g, status)
	return nil
}

// closeChallenge shows a challenge's end on the clicked message and, when the
// click came from a DM, on the channel's message too.
func (b *Bot) closeChallenge(i *discordgo.Interaction, c store.Challenge, g games.Game, status string) {
	m := challengeMessage(c, g, false)
	m.Embeds[0].Description = closedText(c, status)
	m.Mentions = nil
	if err := b.dc.Respond(i, discordgo.InteractionResponseUpdateMessage, m); err != nil {
		b.log.Warn("answering a challenge click", "interaction", i.ID, "challenge", c.ID, "err", err)
	}
	if i.GuildID == "" {
		b.edit(c.ChannelID, c.MessageID, m)
	}
}

func (b *Bot) accept(ctx context.Context, i *discordgo.Interaction, c store.Challenge, g games.Game, user string) error {
	switch {
	case user == c.Challenger:
		return userf("This is your own challenge; Cancel withdraws it.")
	case c.Direct() && user != c.Opponent:
		return userf("This challenge is for <@%s>.", c.Opponent)
	}
	start, err := g.New(c.Config)
	if err != nil {
		return err
	}
	players, opening, err := b.seats(c, g, user)
	if err != nil {
		return err
	}
	game, err := b.db.AcceptChallenge(ctx, c.ID, user, store.Start{Players: players, Position: start.String(), ToMove: games.First, Opening: opening})
	if err != nil {
		return err
	}
	b.autoStart(ctx, game)
	b.kick() // the game's thread, first board and DM were recorded with it
	c.Status, c.GameID = store.ChallengeAccepted, game.ID
	b.closeChallenge(i, c, g, fmt.Sprintf("Accepted by <@%s>: game #%d.", user, game.ID))
	return nil
}

// seats puts the two players in seat order, seat 0 moving first, as the
// challenge says or by the game's own draw (a coin, or Aseb's throw-off, A3).
// It returns what decided it, for the thread.
func (b *Bot) seats(c store.Challenge, g games.Game, acceptor string) ([2]string, string, error) {
	entrants := [2]string{c.Challenger, acceptor}
	switch c.First {
	case store.FirstChallenger:
		return entrants, fmt.Sprintf("<@%s> moves first, as the challenge said.", c.Challenger), nil
	case store.FirstOpponent:
		return [2]string{acceptor, c.Challenger}, fmt.Sprintf("<@%s> moves first, as the challenge said.", acceptor), nil
	}
	o, err := g.DrawFirst(c.Config, b.src)
	if err != nil {
		return entrants, "", err
	}
	first := entrants[o.First]
	seats := [2]string{first, entrants[1-o.First]}
	return seats, openingText(entrants, o, first), nil
}

func openingText(entrants [2]string, o games.Opening, first string) string {
	if len(o.Rounds) == 0 {
		return fmt.Sprintf("A coin says <@%s> moves first.", first)
	}
	var b strings.Builder
	b.WriteString("Throw-off for the first move (whoever alone throws a 1 starts):\n")
	for k, r := range o.Rounds {
		fmt.Fprintf(&b, "Round %d: <@%s> %s · <@%s> %s\n", k+1, entrants[0], throwsText(r[0]), entrants[1], throwsText(r[1]))
	}
	fmt.Fprintf(&b, "<@%s> moves first.", first)
	return b.String()
}
