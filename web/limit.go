package web

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// limiter holds each client to rate requests a second, burst at once (a
// token bucket per client address), in a map of at most max clients: when
// it is full, clients idle long enough to have their whole burst back are
// forgotten, and if none is, the newcomer is refused rather than the map
// grown.
type limiter struct {
	rate, burst float64
	max         int

	mu      sync.Mutex
	clients map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(rate, burst float64, max int) *limiter {
	return &limiter{rate: rate, burst: burst, max: max, clients: map[string]*bucket{}}
}

// allow takes one request of client's at now, if its bucket has one.
func (l *limiter) allow(client string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.clients[client]
	if !ok {
		if len(l.clients) >= l.max && !l.forgetIdle(now) {
			return false
		}
		b = &bucket{tokens: l.burst, at: now}
		l.clients[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// forgetIdle forgets the clients whose bucket is full again by now, and
// reports whether any was.
func (l *limiter) forgetIdle(now time.Time) bool {
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	n := len(l.clients)
	for c, b := range l.clients {
		if now.Sub(b.at) >= full {
			delete(l.clients, c)
		}
	}
	return len(l.clients) < n
}

// clientOf is the address a request came from, without its port.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// streams bounds the live streams open at once: perClient for one address,
// total for all. A stream holds a goroutine and reads the store once a
// second, so a client opening them without end must be refused, not served.
type streams struct {
	perClient, total int

	mu   sync.Mutex
	open map[string]int
	all  int
}

func newStreams(perClient, total int) *streams {
	return &streams{perClient: perClient, total: total, open: map[string]int{}}
}

// take opens a stream for client, if the bounds allow one.
func (s *streams) take(client string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[client] >= s.perClient || s.all >= s.total {
		return false
	}
	s.open[client]++
	s.all++
	return true
}

// done closes a stream of client's.
func (s *streams) done(client string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[client]--; s.open[client] <= 0 {
		delete(s.open, client)
	}
	s.all--
}
