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
const requestWindow = time.Second + 100*time.Millisecond

// LimitRequests puts c's sessions under the bot's limit on requests now,
// before New, which then keeps the same limit: kilab run calls it before
// it checks the token, so that its very first request waits for the first
// window too (Config.HoldFirstWindow).
func LimitRequests(c Config) { limitRequests(c, nil) }

// limitRequests puts the REST requests of c's sessions (the REST session's
// and the shards', which share the token) through one ratelimit.Transport:
// counted by route and status into count, and kept under
// c.RequestsPerSecond. Sessions LimitRequests already put under a limit
// keep theirs, which the others share, and are counted from now on.
func limitRequests(c Config, count *requestCount) *ratelimit.Limiter {
	sessions := append([]*discordgo.Session{c.Session}, c.Shards...)
	lim, found := limiterOf(sessions)
	if !found {
		lim = newLimiter(c)
	}
	var counted func(route, status string)
	if count != nil {
		counted = count.request
	}
	for _, s := range sessions {
		if s == nil {
			continue
		}
		client := http.DefaultClient
		if s.Client != nil {
			client = s.Client
		}
		if tr, done := client.Transport.(*ratelimit.Transport); done {
			if counted != nil {
				tr.Count = counted
			}
			continue // the REST session among the shards, or limited before
		}
		wrapped := *client
		wrapped.Transport = &ratelimit.Transport{Base: client.Transport, Limiter: lim, Count: counted}
		s.Client = &wrapped
	}
	return lim
}

// limiterOf finds the limit a session was already put under.
func limiterOf(sessions []*discordgo.Session) (*ratelimit.Limiter, bool) {
	for _, s := range sessions {
		if s == nil || s.Client == nil {
			continue
		}
		if tr, ok := s.Client.Transport.(*ratelimit.Transport); ok {
			return tr.Limiter, true
		}
	}
	return nil, false
}

// newLimiter is the limit c asks for: nil for none.
func newLimiter(c Config) *ratelimit.Limiter {
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
