package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"kilab/bot/kit"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// EndpointPath is where the bot serves Discord's HTTP interactions: the
// Interactions Endpoint URL is https://your-host/interactions.
const EndpointPath = "/interactions"

// maxInteractionBody bounds what one request can make the bot read. An
// interaction is a few KiB; the largest, a click, carries its message (at
// most 10 embeds of 6,000 characters and 25 components), far below 1 MiB.
const maxInteractionBody = 1 << 20

// Bodies are read a bounded number at a time, so that memory stays bounded
// whatever arrives: a request whose headers pass verifier.headers (which
// anyone can forge) may still carry a large body sent slowly. At most
// maxReading bodies of at most maxInteractionBody are held while being read
// and checked, each in a buffer of the endpoint's that is kept and reused:
// 16 MiB in all for bodies that say their size (Discord's do), up to twice
// that for bodies that do not, as a buffer grows by doubling. Discord sends a request whole and at once, so
// its bodies take milliseconds to read and the slots are free again at once;
// a body still arriving after bodyReadTime is cut off, and a request that
// finds no slot within slotWait is answered 503.
const (
	maxReading   = 16
	slotWait     = time.Second
	bodyReadTime = 2 * time.Second
)

// endpoint is the HTTP server Discord posts interactions to.
type endpoint struct {
	addr   string
	verify verifier
	srv    *http.Server
	url    string // where it listens, once it does

	reading  chan *bytes.Buffer // a slot per body being read, with its buffer
	slotWait time.Duration      // how long a request waits for a slot
	refused  logSampler         // refusals logged, at most one a second
	reads    highWater          // bodies being read, and the most at once
}

// newEndpoint is an endpoint that will listen on addr and take interactions
// signed by key.
func newEndpoint(addr string, key ed25519.PublicKey) *endpoint {
	e := &endpoint{addr: addr, verify: verifier{key: key, now: time.Now},
		reading: make(chan *bytes.Buffer, maxReading), slotWait: slotWait, refused: logSampler{every: time.Second}}
	for range maxReading {
		e.reading <- new(bytes.Buffer)
	}
	return e
}

// handler routes POST /interactions; the mux answers other methods with 405
// and other paths with 404, before anything is read.
func (b *Bot) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+EndpointPath, b.serveInteraction)
	return mux
}

// serveInteraction takes one interaction from Discord. A request that is not
// signed by the application's key, or signed long ago, gets 401 and nothing
// else happens. A PING, which Discord sends when the URL is saved, is
// answered with a PONG in the response body.
//
// Every other interaction goes to Handle exactly as one from the gateway, and
// the request is answered 202 Accepted, no body, as soon as the handler has
// it: the handler then answers through the callback endpoint, deferring
// after DefaultAckBudget as it does for the gateway. Discord documents this
// pairing ("respond to the original HTTP request with a 202 and no body").
// Answering inline instead would mean holding the request open until the
// handler's first answer, a second path for every answer (and for uploads,
// which the callback takes as multipart), and a request whose lifetime
// depends on the machine's load; the 202 goes out after a signature check and
// one JSON decode, milliseconds even on a saturated machine, so Discord's
// 3 s deadline for the request is never at risk and a load balancer sees
// short requests.
func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request) {
	arrived := time.Now() // the acknowledgement is due a budget after this
	e := b.http
	c, err := e.verify.headers(r.Header)
	if err != nil {
		e.refuse(b.Log, w, r, err)
		return
	}
	i, status, err := e.read(w, r, c)
	switch {
	case status == http.StatusUnauthorized:
		e.refuse(b.Log, w, r, err)
		return
	case status != 0:
		refuseWith(w, status)
		return
	}
	if i.Type == discordgo.InteractionPing {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"type":1}`)
		return
	}
	b.dispatch(i, arrived)
	w.WriteHeader(http.StatusAccepted)
}

// read reads, checks and decodes the body of a request whose headers c
// passed, in one of the endpoint's slots, or says with which status to
// refuse it (and for a bad signature, why).
func (e *endpoint) read(w http.ResponseWriter, r *http.Request, c claim) (*discordgo.Interaction, int, error) {
	if r.ContentLength > maxInteractionBody {
		return nil, http.StatusRequestEntityTooLarge, nil
	}
	buf, ok := e.takeSlot(r)
	if !ok {
		return nil, http.StatusServiceUnavailable, nil
	}
	defer func() { e.reading <- buf }()
	e.reads.add(1)
	defer e.reads.add(-1)
	signed, status := readSigned(w, r, c.stamp, buf)
	if status != 0 {
		return nil, status, nil
	}
	if err := e.verify.signature(c, signed); err != nil {
		return nil, http.StatusUnauthorized, err
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(signed[len(c.stamp):], &i); err != nil || !wellFormed(&i) {
		return nil, http.StatusBadRequest, nil
	}
	return &i, 0, nil
}

// readSigned reads a request's body into the slot's buffer after stamp, so
// that what the signature covers is one slice with no copy: 413 for a body
// over maxInteractionBody, 400 for one that could not be read in time.
func readSigned(w http.ResponseWriter, r *http.Request, stamp string, buf *bytes.Buffer) ([]byte, int) {
	// Not every ResponseWriter can (a test's recorder cannot); the server's
	// ReadTimeout still bounds the read then.
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyReadTime))
	buf.Reset()
	if r.ContentLength > 0 {
		// The body's size is known (and capped): one allocation of that
		// size, rather than doubling past it.
		buf.Grow(len(stamp) + int(r.ContentLength) + bytes.MinRead)
	}
	buf.WriteString(stamp)
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxInteractionBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, http.StatusRequestEntityTooLarge
	case err != nil:
		return nil, http.StatusBadRequest
	}
	return buf.Bytes(), 0
}

// refuseWith answers status and closes the connection: a body not read to
// its end is not worth reading to keep the connection.
func refuseWith(w http.ResponseWriter, status int) {
	w.Header().Set("Connection", "close")
	text := http.StatusText(status)
	if status == http.StatusBadRequest {
		text = "not an interaction"
	}
	http.Error(w, text, status)
}

// refuse answers a request not signed by Discord with 401. The refusal is
// logged at most once a second, with how many went unlogged since: Info,
// not Warn, since Discord itself sends a badly signed request to test the
// endpoint whenever the URL is saved, and a flood of them must not become a
// flood of log lines.
func (e *endpoint) refuse(log *slog.Logger, w http.ResponseWriter, r *http.Request, err error) {
	if ok, unlogged := e.refused.allow(time.Now()); ok {
		log.Info("refused an interaction request", "err", err, "from", r.RemoteAddr, "unlogged_since", unlogged)
	}
	w.Header().Set("Connection", "close")
	http.Error(w, "invalid request signature", http.StatusUnauthorized)
}

// takeSlot waits up to slotWait for a slot, and its buffer, to read a body
// in. The buffers are kept and reused, so that however many requests come,
// the endpoint holds at most maxReading of them, and makes no garbage.
func (e *endpoint) takeSlot(r *http.Request) (*bytes.Buffer, bool) {
	t := time.NewTimer(e.slotWait)
	defer t.Stop()
	select {
	case buf := <-e.reading:
		return buf, true
	case <-t.C:
	case <-r.Context().Done():
	}
	return nil, false
}

// wellFormed reports whether a decoded body is an interaction at all: one of
// the types the bot takes, with an id, and, unless it is a PING, someone who
// sent it. A body of null, or an object of nothing, decodes without error
// into an interaction of type 0, which is none.
func wellFormed(i *discordgo.Interaction) bool {
	switch i.Type {
	case discordgo.InteractionPing:
		return i.ID != ""
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete, discordgo.InteractionMessageComponent:
		return i.ID != "" && i.Token != "" && kit.UserOf(i).ID != ""
	}
	return false
}

// listen starts serving the endpoint.
func (b *Bot) listen() error {
	ln, err := net.Listen("tcp", b.http.addr)
	if err != nil {
		return fmt.Errorf("serving interactions: %w", err)
	}
	b.http.url = "http://" + ln.Addr().String() + EndpointPath
	// Timeouts keep a slow or idle client from holding a connection:
	// Discord sends a whole request at once and wants the answer in 3 s.
	b.http.srv = &http.Server{
		Handler:           b.handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(b.Log.Handler(), slog.LevelWarn),
	}
	go func() {
		if err := b.http.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			b.Log.Error("serving interactions stopped", "err", err)
		}
	}()
	return nil
}

// stopListening closes the listener and waits for the requests under way,
// which only hand their interaction over, so it is quick.
func (b *Bot) stopListening() error {
	if b.http == nil || b.http.srv == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return b.http.srv.Shutdown(ctx)
}

// InteractionsURL is where the bot serves HTTP interactions once Open has
// returned ("" in gateway mode): http://host:port/interactions.
func (b *Bot) InteractionsURL() string {
	if b.http == nil {
		return ""
	}
	return b.http.url
}

// learnSelf asks Discord who the bot is: without the gateway no READY says so.
func (b *Bot) learnSelf(ctx context.Context) error {
	u, err := b.s.User("@me", discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("asking Discord who the bot is: %w", err)
	}
	b.s.State.User = u
	return nil
}

// logSampler lets through at most one event per every, counting the others.
type logSampler struct {
	every time.Duration
	mu    sync.Mutex
	last  time.Time
	quiet int // events not let through since the last that was
}

// allow reports whether an event at now may be logged, and how many were
// not since the last one that was.
func (s *logSampler) allow(now time.Time) (bool, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.last.IsZero() && now.Sub(s.last) < s.every {
		s.quiet++
		return false, 0
	}
	n := s.quiet
	s.last, s.quiet = now, 0
	return true, n
}

// highWater counts something under way, and the most ever under way at once.
type highWater struct{ now, peak atomic.Int64 }

func (h *highWater) add(n int64) {
	v := h.now.Add(n)
	for p := h.peak.Load(); v > p && !h.peak.CompareAndSwap(p, v); p = h.peak.Load() {
	}
}
