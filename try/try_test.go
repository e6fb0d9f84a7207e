package try

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
)

// rig is the page on a fake whose "bot" is a session of the test's own: it
// posts a board and answers /hello with an answer only its user sees.
type rig struct {
	t    *testing.T
	fake *fakediscord.Server
	log  *Log
	s    *discordgo.Session
	web  *httptest.Server
	page *Page
	ana  string // a member
	jo   string // another
}

func newRig(t *testing.T) *rig {
	t.Helper()
	log := NewLog(slog.New(slog.DiscardHandler))
	fake := fakediscord.New(t, fakediscord.WithQuietDrivers(), fakediscord.OnViolation(log.OnViolation))
	Seed(fake)
	s := fake.NewSession()
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "only you see this", Flags: discordgo.MessageFlagsEphemeral}})
	})
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := fake.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	// Discord takes default_member_permissions as a number here, which
	// discordgo's own type writes as a string.
	if _, err := s.Request(http.MethodPut, discordgo.EndpointApplicationGlobalCommands(fake.AppID()), []map[string]any{
		{"name": "hello", "description": "Say hello"},
		{"name": "secret", "description": "For moderators", "default_member_permissions": discordgo.PermissionManageGuild},
	}); err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, fake: fake, log: log, s: s, page: New(fake, log)}
	web := httptest.NewServer(r.page.Handler())
	t.Cleanup(web.Close)
	r.web = web
	for _, u := range fake.Users() {
		switch u.Username {
		case "Ana":
			r.ana = u.ID
		case "Jonas":
			r.jo = u.ID
		}
	}
	return r
}

// get fetches path and decodes its JSON into v, returning the status.
func (r *rig) get(path string, v any) int {
	r.t.Helper()
	resp, err := http.Get(r.web.URL + path)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	if v != nil {
		_ = json.NewDecoder(resp.Body).Decode(v)
	}
	return resp.StatusCode
}

// post sends body to path and returns the status and the answer's error.
func (r *rig) post(path, body string) (int, string) {
	r.t.Helper()
	resp, err := http.Post(r.web.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Error string `json:"error"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out.Error
}

type messages struct {
	Messages []struct {
		ID          string `json:"id"`
		Content     string `json:"content"`
		Attachments []struct {
			URL string `json:"url"`
		} `json:"attachments"`
		Embeds []struct {
			Image struct {
				URL string `json:"url"`
			} `json:"image"`
		} `json:"embeds"`
	} `json:"messages"`
}

func (r *rig) view(user, channel string) messages {
	r.t.Helper()
	var m messages
	if code := r.get("/api/messages?channel="+channel+"&user="+user, &m); code != http.StatusOK {
		r.t.Fatalf("messages of %s as %s: %d", channel, user, code)
	}
	return m
}

func pngOf(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A member sees their own ephemeral answer and nobody else does; a board's
// picture, in its embed, is served from the page to those who see it.
func TestEachMemberSeesTheirOwn(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	ch := r.fake.ChannelID()
	if code, why := r.post("/api/command", `{"user":"`+r.ana+`","channel":"`+ch+`","name":"hello"}`); code != http.StatusOK {
		t.Fatalf("/hello: %d %s", code, why)
	}
	if got := r.view(r.ana, ch).Messages; len(got) != 1 || got[0].Content != "only you see this" {
		t.Fatalf("Ana sees %+v, want her answer", got)
	}
	if got := r.view(r.jo, ch).Messages; len(got) != 0 {
		t.Fatalf("Jonas sees %+v, Ana's answer only she should see", got)
	}
	if _, err := r.s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Embeds: []*discordgo.MessageEmbed{{Title: "board", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}}},
		Files:  []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngOf(t))}},
	}); err != nil {
		t.Fatal(err)
	}
	got := r.view(r.jo, ch).Messages
	if len(got) != 1 || len(got[0].Embeds) != 1 || len(got[0].Attachments) != 1 {
		t.Fatalf("Jonas sees %+v, want the board", got)
	}
	img, att := got[0].Embeds[0].Image.URL, got[0].Attachments[0].URL
	if img != att || !strings.HasPrefix(img, "/att/"+got[0].ID+"/board.png?") {
		t.Fatalf("the embed shows %q and the file is at %q: want both at the page's own address", img, att)
	}
	resp, err := http.Get(r.web.URL + img)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if _, err := png.Decode(bytes.NewReader(body)); resp.StatusCode != http.StatusOK || err != nil {
		t.Fatalf("the board's picture: %d, %v", resp.StatusCode, err)
	}
	dm := r.fake.DMChannel(r.ana)
	if _, err := r.s.ChannelMessageSend(dm, "your turn"); err != nil {
		t.Fatal(err)
	}
	if got := r.view(r.jo, dm).Messages; len(got) != 0 {
		t.Fatalf("Jonas reads Ana's DMs: %+v", got)
	}
}

// Every action the fake would not send is refused with a reason, and none
// of them counts as the bot's fault.
func TestActionsSayWhyTheyAreRefused(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	ch := r.fake.ChannelID()
	for _, c := range []struct{ path, body, want string }{
		{"/api/command", `{"user":"` + r.ana + `","channel":"` + ch + `","name":"nothing"}`, "not registered"},
		{"/api/command", `{"user":"` + r.ana + `","channel":"` + ch + `","name":"hello","options":[{"name":"x","value":1}]}`, `option "x" is not registered`},
		{"/api/command", `{"user":"` + r.fake.Bot().ID + `","channel":"` + ch + `","name":"hello"}`, "no such member"},
		{"/api/command", `{"user":`, "unreadable"},
		{"/api/click", `{"user":"` + r.ana + `","message":"123","custom_id":"g/1/1/t"}`, "no message 123"},
		{"/api/select", `{"user":"` + r.ana + `","message":"123","custom_id":"m","values":["a"]}`, "no message 123"},
		{"/api/autocomplete", `{"user":"` + r.ana + `","channel":"` + ch + `","name":"hello","options":[{"name":"q","value":"a","focused":true}]}`, "not registered"},
	} {
		if code, why := r.post(c.path, c.body); code != http.StatusBadRequest || !strings.Contains(why, c.want) {
			t.Errorf("%s %s: %d %q, want 400 saying %q", c.path, c.body, code, why, c.want)
		}
	}
	if vs, n := r.log.Since(0); n != 0 {
		t.Errorf("a member's mistakes were shown as the bot's: %+v", vs)
	}
}

// A moderator's command is offered to moderators only, as Discord does.
func TestCommandsOfferedByPermission(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	names := func(user string) string {
		var out struct {
			Commands []struct{ Name string } `json:"commands"`
		}
		r.get("/api/commands?channel="+r.fake.ChannelID()+"&user="+user, &out)
		var ns []string
		for _, c := range out.Commands {
			ns = append(ns, c.Name)
		}
		return strings.Join(ns, " ")
	}
	if got := names(r.ana); got != "hello secret" {
		t.Errorf("the moderator is offered %q", got)
	}
	if got := names(r.jo); got != "hello" {
		t.Errorf("a member is offered %q", got)
	}
}

// The page answers only under a loopback name.
func TestOnlyLoopbackNames(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	req, _ := http.NewRequest(http.MethodGet, r.web.URL+"/api/world", nil)
	req.Host = "kilab.example:80"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("under another name the page answers %d", resp.StatusCode)
	}
}

// The event stream names the channel a message changed, and carries a
// request Discord would refuse.
func TestEventsNameWhatChanged(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, r.web.URL+"/api/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	lines.Scan() // the stream's opening comment: it is listening
	if _, err := r.s.ChannelMessageSend(r.fake.ChannelID(), "hello"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.s.ChannelMessageSend(r.fake.ChannelID(), strings.Repeat("x", 2001)); err == nil {
		t.Fatal("the fake took a message over Discord's 2000 characters")
	}
	var sawChange, sawViolation bool
	for lines.Scan() && !(sawChange && sawViolation) {
		line := lines.Text()
		sawChange = sawChange || strings.HasPrefix(line, "data: ") && strings.Contains(line, `"channels":["`+r.fake.ChannelID()+`"]`)
		sawViolation = sawViolation || strings.HasPrefix(line, "data: ") && strings.Contains(line, "2000")
	}
	if !sawChange || !sawViolation {
		t.Errorf("the stream showed the change %v, the violation %v", sawChange, sawViolation)
	}
}

// Another site open in the same browser cannot act as a member: its
// cross-origin POST is refused before any action.
func TestOtherSitesCannotAct(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	body := `{"user":"` + r.ana + `","channel":"` + r.fake.ChannelID() + `","name":"hello"}`
	req, _ := http.NewRequest(http.MethodPost, r.web.URL+"/api/command", strings.NewReader(body))
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Origin", "https://kilab.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site POST is answered %d", resp.StatusCode)
	}
	if got := r.view(r.ana, r.fake.ChannelID()).Messages; len(got) != 0 {
		t.Errorf("the cross-site POST ran /hello: %+v", got)
	}
}

// Stopping the page ends its event streams, which a server's Shutdown
// would otherwise wait on for good.
func TestStopEndsTheEventStreams(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	resp, err := http.Get(r.web.URL + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	ended := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, resp.Body)
		ended <- err
	}()
	r.page.Stop()
	select {
	case err := <-ended:
		if err != nil {
			t.Errorf("the stream ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the event stream goes on after Stop")
	}
}
