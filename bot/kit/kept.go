package kit

import (
	"encoding/json"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// A retired board keeps its text but loses its picture and controls. What
// it keeps is written down as it is sent (store.BoardMessage.Kept), so that
// retiring it is one edit, with no read of the message first: Discord's
// requests are the scarce thing, not the database's rows.

// Kept is what board m keeps once retired, as store.BoardMessage.Kept holds
// it: its embeds' text (TextOnly), as JSON.
func Kept(m *Message) string {
	data, err := json.Marshal(TextOnly(m.Embeds))
	if err != nil || len(m.Embeds) == 0 {
		return "" // retiring it reads the message instead
	}
	return string(data)
}

// KeptEmbeds reads back what Kept wrote; false where nothing was written
// down (a board sent before boards were) or it cannot be read.
func KeptEmbeds(kept string) ([]*discordgo.MessageEmbed, bool) {
	if kept == "" {
		return nil, false
	}
	var embeds []*discordgo.MessageEmbed
	if err := json.Unmarshal([]byte(kept), &embeds); err != nil || len(embeds) == 0 {
		return nil, false
	}
	return embeds, true
}

// TextOnly is embeds without their pictures: no image and no thumbnail, and
// of the footer its first line, which names the game, without the legend
// below it, which explains the picture.
func TextOnly(embeds []*discordgo.MessageEmbed) []*discordgo.MessageEmbed {
	out := make([]*discordgo.MessageEmbed, 0, len(embeds))
	for _, e := range embeds {
		text := *e
		text.Image, text.Thumbnail = nil, nil
		if e.Footer != nil {
			line, _, _ := strings.Cut(e.Footer.Text, "\n")
			text.Footer = &discordgo.MessageEmbedFooter{Text: line}
		}
		out = append(out, &text)
	}
	return out
}
