package bot_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot"
	"kilab/games"
	_ "kilab/games/aseb"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
	"kilab/internal/fakediscord"
	"kilab/internal/storetest"
	"kilab/internal/testlong"
	"kilab/store"
)

// harness is a bot connected to a fake Discord, with its own database file.
type harness struct {
	t      testing.TB
	ctx    context.Context
	srv    *fakediscord.Server
	dbPath string
	db     *store.DB
	b      *bot.Bot
	gw     *discordgo.Session // the bot's gateway session
	seed   uint64
	clock  *clock
	logs   *logBuf // everything the bots logged, across restarts
	mode   mode
}

// mode is how Discord delivers interactions to the bot.
type mode string

const (
	gatewayMode  mode = "gateway"  // INTERACTION_CREATE on the gateway
	endpointMode mode = "endpoint" // signed POSTs to the bot's endpoint
)

// inModes runs test once for each way interactions can come, as parallel
// subtests.
func inModes(t *testing.T, test func(t *testing.T, m mode)) {
	inSomeModes(t, test, gatewayMode, endpointMode)
}

// inModesLong runs a whole game's test in both modes in the long runs
// (KILAB_LONG) and in mode short alone in the default run: a whole game
// through the fake costs seconds, and the modes differ in how clicks come
// in, which the other tests in both modes prove.
func inModesLong(t *testing.T, short mode, test func(t *testing.T, m mode)) {
	if testlong.On() {
		inModes(t, test)
		return
	}
	inSomeModes(t, test, short)
}

func inSomeModes(t *testing.T, test func(t *testing.T, m mode), modes ...mode) {
	t.Parallel()
	for _, m := range modes {
		t.Run(string(m), func(t *testing.T) {
			t.Parallel()
			test(t, m)
		})
	}
}

// logBuf keeps what was logged, for tests that look for errors.
type logBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// clock is the database's clock, moved by hand, kept across restarts. With
// a delay it also stands for a slow store: every read of it waits that long.
type clock struct {
	mu    sync.Mutex
	now   time.Time
	delay time.Duration
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	now, delay := c.now, c.delay
	c.mu.Unlock()
	time.Sleep(delay)
	return now
}

// Slow makes every later read of the clock take d (0: none).
func (c *clock) Slow(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.delay = d
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func newHarness(t testing.TB, seed uint64) *harness {
	t.Helper()
	return newModeHarness(t, seed, gatewayMode)
}

// newModeHarness is a harness whose bot takes interactions as m says.
func newModeHarness(t testing.TB, seed uint64, m mode) *harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	h := &harness{t: t, ctx: ctx, srv: fakediscord.New(t), dbPath: storetest.Path(t, "kilab.db"), seed: seed,
		clock: &clock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, logs: &logBuf{}, mode: m}
	h.start()
	t.Cleanup(h.stop)
	return h
}

// start opens the database and connects a fresh bot, as a process start does.
func (h *harness) start() {
	h.t.Helper()
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	db.Now = h.clock.Now
	h.db = db
	h.gw = h.srv.NewSession()
	cfg := bot.Config{Session: h.gw, DB: db, Source: games.Seeded(h.seed), SweepEvery: -1,
		Log: slog.New(slog.NewTextHandler(testWriter{h.t, h.logs}, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	if h.mode == endpointMode {
		cfg.InteractionsAddr, cfg.PublicKey = "127.0.0.1:0", h.srv.PublicKey()
	}
	h.b = bot.New(cfg)
	if err := h.b.Open(h.ctx); err != nil {
		h.t.Fatal(err)
	}
	h.seed++ // a restarted process draws from a fresh source
	if h.mode == endpointMode {
		h.useEndpoint()
	}
}

// useEndpoint points the fake's Interactions Endpoint URL at the bot, which
// listens on a new port each start, as an operator saves it in the portal.
func (h *harness) useEndpoint() {
	h.t.Helper()
	if err := h.srv.SetInteractionsURL(h.ctx, h.b.InteractionsURL()); err != nil {
		h.t.Fatal(err)
	}
	if n := len(h.srv.GatewaySessions()); n != 0 {
		h.t.Fatalf("in endpoint mode the bot opened %d gateway sessions", n)
	}
}

// connected waits until the bot can take interactions: its gateway session
// is live, or in endpoint mode at once, since Open returns listening.
func (h *harness) connected() {
	h.t.Helper()
	if h.mode == endpointMode {
		return
	}
	if err := h.srv.WaitConnected(h.ctx); err != nil {
		h.t.Fatal(err)
	}
}

// stop closes the bot and its database, as a shutdown does.
func (h *harness) stop() {
	if h.b != nil {
		_ = h.b.Close()
		_ = h.db.Close()
		h.b = nil
	}
}

// deliver waits until every announcement due has been delivered.
func (h *harness) deliver() {
	h.t.Helper()
	if err := h.b.Deliver(h.ctx); err != nil {
		h.t.Fatal(err)
	}
}

type testWriter struct {
	t    testing.TB
	logs *logBuf
}

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	w.logs.mu.Lock()
	w.logs.b.Write(p)
	w.logs.mu.Unlock()
	return len(p), nil
}

func (h *harness) reply(ix *fakediscord.Interaction) fakediscord.Message {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	m, err := ix.Reply(ctx)
	if err != nil {
		h.t.Fatalf("no reply: %v", err)
	}
	return m
}

// challengeAccepted has a challenge the opponent accepts and returns the game.
func (h *harness) challengeAccepted(ana, bo fakediscord.User, game string, opts ...fakediscord.Opt) store.Game {
	h.t.Helper()
	sub := append([]fakediscord.Opt{fakediscord.Arg("opponent", bo.ID)}, opts...)
	msg := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub(game, sub...)))
	if ids := msg.CustomIDs(); len(ids) == 0 || !strings.HasPrefix(ids[0], "c/a/") {
		h.t.Fatalf("challenge message has no Accept button: %+v", msg)
	}
	acc := h.reply(h.srv.Click(bo.ID, msg.ID, msg.CustomIDs()[0]))
	if len(acc.CustomIDs()) != 0 || !strings.Contains(acc.Embeds[0].Description, fmt.Sprintf("<@%s>", bo.ID)) {
		h.t.Fatalf("accepted challenge still offers buttons or does not say so: %+v", acc.Embeds[0])
	}
	return h.newGame(bo.ID)
}

// newGame waits until the user's newest game has its first board posted.
func (h *harness) newGame(user string) store.Game {
	h.t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(5 * time.Millisecond) {
		list, err := h.db.ActiveGames(h.ctx, user, "")
		if err != nil {
			h.t.Fatal(err)
		}
		newest := store.Game{}
		for _, g := range list {
			if g.ID > newest.ID {
				newest = g
			}
		}
		if newest.MessageID != "" {
			return newest
		}
	}
	h.t.Fatal("no game with a board")
	return store.Game{}
}

// board finds the newest message in the game's thread that carries controls
// for the game's current version.
func (h *harness) board(id int64) (store.Game, fakediscord.Message) {
	h.t.Helper()
	g, err := h.db.Game(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	prefix := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	where := g.ThreadID
	if where == "" {
		where = g.ChannelID
	}
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	m, err := h.srv.WaitMessage(ctx, where, func(m fakediscord.Message) bool {
		for _, id := range m.CustomIDs() {
			if strings.HasPrefix(id, prefix) {
				return true
			}
		}
		return false
	})
	if err != nil {
		as, outcomes, _ := h.db.Announcements(h.ctx, g.ID)
		var log []string
		for k, a := range as {
			log = append(log, fmt.Sprintf("%s@%d:%s", a.Kind, a.Version, outcomes[k]))
		}
		var shown []string
		for _, m := range h.srv.Messages(where) {
			shown = append(shown, fmt.Sprintf("%s%v", m.ID, m.CustomIDs()))
		}
		h.t.Fatalf("no board with controls for %s in the thread: %v\nannouncements: %v\nmessages: %v", prefix, err, log, shown)
	}
	return g, m
}

// step makes the player on move act once on msg: a throw, a move button, or a
// picker step; it returns the message as updated by the reply.
func (h *harness) step(g store.Game, msg fakediscord.Message, rng *rand.Rand) fakediscord.Message {
	h.t.Helper()
	return h.reply(h.act(g, msg, rng))
}

// act is step without waiting for the answer.
func (h *harness) act(g store.Game, msg fakediscord.Message, rng *rand.Rand) *fakediscord.Interaction {
	h.t.Helper()
	user := g.Players[g.ToMove]
	if sel := msg.Selects(); len(sel) > 0 {
		s := sel[rng.IntN(len(sel))]
		opt := s.Options[rng.IntN(len(s.Options))]
		return h.srv.Select(user, msg.ID, s.CustomID, opt.Value)
	}
	buttons := msg.Buttons()
	var live []discordgo.Button
	for _, b := range buttons {
		if strings.HasPrefix(b.CustomID, "g/") && b.Label != "Back" {
			live = append(live, b)
		}
	}
	if len(live) == 0 {
		h.t.Fatalf("board without controls: %+v", msg.CustomIDs())
	}
	return h.srv.Click(user, msg.ID, live[rng.IntN(len(live))].CustomID)
}

// playOut plays the game to its end by clicks and returns it.
func (h *harness) playOut(id int64, rng *rand.Rand, maxClicks int) store.Game {
	h.t.Helper()
	for n := 0; n < maxClicks; n++ {
		g, msg := h.board(id)
		if !g.Active() {
			return g
		}
		after := h.step(g, msg, rng)
		checkPNG(h.t, after)
		if g2, _ := h.db.Game(h.ctx, id); !g2.Active() {
			return g2
		}
	}
	h.t.Fatalf("game %d not over after %d clicks", id, maxClicks)
	return store.Game{}
}

// waitBoard waits for a board message (one with an embed) in a channel.
func (h *harness) waitBoard(channel string, pred func(fakediscord.Message) bool) fakediscord.Message {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	m, err := h.srv.WaitMessage(ctx, channel, func(m fakediscord.Message) bool { return len(m.Embeds) > 0 && pred(m) })
	if err != nil {
		h.t.Fatalf("no such board in %s: %v", channel, err)
	}
	return m
}

func checkPNG(t testing.TB, m fakediscord.Message) {
	t.Helper()
	if len(m.Attachments) == 0 {
		return // a picker step leaves the picture as it was
	}
	if _, att, err := m.PNG(); err != nil || att.Description == "" {
		t.Fatalf("board picture: %v (alt text %q)", err, att.Description)
	}
}

func TestE2EAsebByClicks(t *testing.T) {
	testlong.SkipWholeGame(t)
	inModesLong(t, endpointMode, testAsebByClicks)
}

func testAsebByClicks(t *testing.T, m mode) {
	h := newModeHarness(t, 1, m)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("variant", "twenty-squares"))
	if g.ThreadID == "" {
		g, _ = h.db.Game(h.ctx, g.ID)
	}
	end := h.playOut(g.ID, rand.New(rand.NewPCG(1, 2)), 3000)
	if _, won := end.Result.Winner(); !won {
		t.Fatalf("Aseb ended without a winner: %v %s", end.Result, end.Reason)
	}
	if end.ThreadID == "" {
		t.Fatal("the game has no thread")
	}
	final := h.waitBoard(end.ThreadID, func(m fakediscord.Message) bool { return len(m.Mentions) == 2 })
	if ids := final.CustomIDs(); !strings.Contains(final.Embeds[0].Description, "wins") || len(ids) != 1 || ids[0] != fmt.Sprintf("r/%d", end.ID) {
		t.Errorf("final board: %q, controls %v, want only Rematch", final.Embeds[0].Description, ids)
	}
}

func TestE2ETabByClicks(t *testing.T) {
	t.Parallel()
	testlong.SkipWholeGame(t)
	h := newHarness(t, 2)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "7"))
	end := h.playOut(g.ID, rand.New(rand.NewPCG(3, 4)), 6000)
	if end.Active() {
		t.Fatalf("Tab not over: %+v", end)
	}
	h.waitBoard(end.ThreadID, func(m fakediscord.Message) bool { return len(m.Mentions) == 2 })
	// Stack heights and the quiet count in the picture are explained below it,
	// on the boards as they were posted (a retired board loses its picture
	// and the legend with it).
	legends := map[string]bool{}
	for _, r := range h.srv.Requests() {
		if r.Is("POST /channels/{channel_id}/messages") && r.Params["channel_id"] == end.ThreadID {
			for _, w := range []string{"how many pieces are stacked", "turns in a row without a piece leaving the board"} {
				legends[w] = legends[w] || strings.Contains(string(r.JSON), w)
			}
		}
	}
	if len(legends) != 2 || !legends["how many pieces are stacked"] || !legends["turns in a row without a piece leaving the board"] {
		t.Errorf("legends under the boards: %v", legends)
	}
}

func TestE2ESeegaByClicks(t *testing.T) {
	t.Parallel()
	testlong.SkipWholeGame(t)
	h := newHarness(t, 3)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("first", "me"))
	if g.Players[0] != ana.ID {
		t.Fatalf("first=me: seats %v, want the challenger first", g.Players)
	}
	// The seed of the shortest random game of the first dozen seeds: whole
	// games through the fake Discord are the suite's slowest tests.
	end := h.playOut(g.ID, rand.New(rand.NewPCG(6, 6)), 6000)
	if end.Active() {
		t.Fatalf("Seega not over: %+v", end)
	}
	h.waitBoard(end.ThreadID, func(m fakediscord.Message) bool { return len(m.Mentions) == 2 })
}
