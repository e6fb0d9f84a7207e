package ratelimit

import (
	"context"
	"sync"
	"time"
)

// Clock is the time a Limiter goes by: the real one, or a test's.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Limiter lets at most N requests go in any window of Per: a sliding
// window, so that however Discord lines up its seconds no second of its
// sees more. A request that tidies up (Background) waits while one that
// tells a player something waits; and every request waits while a global
// 429 Discord answered runs (Block).
type Limiter struct {
	n     int
	per   time.Duration
	clock Clock

	mu      sync.Mutex
	sent    []time.Time // when the last n requests went, a ring
	next    int         // sent's oldest
	blocked time.Time   // no request before this (a global 429's retry_after)
	urgent  int         // waiting requests that are not Background
	waiting int         // waiting requests of both kinds (for tests)
	changed chan struct{}
	granted func(at time.Time, background bool) // tests hear of each request let go
}

// NewLimiter lets n requests go per window of per; clock nil is the real
// one.
func NewLimiter(n int, per time.Duration, clock Clock) *Limiter {
	if clock == nil {
		clock = realClock{}
	}
	return &Limiter{n: n, per: per, clock: clock, sent: make([]time.Time, n), changed: make(chan struct{})}
}

// Wait returns when a request may go, or with ctx's error. A Background
// request goes only while no other waits.
func (l *Limiter) Wait(ctx context.Context, background bool) error {
	l.mu.Lock()
	l.waiting++
	if !background {
		l.urgent++
	}
	l.mu.Unlock()
	for {
		l.mu.Lock()
		retry, ok := l.take(background)
		changed := l.changed
		l.mu.Unlock()
		if ok {
			return nil
		}
		var timer <-chan time.Time
		if !retry.IsZero() {
			timer = l.clock.After(retry.Sub(l.clock.Now()))
		}
		select {
		case <-ctx.Done():
			l.gaveUp(background)
			return ctx.Err()
		case <-timer:
		case <-changed:
		}
	}
}

// take lets one request go now if it may, and says so; else it returns when
// to ask again (zero: when something changes). l.mu is held.
func (l *Limiter) take(background bool) (time.Time, bool) {
	now := l.clock.Now()
	switch oldest := l.sent[l.next]; {
	case now.Before(l.blocked):
		return l.blocked, false
	case background && l.urgent > 0:
		return time.Time{}, false
	case !oldest.IsZero() && now.Sub(oldest) < l.per:
		return oldest.Add(l.per), false
	}
	l.sent[l.next] = now
	l.next = (l.next + 1) % l.n
	l.waiting--
	if !background {
		l.urgent--
	}
	l.wake()
	if l.granted != nil {
		l.granted(now, background)
	}
	return time.Time{}, true
}

// gaveUp forgets a waiter whose context ended.
func (l *Limiter) gaveUp(background bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waiting--
	if !background {
		l.urgent--
	}
	l.wake()
}

// wake has every waiter look again. l.mu is held.
func (l *Limiter) wake() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// Block holds every request back until until: Discord answered a global
// 429 and said when to come back.
func (l *Limiter) Block(until time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if until.After(l.blocked) {
		l.blocked = until
	}
	l.wake()
}

// Waiting is how many requests wait, and how many of them are Background.
func (l *Limiter) Waiting() (all, background int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.waiting, l.waiting - l.urgent
}
