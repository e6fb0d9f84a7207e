package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/internal/pgtest"
	"kilab/internal/testlong"
	"kilab/store"
)

// The load test: scripted players click through a fake Discord as fast as
// the answers come (paced to a rate), against copies of the bot running as
// processes behind a round-robin load balancer in endpoint mode; halfway one
// copy is killed with SIGKILL and started again. Afterwards the database
// must show every acknowledged move exactly once, and every sweep item (a
// reminder and a timeout per game left to run out) fired exactly once.
//
//	KILAB_LOAD=1 go test ./cmd/kilab -run TestLoad -v -timeout 30m
//
// KILAB_LOAD_GAMES (default 1000), KILAB_LOAD_RATE (clicks a second, 100),
// KILAB_LOAD_SECONDS (60), KILAB_LOAD_COPIES (1 on SQLite; 3 with
// KILAB_LOAD_DATABASE_URL, a PostgreSQL server the copies share, in a schema
// of the run's own). KILAB_LOAD_LIMITS=1 has the fake Discord enforce
// Discord's rate limits (global, per route, per channel), as Discord would
// at this rate. KILAB_TEST_CPUPROFILE=<dir> has each copy write its CPU
// profile there (see TestMain).
//
// Besides clicks and latency the run reports the REST requests the copies
// made per move committed, by route; the 429s, injected and earned; the
// invalid requests; and the moves a second sustained against the ceiling
// the global limit allows for the requests a move costs.

type loadConfig struct {
	games, copies, sweeps int
	rate                  float64
	duration              time.Duration
	dbURL                 string // "": SQLite
	keepLogs              bool   // keep each copy's whole log in a file, even when the run passes
	limits                bool   // the fake enforces Discord's rate limits
}

func loadConfigFromEnv() loadConfig {
	c := loadConfig{games: envInt("KILAB_LOAD_GAMES", 1000), rate: float64(envInt("KILAB_LOAD_RATE", 100)),
		duration: time.Duration(envInt("KILAB_LOAD_SECONDS", 60)) * time.Second, sweeps: 20,
		dbURL: os.Getenv("KILAB_LOAD_DATABASE_URL"), keepLogs: true, limits: os.Getenv("KILAB_LOAD_LIMITS") == "1"}
	c.copies = envInt("KILAB_LOAD_COPIES", map[bool]int{false: 1, true: 3}[c.dbURL != ""])
	return c
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func TestLoad(t *testing.T) {
	if os.Getenv("KILAB_LOAD") == "" {
		t.Skip("the load test runs with KILAB_LOAD=1 (see load_test.go for its settings)")
	}
	cfg := loadConfigFromEnv()
	if cfg.dbURL != "" {
		// A schema of its own, so that no earlier run's games, users and
		// undelivered announcements weigh on this one.
		cfg.dbURL = pgtest.Schema(t, cfg.dbURL)
	}
	runLoad(t, cfg)
}

// A small load run, so that the rig itself stays in working order: one copy
// on SQLite, killed and restarted halfway; with KILAB_TEST_POSTGRES, three
// copies sharing a PostgreSQL schema of its own, one of them killed. It is
// the one test of a kill while clicks are in flight and of the sweeps with
// it; the long runs (KILAB_LONG=1) make it 60 games for 30 s.
func TestLoadSmall(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts the bot as processes")
	}
	cfg := testlong.Pick(loadConfig{games: 12, copies: 1, sweeps: 3, rate: 40, duration: 4 * time.Second},
		loadConfig{games: 60, copies: 1, sweeps: 10, rate: 60, duration: 30 * time.Second})
	if server, ok := pgtest.Server(); ok {
		cfg.dbURL, cfg.copies = pgtest.Schema(t, server), 3
	}
	runLoad(t, cfg)
}

func runLoad(t *testing.T, cfg loadConfig) {
	ctx, cancel := context.WithTimeout(context.Background(), cfg.duration+10*time.Minute)
	defer cancel()
	r := newLoadRig(t, ctx, cfg)
	defer r.stopAll()
	r.setUp()
	r.run()
	r.stopAll()
	r.statsAfter = r.srv.LimitStats()
	r.verify()
}

// loadRig is the fake Discord, the balancer, the copies and what the
// players saw.
type loadRig struct {
	t     *testing.T
	ctx   context.Context
	cfg   loadConfig
	srv   *fakediscord.Server
	lb    *balancer
	dir   string
	games []*loadGame
	sweep []*loadGame

	mu     sync.Mutex
	copies []*copyProc
	clicks []click
	// boardWaits are the times from a move's answer to the next board in
	// the game's thread: how long the other player waits to be told.
	boardWaits []boardWait
	started    time.Time         // when the players began
	ran        time.Duration     // how long they played: cfg.duration, or more if the script waited
	epFailed   map[string]string // interaction -> why the endpoint failed it
	// statsBefore and statsAfter are the fake's counts as the players
	// began and once the copies stopped: the run's requests lie between.
	statsBefore, statsAfter fakediscord.LimitStats
	committed               int // moves the games went through during the run
}

// click is one interaction a player sent and what came of it.
type click struct {
	at            time.Time // when it was sent
	game, version int64
	interaction   string
	took          time.Duration
	answered      bool // the player got the bot's answer
	moved         bool // the answer was the board moving on, not a refusal
}

// boardWait is one wait for the next board, ended at at.
type boardWait struct {
	at   time.Time
	took time.Duration
}

type loadGame struct {
	id      int64
	players [2]string
}

func newLoadRig(t *testing.T, ctx context.Context, cfg loadConfig) *loadRig {
	r := &loadRig{t: t, ctx: ctx, cfg: cfg, dir: t.TempDir(), epFailed: map[string]string{}}
	// The fake skips checking every body against Discord's OpenAPI schemas
	// here (the end-to-end tests do that): on two cores the checks would
	// take the time the bot is being measured in.
	opts := []fakediscord.Option{fakediscord.WithoutSpec(), fakediscord.WithEndpointFailures(func(id, why string) {
		r.mu.Lock()
		r.epFailed[id] = why
		r.mu.Unlock()
	})}
	if cfg.limits {
		opts = append(opts, fakediscord.WithLimits(fakediscord.DiscordLimits()))
	}
	r.srv = fakediscord.New(t, opts...)
	r.lb = newBalancer()
	lbSrv := httptest.NewServer(r.lb)
	t.Cleanup(lbSrv.Close)
	for range cfg.copies {
		r.copies = append(r.copies, r.startCopy(freeAddr(t)))
	}
	if err := r.srv.SetInteractionsURL(ctx, lbSrv.URL+"/interactions"); err != nil {
		t.Fatal(err)
	}
	return r
}

// freeAddr is a local address nobody listens on (for a copy to take).
func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// copyProc is one copy of the bot, a child process.
type copyProc struct {
	cmd     *exec.Cmd
	addr    string // its interactions endpoint
	metrics string
	out     *syncBuffer
	gone    atomic.Bool
	exited  chan struct{} // closed once the process has ended, its exit in err
	err     error
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (r *loadRig) dbEnv() string {
	if r.cfg.dbURL != "" {
		return "DATABASE_URL=" + r.cfg.dbURL
	}
	return "DATABASE_PATH=" + r.sqlitePath()
}

func (r *loadRig) sqlitePath() string { return filepath.Join(r.dir, "kilab.db") }

// startCopy starts a copy serving interactions at addr and waits until it
// is ready.
func (r *loadRig) startCopy(addr string) *copyProc {
	c := &copyProc{addr: addr, metrics: freeAddr(r.t), out: &syncBuffer{}, exited: make(chan struct{})}
	c.cmd = exec.Command(os.Args[0], "run")
	c.cmd.Env = append(os.Environ(), "KILAB_TEST_CHILD=1", r.dbEnv(),
		"DISCORD_TOKEN="+strings.TrimPrefix(r.srv.Token(), "Bot "), "DISCORD_API_URL="+r.srv.URL(),
		"DISCORD_GUILD_ID="+r.srv.Guild().ID, "LOG_LEVEL=warn", "TABLES_DIR=off", "SWEEP_EVERY=1s",
		"INTERACTIONS_ADDR="+addr, "DISCORD_PUBLIC_KEY="+r.srv.PublicKeyHex(), "METRICS_ADDR="+c.metrics,
		"KILAB_INSTANCE=copy-"+addr) // a copy restarted at the same address takes back its claims at once
	c.cmd.Dir = r.dir
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.out
	if err := c.cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	go func() {
		c.err = c.cmd.Wait()
		close(c.exited)
	}()
	r.t.Cleanup(func() {
		if r.t.Failed() {
			r.t.Logf("copy at %s said:\n%s", addr, clipLog(c.out.String(), 4000))
		}
		if r.t.Failed() || r.cfg.keepLogs {
			keepLog(r.t, addr, c.out.String())
		}
	})
	for {
		if resp, err := http.Get("http://" + c.metrics + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case <-c.exited: // its address taken, say: no use waiting
			r.t.Fatalf("a copy ended before it was ready (%v): %s", c.err, c.out.String())
		case <-r.ctx.Done():
			r.t.Fatalf("a copy never became ready: %s", c.out.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	r.lb.add(c)
	return c
}

// kill ends a copy as a crash does; the balancer stops sending to it first,
// as a health check would, so interactions in flight to it are the only
// ones lost.
func (r *loadRig) kill(c *copyProc) {
	r.lb.remove(c)
	c.gone.Store(true)
	_ = c.cmd.Process.Kill()
	<-c.exited
}

// stopAll stops every copy gracefully (SIGTERM): each finishes the
// interactions it took.
func (r *loadRig) stopAll() {
	r.mu.Lock()
	copies := r.copies
	r.copies = nil
	r.mu.Unlock()
	for _, c := range copies {
		if c.gone.Load() {
			continue
		}
		r.lb.remove(c)
		_ = c.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-c.exited:
			if c.err != nil {
				r.t.Errorf("a copy stopped with %v: %s", c.err, c.out.String())
			}
		case <-time.After(30 * time.Second):
			_ = c.cmd.Process.Kill()
			r.t.Errorf("a copy did not stop within 30 s: %s", c.out.String())
		}
		c.gone.Store(true)
	}
}

// openDB opens the database the copies share, to read what they wrote.
func (r *loadRig) openDB() *store.DB {
	r.t.Helper()
	db, err := openStore(r.ctx, r.cfg.dbURL, r.sqlitePath())
	if err != nil {
		r.t.Fatal(err)
	}
	return db
}

// balancer spreads the interactions POSTed by Discord over the live copies
// in turn, and remembers which copy got which.
type balancer struct {
	mu     sync.Mutex
	live   []*copyProc
	next   int
	sentTo map[string]*copyProc
	client *http.Client
}

func newBalancer() *balancer {
	return &balancer{sentTo: map[string]*copyProc{}, client: &http.Client{Timeout: 10 * time.Second}}
}

func (b *balancer) add(c *copyProc) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.live = append(b.live, c)
}

func (b *balancer) remove(c *copyProc) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.live = slices.DeleteFunc(b.live, func(x *copyProc) bool { return x == c })
}

func (b *balancer) pick(id string) *copyProc {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.live) == 0 {
		return nil
	}
	c := b.live[b.next%len(b.live)]
	b.next++
	if id != "" {
		b.sentTo[id] = c
	}
	return c
}

func (b *balancer) copyOf(id string) *copyProc {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sentTo[id]
}

func (b *balancer) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(io.LimitReader(req.Body, 1<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var ix struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(body, &ix)
	c := b.pick(ix.ID)
	if c == nil {
		http.Error(w, "no copy is up", http.StatusServiceUnavailable)
		return
	}
	out, _ := http.NewRequestWithContext(req.Context(), http.MethodPost, "http://"+c.addr+"/interactions", bytes.NewReader(body))
	out.Header = req.Header.Clone()
	resp, err := b.client.Do(out)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}

// reportf logs a figure of the run, in the form the README quotes.
func (r *loadRig) reportf(format string, args ...any) {
	r.t.Logf("load: "+format, args...)
	fmt.Fprintf(os.Stderr, "load: "+format+"\n", args...)
}

// openStore opens the SQLite file at path, or the PostgreSQL database at url.
func openStore(ctx context.Context, url, path string) (*store.DB, error) {
	if url != "" {
		return store.Open(ctx, url)
	}
	return store.Open(ctx, path)
}

// keepLog writes the whole log of one copy to a file that outlives the
// test: the clipped tail of a failed run rarely holds the first error, and
// a run that passed may still have retried.
func keepLog(t *testing.T, addr, log string) {
	f, err := os.CreateTemp("", "kilab-load-*.log")
	if err == nil {
		_, err = f.WriteString(log)
		f.Close()
	}
	if err != nil {
		t.Logf("keeping the log of the copy at %s: %v", addr, err)
		return
	}
	t.Logf("the whole log of the copy at %s: %s", addr, f.Name())
}

// clipLog keeps the end of a long log.
func clipLog(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}
