package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"kilab/bot/kit/kittest"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// signed is a request to the endpoint signed with key at ts.
func signed(key ed25519.PrivateKey, ts time.Time, body []byte) *http.Request {
	stamp := strconv.FormatInt(ts.Unix(), 10)
	r := httptest.NewRequest(http.MethodPost, EndpointPath, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Signature-Timestamp", stamp)
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(stamp), body...))))
	return r
}

// endpointBot is a unit bot that takes HTTP interactions signed by the key
// it returns.
func endpointBot(t testing.TB) (*Bot, *kittest.Recorder, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	b, rec, _ := unitBot(t)
	b.http = newEndpoint("", pub)
	return b, rec, priv
}

func serve(b *Bot, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	b.handler().ServeHTTP(w, r)
	return w
}

func (b *Bot) activeNow() int {
	b.gate.Lock()
	defer b.gate.Unlock()
	return b.active
}

// A correctly signed click is accepted with 202 and no body, and handled as
// one from the gateway: answered through the callback.
func TestEndpointAcceptsSignedInteraction(t *testing.T) {
	t.Parallel()
	b, rec, key := endpointBot(t)
	body, err := os.ReadFile(filepath.Join("testdata", "click_forged.json"))
	if err != nil {
		t.Fatal(err)
	}
	w := serve(b, signed(key, time.Now(), body))
	if w.Code != http.StatusAccepted || w.Body.Len() != 0 {
		t.Fatalf("signed click: %d %q, want 202 and no body", w.Code, w.Body)
	}
	for start := time.Now(); b.activeNow() > 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("the click is still being handled after 10 s")
		}
	}
	if c, ok := rec.First("respond"); !ok || !c.Msg.Ephemeral {
		t.Fatalf("the click was not answered with an ephemeral reply: %v", rec.Ops())
	}
}

func TestEndpointAnswersPing(t *testing.T) {
	t.Parallel()
	b, rec, key := endpointBot(t)
	w := serve(b, signed(key, time.Now(), []byte(`{"id":"1","application_id":"2","type":1,"token":"t","version":1}`)))
	if w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `{"type":1}` || w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("PING: %d %q (%s), want 200 {\"type\":1}", w.Code, w.Body, w.Header().Get("Content-Type"))
	}
	if len(rec.Ops()) != 0 || b.activeNow() != 0 {
		t.Fatalf("a PING reached the handlers: %v", rec.Ops())
	}
}

// Anything not freshly signed by the application's key gets 401 and reaches
// no handler.
func TestEndpointRefusesBadSignatures(t *testing.T) {
	t.Parallel()
	b, rec, key := endpointBot(t)
	_, other, _ := ed25519.GenerateKey(nil)
	ping := []byte(`{"id":"1","application_id":"2","type":1,"token":"t","version":1}`)
	click := []byte(`{"id":"1","application_id":"2","type":3,"token":"t","version":1,"data":{"custom_id":"g/1/1/t","component_type":2}}`)
	tampered := signed(key, time.Now(), click)
	tampered.Body = httpBody(bytes.Replace(click, []byte("g/1/1/t"), []byte("g/1/2/t"), 1))
	cases := map[string]*http.Request{
		"tampered body":       tampered,
		"wrong key":           signed(other, time.Now(), click),
		"stale timestamp":     signed(key, time.Now().Add(-MaxSignatureAge-time.Minute), ping),
		"future timestamp":    signed(key, time.Now().Add(MaxSignatureAge+time.Minute), ping),
		"no signature":        without(signed(key, time.Now(), ping), "X-Signature-Ed25519"),
		"no timestamp":        without(signed(key, time.Now(), ping), "X-Signature-Timestamp"),
		"signature not hex":   with(signed(key, time.Now(), ping), "X-Signature-Ed25519", "zz"),
		"signature too short": with(signed(key, time.Now(), ping), "X-Signature-Ed25519", "abcd"),
	}
	for name, r := range cases {
		if w := serve(b, r); w.Code != http.StatusUnauthorized {
			t.Errorf("%s: %d %q, want 401", name, w.Code, w.Body)
		}
	}
	if len(rec.Ops()) != 0 || b.activeNow() != 0 {
		t.Fatalf("refused requests reached the handlers: %v", rec.Ops())
	}
}

func TestEndpointRefusesOtherRequests(t *testing.T) {
	t.Parallel()
	b, rec, key := endpointBot(t)
	huge := signed(key, time.Now(), bytes.Repeat([]byte(" "), maxInteractionBody+1))
	get := httptest.NewRequest(http.MethodGet, EndpointPath, nil)
	for name, c := range map[string]struct {
		r    *http.Request
		want int
	}{
		"GET":              {get, http.StatusMethodNotAllowed},
		"other path":       {httptest.NewRequest(http.MethodPost, "/", nil), http.StatusNotFound},
		"too large":        {huge, http.StatusRequestEntityTooLarge},
		"signed, not JSON": {signed(key, time.Now(), []byte("hello")), http.StatusBadRequest},
	} {
		if w := serve(b, c.r); w.Code != c.want {
			t.Errorf("%s: %d, want %d", name, w.Code, c.want)
		}
	}
	if len(rec.Ops()) != 0 || b.activeNow() != 0 {
		t.Fatalf("refused requests reached the handlers: %v", rec.Ops())
	}
}

func TestParsePublicKey(t *testing.T) {
	t.Parallel()
	pub, _, _ := ed25519.GenerateKey(nil)
	if k, err := ParsePublicKey(" " + hex.EncodeToString(pub) + "\n"); err != nil || !k.Equal(pub) {
		t.Fatalf("ParsePublicKey: %v, %v", k, err)
	}
	for _, bad := range []string{"", "abcd", strings.Repeat("zz", 32), hex.EncodeToString(pub) + "00"} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("ParsePublicKey(%q) accepted", bad)
		}
	}
}

func httpBody(b []byte) *readCloser { return &readCloser{bytes.NewReader(b)} }

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }

func without(r *http.Request, header string) *http.Request {
	r.Header.Del(header)
	return r
}

func with(r *http.Request, header, value string) *http.Request {
	r.Header.Set(header, value)
	return r
}
