package bot_test

import (
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// A move costs Discord four requests besides the clicks' answers, counted
// by the bot's own metrics through the fake Discord: the board in the
// thread and the next player's DM, and one edit each retiring the board
// before and the mover's DM copy. No DM channel is opened again and no
// board is read back.
func TestE2ERequestsPerMove(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 11)
	ops := httptest.NewServer(h.b.Ops())
	defer ops.Close()
	url := ops.URL + "/metrics"
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	id := h.challengeAccepted(ana, bo, "aseb").ID
	rng := rand.New(rand.NewPCG(2, 2))
	turn := func() {
		t.Helper()
		g, msg := h.board(id)
		for mover := g.ToMove; g.Active() && g.ToMove == mover; g, msg = h.board(id) {
			h.step(g, msg, rng)
			if g = h.game(id); !g.Active() || g.ToMove != mover {
				break
			}
		}
		h.board(id) // the next board is there
		h.deliver() // and the retirements done
	}
	turn()
	turn() // both players' DM channels are open
	before := scrape(t, url)
	const turns = 4
	for range turns {
		turn()
	}
	if g := h.game(id); !g.Active() {
		t.Fatalf("game %d ended within %d turns: pick another seed", id, turns+2)
	}
	got := requestsByRoute(scrape(t, url), before)
	want := map[string]float64{"POST /channels/:id/messages": 2 * turns, "PATCH /channels/:id/messages/:id": 2 * turns}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%d moves cost %v besides the clicks' answers, want %v", turns, got, want)
	}
}

var routeLabel = regexp.MustCompile(`route="([^"]*)"`)

// requestsByRoute is how many requests to Discord after made beyond
// before, by route, but for those answering interactions.
func requestsByRoute(after, before samples) map[string]float64 {
	out := map[string]float64{}
	for k, v := range after {
		m := routeLabel.FindStringSubmatch(k)
		if !strings.HasPrefix(k, "kilab_discord_requests_total{") || m == nil ||
			strings.Contains(m[1], "/interactions/") || strings.Contains(m[1], "/webhooks/") {
			continue
		}
		if n := v - before[k]; n != 0 {
			out[m[1]] += n
		}
	}
	return out
}
