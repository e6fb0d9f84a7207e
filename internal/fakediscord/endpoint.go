package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"time"
)

// endpointState is the application's Interactions Endpoint URL, as set in
// the Developer Portal, and the key pair Discord signs its requests with.
type endpointState struct {
	key    ed25519.PrivateKey
	url    string // "": interactions go over the gateway
	client *http.Client
}

func (e *endpointState) init() {
	_, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		panic(fmt.Sprintf("fakediscord: generating the signing key: %v", err))
	}
	e.key = key
	// Not the test's transport, which only reaches Discord: this client
	// goes to the bot. Its timeout only ends a request nobody answers.
	e.client = &http.Client{Timeout: 30 * time.Second}
}

// PublicKey is the application's public key, as the Developer Portal shows
// it: the bot checks every request to its endpoint against it.
func (s *Server) PublicKey() ed25519.PublicKey { return s.ep.key.Public().(ed25519.PublicKey) }

// PublicKeyHex is PublicKey in hex, the form DISCORD_PUBLIC_KEY takes.
func (s *Server) PublicKeyHex() string { return hex.EncodeToString(s.PublicKey()) }

// SetInteractionsURL does what saving the Interactions Endpoint URL in the
// Developer Portal does: Discord POSTs a signed PING, which must be answered
// 200 with a PONG ({"type":1}), and a badly signed one, which must be
// refused with 401. If both go well, interactions are POSTed to url from then
// on instead of being dispatched on the gateway; otherwise the URL is not
// saved and the error says why. "" removes the URL: back to the gateway.
func (s *Server) SetInteractionsURL(ctx context.Context, url string) error {
	if url != "" {
		if err := s.checkEndpoint(ctx, url); err != nil {
			return fmt.Errorf("fakediscord: Discord would not save the Interactions Endpoint URL %s: %w", url, err)
		}
	}
	s.mu.Lock()
	s.ep.url = url
	s.mu.Unlock()
	return nil
}

// InteractionsURL is the Interactions Endpoint URL set, or "".
func (s *Server) InteractionsURL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ep.url
}

// checkEndpoint is the portal's test of a new URL.
func (s *Server) checkEndpoint(ctx context.Context, url string) error {
	ping, _ := json.Marshal(object{"id": s.ids.next(), "application_id": s.appID, "type": 1, "token": "ping", "version": 1})
	status, body, err := s.postSigned(ctx, url, ping, s.ep.key)
	if err != nil {
		return err
	}
	var pong struct {
		Type *int `json:"type"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &pong) != nil || pong.Type == nil || *pong.Type != 1 {
		return fmt.Errorf("a signed PING was answered %d %q, want 200 {\"type\":1}", status, truncate(string(body), 200))
	}
	_, forger, _ := ed25519.GenerateKey(nil)
	if status, _, err = s.postSigned(ctx, url, ping, forger); err != nil {
		return err
	}
	if status != http.StatusUnauthorized {
		return fmt.Errorf("a PING signed with another key was answered %d, want 401: the endpoint does not check signatures", status)
	}
	return nil
}

// postSigned POSTs body to url as Discord does, signed by key.
func (s *Server) postSigned(ctx context.Context, url string, body []byte, key ed25519.PrivateKey) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	req.Header.Set("X-Signature-Timestamp", stamp)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(stamp), body...))))
	resp, err := s.ep.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, answer, err
}

// post delivers an interaction to the endpoint at url and judges the answer
// as Discord does: within the deadline, 202 and no body when the bot answers
// through the callback endpoint, or 200 with the interaction response itself.
func (s *Server) post(url string, st *ixState, payload object) {
	body, _ := json.Marshal(payload)
	start := time.Now()
	status, answer, err := s.postSigned(context.Background(), url, body, s.ep.key)
	took := time.Since(start)
	switch {
	case err != nil:
		s.endpointFailed(st.id, "interaction %s lost: POST %s: %v", st.id, url, err)
	case s.cfg.deadline > 0 && took > s.cfg.deadline:
		s.endpointFailed(st.id, "interaction %s: the endpoint answered after %v; Discord waits %v, then shows \"This interaction failed\"",
			st.id, took.Round(time.Millisecond), s.cfg.deadline)
	case status == http.StatusAccepted && len(bytes.TrimSpace(answer)) > 0:
		s.errorf("interaction %s: 202 with a body (%q); Discord wants 202 with no body when the answer goes through the callback", st.id, truncate(string(answer), 200))
	case status == http.StatusAccepted:
	case status == http.StatusOK:
		s.inline(st, answer)
	default:
		s.endpointFailed(st.id, "interaction %s: the endpoint answered %d %q to a correctly signed request; the user sees \"This interaction failed\"",
			st.id, status, truncate(string(answer), 200))
	}
}

// endpointFailed reports an interaction the endpoint failed: as a test
// failure, or to the WithEndpointFailures hook.
func (s *Server) endpointFailed(id, format string, args ...any) {
	if s.cfg.epFailed != nil {
		s.cfg.epFailed(id, fmt.Sprintf(format, args...))
		return
	}
	s.errorf(format, args...)
}

// inline applies an interaction response given in the HTTP answer as if it
// had come to the callback endpoint, with the same checks.
func (s *Server) inline(st *ixState, answer []byte) {
	path := fmt.Sprintf("/api/v10/interactions/%s/%s/callback", st.id, st.token)
	req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(answer))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	s.hs.Config.Handler.ServeHTTP(w, req)
	if w.Code != http.StatusNoContent {
		s.errorf("interaction %s: the response in the endpoint's answer was refused: %d %s", st.id, w.Code, strings.TrimSpace(w.Body.String()))
	}
}
