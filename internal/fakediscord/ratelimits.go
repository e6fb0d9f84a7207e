package fakediscord

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Discord's rate limits, enforced when a test asks for them (WithLimits,
// SetLimits): off by default, so that ordinary tests stay fast and
// deterministic. The rules follow
// https://discord.com/developers/docs/topics/rate-limits:
//
//   - a global limit of 50 requests a second per bot token (per client
//     address without one), which interaction endpoints are not bound to;
//   - per-route buckets keyed by the route and its top-level resources
//     (channel_id, guild_id, webhook_id + webhook_token), some shared by
//     several routes, told in X-RateLimit-* headers on every answer;
//   - 429 answers with Retry-After, X-RateLimit-Scope and the JSON body
//     {"message", "retry_after", "global"};
//   - the invalid request limit: 10,000 answers of 401, 403 or 429 (429s of
//     scope shared aside) in 10 minutes get the bot banned by Cloudflare.
//     The fake counts them and reports when the ban would fall; it does not
//     ban.
//
// Discord does not document the numbers of its per-route buckets (it says to
// read the headers); those in DiscordLimits are the ones observed and
// published, cited there, and a generous default for routes without any.

// Limits are the rate limits the fake enforces.
type Limits struct {
	// Global is how many requests a bot token may make per GlobalWindow
	// outside the interaction endpoints.
	Global       int
	GlobalWindow time.Duration
	// Buckets are the per-route limits; a route none of them names gets
	// Default, a bucket of its own.
	Buckets []Bucket
	Default Bucket
	// InvalidBan is how many invalid requests within InvalidWindow get a bot
	// banned.
	InvalidBan    int
	InvalidWindow time.Duration
	// Clock replaces time.Now, so that a test can hold time still; nil is
	// time.Now.
	Clock func() time.Time
}

// Bucket is one per-route rate limit: Limit requests per Window, counted
// apart for each value of the routes' top-level resources.
type Bucket struct {
	// Name identifies the bucket; X-RateLimit-Bucket is a hash of it, the
	// same for every route and resource of the bucket, as Discord's.
	Name   string
	Routes []string // "POST /channels/{channel_id}/messages"
	Limit  int
	Window time.Duration
	// Scope is what a 429 of this bucket says: "user" (the bot's own
	// limit) or "shared" (the resource's, for everyone; not counted as an
	// invalid request).
	Scope string
}

// The interaction endpoints, which Discord exempts from the global limit
// ("Interaction endpoints are not bound to the bot's Global Rate Limit",
// docs/topics/rate-limits, linking to interactions/receiving-and-responding
// #endpoints: the callback, and the original response and follow-ups under
// /webhooks/{application_id}/{interaction_token}).
func interactionEndpoint(route string) bool {
	_, path, _ := strings.Cut(route, " ")
	return strings.HasPrefix(path, "/interactions/") || strings.HasPrefix(path, "/webhooks/{webhook_id}/{webhook_token}")
}

// callback reports the interaction callback, which has no bucket either:
// each interaction token answers once.
func callback(route string) bool {
	return route == "POST /interactions/{interaction_id}/{interaction_token}/callback"
}

// DiscordLimits are Discord's limits as documented and observed.
func DiscordLimits() Limits {
	return Limits{
		// Documented: "All bots can make up to 50 requests per second".
		Global: 50, GlobalWindow: time.Second,
		Buckets: []Bucket{
			// The per-channel message limit. Creating and editing messages
			// share one bucket hash (discord/discord-api-docs#981 and #1442,
			// observed), 5 per 5 s per channel (#2761: "POST-/channels/:id/
			// messages and PATCH-/channels/:id/messages/:id's bucket hashes
			// of 5/5"). #1442 saw the two count apart despite the shared
			// hash; the fake counts them together, the stricter reading.
			{Name: "channel messages", Limit: 5, Window: 5 * time.Second, Scope: "user", Routes: []string{
				"POST /channels/{channel_id}/messages",
				"PATCH /channels/{channel_id}/messages/{message_id}",
			}},
			// Deleting messages: 5 per 1 s per channel, as published by
			// library authors (e.g. the table in gist XynoxTheDev/8aa33c15).
			{Name: "delete message", Limit: 5, Window: time.Second, Scope: "user", Routes: []string{
				"DELETE /channels/{channel_id}/messages/{message_id}",
			}},
			// An interaction's original response and follow-ups: limit 5
			// per token (bwmarrin/discordgo#1384 reads "remaining 5"); the
			// window is not published, 1 s is assumed.
			{Name: "interaction webhook", Limit: 5, Window: time.Second, Scope: "user", Routes: []string{
				"POST /webhooks/{webhook_id}/{webhook_token}",
				"GET /webhooks/{webhook_id}/{webhook_token}/messages/@original",
				"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
				"DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original",
				"GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
				"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
				"DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
			}},
		},
		// Routes with no published figure (DM channels, threads, reads)
		// are held to the global pace only, so that the fake invents no
		// bottleneck Discord may not have.
		Default:    Bucket{Limit: 50, Window: time.Second, Scope: "user"},
		InvalidBan: 10000, InvalidWindow: 10 * time.Minute,
	}
}

// WithLimits has the fake enforce l from the start.
func WithLimits(l Limits) Option { return func(c *config) { c.limits = &l } }

// SetLimits has the fake enforce l from now on, its windows and the count
// of invalid requests afresh; nil turns the limits off. LimitStats's counts
// of requests and 429s go on.
func (s *Server) SetLimits(l *Limits) {
	s.lim.set(l)
}

// LimitStats are the counts of the fake's rate limiting.
type LimitStats struct {
	// Requests counts every REST request by route ("" for endpoints the
	// fake does not know), whether limits are on or not.
	Requests map[string]int
	// Injected counts the 429s RateLimit armed, Earned those the client
	// earned by exceeding a limit, both by scope (user, global, shared).
	Injected, Earned map[string]int
	// Invalid is the count of invalid requests (401, 403, 429 but of scope
	// shared) in the last InvalidWindow, InvalidMax the most it reached
	// since the limits were last set; with the limits off, Discord's
	// window and threshold apply.
	Invalid, InvalidMax int
	// BannedAt is when the count first reached InvalidBan: Discord would
	// have banned the bot from then on. Zero if never.
	BannedAt time.Time
	// Overs are the first 429s earned (at most maxOvers), to tell when
	// and on what route a client went over.
	Overs []Over
}

// Over is one 429 earned: when, on what route, in what scope.
type Over struct {
	At    time.Time
	Route string
	Scope string
}

// maxOvers bounds LimitStats.Overs.
const maxOvers = 20

// TotalRequests sums Requests over the routes match accepts.
func (st LimitStats) TotalRequests(match func(route string) bool) int {
	n := 0
	for r, k := range st.Requests {
		if match(r) {
			n += k
		}
	}
	return n
}

// Since is the counts of st less those of before, taken earlier: what
// happened in between. The invalid request figures are st's own.
func (st LimitStats) Since(before LimitStats) LimitStats {
	out := st
	out.Requests = subCounts(st.Requests, before.Requests)
	out.Injected = subCounts(st.Injected, before.Injected)
	out.Earned = subCounts(st.Earned, before.Earned)
	out.Overs = st.Overs[min(len(before.Overs), len(st.Overs)):]
	return out
}

// subCounts is a less b by key, leaving out the keys that did not grow.
func subCounts(a, b map[string]int) map[string]int {
	out := map[string]int{}
	for k, v := range a {
		if d := v - b[k]; d > 0 {
			out[k] = d
		}
	}
	return out
}

// Sum adds up a count by scope.
func Sum(byScope map[string]int) int {
	n := 0
	for _, k := range byScope {
		n += k
	}
	return n
}

// GlobalLimited reports whether route counts against the global limit.
func GlobalLimited(route string) bool { return !interactionEndpoint(route) }

// LimitStats returns the counts so far.
func (s *Server) LimitStats() LimitStats { return s.lim.stats() }

// limiter holds the state of rate limiting; it has a lock of its own so
// that counting does not wait on the fake's other work.
type limiter struct {
	mu       sync.Mutex
	on       *Limits
	byRoute  map[string]*Bucket
	global   map[string]*window // by token
	buckets  map[string]*window // by bucket name and resources
	requests map[string]int
	injected map[string]int
	earned   map[string]int
	overs    []Over
	invalid  []time.Time // within the window, oldest first
	maxInv   int
	banned   time.Time
	// invBan and invWindow are the invalid request limit, counted with
	// the other limits off too: a 401 or 403 is the bot's fault anyway.
	invBan    int
	invWindow time.Duration
}

// window is a fixed window: used requests since it opened, until reset.
type window struct {
	used  int
	reset time.Time
}

func (l *limiter) init(on *Limits) {
	l.overs = nil
	l.requests, l.injected, l.earned = map[string]int{}, map[string]int{}, map[string]int{}
	l.set(on)
}

func (l *limiter) set(on *Limits) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on = nil
	l.global, l.buckets, l.byRoute = map[string]*window{}, map[string]*window{}, map[string]*Bucket{}
	l.invalid, l.maxInv, l.banned = nil, 0, time.Time{}
	d := DiscordLimits()
	l.invBan, l.invWindow = d.InvalidBan, d.InvalidWindow
	if on == nil {
		return
	}
	cp := *on
	l.on = &cp
	l.invBan, l.invWindow = cp.InvalidBan, cp.InvalidWindow
	for i := range cp.Buckets {
		for _, r := range cp.Buckets[i].Routes {
			l.byRoute[r] = &cp.Buckets[i]
		}
	}
}

func (l *limiter) now() time.Time {
	if l.on != nil && l.on.Clock != nil {
		return l.on.Clock()
	}
	return time.Now()
}

func (l *limiter) stats() LimitStats {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.expireInvalid(l.now())
	return LimitStats{
		Requests: cloneCounts(l.requests), Injected: cloneCounts(l.injected), Earned: cloneCounts(l.earned),
		Invalid: len(l.invalid), InvalidMax: l.maxInv, BannedAt: l.banned, Overs: slices.Clone(l.overs),
	}
}

func cloneCounts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// bucketOf is the bucket of req's route, its name (the route's own for
// the default bucket) and the key of its counter for req's top-level
// resources; nil for a route without a bucket.
func (l *limiter) bucketOf(req *Request) (b *Bucket, name, key string) {
	if callback(req.Route) {
		return nil, "", ""
	}
	b = l.byRoute[req.Route]
	if b != nil {
		name = b.Name
	} else {
		b, name = &l.on.Default, req.Route
	}
	key = name
	for _, p := range topLevel {
		if v, ok := req.Params[p]; ok {
			key += "|" + p + "=" + v
		}
	}
	return b, name, key
}

// topLevel are the path parameters Discord counts a bucket apart for.
var topLevel = []string{"channel_id", "guild_id", "webhook_id", "webhook_token"}

// bucketHash is the X-RateLimit-Bucket of a bucket name: stable, and blind
// to the resources, as Discord's.
func bucketHash(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:16])
}

// verdict is what the limiter decided for one request.
type verdict struct {
	scope  string        // "" if let through
	retry  time.Duration // until the limit that refused it resets
	bucket *Bucket
	name   string // the bucket's name, the route's for the default
	win    window // the bucket's window after the request
	now    time.Time
}

// take counts req, from the client known as who (its token, else its
// address), against the global limit and its bucket, consuming from both
// only if both let it through; false with the limits off.
func (l *limiter) take(req *Request, who string) (verdict, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.on == nil {
		return verdict{}, false
	}
	v := verdict{now: l.now()}
	now := v.now
	var g, w *window
	if GlobalLimited(req.Route) {
		g = l.open(l.global, who, l.on.GlobalWindow, now)
		if g.used >= l.on.Global {
			l.over(req, "global", now)
			return verdict{scope: "global", retry: g.reset.Sub(now), now: now}, true
		}
	}
	if b, name, key := l.bucketOf(req); b != nil {
		v.bucket, v.name = b, name
		w = l.open(l.buckets, key, b.Window, now)
		if w.used >= b.Limit {
			v.scope, v.retry, v.win = b.Scope, w.reset.Sub(now), *w
			l.over(req, b.Scope, now)
			return v, true
		}
		w.used++
		v.win = *w
	}
	if g != nil {
		g.used++
	}
	return v, true
}

// over counts a 429 earned, and keeps the first few. l.mu is held.
func (l *limiter) over(req *Request, scope string, now time.Time) {
	l.earned[scope]++
	if len(l.overs) < maxOvers {
		l.overs = append(l.overs, Over{At: now, Route: req.Route, Scope: scope})
	}
}

// open returns the window at key, opening a new one if the last has reset.
func (l *limiter) open(m map[string]*window, key string, d time.Duration, now time.Time) *window {
	w := m[key]
	if w == nil || !now.Before(w.reset) {
		w = &window{reset: now.Add(d)}
		m[key] = w
	}
	return w
}

// limited applies the enforced limits to c: it sets the bucket's headers
// and, over a limit, answers 429 as Discord does.
func (s *Server) limited(c *call) bool {
	who := c.req.Header.Get("Authorization")
	if who == "" {
		who, _, _ = net.SplitHostPort(c.hr.RemoteAddr)
	}
	v, on := s.lim.take(c.req, who)
	if !on {
		return false
	}
	if v.bucket != nil {
		setBucketHeaders(c.header, v)
	}
	if v.scope == "" {
		return false
	}
	if s.cfg.reportLimits && v.scope != "shared" {
		s.cfg.onViolation(c.req, []Violation{{Source: "limits", Rule: fmt.Sprintf(
			"over Discord's %s rate limit on %s: answered 429, retry after %v (a bot that keeps earning them is banned)",
			v.scope, c.req.Route, v.retry.Round(time.Millisecond))}})
	}
	secs := ceilMillis(v.retry)
	c.header.Set("Retry-After", strconv.Itoa(int(secs+0.999)))
	c.header.Set("X-RateLimit-Scope", v.scope)
	message := "You are being rate limited."
	if v.scope == "global" {
		c.header.Set("X-RateLimit-Global", "true")
	}
	if v.scope == "shared" {
		message = "The resource is being rate limited."
	}
	c.json(http.StatusTooManyRequests, rateLimitBody(message, secs, v.scope == "global"))
	return true
}

// setBucketHeaders writes the X-RateLimit-* headers of v's bucket.
func setBucketHeaders(h http.Header, v verdict) {
	after := ceilMillis(v.win.reset.Sub(v.now))
	reset := float64(v.win.reset.UnixMilli()) / 1000
	h.Set("X-RateLimit-Limit", strconv.Itoa(v.bucket.Limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(max(0, v.bucket.Limit-v.win.used)))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(reset, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", bucketHash(v.name))
}

// rateLimitBody is the JSON of a 429: the documented fields, and code 0,
// which the OpenAPI description's RatelimitedResponse (an Error) requires.
func rateLimitBody(message string, retryAfter float64, global bool) object {
	return object{"message": message, "retry_after": retryAfter, "global": global, "code": codeGeneral}
}

// ceilMillis is d in seconds rounded up to the millisecond, as Discord
// gives them: a client waiting that long finds the limit reset.
func ceilMillis(d time.Duration) float64 {
	ms := (d + time.Millisecond - 1) / time.Millisecond
	return float64(ms) / 1000
}

// count records a finished request: its route, and whether it was invalid.
func (l *limiter) count(req *Request, status int, scope string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.requests[req.Route]++
	invalid := status == http.StatusUnauthorized || status == http.StatusForbidden ||
		status == http.StatusTooManyRequests && scope != "shared"
	if !invalid {
		return
	}
	now := l.now()
	l.expireInvalid(now)
	l.invalid = append(l.invalid, now)
	l.maxInv = max(l.maxInv, len(l.invalid))
	if len(l.invalid) >= l.invBan && l.banned.IsZero() {
		l.banned = now
	}
}

// expireInvalid drops the invalid requests older than the window (l.mu held).
func (l *limiter) expireInvalid(now time.Time) {
	i := 0
	for i < len(l.invalid) && !now.Before(l.invalid[i].Add(l.invWindow)) {
		i++
	}
	l.invalid = l.invalid[i:]
}

// countInjected records a 429 RateLimit armed.
func (l *limiter) countInjected(scope string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.injected[scope]++
}
