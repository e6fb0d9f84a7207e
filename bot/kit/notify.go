package kit

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kilab/lang"
	"kilab/store"
	"kilab/store/glicko"
)

// DMCopy is the thread's board for a DM: the same picture and controls, its
// own text, pinging nobody.
func DMCopy(board *Message, content string) *Message {
	m := *board
	m.Content, m.Mentions = Clip(content, 2000), nil
	return &m
}

// TurnDMText is the text of the player on move's DM, in their language l.
func TurnDMText(l *lang.Lang, s *State) string {
	return l.T("dm.turn", "Game", s.Game.Title(), "ID", s.G.ID, "Due", s.dueText(l), "Link", ChannelLink(s.G.GuildID, ThreadOf(s.G)))
}

// ResultDMText tells a player in l how their game ended and what it did to
// their rating.
func ResultDMText(l *lang.Lang, s *State, changes []store.RatingChange) string {
	return l.T("dm.result", "Game", s.Game.Title(), "ID", s.G.ID, "Result", s.ResultText(l),
		"Ratings", Prefixed("\n", RatingText(l, changes)), "Link", ChannelLink(s.G.GuildID, ThreadOf(s.G)))
}

func Prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

// ProvisionalNote explains the ? of ratingShown, once per message that
// shows one.
func ProvisionalNote(l *lang.Lang) string { return l.T("end.provisional") }

// RatingText shows each player's rating change in l: "Ratings: <@a> 1500 →
// 1662 (+162)". A rating still provisional (deviation 110 or more) is
// marked with a ?, as Lichess does, and the ? explained after.
func RatingText(l *lang.Lang, changes []store.RatingChange) string {
	var parts []string
	provisional := false
	for _, c := range changes {
		parts = append(parts, fmt.Sprintf("<@%s> %s → %s (%+d)", c.User, RatingShown(c.Before), RatingShown(c.After), int(math.Round(c.Delta()))))
		provisional = provisional || c.Before.Provisional() || c.After.Provisional()
	}
	if len(parts) == 0 {
		return ""
	}
	if provisional {
		return l.T("end.ratings_provisional", "Changes", strings.Join(parts, " · "), "Note", ProvisionalNote(l))
	}
	return l.T("end.ratings", "Changes", strings.Join(parts, " · "))
}

func RatingShown(r glicko.Rating) string {
	s := strconv.Itoa(int(math.Round(r.Rating)))
	if r.Provisional() {
		s += "?"
	}
	return s
}

// EditMessage replaces a message, logging a failure (the message may be gone).
func (b *Core) EditMessage(channel, message string, m *Message) {
	if channel == "" || message == "" {
		return
	}
	if err := b.DC.Edit(channel, message, m); err != nil {
		b.Log.Warn("editing a message", "channel", channel, "message", message, "err", err)
	}
}
