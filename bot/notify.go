package bot

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"kilab/games"
	"kilab/store"
	"kilab/store/glicko"
)

// announce posts a fresh board in the game's thread (mentioning the player on
// move, or both players at the end) and DMs the player on move the same board
// with the same controls. Failures are logged, never shown to the player who
// acted: their move is committed whatever happens to the notifications.
func (b *Bot) announce(ctx context.Context, s *state, changes []store.RatingChange) {
	m, err := b.board(s, boardOpts{controls: true, mention: true, note: ratingText(changes)})
	if err != nil {
		b.log.Error("drawing the board", "game", s.g.ID, "err", err)
		return
	}
	where := threadOf(s.g)
	if msg, err := b.dc.Send(where, m); err != nil {
		b.log.Warn("posting the board", "game", s.g.ID, "channel", where, "err", err)
	} else if err := b.db.SetBoardMessage(ctx, s.g.ID, msg.ID); err != nil {
		b.log.Warn("recording the board message", "game", s.g.ID, "err", err)
	}
	if s.g.Active() {
		b.dmTurn(ctx, s, m)
		return
	}
	for p := games.First; p <= games.Second; p++ {
		b.dmResult(ctx, s, p, changes, m)
	}
}

// dmCopy is the thread's board for a DM: the same picture and controls, its
// own text, pinging nobody.
func dmCopy(board *Message, content string) *Message {
	m := *board
	m.Content, m.Mentions = clip(content, 2000), nil
	return &m
}

// ended tells everyone how a game ended (by a click, a command or the clock).
func (b *Bot) ended(ctx context.Context, g store.Game, changes []store.RatingChange) {
	s, err := b.load(ctx, g)
	if err != nil {
		b.log.Error("loading a finished game", "game", g.ID, "err", err)
		return
	}
	b.announce(ctx, s, changes)
}

// dmResult tells a player by DM how their game ended and what it did to
// their rating.
func (b *Bot) dmResult(ctx context.Context, s *state, p games.Player, changes []store.RatingChange, board *Message) {
	b.dm(ctx, s.g.Players[p], dmCopy(board, fmt.Sprintf("%s #%d is over: %s.%s %s", s.game.Title(), s.g.ID, s.resultText(),
		prefixed("\n", ratingText(changes)), channelLink(s.g.GuildID, threadOf(s.g)))))
}

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

// ratingText shows each player's rating change: "<@a> 1500 → 1662 (+162)".
// A rating still provisional (deviation 110 or more) is marked with a ?, as
// Lichess does.
func ratingText(changes []store.RatingChange) string {
	var parts []string
	for _, c := range changes {
		parts = append(parts, fmt.Sprintf("<@%s> %s → %s (%+d)", c.User, ratingShown(c.Before), ratingShown(c.After), int(math.Round(c.Delta()))))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Ratings: " + strings.Join(parts, " · ")
}

func ratingShown(r glicko.Rating) string {
	s := strconv.Itoa(int(math.Round(r.Rating)))
	if r.Provisional() {
		s += "?"
	}
	return s
}

// dmTurn sends the player on move their board by DM, so a game can be played
// from DMs alone, with a link to the thread.
func (b *Bot) dmTurn(ctx context.Context, s *state, board *Message) {
	b.dm(ctx, s.g.Players[s.g.ToMove], dmCopy(board, fmt.Sprintf("Your turn in %s #%d: %s. Play here or in the game's thread: %s",
		s.game.Title(), s.g.ID, s.dueText(), channelLink(s.g.GuildID, threadOf(s.g)))))
}

// dm sends a direct message if the user allows them. Where Discord says their
// DMs are closed (50007) the bot stops trying until /settings turns DMs on: the
// mention in the thread is then their notification.
func (b *Bot) dm(ctx context.Context, user string, m *Message) {
	b.dmIf(ctx, user, m, store.Settings.CanDM)
}

// dmIf sends a DM if the user's settings allow it by want: turn DMs and
// reminders are separate choices, and neither is tried once Discord said the
// user's DMs are closed.
func (b *Bot) dmIf(ctx context.Context, user string, m *Message, want func(store.Settings) bool) {
	set, err := b.db.Settings(ctx, user)
	if err != nil || !want(set) {
		return
	}
	ch, err := b.dc.DMChannel(user)
	if err == nil {
		_, err = b.dc.Send(ch, m)
	}
	switch {
	case err == nil:
	case errorCode(err) == codeCannotDM:
		b.log.Info("DMs closed; using thread mentions only", "user", user)
		if err := b.db.MarkDMsClosed(ctx, user); err != nil {
			b.log.Warn("recording closed DMs", "user", user, "err", err)
		}
	default:
		b.log.Warn("sending a DM", "user", user, "err", err)
	}
}

// edit replaces a message, logging a failure (the message may be gone).
func (b *Bot) edit(channel, message string, m *Message) {
	if channel == "" || message == "" {
		return
	}
	if err := b.dc.Edit(channel, message, m); err != nil {
		b.log.Warn("editing a message", "channel", channel, "message", message, "err", err)
	}
}
