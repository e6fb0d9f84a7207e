package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// The acknowledgement measurement: players click boards, ask for /board
// (answered with a picture) and send /challenge (answered with text) as fast
// as their answers come, through the fake Discord, while busy loops keep
// every core of the machine busy; it reports how long after the fake
// Discord sent each interaction its first callback reached it, which is
// what Discord's deadline and the README's "within a second" are about.
//
//	KILAB_ACK_MEASURE=1 go test ./bot -run TestAckMeasureSaturated -v -timeout 10m
//
// KILAB_ACK_SECONDS (default 20), KILAB_ACK_PLAYERS (pairs of players each
// playing a game of their own, 12), KILAB_ACK_BUSY (busy loops, 2 per core),
// KILAB_ACK_MODE (gateway or endpoint). It asserts nothing about the times:
// it measures, on a shared machine.
func TestAckMeasureSaturated(t *testing.T) {
	if os.Getenv("KILAB_ACK_MEASURE") == "" {
		t.Skip("the acknowledgement measurement runs with KILAB_ACK_MEASURE=1 (see ack_measure_test.go)")
	}
	m := mode(envOr("KILAB_ACK_MODE", string(gatewayMode)))
	h := newModeHarness(t, 27, m)
	h.connected()
	pairs, seconds := envN("KILAB_ACK_PLAYERS", 12), envN("KILAB_ACK_SECONDS", 20)
	games := make([]int64, pairs)
	for k := range games {
		a, b := h.srv.AddUser(fmt.Sprintf("a%d", k)), h.srv.AddUser(fmt.Sprintf("b%d", k))
		games[k] = h.challengeAccepted(a, b, "aseb").ID
	}
	stop := busyLoops(t, envN("KILAB_ACK_BUSY", 2*numCPU()))
	var rec ackRecord
	ctx, cancel := context.WithTimeout(h.ctx, time.Duration(seconds)*time.Second)
	var wg sync.WaitGroup
	for k, id := range games {
		wg.Go(func() { h.ackPlayer(ctx, &rec, id, uint64(k)) })
	}
	wg.Wait()
	cancel()
	stop()
	rec.report(t, m, seconds, pairs)
}

// ackPlayer keeps one game busy until ctx ends: a move click, then /board,
// then /challenge, again and again, each waited for to the end of its
// answer.
func (h *harness) ackPlayer(ctx context.Context, rec *ackRecord, id int64, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 27))
	for n := 0; ctx.Err() == nil; n++ {
		g, err := h.db.Game(h.ctx, id)
		if err != nil {
			h.t.Error(err)
			return
		}
		mover := g.Players[g.ToMove]
		var ix *fakediscord.Interaction
		kind := []string{"click", "/board", "/challenge"}[n%3]
		switch {
		case kind == "click" && g.Active():
			msgID, buttons := h.liveBoard(ctx, g)
			if len(buttons) == 0 {
				continue
			}
			ix = h.srv.Click(mover, msgID, buttons[rng.IntN(len(buttons))])
		case kind == "/challenge":
			ix = h.srv.Command(mover, h.srv.ChannelID(), "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", g.Players[1-g.ToMove])))
		default:
			kind = "/board"
			ix = h.srv.Command(mover, h.srv.ChannelID(), "board", fakediscord.Arg("game", strconv.FormatInt(id, 10)))
		}
		rec.await(h.ctx, kind, ix)
	}
}

// liveBoard is the game's board of its current version, once posted, and
// its move buttons.
func (h *harness) liveBoard(ctx context.Context, g store.Game) (string, []string) {
	prefix := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	where := g.ThreadID
	if where == "" {
		where = g.ChannelID
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	m, err := h.srv.WaitMessage(wctx, where, func(m fakediscord.Message) bool {
		return slices.ContainsFunc(m.CustomIDs(), func(id string) bool { return strings.HasPrefix(id, prefix) })
	})
	if err != nil {
		return "", nil
	}
	var live []string
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.CustomID, prefix) && b.Label != "Back" {
			live = append(live, b.CustomID)
		}
	}
	return m.ID, live
}

// ackRecord is every first callback's time, by kind, and whether it was a
// deferral.
type ackRecord struct {
	mu       sync.Mutex
	took     map[string][]time.Duration
	deferred map[string]int
	lost     int // no callback at all
}

// await waits for ix's first callback and its whole answer.
func (r *ackRecord) await(ctx context.Context, kind string, ix *fakediscord.Interaction) {
	wctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	cb, err := ix.Callback(wctx)
	r.mu.Lock()
	if r.took == nil {
		r.took, r.deferred = map[string][]time.Duration{}, map[string]int{}
	}
	if err != nil {
		r.lost++
	} else {
		r.took[kind] = append(r.took[kind], cb.Elapsed)
		if cb.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource || cb.Type == discordgo.InteractionResponseDeferredMessageUpdate {
			r.deferred[kind]++
		}
	}
	r.mu.Unlock()
	if err == nil {
		_, _ = ix.Reply(wctx)
	}
}

// report logs the distribution of the first callbacks' times, by kind and
// in all.
func (r *ackRecord) report(t *testing.T, m mode, seconds, pairs int) {
	var all []time.Duration
	kinds := []string{"click", "/board", "/challenge"}
	for _, k := range kinds {
		all = append(all, r.took[k]...)
	}
	t.Logf("%s mode, %d games, %d s, %d busy loops on %d cores; time from the fake Discord sending an interaction to its first callback:",
		m, pairs, seconds, envN("KILAB_ACK_BUSY", 2*numCPU()), numCPU())
	line := func(name string, d []time.Duration, deferred int) {
		if len(d) == 0 {
			return
		}
		slices.Sort(d)
		over := 0
		for _, x := range d {
			if x > time.Second {
				over++
			}
		}
		t.Logf("%-11s n=%5d  p50 %6v  p99 %6v  max %6v  over 1 s: %d  deferred: %d", name, len(d),
			d[len(d)/2].Round(time.Millisecond), d[len(d)*99/100].Round(time.Millisecond), d[len(d)-1].Round(time.Millisecond), over, deferred)
	}
	total := 0
	for _, k := range kinds {
		line(k, r.took[k], r.deferred[k])
		total += r.deferred[k]
	}
	line("all", all, total)
	t.Logf("no callback within 15 s: %d", r.lost)
}

// busyLoops starts n shell busy loops, processes of their own, so that the
// bot competes for every core as on a saturated machine; the function it
// returns stops them (a cleanup does too, should the test fail first).
func busyLoops(t *testing.T, n int) func() {
	var procs []*exec.Cmd
	for range n {
		c := exec.Command("sh", "-c", "while :; do :; done")
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		procs = append(procs, c)
	}
	var once sync.Once
	stop := func() {
		once.Do(func() {
			for _, c := range procs {
				_ = c.Process.Kill()
				_ = c.Wait()
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

func numCPU() int { return runtime.NumCPU() }

// envN is a positive whole number from the environment, or def.
func envN(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
