package bot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kilab/store"
	"kilab/store/glicko"
)

// dmCopy is the thread's board for a DM: the same picture and controls, its
// own text, pinging nobody.
func dmCopy(board *Message, content string) *Message {
	m := *board
	m.Content, m.Mentions = clip(content, 2000), nil
	return &m
}

// turnDMText is the text of the player on move's DM.
func (b *Bot) turnDMText(s *state) string {
	return fmt.Sprintf("Your turn in %s #%d: %s. Play here or in the game's thread: %s",
		s.game.Title(), s.g.ID, s.dueText(), channelLink(s.g.GuildID, threadOf(s.g)))
}

// resultDMText tells a player how their game ended and what it did to their
// rating.
func (b *Bot) resultDMText(s *state, changes []store.RatingChange) string {
	return fmt.Sprintf("%s #%d is over: %s.%s %s", s.game.Title(), s.g.ID, s.resultText(),
		prefixed("\n", ratingText(changes)), channelLink(s.g.GuildID, threadOf(s.g)))
}

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

// provisionalNote explains the ? of ratingShown, once per message that
// shows one.
const provisionalNote = "? marks a provisional rating: too few rated games yet to be sure of it."

// ratingText shows each player's rating change: "<@a> 1500 → 1662 (+162)".
// A rating still provisional (deviation 110 or more) is marked with a ?, as
// Lichess does, and the ? explained after.
func ratingText(changes []store.RatingChange) string {
	var parts []string
	provisional := false
	for _, c := range changes {
		parts = append(parts, fmt.Sprintf("<@%s> %s → %s (%+d)", c.User, ratingShown(c.Before), ratingShown(c.After), int(math.Round(c.Delta()))))
		provisional = provisional || c.Before.Provisional() || c.After.Provisional()
	}
	if len(parts) == 0 {
		return ""
	}
	text := "Ratings: " + strings.Join(parts, " · ")
	if provisional {
		text += " (" + provisionalNote + ")"
	}
	return text
}

func ratingShown(r glicko.Rating) string {
	s := strconv.Itoa(int(math.Round(r.Rating)))
	if r.Provisional() {
		s += "?"
	}
	return s
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
