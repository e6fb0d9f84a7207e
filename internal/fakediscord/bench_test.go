package fakediscord_test

import (
	"bytes"
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
)

// BenchmarkClickRoundTrip measures what the fake adds to a move: a click
// dispatched over the gateway, answered with an update, then a new board
// message with a PNG, each body checked against the limits and the spec.
func BenchmarkClickRoundTrip(b *testing.B) {
	srv := fakediscord.New(b)
	board := pngBytes()
	s := srv.NewSession()
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "moved", Components: []discordgo.MessageComponent{}},
		})
		_, _ = s.ChannelMessageSendComplex(ic.ChannelID, &discordgo.MessageSend{
			Content:    "next board",
			Components: buttons("throw/" + ic.ID),
			Files:      []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
		})
	})
	if err := s.Open(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = s.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := srv.WaitConnected(ctx); err != nil {
		b.Fatal(err)
	}
	ana := srv.AddUser("ana")
	last, err := s.ChannelMessageSendComplex(srv.ChannelID(), &discordgo.MessageSend{Content: "board", Components: buttons("throw/0")})
	if err != nil {
		b.Fatal(err)
	}
	lastID, customID := last.ID, "throw/0"
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		ix := srv.Click(ana.ID, lastID, customID)
		next, err := srv.WaitMessageAfter(ctx, srv.ChannelID(), lastID, func(m fakediscord.Message) bool {
			return len(m.Attachments) == 1
		})
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		lastID, customID = next.ID, "throw/"+ix.ID
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
}

func buttons(id string) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Throw", Style: discordgo.PrimaryButton, CustomID: id},
	}}}
}

func BenchmarkSpecCheck(b *testing.B) {
	sp, err := fakediscord.SharedSpec(fakediscord.SpecPath())
	if err != nil {
		b.Skip(err)
	}
	body := []byte(`{"content":"hi","embeds":[{"title":"Aseb","description":"Ana to move","image":{"url":"attachment://board.png"}}],` +
		`"components":[{"type":1,"components":[{"type":2,"style":1,"label":"Throw","custom_id":"t/1/2"}]}],` +
		`"attachments":[{"id":"0","filename":"board.png","description":"the board"}]}`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if vs := sp.Check("POST /channels/{channel_id}/messages", body); len(vs) != 0 {
			b.Fatal(vs)
		}
	}
}

func TestTransportKeepsTrafficLocal(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	c := srv.Client()
	if _, err := c.Get("https://example.com/"); err == nil || !strings.Contains(err.Error(), "not a Discord host") {
		t.Errorf("a non-Discord host: %v", err)
	}
	resp, err := c.Get("https://discord.com/api/v9/gateway")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /gateway: %s", resp.Status)
	}
	if r, _ := srv.WaitFor(testContext(t), func(r *fakediscord.Request) bool { return r.Is("GET /gateway") }); r.Host != "discord.com" {
		t.Errorf("recorded host %q", r.Host)
	}
}
