package kittest

import (
	"context"
	"fmt"
	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/store"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The server, channel and players of the recorded payloads in testdata.
const (
	Guild   = "1100000000000000000"
	Channel = "1100000000000000001"
	Ana     = "1000000000000000001"
	Bo      = "1000000000000000002"
	// Mod is a member of the server who moderates it (Manage Server).
	Mod = "1000000000000000009"
)

// Refusal is what a player reads of err, a handler's refusal, in English
// ("" for no error); an error that is a fault rather than a refusal fails
// the test.
func Refusal(t testing.TB, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	text, ok := kit.Explain(lang.En, err)
	if !ok {
		t.Fatalf("a fault, not a refusal: %v", err)
	}
	return text
}

// CheckEmbed holds an embed to Discord's limits, as the fake does.
func CheckEmbed(t testing.TB, e *discordgo.MessageEmbed) {
	t.Helper()
	n := func(s string) int { return len([]rune(s)) }
	total := n(e.Title) + n(e.Description)
	if n(e.Title) > 256 || n(e.Description) > 4096 || len(e.Fields) > 25 {
		t.Errorf("embed %q: title %d, description %d, %d fields", e.Title, n(e.Title), n(e.Description), len(e.Fields))
	}
	for _, f := range e.Fields {
		total += n(f.Name) + n(f.Value)
		if n(f.Name) > 256 || n(f.Value) > 1024 || f.Value == "" {
			t.Errorf("embed %q: field %q is %d long", e.Title, f.Name, n(f.Value))
		}
	}
	if e.Footer != nil {
		total += n(e.Footer.Text)
	}
	if total > 6000 {
		t.Errorf("embed %q: %d characters in all", e.Title, total)
	}
}

// EmbedText is an embed's title, description and fields, a line each.
func EmbedText(e *discordgo.MessageEmbed) string {
	parts := []string{e.Title, e.Description}
	for _, f := range e.Fields {
		parts = append(parts, f.Name, f.Value)
	}
	return strings.Join(parts, "\n")
}

// StoreGame starts a game of kind between a and b in the payloads' server
// and, unless result is Unfinished, ends it as a last commit would.
func StoreGame(t testing.TB, db *store.DB, kind, a, b string, rated bool, result store.Result, reason string) store.Game {
	t.Helper()
	ctx := context.Background()
	g, _ := games.Lookup(kind)
	cfg, _ := games.Normalize(g, games.Config{})
	pos, _ := g.New(cfg)
	sg, err := db.CreateGame(ctx, store.NewGame{GuildID: Guild, ChannelID: Channel, Kind: kind, Config: cfg,
		Players: [2]string{a, b}, Position: pos.String(), ToMove: pos.Due().Player, TimeLimit: 72 * time.Hour, Rated: rated})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetThread(ctx, sg.ID, fmt.Sprintf("16%017d", sg.ID)); err != nil {
		t.Fatal(err)
	}
	if result == store.Unfinished {
		return sg
	}
	end, _, err := db.Commit(ctx, store.Commit{Game: sg.ID, Version: sg.Version, End: &store.End{Result: result, Reason: reason}})
	if err != nil {
		t.Fatal(err)
	}
	return end
}

// LinkOf is the address of m's link button (kit.WithLink), "" for none.
func LinkOf(m *kit.Message) string {
	if m == nil {
		return ""
	}
	for _, row := range m.Components {
		r, ok := row.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if b, ok := c.(discordgo.Button); ok && b.Style == discordgo.LinkButton {
				return b.URL
			}
		}
	}
	return ""
}
