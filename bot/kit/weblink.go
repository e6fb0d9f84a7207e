package kit

import (
	"context"
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
	"kilab/store"
)

// maxRows is the most action rows Discord takes on a message.
const maxRows = 5

// webLink is the address of g's page on the web (WebURL).
func (b *Core) webLink(ctx context.Context, g store.Game) (string, error) {
	if g.WebToken == "" {
		return "", nil
	}
	return b.WebURL(ctx, g.GuildID, "/g/"+g.WebToken)
}

// WebURL is the address of the page at path on the web, where the operator
// serves the pages (PublicURL) and the server guild ("" for none: a DM)
// shows them; "" otherwise.
func (b *Core) WebURL(ctx context.Context, guild, path string) (string, error) {
	return b.webURL(ctx, guild, path, store.WebLink, store.WebPublic)
}

// PublicWebURL is WebURL for a page that exists only where the server made
// its pages public (a tournament's).
func (b *Core) PublicWebURL(ctx context.Context, guild, path string) (string, error) {
	return b.webURL(ctx, guild, path, store.WebPublic)
}

// webURL is the address of path where the server's web mode is one of modes.
func (b *Core) webURL(ctx context.Context, guild, path string, modes ...string) (string, error) {
	if b.PublicURL == "" {
		return "", nil
	}
	if guild != "" {
		mode, err := b.DB.Web(ctx, guild)
		if err != nil || !slices.Contains(modes, mode) {
			return "", err
		}
	}
	return b.PublicURL + path, nil
}

// WithLink adds to rows a link button to link, labelled in l: beside the
// last row's buttons where there is room, else in a row of its own where
// Discord allows one more; a link costs no interaction. Without room, or
// without a link, rows are as they were.
func WithLink(l *lang.Lang, rows []discordgo.MessageComponent, link string) []discordgo.MessageComponent {
	if link == "" {
		return rows
	}
	b := discordgo.Button{Label: l.T("web.button"), Style: discordgo.LinkButton, URL: link, Emoji: &discordgo.ComponentEmoji{Name: "🌐"}}
	if n := len(rows); n > 0 {
		if last, ok := rows[n-1].(discordgo.ActionsRow); ok && allButtons(last) && len(last.Components) < maxButtons {
			last.Components = append(append([]discordgo.MessageComponent{}, last.Components...), b)
			return append(append([]discordgo.MessageComponent{}, rows[:n-1]...), last)
		}
	}
	if len(rows) >= maxRows {
		return rows
	}
	return append(append([]discordgo.MessageComponent{}, rows...), discordgo.ActionsRow{Components: []discordgo.MessageComponent{b}})
}

// LinkAt is the address of the game's page at step n (its board after n
// plies); "" where the game has no page to show.
func (s *State) LinkAt(n int) string {
	if s.Link == "" {
		return ""
	}
	return s.Link + "#" + strconv.Itoa(n)
}
