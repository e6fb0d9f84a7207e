package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	_ "kilab/ai/asebai" // the computer's agents register themselves
	_ "kilab/ai/seegaai"
	_ "kilab/ai/tabai"
	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/store"
)

// challengeComputer challenges the bot itself and returns the game once its
// first board is out.
func (h *harness) challengeComputer(user fakediscord.User, game string, opts ...fakediscord.Opt) (fakediscord.Message, store.Game) {
	h.t.Helper()
	sub := append([]fakediscord.Opt{fakediscord.Arg("opponent", h.srv.AppID())}, opts...)
	msg := h.reply(h.srv.Command(user.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub(game, sub...)))
	return msg, h.newGame(user.ID)
}

// slowReply waits for the answer to a deferred command that draws (the
// review's chart, the history's replay): seconds on a quiet machine, many
// more under the race detector on a busy one.
func (h *harness) slowReply(ix *fakediscord.Interaction) fakediscord.Message {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.ctx, 90*time.Second)
	defer cancel()
	m, err := ix.Reply(ctx)
	if err != nil {
		h.t.Fatalf("no reply: %v", err)
	}
	return m
}

// waitGame waits until game id satisfies cond, as the computer plays by itself.
func (h *harness) waitGame(id int64, what string, cond func(store.Game) bool) store.Game {
	h.t.Helper()
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(10 * time.Millisecond) {
		g, err := h.db.Game(h.ctx, id)
		if err != nil {
			h.t.Fatal(err)
		}
		if cond(g) {
			return g
		}
	}
	h.t.Fatalf("game %d: waited 30 s for %s", id, what)
	return store.Game{}
}

// A whole game against the computer: asked for rated:true, it says it never
// plays rated games and starts none; asked without, it starts at once,
// unrated, the person plays by clicks and the computer answers by itself,
// never with a DM to itself, and the end pings only the person.
func TestE2EComputerGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 21)
	ana := h.srv.AddUser("ana")
	h.ephemeralSays(h.srv.Command(ana.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub("seega",
		fakediscord.Arg("opponent", h.srv.AppID()), fakediscord.Arg("level", "easy"), fakediscord.Arg("rated", true))), "never rated: challenge it without rated:true")
	if list, _ := h.db.ActiveGames(h.ctx, ana.ID, ""); len(list) != 0 {
		t.Fatalf("rated:true against the computer started %d games", len(list))
	}
	msg, g := h.challengeComputer(ana, "seega", fakediscord.Arg("level", "easy"))
	if len(msg.CustomIDs()) != 0 || !strings.Contains(msg.Content, "plays the computer (easy)") || !strings.Contains(msg.Embeds[0].Description, "never rated") {
		t.Fatalf("answer to the challenge: %q %+v, controls %v", msg.Content, msg.Embeds[0], msg.CustomIDs())
	}
	if g.Rated || g.Computer.Level != "easy" || g.Players[g.Computer.Seat] != h.srv.AppID() || g.ChallengeID == 0 {
		t.Fatalf("game %+v", g)
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for n := 0; n < 3000; n++ {
		g = h.waitGame(g.ID, "the person's turn or the end", func(g store.Game) bool { return !g.ComputerOnMove() })
		if !g.Active() {
			break
		}
		g, board := h.board(g.ID)
		h.step(g, board, rng)
	}
	if g.Active() {
		t.Fatalf("game not over: %+v", g)
	}
	if g.Moved[g.Computer.Seat] == 0 {
		t.Errorf("the computer never moved: %v", g.Moved)
	}
	final := h.waitBoard(g.ThreadID, func(m fakediscord.Message) bool { return strings.Contains(m.Embeds[0].Description, "**Result**") })
	if len(final.Mentions) != 1 || final.Mentions[0] != ana.ID || !strings.Contains(final.Embeds[0].Description, "(computer, easy)") {
		t.Errorf("final board pings %v: %q", final.Mentions, final.Embeds[0].Description)
	}
	if dms := h.srv.Messages(h.srv.DMChannel(h.srv.AppID())); len(dms) != 0 {
		t.Errorf("the bot sent itself %d DMs", len(dms))
	}
	// The review: the chart and the person's costliest moves.
	rv := h.slowReply(h.srv.Command(ana.ID, h.srv.ChannelID(), "review", fakediscord.Arg("game", fmt.Sprint(g.ID))))
	if _, att, err := rv.PNG(); err != nil || att.Filename != "review.png" || !strings.Contains(att.Description, "winning chance") {
		t.Errorf("review picture: %v %+v", err, att)
	}
	if e := rv.Embeds[0]; len(e.Fields) != 1 || !strings.Contains(e.Fields[0].Name, "Costliest moves of") || !strings.Contains(e.Description, "estimates") {
		t.Errorf("review: %q %+v", e.Description, e.Fields)
	}
	// /history names the computer and its level in the record's header. (Its
	// replay of a whole game is slow to draw under the race detector, which
	// the -short run uses.)
	if !testing.Short() {
		hist := h.slowReply(h.srv.Command(ana.ID, h.srv.ChannelID(), "history", fakediscord.Arg("game", fmt.Sprint(g.ID))))
		if txt, ok := hist.Attachment(fmt.Sprintf("kilab-seega-%d.txt", g.ID)); !ok || !strings.Contains(string(txt.Data), "(computer, easy)") ||
			!strings.Contains(hist.Content, "computer, easy") {
			t.Errorf("/history: %q, record file found %v", hist.Content, ok)
		}
	}
	st, err := h.db.Stats(h.ctx, g.GuildID, ana.ID, 5)
	if err != nil || len(st.Kinds) != 1 || st.Kinds[0].Computer == (store.Tally{}) || st.Kinds[0].Wins+st.Kinds[0].Losses != 0 {
		t.Errorf("stats %+v, %v", st, err)
	}
}

// While the computer is on move its board has no controls and pings nobody.
// A computer move due when the bot stops is played when it starts again.
func TestE2EComputerMoveAfterRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 23)
	ana := h.srv.AddUser("ana")
	h.stop()
	db, err := store.Open(context.Background(), h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	db.Now = h.clock.Now
	game, _ := games.Lookup("aseb")
	start, _ := game.New(games.Config{Variant: "royalur"})
	_, g, err := db.StartComputerGame(context.Background(), store.Challenge{GuildID: h.srv.Guild().ID, ChannelID: h.srv.ChannelID(),
		Challenger: ana.ID, Opponent: h.srv.AppID(), Kind: "aseb", Config: games.Config{Variant: "royalur"}, TimeLimit: 24 * time.Hour},
		store.Start{Players: [2]string{h.srv.AppID(), ana.ID}, Position: start.String()}, store.Computer{Level: "hard", Seat: 0})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	h.start()
	g = h.waitGame(g.ID, "the computer's first turn", func(g store.Game) bool { return g.Version > 1 })
	if g.ComputerOnMove() && g.Active() {
		g = h.waitGame(g.ID, "the person's turn", func(g store.Game) bool { return !g.ComputerOnMove() })
	}
	g = h.waitGame(g.ID, "the board in its thread", func(g store.Game) bool { return g.ThreadID != "" && g.MessageID != "" })
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil || len(rec) == 0 || rec[0].Player != 0 || len(rec[0].Throws) == 0 {
		t.Fatalf("the computer's first ply: %v, %v", rec, err)
	}
	_, board := h.board(g.ID)
	if !strings.Contains(board.Content, fmt.Sprintf("<@%s>, your turn", ana.ID)) {
		t.Errorf("board after the computer's turn: %q", board.Content)
	}
	for _, m := range h.srv.Messages(g.ThreadID) {
		if strings.Contains(m.Content, "is thinking") && (len(m.CustomIDs()) != 0 || len(m.Mentions) != 0) {
			t.Errorf("a board of the computer's turn has controls %v or pings %v", m.CustomIDs(), m.Mentions)
		}
	}
}

// The level belongs to games against the computer; /draw there is refused.
func TestE2EComputerRefusals(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 25)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	ix := h.srv.Command(ana.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub("tab", fakediscord.Arg("opponent", bo.ID), fakediscord.Arg("level", "hard")))
	if m := h.reply(ix); !m.Ephemeral() || !strings.Contains(m.Content, "only when you challenge") {
		t.Errorf("level against a person: %q", m.Content)
	}
	_, g := h.challengeComputer(ana, "tab", fakediscord.Arg("first", "me"), fakediscord.Arg("width", "7"))
	m := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "draw", fakediscord.Arg("game", fmt.Sprint(g.ID))))
	if !strings.Contains(m.Content, "does not agree to draws") {
		t.Errorf("/draw against the computer: %q", m.Content)
	}
	m = h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "review", fakediscord.Arg("game", fmt.Sprint(g.ID))))
	if !m.Ephemeral() || !strings.Contains(m.Content, "still being played") {
		t.Errorf("/review during play: %q", m.Content)
	}
	if m := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "games")); !strings.Contains(m.Embeds[0].Description, "(computer, medium; unrated)") {
		t.Errorf("/games: %q", m.Embeds[0].Description)
	}
	if g.Computer.Level != "medium" || g.Players[0] != ana.ID {
		t.Errorf("default level and first=me: %+v", g)
	}
}
