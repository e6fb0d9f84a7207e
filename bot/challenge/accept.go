package challenge

import (
	"context"
	"kilab/bot/kit"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// Click handles Accept, Decline and Cancel, from the channel or a DM.
func (b *Challenges) Click(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	c, err := b.DB.Challenge(ctx, a.ID)
	if err != nil {
		return err
	}
	g, err := games.Lookup(c.Kind)
	if err != nil {
		return err
	}
	if (i.GuildID != "" && i.GuildID != c.GuildID) || (i.GuildID == "" && !c.Direct() && a.Verb == "a") {
		return store.ErrNotFound // a challenge is answered in its server, or by its opponent's DM
	}
	user := kit.UserOf(i).ID
	var status lang.Text
	switch a.Verb {
	case "a":
		return b.accept(ctx, i, c, g, user)
	case "d":
		c, err = b.DB.DeclineChallenge(ctx, c.ID, user)
		status = lang.T("chal.status.declined", "User", user)
	default:
		c, status, err = b.cancel(ctx, i, c, user)
	}
	if err != nil {
		return err
	}
	b.closeChallenge(ctx, i, c, g, status)
	return nil
}

// cancel withdraws a challenge: its challenger's, or any of the server's
// on the word of one of its moderators, which the moderation log keeps.
func (b *Challenges) cancel(ctx context.Context, i *discordgo.Interaction, c store.Challenge, user string) (store.Challenge, lang.Text, error) {
	if user != c.Challenger {
		mod, err := b.Moderator(ctx, i)
		if err != nil {
			return c, lang.Text{}, err
		}
		if mod {
			c, err = b.DB.CancelChallengeByModerator(ctx, c.ID, c.GuildID, user)
			return c, lang.T("mod.status_cancelled", "User", user), err
		}
	}
	c, err := b.DB.CancelChallenge(ctx, c.ID, user)
	return c, lang.T("chal.status.cancelled", "User", user), err
}

// closeChallenge shows a challenge's end on the clicked message and on the
// other one: the channel's when the click came from the opponent's DM, that
// DM when it came from the channel. Each speaks the language it was posted
// in: the server's in the channel, the clicker's in their DM.
func (b *Challenges) closeChallenge(ctx context.Context, i *discordgo.Interaction, c store.Challenge, g games.Game, status lang.Text) {
	channel := b.GuildLang(ctx, c.GuildID, c.Challenger)
	here := channel
	if i.GuildID == "" {
		here = kit.LangOf(i)
	}
	if err := b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, closedChallenge(here, c, g, status)); err != nil {
		b.Log.Warn("answering a challenge click", "interaction", i.ID, "challenge", c.ID, "err", err)
	}
	if i.GuildID == "" {
		b.EditMessage(c.ChannelID, c.MessageID, closedChallenge(channel, c, g, status))
		return
	}
	b.closeDM(ctx, c, g, status)
}

// closeDM shows closed challenge c's end on the DM that put it to its
// opponent, in the language of their DMs, and so takes its buttons away: a
// closed challenge must not look open to anyone. Nothing is done before the
// DM is sent (DeliverDM closes it then), and a failure is logged: the DM's
// buttons say the challenge is closed anyway.
func (b *Challenges) closeDM(ctx context.Context, c store.Challenge, g games.Game, status lang.Text) {
	if c.DMMessage == "" {
		return
	}
	set, err := b.DB.Settings(ctx, c.Opponent)
	if err != nil {
		b.Logger(ctx).Warn("reading a player's settings", "err", err)
	}
	b.EditMessage(c.DMChannel, c.DMMessage, closedChallenge(b.DMLang(ctx, set, c.GuildID), c, g, status))
}

// closedChallenge is a challenge's message in l once it is closed: no buttons,
// no pings, and status under its terms.
func closedChallenge(l *lang.Lang, c store.Challenge, g games.Game, status lang.Text) *kit.Message {
	m := challengeMessage(l, c, g, false)
	m.Embeds[0].Description = closedText(l, c, status.In(l))
	m.Mentions = nil
	return m
}

func (b *Challenges) accept(ctx context.Context, i *discordgo.Interaction, c store.Challenge, g games.Game, user string) error {
	switch {
	case user == c.Challenger:
		return lang.Fail("chal.own_challenge")
	case c.Direct() && user != c.Opponent:
		return lang.Fail("chal.not_for_you", "Opponent", c.Opponent)
	}
	if err := b.MayPlay(ctx, c.GuildID, c.ChannelID, false, user, c.Challenger); err != nil {
		return err
	}
	start, err := g.New(c.Config)
	if err != nil {
		return err
	}
	players, opening, err := b.seats(ctx, c, g, user)
	if err != nil {
		return err
	}
	game, err := b.DB.AcceptChallenge(ctx, c.ID, user, store.Start{Players: players, Position: start.String(), ToMove: games.First, Opening: opening})
	if err != nil {
		return err
	}
	b.AutoStart(ctx, game)
	b.Kick() // the game's thread, first board and DM were recorded with it
	// Read again after the accept: its DM to the opponent may have been
	// recorded since the click's read (DeliverDM reads the challenge again
	// after recording it, so one of the two closes the DM).
	if fresh, err := b.DB.Challenge(ctx, c.ID); err == nil {
		c = fresh
	}
	c.Status, c.GameID = store.ChallengeAccepted, game.ID
	b.closeChallenge(ctx, i, c, g, lang.T("chal.status.accepted", "User", user, "Game", game.ID))
	return nil
}

// seats puts the two players in seat order, seat 0 moving first, as the
// Challenge says or by the game's own draw (a coin, or Aseb's throw-off, A3).
// It returns what decided it, for the thread, in the language of the
// thread's posts (the server's), as the game stores it to post later.
func (b *Challenges) seats(ctx context.Context, c store.Challenge, g games.Game, acceptor string) ([2]string, string, error) {
	l := b.GuildLang(ctx, c.GuildID, c.Challenger)
	entrants := [2]string{c.Challenger, acceptor}
	switch c.First {
	case store.FirstChallenger:
		return entrants, l.T("chal.opening.as_said", "Player", c.Challenger), nil
	case store.FirstOpponent:
		return [2]string{acceptor, c.Challenger}, l.T("chal.opening.as_said", "Player", acceptor), nil
	}
	o, err := g.DrawFirst(c.Config, b.Src)
	if err != nil {
		return entrants, "", err
	}
	first := entrants[o.First]
	seats := [2]string{first, entrants[1-o.First]}
	return seats, openingText(l, entrants, o, first), nil
}

func openingText(l *lang.Lang, entrants [2]string, o games.Opening, first string) string {
	if len(o.Rounds) == 0 {
		return l.T("chal.opening.coin", "Player", first)
	}
	lines := []string{l.T("chal.opening.throw_off")}
	for k, r := range o.Rounds {
		lines = append(lines, l.T("chal.opening.round", "Round", k+1,
			"A", entrants[0], "ThrowsA", kit.ThrowsText(r[0]), "B", entrants[1], "ThrowsB", kit.ThrowsText(r[1])))
	}
	lines = append(lines, l.T("chal.opening.first", "Player", first))
	return strings.Join(lines, "\n")
}

// Expire closes the challenges nobody accepted in time and says so on
// their messages: the channel's in their server's language, the
// opponent's DM in theirs.
func (b *Challenges) Expire(ctx context.Context) error {
	expired, err := b.DB.ExpireChallenges(ctx)
	for _, c := range expired {
		if g, lerr := games.Lookup(c.Kind); lerr == nil {
			expired := lang.N("chal.status.expired", int(store.ChallengeTTL/time.Hour))
			b.EditMessage(c.ChannelID, c.MessageID, closedChallenge(b.GuildLang(ctx, c.GuildID, c.Challenger), c, g, expired))
			b.closeDM(ctx, c, g, expired)
		}
	}
	return err
}
