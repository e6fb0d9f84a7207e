package ratelimit

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// The transport counts each request by route and status; a global 429
// holds every other request back for Discord's retry_after, but an
// interaction's callback, which Discord does not count, goes at once.
func TestTransport(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v10/channels/1/messages" {
			w.Header().Set("Retry-After", "2")
			w.Header().Set("X-RateLimit-Global", "true")
			w.Header().Set("X-RateLimit-Scope", "global")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	clock := newFakeClock()
	l, granted := recorded(50, time.Second, clock)
	var mu sync.Mutex
	var counted []string
	client := &http.Client{Transport: &Transport{Limiter: l, Count: func(route, status string) {
		mu.Lock()
		defer mu.Unlock()
		counted = append(counted, route+" "+status)
	}}}
	do := func(method, path string) error {
		req, _ := http.NewRequestWithContext(context.Background(), method, srv.URL+path, nil)
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	if err := do("POST", "/api/v10/channels/1/messages"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- do("PATCH", "/api/v10/channels/2/messages/3") }()
	settle(t, l, 2, granted)
	callback := make(chan error, 1)
	go func() { callback <- do("POST", "/api/v10/interactions/4/tok/callback") }()
	select {
	case err := <-callback:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second): // a guard against hanging, not a measure
		t.Fatal("an interaction's callback waited out a global 429")
	}
	select {
	case err := <-done:
		t.Fatalf("a request went during a global 429's wait (%v)", err)
	default:
	}
	clock.Add(2 * time.Second)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	want := []string{"POST /channels/:id/messages 429", "POST /interactions/:id/:token/callback 204", "PATCH /channels/:id/messages/:id 204"}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(counted, want) {
		t.Errorf("counted %v, want %v", counted, want)
	}
	if gs := granted(); len(gs) != 2 {
		t.Errorf("the limiter let %d requests go, want 2 (the callback is not its)", len(gs))
	}
}

// A bucket's reset comes to discordgo a margin later than Discord says,
// so that its truncation of the milliseconds never sends a request just
// before the window resets; headers it cannot read pass unchanged.
func TestResetAfterPadded(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"4.999": "5.019", "0": "0.020", "later": "later", "": ""} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if in != "" {
				w.Header().Set("X-RateLimit-Reset-After", in)
			}
		}))
		resp, err := (&Transport{}).RoundTrip(httptest.NewRequest(http.MethodGet, srv.URL+"/api/v10/channels/1/messages", nil).WithContext(context.Background()))
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("X-RateLimit-Reset-After"); got != want {
			t.Errorf("Reset-After %q came to discordgo as %q, want %q", in, got, want)
		}
	}
}
