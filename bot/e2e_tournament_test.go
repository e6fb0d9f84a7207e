package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// openTournament creates a tournament as admin and has players join it by
// the button; it returns the tournament and its announcement.
func (h *harness) openTournament(admin string, players []fakediscord.User, sub fakediscord.Opt) (store.Tournament, fakediscord.Message) {
	h.t.Helper()
	msg := h.reply(h.srv.Command(admin, h.srv.ChannelID(), "tournament", fakediscord.Sub("create", sub)))
	if msg.Ephemeral() || len(msg.Embeds) == 0 || !strings.Contains(msg.Embeds[0].Title, "tournament #") {
		h.t.Fatalf("tournament announcement: %q %+v", msg.Content, msg.Embeds)
	}
	ts, err := h.db.Tournaments(h.ctx, h.srv.Guild().ID, 1)
	if err != nil || len(ts) != 1 {
		h.t.Fatalf("tournaments %v, %v", ts, err)
	}
	join := fmt.Sprintf("t/j/%d", ts[0].ID)
	for _, p := range players {
		msg = h.reply(h.srv.Click(p.ID, msg.ID, join))
	}
	msg = h.reply(h.srv.Click(players[0].ID, msg.ID, join)) // twice: still one entry
	if want := fmt.Sprintf("**Players (%d)**", len(players)); !strings.Contains(msg.Embeds[0].Description, want) {
		h.t.Fatalf("after joining: %q, want %q", msg.Embeds[0].Description, want)
	}
	t, _ := h.db.Tournament(h.ctx, ts[0].ID)
	return t, msg
}

// roundGames are the games in play of the tournament's round in play.
func (h *harness) roundGames(id int64) (store.Tournament, []store.Game) {
	h.t.Helper()
	t, err := h.db.Tournament(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	ps, err := h.db.Pairings(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	var gs []store.Game
	for _, p := range ps {
		if p.Round == t.Round && p.Game != 0 {
			if g := h.game(p.Game); g.Active() {
				gs = append(gs, g)
			}
		}
	}
	return t, gs
}

// finishRound ends the round's games: the first game of each round is
// played a few clicks first; then the player decided by loser resigns.
func (h *harness) finishRound(id int64, rng *rand.Rand, loser func(store.Game) string) store.Tournament {
	h.t.Helper()
	t, gs := h.roundGames(id)
	if len(gs) == 0 {
		h.t.Fatalf("round %d of tournament %d has no games in play", t.Round, id)
	}
	for k, g := range gs {
		if k == 0 {
			for range 3 {
				cur, msg := h.board(g.ID)
				h.step(cur, msg, rng)
			}
		}
		h.resign(loser(h.game(g.ID)), g.ID)
		h.deliver()
	}
	t, _ = h.db.Tournament(h.ctx, id)
	return t
}

// A 4-player round robin, every pair twice, played to the final standings
// with a restart in the middle: the first player of every game wins, so each
// ends on 3 points.
func TestE2ERoundRobinTournament(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 50)
	admin := h.srv.AddUser("admin")
	var players []fakediscord.User
	for _, n := range []string{"ana", "bo", "cy", "di"} {
		players = append(players, h.srv.AddUser(n))
	}
	tm, msg := h.openTournament(admin.ID, players, fakediscord.Sub("aseb", fakediscord.Arg("format", "round-robin"), fakediscord.Arg("time", 1)))
	h.ephemeralSays(h.srv.Command(admin.ID, h.srv.ChannelID(), "standings"), "there are standings once it has started")
	start := h.reply(h.srv.Command(admin.ID, h.srv.ChannelID(), "tournament", fakediscord.Sub("start", fakediscord.Arg("tournament", strconv.FormatInt(tm.ID, 10)))))
	if !strings.Contains(start.Content, "has started: 6 rounds") {
		t.Fatalf("start: %q", start.Content)
	}
	h.ephemeralSays(h.srv.Command(admin.ID, h.srv.ChannelID(), "tournament", fakediscord.Sub("start", fakediscord.Arg("tournament", strconv.FormatInt(tm.ID, 10)))), "only an open tournament")
	if ann, _ := h.srv.Message(msg.ID); len(ann.CustomIDs()) != 1 { // Leave alone: no more joining
		t.Fatalf("a running tournament's announcement offers %v", ann.CustomIDs())
	}
	h.ephemeralSays(h.srv.Click(h.srv.AddUser("late").ID, msg.ID, fmt.Sprintf("t/l/%d", tm.ID)), "You are not in tournament")
	h.deliver()
	rng := rand.New(rand.NewPCG(5, 50))
	firstLoses := func(g store.Game) string { return g.Players[1] }
	for r := 1; r <= 6; r++ {
		if n := h.count(h.srv.ChannelID(), fmt.Sprintf("round %d of 6**", r)); n != 1 {
			t.Fatalf("round %d was announced %d times", r, n)
		}
		if r == 1 { // each game's thread starts from a line saying the pairing decided who starts
			_, gs := h.roundGames(tm.ID)
			want := fmt.Sprintf("Tournament #%d, round 1 of 6: <@%s> moves first, as the pairing says.", tm.ID, gs[0].Players[0])
			var starters []string
			for _, m := range h.srv.Messages(h.srv.ChannelID()) {
				if strings.Contains(m.Content, want) {
					starters = append(starters, m.ThreadID)
				}
			}
			if len(starters) != 1 || starters[0] != gs[0].ThreadID {
				t.Fatalf("the lines saying %q start threads %v, want only game %d's %s", want, starters, gs[0].ID, gs[0].ThreadID)
			}
			// The round's notice goes out after its games' starts, which
			// open the threads it links.
			for _, g := range gs {
				if link := fmt.Sprintf("discord.com/channels/%s/%s", g.GuildID, g.ThreadID); g.ThreadID == "" || h.countEmbeds(h.srv.ChannelID(), link) != 1 {
					t.Fatalf("round 1's notice does not link game %d's thread %q", g.ID, g.ThreadID)
				}
			}
		}
		if r == 3 {
			h.stop()
			h.start()
		}
		tm = h.finishRound(tm.ID, rng, firstLoses)
	}
	if tm.Status != store.TournamentFinished {
		t.Fatalf("after 6 rounds: %+v", tm)
	}
	end := h.lastMessage(h.srv.ChannelID())
	if !strings.Contains(end.Content, "is over") || len(end.Attachments) != 1 || end.Attachments[0].Filename != "standings.png" {
		t.Fatalf("final notice %q with %d attachments", end.Content, len(end.Attachments))
	}
	st := h.reply(h.srv.Command(players[2].ID, h.srv.ChannelID(), "standings"))
	if len(st.Embeds) == 0 || strings.Count(st.Embeds[0].Description, "**3**") != 4 || len(st.Attachments) != 1 {
		t.Fatalf("standings: %+v", st.Embeds)
	}
	if ann, _ := h.srv.Message(msg.ID); len(ann.CustomIDs()) != 0 || !strings.Contains(ann.Embeds[0].Description, "finished") {
		t.Fatalf("the announcement still offers %v: %q", ann.CustomIDs(), ann.Embeds[0].Description)
	}
}

// A 5-player Swiss: a bye each round, a player who leaves forfeits, a
// restart in the middle, and the standings with Buchholz at the end.
func TestE2ESwissTournament(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 51)
	admin := h.srv.AddUser("admin")
	var players []fakediscord.User
	for _, n := range []string{"ana", "bo", "cy", "di", "ed"} {
		players = append(players, h.srv.AddUser(n))
	}
	tm, msg := h.openTournament(admin.ID, players, fakediscord.Sub("tab", fakediscord.Arg("format", "swiss"), fakediscord.Arg("rounds", 3)))
	h.reply(h.srv.Command(admin.ID, h.srv.ChannelID(), "tournament", fakediscord.Sub("start", fakediscord.Arg("tournament", strconv.FormatInt(tm.ID, 10)))))
	h.deliver()
	rng := rand.New(rand.NewPCG(6, 51))
	secondLoses := func(g store.Game) string { return g.Players[0] }
	tm = h.finishRound(tm.ID, rng, secondLoses)
	// ed leaves during round 2, after confirming: their game is lost.
	_, gs := h.roundGames(tm.ID)
	leaver := ""
	for _, g := range gs {
		leaver = g.Players[1]
	}
	prompt := h.reply(h.srv.Click(leaver, msg.ID, fmt.Sprintf("t/l/%d", tm.ID)))
	btn, ok := prompt.Button("Leave and forfeit")
	if !ok || !prompt.Ephemeral() {
		t.Fatalf("leave prompt %q", prompt.Content)
	}
	h.stop()
	h.start()
	h.ephemeralSays(h.srv.Click(leaver, prompt.ID, btn.CustomID), "You left")
	h.deliver()
	tm = h.finishRound(tm.ID, rng, secondLoses)
	if tm.Round != 3 && tm.Status != store.TournamentFinished {
		t.Fatalf("after round 2: %+v", tm)
	}
	if tm.Status == store.TournamentRunning {
		for _, g := range h.mustRound(tm.ID) {
			if g.Players[0] == leaver || g.Players[1] == leaver {
				t.Fatalf("the player who left was paired again in game %d", g.ID)
			}
		}
		tm = h.finishRound(tm.ID, rng, secondLoses)
	}
	if tm.Status != store.TournamentFinished {
		t.Fatalf("after round 3: %+v", tm)
	}
	if n := h.countEmbeds(h.srv.ChannelID(), "has the bye (1 point)"); n < 2 {
		t.Fatalf("%d byes announced over 3 rounds of an odd field", n)
	}
	st := h.reply(h.srv.Command(players[0].ID, h.srv.ChannelID(), "standings", fakediscord.Arg("tournament", strconv.FormatInt(tm.ID, 10))))
	if len(st.Embeds) == 0 || !strings.Contains(st.Embeds[0].Description, "Buch.") || !strings.Contains(st.Embeds[0].Description, "· left") {
		t.Fatalf("standings: %+v", st.Embeds)
	}
}

func (h *harness) mustRound(id int64) []store.Game {
	h.t.Helper()
	_, gs := h.roundGames(id)
	return gs
}

// lastMessage is the newest message in a channel.
func (h *harness) lastMessage(channel string) fakediscord.Message {
	h.t.Helper()
	ms := h.srv.Messages(channel)
	if len(ms) == 0 {
		h.t.Fatalf("no messages in %s", channel)
	}
	return ms[len(ms)-1]
}

// countEmbeds counts messages in a channel with an embed saying s.
func (h *harness) countEmbeds(channel, s string) int {
	n := 0
	for _, m := range h.srv.Messages(channel) {
		for _, e := range m.Embeds {
			if strings.Contains(e.Description, s) {
				n++
				break
			}
		}
	}
	return n
}

// Another server cannot see or run this server's tournament; cancelling an
// open one takes the buttons off its announcement.
func TestE2ETournamentCancelAndOtherServers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 53)
	admin := h.srv.AddUser("admin")
	players := []fakediscord.User{h.srv.AddUser("ana"), h.srv.AddUser("bo")}
	tm, msg := h.openTournament(admin.ID, players, fakediscord.Sub("seega", fakediscord.Arg("format", "swiss")))
	id := fakediscord.Arg("tournament", strconv.FormatInt(tm.ID, 10))
	elsewhere := h.srv.AddGuild("Mehen Club").ChannelID
	h.ephemeralSays(h.srv.Command(admin.ID, elsewhere, "standings", id), "This server has no tournament")
	h.ephemeralSays(h.srv.Command(admin.ID, elsewhere, "tournament", fakediscord.Sub("cancel", id)), "This server has no tournament")
	h.ephemeralSays(h.srv.Command(admin.ID, elsewhere, "tournament", fakediscord.Sub("start", id)), "This server has no tournament")
	if now := h.tournament(tm.ID); now.Status != store.TournamentOpen {
		t.Fatalf("another server changed the tournament: %s", now.Status)
	}
	h.ephemeralSays(h.srv.Command(admin.ID, h.srv.ChannelID(), "tournament", fakediscord.Sub("start", id)), "needs at least 3 players")
	if m := h.reply(h.srv.Command(admin.ID, h.srv.ChannelID(), "tournament", fakediscord.Sub("cancel", id))); !strings.Contains(m.Content, "is cancelled") {
		t.Fatalf("cancel: %q", m.Content)
	}
	if ann, _ := h.srv.Message(msg.ID); len(ann.CustomIDs()) != 0 || !strings.Contains(ann.Embeds[0].Description, "cancelled") {
		t.Fatalf("the cancelled tournament's announcement offers %v: %q", ann.CustomIDs(), ann.Embeds[0].Description)
	}
	h.ephemeralSays(h.srv.Command(admin.ID, h.srv.ChannelID(), "tournament", fakediscord.Sub("cancel", id)), "already over")
}

func (h *harness) tournament(id int64) store.Tournament {
	h.t.Helper()
	t, err := h.db.Tournament(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return t
}
