package bot_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot"
	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/internal/storetest"
	"kilab/store"
)

// newShardedHarness starts, in place of the harness's one bot, one bot per
// process on one database, each running the shards of count it is given,
// with one guild on every shard. h.b and h.db are the first process's.
func newShardedHarness(t *testing.T, seed uint64, count int, processes ...[]int) (*harness, []fakediscord.Guild) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	h := &harness{t: t, ctx: ctx, srv: fakediscord.New(t), dbPath: storetest.Path(t, "kilab.db"), seed: seed,
		clock: &clock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, logs: &logBuf{}}
	guilds := make([]fakediscord.Guild, count)
	for shard := range guilds {
		guilds[shard] = h.srv.AddGuildOnShard(fmt.Sprintf("Shard %d Club", shard), shard, count)
	}
	for i, ids := range processes {
		b, db := h.startShards(count, ids)
		t.Cleanup(func() { _ = b.Close(); _ = db.Close() })
		if i == 0 {
			h.b, h.db = b, db
		}
	}
	if err := h.srv.WaitShards(ctx, count); err != nil {
		t.Fatal(err)
	}
	return h, guilds
}

// startShards starts a bot, as a process would, running shards ids of count.
func (h *harness) startShards(count int, ids []int) (*bot.Bot, *store.DB) {
	h.t.Helper()
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	db.Now = h.clock.Now
	sessions := make([]*discordgo.Session, len(ids))
	for i, id := range ids {
		sessions[i] = h.srv.NewSession()
		sessions[i].ShardID, sessions[i].ShardCount = id, count
	}
	b := bot.New(bot.Config{Shards: sessions, IdentifyGap: 10 * time.Millisecond, DB: db, Source: games.Seeded(h.seed), SweepEvery: -1,
		Log: slog.New(slog.NewTextHandler(testWriter{h.t, h.logs}, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	if err := b.Open(h.ctx); err != nil {
		h.t.Fatal(err)
	}
	h.seed++
	return b, db
}

// playInGuild has two new players challenge, accept and play a few clicks in
// the guild's channel, one turn from the DM, and use a slash command in a
// DM; whichever shard the guild is on, all of it works.
func (h *harness) playInGuild(g fakediscord.Guild, game string, rng *rand.Rand) {
	h.t.Helper()
	ana, bo := h.srv.AddUser("ana-"+g.Name), h.srv.AddUser("bo-"+g.Name)
	msg := h.reply(h.srv.Command(ana.ID, g.ChannelID, "challenge", fakediscord.Sub(game, fakediscord.Arg("opponent", bo.ID))))
	accept, ok := msg.Button("Accept")
	if !ok {
		h.t.Fatalf("%s: challenge without Accept: %+v", g.Name, msg)
	}
	h.reply(h.srv.Click(bo.ID, msg.ID, accept.CustomID))
	sg := h.newGame(bo.ID)
	if sg.GuildID != g.ID {
		h.t.Fatalf("%s: game in guild %s, want %s", g.Name, sg.GuildID, g.ID)
	}
	for range 6 {
		cur, board := h.board(sg.ID)
		if !cur.Active() {
			break
		}
		h.step(cur, board, rng)
	}
	h.turnFromDM(sg.ID, rng)
	id := strconv.FormatInt(sg.ID, 10)
	if m := h.reply(h.srv.Command(ana.ID, h.srv.DMChannel(ana.ID), "board", fakediscord.Arg("game", id))); len(m.Attachments) == 0 {
		h.t.Errorf("%s: /board in a DM shows no board: %q", g.Name, m.Content)
	}
}

// turnFromDM makes the next player on move act once through the controls of
// their turn DM, an interaction that reaches shard 0 whatever the game's
// guild. The DM is built with the version current when it is delivered, and
// clicks within a turn update the thread's board only, so the current turn
// is finished in the thread first.
func (h *harness) turnFromDM(id int64, rng *rand.Rand) {
	h.t.Helper()
	g := h.game(id)
	for n, start := 0, g.ToMove; g.Active() && g.ToMove == start; n++ {
		if n == 50 {
			h.t.Fatalf("game %d: the turn did not end after %d clicks", id, n)
		}
		var board fakediscord.Message
		g, board = h.board(id)
		h.step(g, board, rng)
		g = h.game(id)
	}
	if !g.Active() {
		return
	}
	prefix := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	dm, err := h.srv.WaitMessage(ctx, h.srv.DMChannel(g.Players[g.ToMove]), func(m fakediscord.Message) bool {
		return slices.ContainsFunc(m.CustomIDs(), func(id string) bool { return strings.HasPrefix(id, prefix) })
	})
	if err != nil {
		h.t.Fatalf("game %d: no turn DM with controls for %s: %v", id, prefix, err)
	}
	// A picker's first step (a piece, a row) changes nothing yet.
	for n := 0; h.game(id).Version == g.Version; n++ {
		if n == 3 {
			h.t.Fatalf("game %d: the DM's controls did not play", id)
		}
		dm = h.step(g, dm, rng)
	}
}

// checkShardSessions checks that one session ran each shard and that the
// commands were registered once, by the process that runs shard 0.
func (h *harness) checkShardSessions(count int) {
	h.t.Helper()
	seen := map[[2]int]int{}
	for _, s := range h.srv.GatewaySessions() {
		seen[s.Shard]++
	}
	for id := range count {
		if seen[[2]int{id, count}] != 1 {
			h.t.Errorf("sessions per shard: %v", seen)
		}
	}
	puts := h.srv.Find(func(r *fakediscord.Request) bool {
		return r.Method == "PUT" && strings.HasSuffix(r.Path, "/commands")
	})
	if len(puts) != 1 {
		h.t.Errorf("commands registered %d times, want once", len(puts))
	}
}

// One process runs all three shards.
func TestE2EShardsInOneProcess(t *testing.T) {
	t.Parallel()
	h, guilds := newShardedHarness(t, 40, 3, []int{0, 1, 2})
	rng := rand.New(rand.NewPCG(40, 41))
	for i, g := range guilds {
		h.playInGuild(g, []string{"aseb", "tab", "seega"}[i], rng)
	}
	h.checkShardSessions(3)
}

// Two processes on one database share three shards: the one with shard 0
// gets the DMs, so turns played from a DM cross from one process to the
// other.
func TestE2EShardsInTwoProcesses(t *testing.T) {
	t.Parallel()
	h, guilds := newShardedHarness(t, 50, 3, []int{0, 2}, []int{1})
	rng := rand.New(rand.NewPCG(50, 51))
	for i, g := range guilds {
		h.playInGuild(g, []string{"seega", "aseb", "tab"}[i], rng)
	}
	h.checkShardSessions(3)
	if strings.Contains(h.logs.String(), "level=ERROR") {
		t.Errorf("errors logged:\n%s", h.logs.String())
	}
}
