package bot_test

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// untilBothMoved plays clicks until each player has chosen a move of their
// own (throws and forced passes do not count), so the game is no longer
// abortable.
func (h *harness) untilBothMoved(id int64, rng *rand.Rand) store.Game {
	h.t.Helper()
	for n := 0; n < 500; n++ {
		g, msg := h.board(id)
		if g.Moved[0] > 0 && g.Moved[1] > 0 {
			return g
		}
		h.step(g, msg, rng)
	}
	h.t.Fatal("players never both moved")
	return store.Game{}
}

// count counts messages in a channel whose content contains s, leaving
// out old boards, whose line above the picture now says what became of the
// game (kit.RetiredText): those are no announcements.
func (h *harness) count(channel, s string) int {
	n := 0
	for _, m := range h.srv.Messages(channel) {
		if strings.Contains(m.Content, s) && !retiredLine.MatchString(m.Content) {
			n++
		}
	}
	return n
}

var retiredLine = regexp.MustCompile(`^Game #\d+ (is over|has moved on)`)

// sweep sweeps, then delivers what the sweep announced (reminders, the
// ends on time).
func (h *harness) sweep() {
	h.t.Helper()
	if err := h.b.Sweep(h.ctx); err != nil {
		h.t.Fatal(err)
	}
	h.deliver()
}

// A reminder at 80% of the time and the loss on time each fire exactly once,
// across restarts, and both players are told.
func TestE2EReminderAndTimeoutAcrossRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 30)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	id := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("time", 1)).ID
	g := h.untilBothMoved(id, rand.New(rand.NewPCG(1, 30)))
	late := g.Players[g.ToMove]
	dm := h.srv.DMChannel(late)
	h.clock.Add(g.Deadline.Sub(h.clock.Now()) - 4*time.Hour) // 20 of 24 hours used
	h.sweep()
	h.sweep()
	if n := h.count(dm, "Reminder"); n != 1 {
		t.Fatalf("%d reminders after two sweeps, want 1", n)
	}
	h.stop()
	h.start()
	h.sweep()
	if n := h.count(dm, "Reminder"); n != 1 {
		t.Fatalf("%d reminders after a restart, want 1", n)
	}
	h.clock.Add(5 * time.Hour)
	h.sweep()
	h.sweep()
	end := h.game(id)
	if w, won := end.Result.Winner(); !won || end.Players[w] == late || end.Reason != store.ReasonTimeout {
		t.Fatalf("after the deadline: %v %q", end.Result, end.Reason)
	}
	h.stop()
	h.start()
	h.sweep()
	for _, p := range end.Players {
		if n := h.count(h.srv.DMChannel(p), "is over"); n != 1 {
			t.Errorf("player %s told %d times of the end, want once", p, n)
		}
	}
	if n := h.count(end.ThreadID, "timeout"); n != 1 {
		t.Errorf("the thread was told %d times of the timeout", n)
	}
}

// A deadline that passed while the bot was down moves to an hour after the
// restart; the game is lost on time only after that hour.
func TestE2EDeadlineMissedDuringDowntime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 31)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	id := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("time", 1)).ID
	h.untilBothMoved(id, rand.New(rand.NewPCG(2, 31)))
	h.stop()
	h.clock.Add(3 * 24 * time.Hour)
	h.start()
	g := h.game(id)
	if !g.Active() || !g.Deadline.Equal(h.clock.Now().Add(time.Hour)) {
		t.Fatalf("after downtime: active %v, deadline %v, want an hour after %v", g.Active(), g.Deadline, h.clock.Now())
	}
	h.sweep()
	if !h.game(id).Active() {
		t.Fatal("the game was lost on time right after the restart")
	}
	h.clock.Add(61 * time.Minute)
	h.sweep()
	if end := h.game(id); end.Active() || end.Reason != store.ReasonTimeout {
		t.Fatalf("an hour after the restart: %v %q", end.Result, end.Reason)
	}
}

// A game in which a player has not yet moved is aborted on time, unrated.
func TestE2EAbortBeforeBothMoved(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 32)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	id := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "7"), fakediscord.Arg("time", 3)).ID
	h.clock.Add(3*24*time.Hour + time.Minute)
	h.sweep()
	end := h.game(id)
	if end.Result != store.Aborted || end.RatingDelta != [2]float64{} {
		t.Fatalf("unplayed game on time: %v %q, deltas %v", end.Result, end.Reason, end.RatingDelta)
	}
	if _, err := h.db.Standing(h.ctx, h.srv.Guild().ID, "tab", ana.ID); err == nil {
		t.Error("an aborted game gave a rating")
	}
}

// Ratings after a known sequence (two wins, then a draw, between new players)
// match Glicko-2 computed by hand from Glickman's paper, tau 0.5.
func TestE2ERatingsAfterKnownGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 33)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	for k := range 2 {
		id := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "7")).ID
		h.untilBothMoved(id, rand.New(rand.NewPCG(uint64(k), 33))) // else resigning aborts
		m := h.resign(bo.ID, id)
		if k == 0 && !strings.Contains(m.Content, "resigned") {
			t.Fatalf("resign: %q", m.Content)
		}
	}
	g := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "7"))
	id := strconv.FormatInt(g.ID, 10)
	h.ephemeralSays(h.srv.Command(ana.ID, h.srv.ChannelID(), "draw", fakediscord.Arg("game", id)), "You offered a draw")
	offer := h.waitBoardless(g.ThreadID, "offers a draw")
	accept, _ := offer.Button("Accept draw")
	h.ephemeralSays(h.srv.Click(ana.ID, offer.ID, accept.CustomID), "your own draw offer")
	h.reply(h.srv.Click(bo.ID, offer.ID, accept.CustomID))
	if end := h.game(g.ID); end.Result != store.Draw || end.Reason != store.ReasonAgreement {
		t.Fatalf("after the accepted draw: %v %q", end.Result, end.Reason)
	}
	for _, want := range []struct {
		user      string
		r, rd     float64
		w, l, d   int
		provision bool
	}{{ana.ID, 1621.3329, 243.5965, 2, 0, 1, true}, {bo.ID, 1378.6671, 243.5965, 0, 2, 1, true}} {
		s, err := h.db.Standing(h.ctx, h.srv.Guild().ID, "tab", want.user)
		if err != nil || math.Abs(s.Rating.Rating-want.r) > 0.01 || math.Abs(s.Deviation-want.rd) > 0.01 ||
			s.Wins != want.w || s.Losses != want.l || s.Draws != want.d || s.Provisional() != want.provision {
			t.Errorf("%s: %+v, %v; want %.4f / %.4f, %d-%d-%d", want.user, s, err, want.r, want.rd, want.w, want.l, want.d)
		}
	}
	final := h.waitBoard(g.ThreadID, func(m fakediscord.Message) bool { return strings.Contains(m.Content, "Ratings:") })
	if !strings.Contains(final.Content, "1720? → 1621?") || strings.Count(final.Content, "? marks a provisional rating") != 1 {
		t.Errorf("end message shows %q", final.Content)
	}
}

// waitBoardless waits for a plain message (no embed) containing s.
func (h *harness) waitBoardless(channel, s string) fakediscord.Message {
	h.t.Helper()
	m, err := h.srv.WaitMessage(h.ctx, channel, func(m fakediscord.Message) bool { return strings.Contains(m.Content, s) })
	if err != nil {
		h.t.Fatalf("no message saying %q: %v", s, err)
	}
	return m
}

// A draw offer lapses when the offered player moves; Aseb has no draws;
// a declined offer is gone.
func TestE2EDrawOffers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 34)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	ch := h.srv.ChannelID()
	aseb := strconv.FormatInt(h.challengeAccepted(ana, bo, "aseb").ID, 10)
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", aseb)), "no draws")
	g := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("first", "me"))
	id := strconv.FormatInt(g.ID, 10)
	h.reply(h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", id)))
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", id)), "offer stands")
	offer := h.waitBoardless(g.ThreadID, "offers a draw")
	decline, _ := offer.Button("Decline")
	if m := h.reply(h.srv.Click(bo.ID, offer.ID, decline.CustomID)); !strings.Contains(m.Content, "declined") {
		t.Fatalf("decline: %q", m.Content)
	}
	if h.game(g.ID).DrawOffer != store.NoSeat {
		t.Fatal("declined offer still stands")
	}
	if now, _ := h.srv.Message(offer.ID); len(now.CustomIDs()) != 0 {
		t.Fatalf("the declined offer keeps its buttons %v", now.CustomIDs())
	}
	// Offer again; the opponent moves instead of answering: the offer lapses.
	rng := rand.New(rand.NewPCG(3, 34))
	for h.game(g.ID).ToMove == 0 {
		cur, msg := h.board(g.ID)
		h.step(cur, msg, rng)
	}
	h.reply(h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", id)))
	h.deliver() // the offer is posted before the opponent moves
	for h.game(g.ID).ToMove == 1 {
		cur, msg := h.board(g.ID)
		h.step(cur, msg, rng)
	}
	if h.game(g.ID).DrawOffer != store.NoSeat {
		t.Fatal("the offer did not lapse when the opponent moved")
	}
	h.deliver()
	if now, _ := h.srv.Message(offer.ID); !strings.Contains(now.Content, "declined") {
		t.Fatalf("the declined offer no longer says so after the boards moved on: %q", now.Content)
	}
	for _, m := range h.srv.Messages(g.ThreadID) {
		if strings.Contains(m.Content, "offers a draw") && len(m.CustomIDs()) != 0 {
			t.Fatalf("a lapsed offer keeps its buttons %v", m.CustomIDs())
		}
	}
	h.ephemeralSays(h.srv.Command(bo.ID, ch, "draw", fakediscord.Arg("game", id)), "You offered a draw")
}

// Rematch challenges the same opponent with the same options, the other
// player starting; a second click makes no second challenge.
func TestE2ERematch(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 35)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "9"), fakediscord.Arg("first", "me"), fakediscord.Arg("rated", false))
	h.resign(ana.ID, g.ID)
	final := h.waitBoard(g.ThreadID, func(m fakediscord.Message) bool { _, ok := m.Button("Rematch"); return ok })
	rematch, _ := final.Button("Rematch")
	h.ephemeralSays(h.srv.Click(bo.ID, final.ID, rematch.CustomID), "Rematch offered")
	h.ephemeralSays(h.srv.Click(ana.ID, final.ID, rematch.CustomID), "already been offered")
	offer := h.waitBoard(h.srv.ChannelID(), func(m fakediscord.Message) bool {
		return m.InteractionID == "" && strings.Contains(m.Content, "challenges")
	})
	accept, _ := offer.Button("Accept")
	h.reply(h.srv.Click(ana.ID, offer.ID, accept.CustomID))
	list, _ := h.db.ActiveGames(h.ctx, ana.ID, "")
	if len(list) != 1 {
		t.Fatalf("%d games after the rematch", len(list))
	}
	next := list[0]
	if next.Players != [2]string{bo.ID, ana.ID} || next.Config.Options["width"] != "9" || next.Rated || next.TimeLimit != g.TimeLimit {
		t.Errorf("rematch game %+v; want bo first, width 9, unrated", next)
	}
}

// A challenge nobody accepts within 24 hours expires once: its message says
// so and its buttons go.
func TestE2EChallengeExpires(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 36)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	msg := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub("seega", fakediscord.Arg("opponent", bo.ID))))
	accept, _ := msg.Button("Accept")
	for c, _ := h.db.Challenge(h.ctx, 1); c.MessageID == ""; c, _ = h.db.Challenge(h.ctx, 1) {
		time.Sleep(5 * time.Millisecond) // the bot records its message just after answering
	}
	h.clock.Add(24*time.Hour + time.Minute)
	h.sweep()
	h.sweep()
	now, _ := h.srv.Message(msg.ID)
	if len(now.CustomIDs()) != 0 || !strings.Contains(now.Embeds[0].Description, "Expired") || now.Edits != 1 {
		t.Fatalf("expired challenge: %q, controls %v, %d edits", now.Embeds[0].Description, now.CustomIDs(), now.Edits)
	}
	h.ephemeralSays(h.srv.ForgeClick(bo.ID, msg.ChannelID, msg.ID, accept.CustomID), "no longer open")
}
