package bot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kilab/lang"
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

// turnDMText is the text of the player on move's DM, in their language l.
func turnDMText(l *lang.Lang, s *state) string {
	return l.T("dm.turn", "Game", s.game.Title(), "ID", s.g.ID, "Due", s.dueText(l), "Link", channelLink(s.g.GuildID, threadOf(s.g)))
}

// resultDMText tells a player in l how their game ended and what it did to
// their rating.
func resultDMText(l *lang.Lang, s *state, changes []store.RatingChange) string {
	return l.T("dm.result", "Game", s.game.Title(), "ID", s.g.ID, "Result", s.resultText(l),
		"Ratings", prefixed("\n", ratingText(l, changes)), "Link", channelLink(s.g.GuildID, threadOf(s.g)))
}

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

// provisionalNote explains the ? of ratingShown, once per message that
// shows one.
func provisionalNote(l *lang.Lang) string { return l.T("end.provisional") }

// ratingText shows each player's rating change in l: "Ratings: <@a> 1500 →
// 1662 (+162)". A rating still provisional (deviation 110 or more) is
// marked with a ?, as Lichess does, and the ? explained after.
func ratingText(l *lang.Lang, changes []store.RatingChange) string {
	var parts []string
	provisional := false
	for _, c := range changes {
		parts = append(parts, fmt.Sprintf("<@%s> %s → %s (%+d)", c.User, ratingShown(c.Before), ratingShown(c.After), int(math.Round(c.Delta()))))
		provisional = provisional || c.Before.Provisional() || c.After.Provisional()
	}
	if len(parts) == 0 {
		return ""
	}
	if provisional {
		return l.T("end.ratings_provisional", "Changes", strings.Join(parts, " · "), "Note", provisionalNote(l))
	}
	return l.T("end.ratings", "Changes", strings.Join(parts, " · "))
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
