package bot

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/ratelimit"
)

// DefaultRequestsPerSecond is Discord's global limit for a bot token: 50
// requests a second, interaction callbacks aside.
const DefaultRequestsPerSecond = 50

// requestWindow is the "second" the limit is counted over: a little longer,
// so that requests the network (or a busy machine) delays by up to its
// margin still reach Discord no more than the limit to any second of its.
// A margin of 50 ms let two or three requests a minute through to a global
// 429 in the load test on a saturated 2-core machine; 100 ms, none.
const requestWindow = time.Second + 100*time.Millisecond

// limitRequests puts the REST requests of c's sessions (the REST session's
// and the shards', which share the token) through one ratelimit.Transport:
// counted by route and status into count, and kept under
// c.RequestsPerSecond.
func limitRequests(c Config, count *requestCount) *ratelimit.Limiter {
	var lim *ratelimit.Limiter
	switch n := c.RequestsPerSecond; {
	case n == 0:
		lim = ratelimit.NewLimiter(DefaultRequestsPerSecond, requestWindow, nil)
	case n > 0:
		lim = ratelimit.NewLimiter(n, requestWindow, nil)
	}
	if lim != nil && c.HoldFirstWindow {
		lim.Block(time.Now().Add(requestWindow))
	}
	for _, s := range append([]*discordgo.Session{c.Session}, c.Shards...) {
		if s == nil {
			continue
		}
		client := http.DefaultClient
		if s.Client != nil {
			client = s.Client
		}
		if _, done := client.Transport.(*ratelimit.Transport); done {
			continue // the REST session among the shards
		}
		wrapped := *client
		wrapped.Transport = &ratelimit.Transport{Base: client.Transport, Limiter: lim, Count: count.request}
		s.Client = &wrapped
	}
	return lim
}

// requestCount hands the transport's counts to the bot's metrics, which are
// built after the sessions are wrapped.
type requestCount struct {
	met atomic.Pointer[metrics]
}

func (c *requestCount) request(route, status string) {
	if m := c.met.Load(); m != nil {
		m.requests.WithLabelValues(route, status).Inc()
	}
}
