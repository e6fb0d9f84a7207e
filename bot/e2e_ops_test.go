package bot_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/bot"
	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/internal/storetest"
	"kilab/store"
)

// samples is one scrape of /metrics: each sample's value by its name and
// sorted labels, as `name{a="1",b="2"}`.
type samples map[string]float64

// scrape reads url's Prometheus text exposition.
func scrape(t testing.TB, url string) samples {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	out := samples{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("bad sample line %q", line)
		}
		out[line[:i]] = v
	}
	return out
}

// key spells a sample as the exposition does: labels sorted by name.
func key(name string, labels ...string) string {
	var pairs []string
	for i := 0; i+1 < len(labels); i += 2 {
		pairs = append(pairs, fmt.Sprintf("%s=%q", labels[i], labels[i+1]))
	}
	if len(pairs) == 0 {
		return name
	}
	sort.Strings(pairs)
	return name + "{" + strings.Join(pairs, ",") + "}"
}

// sum adds the samples of name whose labels include every one given.
func (s samples) sum(name string, labels ...string) float64 {
	var total float64
	for k, v := range s {
		if !strings.HasPrefix(k, name+"{") && k != name {
			continue
		}
		match := true
		for i := 0; i+1 < len(labels); i += 2 {
			match = match && strings.Contains(k, fmt.Sprintf("%s=%q", labels[i], labels[i+1]))
		}
		if match {
			total += v
		}
	}
	return total
}

// waitMetric scrapes until the sample reaches want: an interaction is counted
// just after its answer goes out, so the test may see the answer first.
func waitMetric(t testing.TB, url, k string, want float64) samples {
	t.Helper()
	var s samples
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(10 * time.Millisecond) {
		if s = scrape(t, url); s[k] == want {
			return s
		}
	}
	t.Fatalf("%s = %v, want %v", k, s[k], want)
	return s
}

// Interactions, commits, announcements, closed DMs and a sweep, played
// through the fake Discord, show in /metrics by kind and outcome.
func TestE2EMetrics(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 11)
	ops := httptest.NewServer(h.b.Ops())
	defer ops.Close()
	url := ops.URL + "/metrics"
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	// Both players' DMs are closed, so the first turn's DM fails whoever
	// moves first; the challenge's DM to bo may fail too, or be skipped if
	// the accept comes first.
	h.srv.CloseDMs(ana.ID)
	h.srv.CloseDMs(bo.ID)

	g := h.challengeAccepted(ana, bo, "aseb")
	g, msg := h.board(g.ID)
	h.step(g, msg, rand.New(rand.NewPCG(1, 1)))
	h.ephemeralSays(h.srv.ForgeClick(ana.ID, msg.ChannelID, msg.ID, "zz/1"), "not one of Kilab's")
	if _, err := h.srv.Autocomplete(ana.ID, h.srv.ChannelID(), "move", fakediscord.Focus("game", "")).Choices(h.ctx); err != nil {
		t.Fatal(err)
	}
	h.deliver()

	s := waitMetric(t, url, key("kilab_interactions_total", "type", "autocomplete", "name", "move", "outcome", "ok"), 1)
	for k, want := range map[string]float64{
		key("kilab_interactions_total", "type", "command", "name", "challenge", "outcome", "ok"):         1,
		key("kilab_interactions_total", "type", "component", "name", "challenge", "outcome", "ok"):       1,
		key("kilab_interactions_total", "type", "component", "name", "game", "outcome", "ok"):            1,
		key("kilab_interactions_total", "type", "component", "name", "unknown", "outcome", "user_error"): 1,
		key("kilab_interaction_duration_seconds_count", "type", "command", "name", "challenge"):          1,
		key("kilab_games_in_play", "game", "aseb"):                                                       1,
	} {
		// Each is counted just after its answer went out: waited for.
		s = waitMetric(t, url, k, want)
	}
	// The histogram's le label comes last, unsorted: sum finds it anyway.
	if n := s.sum("kilab_interaction_duration_seconds_bucket", "type", "command", "name", "challenge", "le", "10"); n != 1 {
		t.Errorf("the challenge's handling time is in no bucket up to 10 s (%v)", n)
	}
	if closed := s[key("kilab_dm_failures_total", "reason", "closed")]; closed < 1 || closed > 2 {
		t.Errorf("%v closed DMs counted, want the first turn's DM and perhaps the challenge's", closed)
	}
	if n := s.sum("kilab_interactions_total", "outcome", "fault"); n != 0 {
		t.Errorf("%v faults counted", n)
	}
	if n := s.sum("kilab_commits_total", "result", "ok"); n != 1 {
		t.Errorf("%v commits counted, want the one click's: %v", n, s.sum("kilab_commits_total"))
	}
	if s.sum("kilab_announcements_total", "kind", store.AnnounceBoard, "outcome", "sent") < 1 {
		t.Errorf("no board announcement counted as sent")
	}
	// Every request to Discord is counted by its route's template, and the
	// delivery's by the kind of announcement that made them.
	if s.sum("kilab_discord_requests_total", "route", "POST /channels/:id/messages", "status", "200") < 1 ||
		s.sum("kilab_discord_requests_total", "route", "POST /interactions/:id/:token/callback") < 1 {
		t.Errorf("requests to Discord counted: %v messages sent, %v callbacks", s.sum("kilab_discord_requests_total", "route", "POST /channels/:id/messages"),
			s.sum("kilab_discord_requests_total", "route", "POST /interactions/:id/:token/callback"))
	}
	if n := s.sum("kilab_discord_requests_total", "status", "429"); n != 0 {
		t.Errorf("%v requests answered 429", n)
	}
	if s[key("kilab_delivery_requests_total", "kind", store.AnnounceBoard)] < 1 {
		t.Errorf("no request counted delivering a board")
	}
	if s["go_goroutines"] == 0 {
		t.Error("no Go runtime metrics")
	}
	if s["go_gc_heap_live_bytes"] == 0 { // the soak's reading: the heap after a collection
		t.Error("no live heap in the metrics")
	}
	checkSweepLag(t, h, g.ID, url)
}

// checkSweepLag moves the clock past a reminder and checks that a sweep
// reports how overdue it was.
func checkSweepLag(t *testing.T, h *harness, game int64, url string) {
	t.Helper()
	h.clock.Add(60 * time.Hour) // 2.5 days: past the reminder at 80% of 3 days
	g := h.game(game)
	if err := h.b.Sweep(h.ctx); err != nil {
		t.Fatal(err)
	}
	s := scrape(t, url)
	want := h.clock.Now().Sub(g.RemindAt).Seconds()
	if got := s["kilab_sweep_lag_seconds"]; want <= 0 || math.Abs(got-want) > 0.001 {
		t.Errorf("sweep lag %v s, want %v s", got, want)
	}
	if s["kilab_sweep_last_run_timestamp_seconds"] < float64(time.Now().Add(-time.Minute).Unix()) {
		t.Errorf("last sweep at %v", s["kilab_sweep_last_run_timestamp_seconds"])
	}
}

// /healthz answers while the process runs; /readyz only once the bot is
// connected and while its database answers.
func TestE2EHealthAndReadiness(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	db, err := store.Open(context.Background(), storetest.Path(t, "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(bot.Config{Session: srv.NewSession(), DB: db, Source: games.Seeded(1), SweepEvery: -1,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ops := httptest.NewServer(b.Ops())
	defer ops.Close()

	expect(t, ops.URL+"/healthz", http.StatusOK, "ok")
	expect(t, ops.URL+"/readyz", http.StatusServiceUnavailable, "not connected")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.Open(ctx); err != nil {
		t.Fatal(err)
	}
	expect(t, ops.URL+"/readyz", http.StatusOK, "ready")
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	expect(t, ops.URL+"/readyz", http.StatusServiceUnavailable, "database")
	expect(t, ops.URL+"/metrics", http.StatusOK, "go_goroutines") // the other metrics still serve
	_ = b.Close()
	expect(t, ops.URL+"/readyz", http.StatusServiceUnavailable, "closing")
	expect(t, ops.URL+"/healthz", http.StatusOK, "ok")
}

func expect(t *testing.T, url string, status int, says string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status || !strings.Contains(string(body), says) {
		t.Errorf("GET %s: %d %q, want %d saying %q", url, resp.StatusCode, body, status, says)
	}
}
