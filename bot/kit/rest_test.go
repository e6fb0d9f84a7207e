package kit

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/ratelimit"
)

// seen is one request as a test server saw it.
type seen struct {
	route      string
	background bool
	body       string
}

// toServer sends every request to srv, noting each with what its context
// says, as a ratelimit.Transport would read it.
type toServer struct {
	srv  *url.URL
	mu   sync.Mutex
	seen []seen
}

func (t *toServer) RoundTrip(req *http.Request) (*http.Response, error) {
	route, _ := ratelimit.Route(req.Method, req.URL.String())
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(strings.NewReader(string(body)))
	}
	t.mu.Lock()
	t.seen = append(t.seen, seen{route, ratelimit.IsBackground(req.Context()), string(body)})
	t.mu.Unlock()
	out := req.Clone(req.Context())
	out.URL.Scheme, out.URL.Host, out.Host = t.srv.Scheme, t.srv.Host, ""
	return http.DefaultTransport.RoundTrip(out)
}

// The REST calls reach Discord's routes, a retirement's edit and a
// finished game's archiving marked as background work and nothing else; a 429 for a route is waited out as
// Discord says and tried again, not given up.
func TestRESTRequests(t *testing.T) {
	t.Parallel()
	var limited sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		retried := false
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/messages") {
			limited.Do(func() {
				w.Header().Set("X-RateLimit-Remaining", "0")
				w.Header().Set("X-RateLimit-Reset-After", "0.01")
				w.Header().Set("X-RateLimit-Scope", "user")
				w.WriteHeader(http.StatusTooManyRequests)
				io.WriteString(w, `{"message": "You are being rate limited.", "retry_after": 0.01, "global": false}`)
				retried = true
			})
		}
		if retried {
			return
		}
		if strings.HasSuffix(r.URL.Path, "/callback") {
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"message": "Interaction has already been acknowledged.", "code": 40060}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id": "900", "channel_id": "7"}`)
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	tr := &toServer{srv: u}
	s, _ := discordgo.New("Bot x")
	s.Client = &http.Client{Transport: tr, Timeout: 10 * time.Second}
	dc := NewREST(s)

	if _, err := dc.Send("7", &Message{Content: "board"}); err != nil {
		t.Fatal(err)
	}
	if err := dc.Edit("7", "8", &Message{Content: "moved on", Background: true}); err != nil {
		t.Fatal(err)
	}
	ch, err := dc.DMChannel("42")
	if err != nil || ch != "900" {
		t.Fatalf("DM channel %q, %v", ch, err)
	}
	if _, err := dc.Thread("7", "8", "game"); err != nil {
		t.Fatal(err)
	}
	if err := dc.ArchiveThread("9"); err != nil {
		t.Fatal(err)
	}
	// An interaction's own requests go straight to the client, Discord's
	// refusal read as discordgo reads it.
	i := &discordgo.Interaction{ID: "5", AppID: "6", Token: "tok"}
	if err := dc.Respond(i, discordgo.InteractionResponseDeferredMessageUpdate, nil); ErrorCode(err) != 40060 {
		t.Errorf("a refused callback: %v, want code 40060", err)
	}
	if err := dc.Followup(i, &Message{Content: "done"}); err != nil {
		t.Errorf("a follow-up: %v", err)
	}
	var got []string
	for _, r := range tr.seen {
		got = append(got, r.route+map[bool]string{true: " background"}[r.background])
	}
	want := []string{"POST /channels/:id/messages", "POST /channels/:id/messages", "PATCH /channels/:id/messages/:id background",
		"POST /users/@me/channels", "POST /channels/:id/messages/:id/threads", "PATCH /channels/:id background",
		"POST /interactions/:id/:token/callback", "POST /webhooks/:id/:token"}
	if !slices.Equal(got, want) {
		t.Errorf("requests %v, want %v (the first send answered 429 and tried again)", got, want)
	}
	if body := tr.seen[3].body; !strings.Contains(body, `"recipient_id":"42"`) {
		t.Errorf("opening a DM sent %s", body)
	}
}
