package bot

import (
	"net/http"
	"testing"
	"time"
)

// The endpoint refuses a request signed 10 minutes ago, or 10 minutes ahead,
// and takes one signed 4 minutes either way. The ages are written out rather
// than derived from MaxSignatureAge, so that widening the window (to 15
// minutes, say, which would let a captured /challenge be replayed for longer)
// or narrowing it past clocks that disagree a little fails here. The clock is
// fixed, so the test reads the endpoint's clock and not the machine's.
func TestEndpointSignatureWindow(t *testing.T) {
	t.Parallel()
	b, rec, key := endpointBot(t)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	b.http.verify.now = func() time.Time { return now }
	ping := []byte(`{"id":"1","application_id":"2","type":1,"token":"t","version":1}`)
	for _, c := range []struct {
		signed time.Duration // when, from now
		want   int
	}{
		{-10 * time.Minute, http.StatusUnauthorized},
		{10 * time.Minute, http.StatusUnauthorized},
		{-4 * time.Minute, http.StatusOK},
		{4 * time.Minute, http.StatusOK},
	} {
		if w := serve(b, signed(key, now.Add(c.signed), ping)); w.Code != c.want {
			t.Errorf("a PING signed %v from now: %d %q, want %d", c.signed, w.Code, w.Body, c.want)
		}
	}
	if len(rec.Ops()) != 0 {
		t.Fatalf("PINGs reached the handlers: %v", rec.Ops())
	}
}
