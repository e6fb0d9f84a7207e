package delivery

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
	"kilab/store"
)

// digestRoom is what a digest's list may take of its embed's 4,096
// characters, leaving room for the line that says how many more.
const digestRoom = 3900

// deliverDigest DMs a player who chose the daily digest every game where it
// is their turn (their muted games left out), each with its due time and a
// link to its live board, from which they move as from any board. A day
// with none sends nothing. The store announced it once for the day
// (ClaimDigests); the nonce keeps a second send after a crash to one. A
// digest whose hour falls in the player's quiet hours (or one sent late,
// after downtime, into them) waits for their end, as every DM does.
func (b *Delivery) deliverDigest(ctx context.Context, a store.Announcement) error {
	set, err := b.DB.Settings(ctx, a.User)
	if err != nil {
		return err
	}
	if err := kit.QuietHold(set, b.DB.Now()); err != nil {
		return err
	}
	list, err := b.DB.ActiveGames(ctx, a.User, "")
	if err != nil {
		return err
	}
	var due []store.Game
	for _, g := range list {
		if !onMove(g, a.User) {
			continue
		}
		muted, _, err := b.DB.Muted(ctx, a.User, g.ID)
		if err != nil {
			return err
		}
		if !muted {
			due = append(due, g)
		}
	}
	if len(due) == 0 {
		return kit.Skip("no game on their move")
	}
	_, _, err = b.SendDM(ctx, a.User, due[0].GuildID, store.Settings.CanDM, func(l *lang.Lang) (*kit.Message, error) {
		m := digestMessage(l, a.User, due, b.Name)
		m.Nonce = kit.Nonce(a)
		return m, nil
	})
	return err
}

// digestMessage lists games due, in l, for user; name says a player's name.
func digestMessage(l *lang.Lang, user string, due []store.Game, name func(*lang.Lang, string) string) *kit.Message {
	var lines []string
	used := 0
	for n, g := range due {
		seat, _ := g.Seat(user)
		line := l.T("digest.line", "Game", kit.KindTitle(g.Kind), "ID", g.ID, "Opponent", name(l, g.Players[seat.Other()]),
			"Unix", g.Deadline.Unix(), "Link", BoardLink(g))
		if used+len(line) > digestRoom {
			lines = append(lines, l.T("digest.more", "Count", len(due)-n))
			break
		}
		lines, used = append(lines, line), used+len(line)+1
	}
	return &kit.Message{
		Content: l.T("digest.intro", "Count", len(due)),
		Embeds: []*discordgo.MessageEmbed{{
			Title:       l.T("digest.title"),
			Description: strings.Join(lines, "\n"),
			Footer:      &discordgo.MessageEmbedFooter{Text: l.T("digest.footer")},
		}},
	}
}

// BoardLink is the link to g's live board: its latest board message, in its
// thread or, for a game outside any server, in the DM channel it lives in.
func BoardLink(g store.Game) string {
	guild := g.GuildID
	if guild == "" {
		guild = "@me"
	}
	link := fmt.Sprintf("https://discord.com/channels/%s/%s", guild, kit.ThreadOf(g))
	if g.MessageID != "" {
		link += "/" + g.MessageID
	}
	return link
}
