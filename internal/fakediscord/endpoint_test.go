package fakediscord_test

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
)

// endpointBot is a minimal HTTP interactions endpoint: it checks signatures
// against key unless trusting, answers PING with PONG, and passes other
// interactions to answer, which writes the HTTP answer.
type endpointBot struct {
	key      ed25519.PublicKey
	trusting bool
	answer   func(w http.ResponseWriter, i *discordgo.Interaction)

	mu      sync.Mutex
	headers []http.Header
}

func (e *endpointBot) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	sig, _ := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	ts := r.Header.Get("X-Signature-Timestamp")
	if !e.trusting && !ed25519.Verify(e.key, append([]byte(ts), body...), sig) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	e.mu.Lock()
	e.headers = append(e.headers, r.Header.Clone())
	e.mu.Unlock()
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"type":1}`)
		return
	}
	e.answer(w, &i)
}

// endpointSetup starts a fake with the test commands registered and an
// endpoint for e; it returns the endpoint's URL.
func endpointSetup(t *testing.T, tb testing.TB, e *endpointBot) (*fakediscord.Server, *discordgo.Session, string) {
	srv := fakediscord.New(tb)
	s := srv.NewSession() // REST only: no gateway in endpoint mode
	if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), "", testCommands); err != nil {
		t.Fatal(err)
	}
	if e.key == nil {
		e.key = srv.PublicKey()
	}
	hs := httptest.NewServer(e)
	t.Cleanup(hs.Close)
	return srv, s, hs.URL + "/interactions"
}

// With the URL set, interactions come as signed POSTs and no gateway
// session is needed; the bot answers 202 and then through the callback.
func TestEndpointDeliversSignedInteractions(t *testing.T) {
	t.Parallel()
	e := &endpointBot{}
	srv, s, url := endpointSetup(t, t, e)
	e.answer = func(w http.ResponseWriter, i *discordgo.Interaction) {
		w.WriteHeader(http.StatusAccepted)
		go func() {
			_ = s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "pong " + i.ApplicationCommandData().Options[0].StringValue()}})
		}()
	}
	if err := srv.SetInteractionsURL(testContext(t), url); err != nil {
		t.Fatal(err)
	}
	if srv.InteractionsURL() != url || hex.EncodeToString(srv.PublicKey()) != srv.PublicKeyHex() {
		t.Fatalf("URL %q, key %s", srv.InteractionsURL(), srv.PublicKeyHex())
	}
	ana := srv.AddUser("ana")
	m, err := srv.Command(ana.ID, srv.ChannelID(), "ping", fakediscord.Arg("word", "hi")).Reply(testContext(t))
	if err != nil || m.Content != "pong hi" {
		t.Fatalf("reply %q, %v", m.Content, err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if h := e.headers[len(e.headers)-1]; h.Get("Content-Type") != "application/json" || !strings.HasPrefix(h.Get("User-Agent"), "Discord-Interactions/") {
		t.Errorf("request headers %v", h)
	}
}

// An interaction response in the HTTP answer (200) counts as the callback.
func TestEndpointInlineResponse(t *testing.T) {
	t.Parallel()
	e := &endpointBot{answer: func(w http.ResponseWriter, i *discordgo.Interaction) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"type":4,"data":{"content":"inline","flags":64}}`)
	}}
	srv, _, url := endpointSetup(t, t, e)
	if err := srv.SetInteractionsURL(testContext(t), url); err != nil {
		t.Fatal(err)
	}
	ana := srv.AddUser("ana")
	m, err := srv.Command(ana.ID, srv.ChannelID(), "ping", fakediscord.Arg("word", "hi")).Reply(testContext(t))
	if err != nil || m.Content != "inline" || !m.Ephemeral() {
		t.Fatalf("reply %q (ephemeral %v), %v", m.Content, m.Ephemeral(), err)
	}
}

// The portal's checks: an endpoint that accepts a forged signature, or does
// not answer PING with PONG, is not saved.
func TestEndpointSetupChecks(t *testing.T) {
	t.Parallel()
	accept := func(w http.ResponseWriter, _ *discordgo.Interaction) { w.WriteHeader(http.StatusAccepted) }
	for name, c := range map[string]struct {
		e    *endpointBot
		want string
	}{
		"trusting":  {&endpointBot{trusting: true, answer: accept}, "does not check signatures"},
		"wrong key": {&endpointBot{key: ed25519.PublicKey(make([]byte, ed25519.PublicKeySize)), answer: accept}, "want 200"},
	} {
		srv, _, url := endpointSetup(t, t, c.e)
		err := srv.SetInteractionsURL(testContext(t), url)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", name, err, c.want)
		}
		if srv.InteractionsURL() != "" {
			t.Errorf("%s: the URL was saved", name)
		}
	}
}

// A correctly signed interaction refused, or answered 202 with a body, is
// reported: on Discord the user would see "This interaction failed".
func TestEndpointBadAnswersReported(t *testing.T) {
	t.Parallel()
	for status, want := range map[int]string{http.StatusInternalServerError: "answered 500", http.StatusAccepted: "202 with a body"} {
		rec := &recorder{TB: t}
		e := &endpointBot{answer: func(w http.ResponseWriter, _ *discordgo.Interaction) {
			w.WriteHeader(status)
			_, _ = io.WriteString(w, "oops")
		}}
		srv, _, url := endpointSetup(t, rec, e)
		if err := srv.SetInteractionsURL(testContext(t), url); err != nil {
			t.Fatal(err)
		}
		srv.Command(srv.AddUser("ana").ID, srv.ChannelID(), "ping", fakediscord.Arg("word", "hi"))
		if errs := rec.take(); len(errs) != 1 || !strings.Contains(errs[0], want) {
			t.Errorf("answer %d: reports %q, want one saying %q", status, errs, want)
		}
	}
}
