package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// The soak: one copy of the bot, as a process on SQLite, driven through the
// fake Discord for KILAB_SOAK_INTERACTIONS interactions (1,000,000), in
// games of ten (a challenge, its acceptance, six uses of the board's
// controls, a resignation and its confirmation) between KILAB_SOAK_USERS
// players (20,000), KILAB_SOAK_PARALLEL games at a time (64). Threads come
// and go: once a game is over the fake forgets its thread, its challenge and
// its players' DMs, as a server whose moderators delete old threads would.
// Every KILAB_SOAK_EVERY interactions (100,000) it reports the copy's live
// heap (what its last collection marked: go_gc_heap_live_bytes), its heap
// in use and its RSS, each the median of five readings a second apart (one
// reading is one collection's luck, with 64 games in flight); it fails when,
// after the first report, the live heap or the RSS has grown 10% or more over
// the first.
//
//	KILAB_SOAK=1 go test ./cmd/kilab -run TestSoak -v -timeout 6h
func TestSoak(t *testing.T) {
	if os.Getenv("KILAB_SOAK") == "" {
		t.Skip("the soak runs with KILAB_SOAK=1 (see soak_test.go for its settings)")
	}
	s := newSoak(t, envInt("KILAB_SOAK_INTERACTIONS", 1_000_000), envInt("KILAB_SOAK_USERS", 20000))
	defer s.r.kill()
	every := envInt("KILAB_SOAK_EVERY", 100_000)
	var wg sync.WaitGroup
	for w := range envInt("KILAB_SOAK_PARALLEL", 64) {
		wg.Go(func() { s.play(rand.New(rand.NewPCG(uint64(w), 11))) })
	}
	var samples []soakSample
	for mark := every; mark <= s.total; mark += every {
		for s.done.Load() < int64(mark) && s.failed.Load() == nil {
			time.Sleep(100 * time.Millisecond)
		}
		if err := s.failed.Load(); err != nil {
			t.Fatalf("after %d interactions: %v", s.done.Load(), *err)
		}
		done, games := s.done.Load(), s.games.Load()
		smp := s.median(5, time.Second)
		samples = append(samples, smp)
		s.profile(mark) // named by the mark, as the docs' command names them

		t.Logf("%8d interactions, %6d games: live heap %6.1f MB, heap in use %6.1f MB, RSS %6.1f MB (%v)",
			done, games, mb(smp.live), mb(smp.inuse), mb(smp.rss), time.Since(s.started).Round(time.Second))
	}
	s.stop.Store(true)
	wg.Wait()
	for _, smp := range samples[1:] {
		if smp.live >= samples[0].live*11/10 || smp.rss >= samples[0].rss*11/10 {
			t.Errorf("grew past 10%% of the first report: live heap %.1f MB (first %.1f), RSS %.1f MB (first %.1f)",
				mb(smp.live), mb(samples[0].live), mb(smp.rss), mb(samples[0].rss))
		}
	}
}

type soak struct {
	t       *testing.T
	r       *crashRig
	db      *store.DB
	users   []string
	metrics string
	total   int
	started time.Time
	done    atomic.Int64 // interactions answered
	games   atomic.Int64 // games played to their end
	stop    atomic.Bool
	failed  atomic.Pointer[error]
}

type soakSample struct{ live, inuse, rss int64 }

func mb(n int64) float64 { return float64(n) / (1 << 20) }

func newSoak(t *testing.T, total, users int) *soak {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Hour)
	t.Cleanup(cancel)
	srv := fakediscord.New(t, fakediscord.WithRequestLog(1000))
	metrics := freeAddr(t)
	r := &crashRig{t: t, ctx: ctx, srv: srv, db: filepath.Join(t.TempDir(), "kilab.db"),
		env: []string{"METRICS_ADDR=" + metrics, "PPROF=on", "LOG_LEVEL=error", "TABLES_DIR=off", "DISCORD_REQUESTS_PER_SECOND=off"}}
	r.start()
	db, err := store.Open(ctx, r.db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := &soak{t: t, r: r, db: db, metrics: metrics, total: total, started: time.Now()}
	for i := range users {
		s.users = append(s.users, srv.AddUser(fmt.Sprint("p", i)).ID)
	}
	return s
}

// play plays games until the soak has its interactions, or one fails.
func (s *soak) play(rng *rand.Rand) {
	for !s.stop.Load() && s.done.Load() < int64(s.total) && s.failed.Load() == nil {
		if err := s.game(rng); err != nil {
			s.failed.CompareAndSwap(nil, &err)
			return
		}
		s.games.Add(1)
	}
}

// game plays one game of ten interactions between two players at random,
// then forgets its messages.
func (s *soak) game(rng *rand.Rand) error {
	a := s.users[rng.IntN(len(s.users))]
	b := s.users[rng.IntN(len(s.users))]
	for b == a {
		b = s.users[rng.IntN(len(s.users))]
	}
	srv := s.r.srv
	msg, err := s.answer(srv.Command(a, srv.ChannelID(), "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", b))))
	if err != nil || len(msg.CustomIDs()) == 0 {
		return fmt.Errorf("challenge: %q, %v", msg.Content, err)
	}
	acc, err := s.answer(srv.Click(b, msg.ID, msg.CustomIDs()[0]))
	var m []string
	if err == nil && len(acc.Embeds) > 0 {
		m = gameNumber.FindStringSubmatch(acc.Embeds[0].Description)
	}
	if m == nil {
		return fmt.Errorf("accepting: %q, %v", acc.Content, err)
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	for range 6 {
		if err := s.useControls(id, rng); err != nil {
			return err
		}
	}
	prompt, err := s.answer(srv.Command(a, srv.ChannelID(), "resign", fakediscord.Arg("game", m[1])))
	btn, ok := prompt.Button("Resign")
	if err != nil || !ok {
		return fmt.Errorf("/resign: %q, %v", prompt.Content, err)
	}
	if _, err := s.answer(srv.Click(a, prompt.ID, btn.CustomID)); err != nil {
		return fmt.Errorf("confirming the resignation: %v", err)
	}
	g, err := s.db.Game(s.r.ctx, id)
	if err != nil || g.Active() {
		return fmt.Errorf("game %d after its resignation: %v (%v)", id, g.Result, err)
	}
	srv.Forget(g.ThreadID, msg.ID, prompt.ID, srv.DMChannel(a), srv.DMChannel(b))
	return nil
}

// useControls has the player on move use one of the game's board's
// controls at random, once its board is there.
func (s *soak) useControls(id int64, rng *rand.Rand) error {
	g, board, err := s.board(id)
	if err != nil || !g.Active() {
		return err
	}
	ix, _ := useAControl(s.r.srv, g.Players[g.ToMove], board, rng)
	if ix == nil {
		return fmt.Errorf("game %d: a board with no control to use: %v", id, board.CustomIDs())
	}
	_, err = s.answer(ix)
	return err
}

// board waits for game id's board with controls for its version; the game
// is read from the database, the board from the fake, as a player sees it.
func (s *soak) board(id int64) (store.Game, fakediscord.Message, error) {
	ctx, cancel := context.WithTimeout(s.r.ctx, time.Minute)
	defer cancel()
	for ctx.Err() == nil {
		g, err := s.db.Game(ctx, id)
		if err != nil || !g.Active() {
			return g, fakediscord.Message{}, err
		}
		if m, ok := s.r.srv.Message(g.MessageID); ok && hasControls(m, g.ID, g.Version) {
			return g, m, nil
		}
		if g.ThreadID != "" {
			wctx, wcancel := context.WithTimeout(ctx, 2*time.Second)
			m, err := s.r.srv.WaitMessage(wctx, g.ThreadID, func(m fakediscord.Message) bool { return hasControls(m, g.ID, g.Version) })
			wcancel()
			if err == nil {
				return g, m, nil
			}
		} else {
			time.Sleep(50 * time.Millisecond)
		}
	}
	return store.Game{}, fakediscord.Message{}, fmt.Errorf("game %d: no board with its controls in a minute", id)
}

// answer waits for an interaction's answer and counts it.
func (s *soak) answer(ix *fakediscord.Interaction) (fakediscord.Message, error) {
	ctx, cancel := context.WithTimeout(s.r.ctx, 30*time.Second)
	defer cancel()
	m, err := ix.Reply(ctx)
	if err == nil {
		s.done.Add(1)
	}
	return m, err
}

// median is the median of n samples taken gap apart, each quantity on its own.
func (s *soak) median(n int, gap time.Duration) soakSample {
	var live, inuse, rss []int64
	for i := range n {
		if i > 0 {
			time.Sleep(gap)
		}
		smp := s.sample()
		live, inuse, rss = append(live, smp.live), append(inuse, smp.inuse), append(rss, smp.rss)
	}
	mid := func(v []int64) int64 { slices.Sort(v); return v[len(v)/2] }
	return soakSample{mid(live), mid(inuse), mid(rss)}
}

// profile saves the copy's heap profile at the report of mark interactions in
// KILAB_SOAK_PROFILES, if set, for go tool pprof: -base the first report's
// shows what grew since.
func (s *soak) profile(mark int) {
	dir := os.Getenv("KILAB_SOAK_PROFILES")
	if dir == "" {
		return
	}
	resp, err := http.Get("http://" + s.metrics + "/debug/pprof/heap")
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET /debug/pprof/heap: %s", resp.Status)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, fmt.Sprintf("heap-%07d.pb.gz", mark)), data, 0o644)
	}
	if err != nil {
		s.t.Fatal(err)
	}
}

// sample reads the copy's heap from its metrics and its RSS from /proc.
func (s *soak) sample() soakSample {
	s.t.Helper()
	var smp soakSample
	resp, err := http.Get("http://" + s.metrics + "/metrics")
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	for lines.Scan() {
		name, value, _ := strings.Cut(lines.Text(), " ")
		v, _ := strconv.ParseFloat(value, 64)
		switch name {
		case "go_gc_heap_live_bytes":
			smp.live = int64(v)
		case "go_memstats_heap_inuse_bytes":
			smp.inuse = int64(v)
		}
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.r.child.Process.Pid))
	if err != nil {
		s.t.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			smp.rss = kb << 10
		}
	}
	if smp.live == 0 || smp.rss == 0 {
		s.t.Fatalf("no heap or RSS read: %+v", smp)
	}
	return smp
}
