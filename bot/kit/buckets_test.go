package kit

import (
	"fmt"
	"sync"
	"testing"

	"kilab/internal/fakediscord"
)

// Past its bound of buckets, the session's rate limiter is renewed, so that
// the buckets of channels long gone are let go; every request still goes
// through, requests running at once included.
func TestBucketsBounded(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithoutSpec())
	s := srv.NewSession()
	keys := newBucketKeys(4)
	r := rest{s, keys}
	first := s.Ratelimiter
	channels := make([]string, 12)
	for i := range channels {
		channels[i] = srv.AddChannel(fmt.Sprintf("c%d", i))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 3*len(channels))
	for w := range 3 {
		wg.Go(func() {
			for i := range channels {
				if _, err := r.Send(channels[(i+w)%len(channels)], &Message{Content: "hello"}); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	keys.mu.Lock()
	renewals, held := keys.renewals, len(keys.seen)
	keys.mu.Unlock()
	if renewals == 0 || s.Ratelimiter == first {
		t.Fatalf("12 channels' buckets past a bound of 4 renewed the limiter %d times", renewals)
	}
	if held > 4+3 { // the bound, and at most one new bucket per request under way
		t.Errorf("%d buckets held after renewals, bound 4", held)
	}
}
