package bot

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kilab/internal/testlong"
)

// touchy is a request body that counts how often it is read from.
type touchy struct{ reads atomic.Int64 }

func (b *touchy) Read([]byte) (int, error) { b.reads.Add(1); return 0, io.EOF }
func (b *touchy) Close() error             { return nil }

// forgedSignature is a signature of the right size that nobody made.
func forgedSignature(t testing.TB) string {
	sig := make([]byte, 64)
	if _, err := rand.Read(sig); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(sig)
}

// A request whose signature headers are missing, malformed or out of time is
// refused before a byte of its body is read: made-up headers cost nothing.
func TestEndpointRefusesBadHeadersUnread(t *testing.T) {
	t.Parallel()
	b, _, _ := endpointBot(t)
	now := strconv.FormatInt(time.Now().Unix(), 10)
	for name, h := range map[string][2]string{
		"no signature":       {now, ""},
		"no timestamp":       {"", forgedSignature(t)},
		"signature not hex":  {now, "zz"},
		"signature too long": {now, forgedSignature(t) + "00"},
		"timestamp 1":        {"1", forgedSignature(t)},
		"timestamp not Unix": {"yesterday", forgedSignature(t)},
	} {
		body := &touchy{}
		r := httptest.NewRequest(http.MethodPost, EndpointPath, nil)
		r.Body, r.ContentLength = body, 1<<20
		r.Header.Set("X-Signature-Timestamp", h[0])
		r.Header.Set("X-Signature-Ed25519", h[1])
		if w := serve(b, r); w.Code != http.StatusUnauthorized || body.reads.Load() != 0 {
			t.Errorf("%s: %d after %d reads of the body, want 401 and none", name, w.Code, body.reads.Load())
		}
	}
}

// blocked is a request body whose first read waits for release.
type blocked struct {
	release <-chan struct{}
	done    bool
}

func (b *blocked) Read(p []byte) (int, error) {
	if b.done {
		return 0, io.EOF
	}
	<-b.release
	b.done = true
	return copy(p, `{}`), nil
}
func (b *blocked) Close() error { return nil }

// However many requests with plausible headers arrive at once, at most
// maxReading bodies are read at a time; the others wait for a slot, and are
// answered 503 when none frees in time.
func TestEndpointReadsBoundedBodiesAtOnce(t *testing.T) {
	t.Parallel()
	b, rec, _ := endpointBot(t)
	b.http.slotWait = 50 * time.Millisecond
	const n = 4 * maxReading
	release := make(chan struct{})
	codes := make(chan int, n)
	var wg sync.WaitGroup
	for range n {
		r := httptest.NewRequest(http.MethodPost, EndpointPath, nil)
		r.Body, r.ContentLength = &blocked{release: release}, 2
		r.Header.Set("X-Signature-Timestamp", strconv.FormatInt(time.Now().Unix(), 10))
		r.Header.Set("X-Signature-Ed25519", forgedSignature(t))
		wg.Go(func() { codes <- serve(b, r).Code })
	}
	// Those that found no slot are answered while the others still read.
	for range n - maxReading {
		select {
		case c := <-codes:
			if c != http.StatusServiceUnavailable {
				t.Fatalf("a request beyond the slots: %d, want 503", c)
			}
		case <-time.After(30 * time.Second):
			close(release)
			t.Fatalf("%d bodies are being read at once, and no request beyond %d was turned away", b.http.reads.now.Load(), maxReading)
		}
	}
	close(release)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusUnauthorized {
			t.Errorf("a request read in a slot: %d, want 401 (its signature is forged)", c)
		}
	}
	if peak := b.http.reads.peak.Load(); peak > maxReading {
		t.Errorf("%d bodies read at once, want at most %d", peak, maxReading)
	}
	if len(rec.Ops()) != 0 {
		t.Fatalf("refused requests reached the handlers: %v", rec.Ops())
	}
}

// Hundreds of unauthenticated requests with 1 MiB bodies sent slowly, in
// 64 KiB pieces, make the process's heap grow by less than 50 MiB, whether
// their headers are plainly bad or plausible (which only the body's
// signature shows to be forged). Not parallel: the heap it measures is the
// endpoint's alone.
func TestEndpointMemoryUnderSlowBodies(t *testing.T) {
	if testlong.Race {
		t.Skip("the race detector's own memory would be measured too")
	}
	b, _, _ := endpointBot(t)
	srv := httptest.NewServer(b.handler())
	defer srv.Close()
	for name, sig := range map[string]string{"bad headers": "00", "plausible headers": forgedSignature(t)} {
		stamp := "1"
		if sig != "00" {
			stamp = strconv.FormatInt(time.Now().Unix(), 10)
		}
		runtime.GC()
		base := heapNow()
		peak := sampleHeap(func() { slowFlood(t, srv.Listener.Addr().String(), 300, stamp, sig) })
		if grew := (peak - base) >> 20; grew >= 50 {
			t.Errorf("%s: the heap grew by %d MiB under 300 slow requests, want under 50", name, grew)
		} else {
			t.Logf("%s: the heap grew by %d MiB under 300 slow requests", name, grew)
		}
	}
}

func heapNow() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// sampleHeap runs f and returns the largest heap seen while it ran.
func sampleHeap(f func()) uint64 {
	done := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		var most uint64
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			most = max(most, heapNow())
			select {
			case <-done:
				peak <- most
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(done)
	return <-peak
}

// slowFlood sends n requests at once to addr, each announcing a 1 MiB body
// and sending it in 64 KiB pieces 20 ms apart, until the server answers.
func slowFlood(t *testing.T, addr string, n int, stamp, sig string) {
	const piece, size = 64 << 10, 1 << 20
	chunk := bytes.Repeat([]byte("x"), piece)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(20 * time.Second))
			fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\nX-Signature-Timestamp: %s\r\nX-Signature-Ed25519: %s\r\n\r\n", EndpointPath, size, stamp, sig)
			go func() {
				for sent := 0; sent < size; sent += piece {
					if _, err := c.Write(chunk); err != nil {
						return
					}
					time.Sleep(20 * time.Millisecond)
				}
			}()
			_, _ = io.ReadAll(io.LimitReader(c, 1<<10)) // the answer, or the server closing
		})
	}
	wg.Wait()
}
