package ratelimit

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"
)

// fakeClock is a Clock the test moves by hand.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []fakeTimer
}

type fakeTimer struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.timers = append(c.timers, fakeTimer{c.now.Add(d), ch})
	return ch
}

// Add moves the clock on by d, firing the timers due.
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	c.timers = slices.DeleteFunc(c.timers, func(t fakeTimer) bool {
		if t.at.After(c.now) {
			return false
		}
		t.ch <- c.now
		return true
	})
}

// grant is one request a Limiter let go.
type grant struct {
	at         time.Time
	background bool
}

// recorded is a Limiter on clock that records what it lets go.
func recorded(n int, per time.Duration, clock Clock) (*Limiter, func() []grant) {
	l := NewLimiter(n, per, clock)
	var mu sync.Mutex
	var gs []grant
	l.granted = func(at time.Time, background bool) {
		mu.Lock()
		defer mu.Unlock()
		gs = append(gs, grant{at, background})
	}
	return l, func() []grant {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(gs)
	}
}

// settle waits until each of the total requests started has either been
// let go or waits again, having looked at the clock.
func settle(t *testing.T, l *Limiter, total int, granted func() []grant) {
	t.Helper()
	quiet := 0
	for range 20000 {
		if all, _ := l.Waiting(); all+len(granted()) == total {
			if quiet++; quiet == 10 { // a woken waiter has had time to go back to sleep
				return
			}
		} else {
			quiet = 0
		}
		time.Sleep(100 * time.Microsecond)
	}
	all, _ := l.Waiting()
	t.Fatalf("%d requests wait and %d went, of %d", all, len(granted()), total)
}

// However many requests come at once, no window of Per sees more than N
// of them let go, and all go in the end.
func TestLimiterNeverExceeds(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	const n, per, requests = 5, time.Second, 43
	l, granted := recorded(n, per, clock)
	var wg sync.WaitGroup
	for k := range requests {
		wg.Go(func() {
			if err := l.Wait(context.Background(), k%3 == 0); err != nil {
				t.Error(err)
			}
		})
	}
	start := clock.Now()
	for step := 0; len(granted()) < requests && step < 1000; step++ {
		settle(t, l, requests, granted)
		clock.Add(per / 10)
	}
	wg.Wait()
	gs := granted()
	if len(gs) != requests {
		t.Fatalf("%d requests let go of %d", len(gs), requests)
	}
	for i := range gs[n:] {
		if d := gs[i+n].at.Sub(gs[i].at); d < per {
			t.Fatalf("requests %d and %d went %v apart: %d in less than %v", i, i+n, d, n+1, per)
		}
	}
	if took := gs[len(gs)-1].at.Sub(start); took > (requests/n+1)*per {
		t.Errorf("%d requests took %v at %d per %v", requests, took, n, per)
	}
}

// Requests that tell players go before those that tidy up, whichever came
// first; a tidying request goes at once where nothing else waits.
func TestLimiterUrgentFirst(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	l, granted := recorded(1, time.Second, clock)
	ctx := context.Background()
	if err := l.Wait(ctx, true); err != nil { // nothing waits: it goes
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() { l.Wait(ctx, true) })
	}
	settle(t, l, 4, granted)
	for range 3 {
		wg.Go(func() { l.Wait(ctx, false) })
	}
	settle(t, l, 7, granted)
	for len(granted()) < 7 {
		clock.Add(time.Second)
		settle(t, l, 7, granted)
	}
	wg.Wait()
	var order []bool
	for _, g := range granted()[1:] {
		order = append(order, g.background)
	}
	if want := []bool{false, false, false, true, true, true}; !slices.Equal(order, want) {
		t.Errorf("let go in the order %v (true: tidying), want %v", order, want)
	}
}

// A global 429 holds every request back until Discord's retry_after has
// run, and a waiter whose context ends stops waiting.
func TestLimiterBlock(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	l, granted := recorded(10, time.Second, clock)
	start := clock.Now()
	l.Block(start.Add(3 * time.Second))
	done := make(chan error, 1)
	go func() { done <- l.Wait(context.Background(), false) }()
	for range 5 {
		settle(t, l, 1, granted)
		clock.Add(time.Second)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if gs := granted(); len(gs) != 1 || gs[0].at.Before(start.Add(3*time.Second)) {
		t.Errorf("let go %v, want once, at %v or after", gs, start.Add(3*time.Second))
	}
	l.Block(clock.Now().Add(time.Hour))
	ctx, cancel := context.WithCancel(context.Background())
	go func() { done <- l.Wait(ctx, false) }()
	settle(t, l, 2, granted)
	cancel()
	if err := <-done; err == nil {
		t.Error("a request whose context ended went all the same")
	}
	settle(t, l, 1, granted)
}

// A tidying request does not take a free place while a request that tells
// a player waits for one (as one does between two looks at the clock).
func TestLimiterBackgroundYields(t *testing.T) {
	t.Parallel()
	l := NewLimiter(2, time.Second, newFakeClock())
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waiting, l.urgent = 2, 1 // one of each waits
	if _, ok := l.take(true); ok {
		t.Fatal("a tidying request went while another waited")
	}
	if _, ok := l.take(false); !ok {
		t.Fatal("the urgent request did not go")
	}
	if _, ok := l.take(true); !ok {
		t.Fatal("the tidying request did not go once it was alone")
	}
}
