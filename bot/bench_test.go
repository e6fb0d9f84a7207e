package bot_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"kilab/internal/fakediscord"
)

// BenchmarkE2EClick times one click through the fake Discord: from the
// gateway's INTERACTION_CREATE to the bot's answer and, when the turn passes,
// the new board message in the thread - rendering and the database commit
// included. It reports the median.
func BenchmarkE2EClick(b *testing.B) {
	h := newHarness(b, 20)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	rng := rand.New(rand.NewPCG(1, 1))
	id := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("variant", "twenty-squares")).ID
	var took []time.Duration
	for b.Loop() {
		g, msg := h.board(id)
		if !g.Active() {
			b.StopTimer()
			id = h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("variant", "twenty-squares")).ID
			b.StartTimer()
			continue
		}
		start := time.Now()
		h.step(g, msg, rng)
		if after := h.game(id); after.ToMove != g.ToMove || !after.Active() {
			h.waitNewBoard(g.ThreadID, msg.ID)
		}
		took = append(took, time.Since(start))
	}
	if len(took) > 0 {
		slices.Sort(took)
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms/click-median")
	}
}

// waitNewBoard waits for a board posted in channel after message afterID.
func (h *harness) waitNewBoard(channel, afterID string) {
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	if _, err := h.srv.WaitMessageAfter(ctx, channel, afterID, func(m fakediscord.Message) bool { return len(m.Embeds) > 0 }); err != nil {
		h.t.Fatalf("no new board: %v", err)
	}
}
