package ratelimit

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// backgroundKey marks a request's context as Background.
type backgroundKey struct{}

// Background marks the requests made with ctx as ones that tidy up (an old
// board retired): under load they wait for those that tell players of a
// move.
func Background(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, true)
}

// IsBackground reports whether ctx was marked Background.
func IsBackground(ctx context.Context) bool {
	b, _ := ctx.Value(backgroundKey{}).(bool)
	return b
}

// Transport is an http.RoundTripper for the REST requests of a discordgo
// session: each waits for Limiter (but an interaction's callback, which
// Discord does not count), goes through Base, and is counted. A global 429
// blocks Limiter for the retry_after Discord gives.
type Transport struct {
	Base    http.RoundTripper // nil: http.DefaultTransport
	Limiter *Limiter          // nil: no proactive limit
	// Count hears of every request: its route (a template, Route) and the
	// status Discord answered ("error" where none came).
	Count func(route, status string)
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	route, _ := Route(req.Method, req.URL.String())
	if t.Limiter != nil && !Exempt(req.Method, req.URL.String()) {
		if err := t.Limiter.Wait(req.Context(), IsBackground(req.Context())); err != nil {
			return nil, err
		}
	}
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	resp, err := base.RoundTrip(req)
	status := "error"
	if err == nil {
		padResetAfter(resp.Header)
		status = strconv.Itoa(resp.StatusCode)
		if resp.StatusCode == http.StatusTooManyRequests && t.Limiter != nil && global(resp.Header) {
			t.Limiter.Block(t.Limiter.clock.Now().Add(retryAfter(resp.Header)))
		}
	}
	if t.Count != nil {
		t.Count(route, status)
	}
	return resp, err
}

// global reports whether a 429 is the bot's global limit rather than a
// route's.
func global(h http.Header) bool {
	return strings.EqualFold(h.Get("X-RateLimit-Global"), "true") || strings.EqualFold(h.Get("X-RateLimit-Scope"), "global")
}

// retryAfter is how long a 429 asks to wait: Retry-After, in seconds
// (a fraction allowed), else X-RateLimit-Reset-After; a second where it
// says neither.
func retryAfter(h http.Header) time.Duration {
	for _, k := range []string{"Retry-After", "X-RateLimit-Reset-After"} {
		if s, err := strconv.ParseFloat(h.Get(k), 64); err == nil && s >= 0 {
			return time.Duration(s * float64(time.Second))
		}
	}
	return time.Second
}

// resetMargin is added to a bucket's X-RateLimit-Reset-After before
// discordgo reads it. discordgo turns the seconds into a time by truncating
// the fraction's milliseconds through float arithmetic (4.999 becomes
// 4.998 s), so where the answer comes back within a millisecond it sends
// the next request just before the window resets and earns a 429 "retry
// after 0s". Twenty milliseconds are nothing next to a window of seconds.
const resetMargin = 20 * time.Millisecond

// padResetAfter adds resetMargin to h's X-RateLimit-Reset-After, if any.
func padResetAfter(h http.Header) {
	v := h.Get("X-RateLimit-Reset-After")
	if v == "" {
		return
	}
	if after, err := strconv.ParseFloat(v, 64); err == nil && after >= 0 {
		h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after+resetMargin.Seconds(), 'f', 3, 64))
	}
}
