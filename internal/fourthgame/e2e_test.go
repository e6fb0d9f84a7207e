package fourthgame_test

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
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
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// Dash is registered here only, in this package's own test binary, the way
// an engine and its art register themselves from init.
func init() {
	games.Register(dash{})
	render.Register("dash", dashArt{})
}

// harness is a bot connected to a fake Discord, with its own database: the
// little of bot's own test harness this test needs.
type harness struct {
	t   *testing.T
	ctx context.Context
	srv *fakediscord.Server
	db  *store.DB
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	h := &harness{t: t, ctx: ctx, srv: fakediscord.New(t)}
	db, err := store.Open(ctx, storetest.Path(t, "kilab.db"))
	if err != nil {
		t.Fatal(err)
	}
	h.db = db
	b := bot.New(bot.Config{Session: h.srv.NewSession(), DB: db, Source: games.Seeded(7), SweepEvery: -1,
		Log: slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	if err := b.Open(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close(); _ = db.Close() })
	if err := h.srv.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	return h
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
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

// board is the newest message in the game's thread with controls for its
// current version.
func (h *harness) board(id int64) (store.Game, fakediscord.Message) {
	h.t.Helper()
	g, err := h.db.Game(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	prefix := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	m, err := h.srv.WaitMessage(ctx, g.ThreadID, func(m fakediscord.Message) bool {
		return slices.ContainsFunc(m.CustomIDs(), func(id string) bool { return strings.HasPrefix(id, prefix) })
	})
	if err != nil {
		h.t.Fatalf("no board with controls for %s: %v", prefix, err)
	}
	return g, m
}

// checkPNG checks a board message's picture, where it carries one (a
// picker step leaves the picture as it was).
func checkPNG(t *testing.T, m fakediscord.Message) {
	t.Helper()
	if len(m.Attachments) == 0 {
		return
	}
	if _, att, err := m.PNG(); err != nil || !strings.HasPrefix(att.Description, "Dash: hare ") {
		t.Fatalf("board picture: %v (alt text %q)", err, att.Description)
	}
}

// A game the bot, the store and the renderer have never heard of, brought
// by its own engine and art alone, is offered by /challenge with its own
// words, challenged, accepted, played to its end by clicks, drawn on every
// board, recorded, and given back by /history.
func TestFourthGameEndToEnd(t *testing.T) {
	h := newHarness(t)
	checkCommands(t, h.srv.Commands(""))

	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	msg := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub("dash",
		fakediscord.Arg("opponent", bo.ID), fakediscord.Arg("variant", "free"), fakediscord.Arg("size", "5"))))
	if ids := msg.CustomIDs(); len(ids) == 0 || !strings.HasPrefix(ids[0], "c/a/") {
		t.Fatalf("challenge message has no Accept button: %+v", msg)
	}
	h.reply(h.srv.Click(bo.ID, msg.ID, msg.CustomIDs()[0]))
	id := h.newGame(bo.ID)

	end := h.playOut(id, rand.New(rand.NewPCG(4, 4)))
	if end.Kind != "dash" || end.Config.String() != "free size=5" {
		t.Errorf("stored as %s %s", end.Kind, end.Config)
	}
	if _, won := end.Result.Winner(); !won {
		t.Fatalf("Dash ended without a winner: %v %s", end.Result, end.Reason)
	}
	final, err := h.srv.WaitMessage(h.ctx, end.ThreadID, func(m fakediscord.Message) bool { return len(m.Mentions) == 2 && len(m.Embeds) > 0 })
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, final)
	if e := final.Embeds[0]; e.Color != (dashArt{}).Colour() || !strings.Contains(e.Description, "wins") {
		t.Errorf("final board: colour %06x, %q", e.Color, e.Description)
	}

	h.checkRecord(end)
	h.checkHistory(end, ana)
}

// checkCommands checks /challenge dash offers the game's variants and
// option under the names the game gave them, in Russian too.
func checkCommands(t *testing.T, cmds []*discordgo.ApplicationCommand) {
	t.Helper()
	ru := lang.Of(lang.Russian)
	i := slices.IndexFunc(cmds, func(c *discordgo.ApplicationCommand) bool { return c.Name == "challenge" })
	if i < 0 {
		t.Fatal("no /challenge")
	}
	var sub *discordgo.ApplicationCommandOption
	for _, o := range cmds[i].Options {
		if o.Name == "dash" {
			sub = o
		}
	}
	if sub == nil {
		t.Fatalf("/challenge has no dash")
	}
	named := map[string]string{}
	for _, o := range sub.Options {
		named[o.Name] = o.NameLocalizations[discordgo.Russian]
		for _, c := range o.Choices {
			named[o.Name+"="+fmt.Sprint(c.Value)] = c.NameLocalizations[discordgo.Russian]
		}
	}
	for key, id := range map[string]string{"size": "cmd.opt.size", "variant=free": "cmd.choice.free", "variant=standard": "cmd.choice.standard"} {
		if want := ru.T(id); named[key] != want {
			t.Errorf("/challenge dash %s in Russian: %q, want %q", key, named[key], want)
		}
	}
}

// newGame waits until the user's newest game has its first board posted.
func (h *harness) newGame(user string) int64 {
	h.t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(5 * time.Millisecond) {
		list, err := h.db.ActiveGames(h.ctx, user, "")
		if err != nil {
			h.t.Fatal(err)
		}
		if len(list) == 1 && list[0].MessageID != "" && list[0].ThreadID != "" {
			return list[0].ID
		}
	}
	h.t.Fatal("no game with a board in a thread")
	return 0
}

// playOut plays the game to its end by clicks of the player on move, one
// of the board's buttons at random, and returns the game as it ended.
func (h *harness) playOut(id int64, rng *rand.Rand) store.Game {
	h.t.Helper()
	for range 400 {
		g, msg := h.board(id)
		var live []discordgo.Button
		for _, b := range msg.Buttons() {
			if strings.HasPrefix(b.CustomID, "g/") {
				live = append(live, b)
			}
		}
		if len(live) == 0 {
			h.t.Fatalf("board without controls: %v", msg.CustomIDs())
		}
		after := h.reply(h.srv.Click(g.Players[g.ToMove], msg.ID, live[rng.IntN(len(live))].CustomID))
		checkPNG(h.t, after)
		if g2, err := h.db.Game(h.ctx, id); err != nil || !g2.Active() {
			return g2
		}
	}
	h.t.Fatal("Dash not over after 400 clicks")
	return store.Game{}
}

// checkRecord replays the stored record with the engine: it reaches the
// stored position, a win, by the game's own moves.
func (h *harness) checkRecord(g store.Game) {
	h.t.Helper()
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	plies := make([]games.Ply, len(rec))
	steps := 0
	for i, p := range rec {
		plies[i] = p.Ply
		if strings.HasPrefix(p.Move, "+") {
			steps++
		}
	}
	pos, err := games.Record{Game: "dash", Config: g.Config, Plies: plies}.Replay()
	if err != nil {
		h.t.Fatal(err)
	}
	if pos.String() != g.Position || !pos.Outcome().Over() || steps < 2 {
		h.t.Errorf("the record (%d plies, %d steps) replays to %q, over %v; the game stands at %q",
			len(plies), steps, pos, pos.Outcome().Over(), g.Position)
	}
}

// checkHistory asks /history for the game: the record file and a replay
// that decodes, frame by frame.
func (h *harness) checkHistory(g store.Game, who fakediscord.User) {
	h.t.Helper()
	m := h.reply(h.srv.Command(who.ID, h.srv.ChannelID(), "history", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10))))
	base := fmt.Sprintf("kilab-dash-%d", g.ID)
	txt, ok1 := m.Attachment(base + ".txt")
	img, ok2 := m.Attachment(base + ".gif")
	if !ok1 || !ok2 {
		h.t.Fatalf("/history: %+v", m)
	}
	if !strings.Contains(string(txt.Data), "\t") || !strings.Contains(string(txt.Data), "+") {
		h.t.Errorf("/history record file:\n%s", txt.Data)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(img.Data))
	if err != nil || len(anim.Image) < 2 || !strings.Contains(img.Description, "Dash") {
		h.t.Errorf("/history replay: %v, alt text %q", err, img.Description)
	}
}
