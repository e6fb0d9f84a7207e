package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/internal/testlong"
	"kilab/lang"
	"kilab/store"
)

// The sweep: players whose Discord speaks another language than English, on
// a server whose preferred locale it is, go through everything the bot does,
// and every text it sent them (sentTexts: replies, the channel, threads, DMs,
// edits, autocomplete, alt texts, the record's header) must be in their
// language (checkTexts): in Russian, a Latin word that is not a name players
// type fails (englishWords); in German, French and Spanish, a word only
// English messages use (englishOnly).

// inLanguages runs sweep in one language in the default run, first (each
// sweep names a different one, so that together they speak every language),
// and in all four with the long runs (KILAB_LONG=1), as parallel subtests.
func inLanguages(t *testing.T, first lang.Tag, sweep func(t *testing.T, tag lang.Tag)) {
	t.Parallel()
	testlong.SkipWholeGame(t)
	tags := []lang.Tag{first}
	if testlong.On() {
		tags = []lang.Tag{lang.Russian, lang.German, lang.French, lang.Spanish}
	}
	for _, tag := range tags {
		t.Run(string(tag), func(t *testing.T) {
			t.Parallel()
			sweep(t, tag)
		})
	}
}

// moveRefusals asks, while g waits for a move by its player on move, for
// the board, the list of moves (/move with no move), an illegal move,
// garbage, and the autocomplete of /move.
func (h *harness) moveRefusals(g store.Game, illegal string) {
	h.t.Helper()
	ch, id := h.srv.ChannelID(), strconv.FormatInt(g.ID, 10)
	mover := g.Players[g.ToMove]
	h.reply(h.srv.Command(mover, ch, "board", fakediscord.Arg("game", id)))
	h.reply(h.srv.Command(g.Players[g.ToMove.Other()], ch, "board", fakediscord.Arg("game", id)))
	if m := h.reply(h.srv.Command(mover, ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", " "))); !m.Ephemeral() || !strings.Contains(m.Content, "`") {
		h.t.Errorf("/move with no move: %q", m.Content)
	}
	for _, mv := range []string{illegal, "9zz"} {
		if m := h.reply(h.srv.Command(mover, ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", mv))); !m.Ephemeral() {
			h.t.Errorf("/move %s was not refused: %q", mv, m.Content)
		}
	}
	h.reply(h.srv.Command(g.Players[g.ToMove.Other()], ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", illegal)))
	for _, user := range g.Players {
		if _, err := h.srv.Autocomplete(user, ch, "move", fakediscord.Focus("game", ""), fakediscord.Arg("move", "")).Choices(h.ctx); err != nil {
			h.t.Fatal(err)
		}
	}
	moves, err := h.srv.Autocomplete(mover, ch, "move", fakediscord.Arg("game", id), fakediscord.Focus("move", "")).Choices(h.ctx)
	if err != nil || len(moves) == 0 {
		h.t.Fatalf("move choices %v, %v", moves, err)
	}
	if g2 := h.game(g.ID); g2.Version != g.Version {
		h.t.Fatalf("asking moved the game on: version %d, was %d", g2.Version, g.Version)
	}
}

// A whole game of Tab by clicks, with /board, /move's list and refusals and
// its autocomplete on the way; then a rematch, in which a draw is offered and
// declined, a resignation asked for and confirmed; then /games, /stats,
// /leaderboard, /history and /settings.
func TestE2ESweepTab(t *testing.T) { inLanguages(t, lang.Russian, sweepTab) }

func sweepTab(t *testing.T, tag lang.Tag) {
	h := newHarness(t, 81)
	users := h.speakers(string(tag), "ana", "bo")
	ana, bo := users[0], users[1]
	ch := h.srv.ChannelID()
	g := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "7"))
	asked := false
	end := h.playLive(g.ID, rand.New(rand.NewPCG(81, 1)), 6000, func(n int, g store.Game, msg fakediscord.Message) {
		if n == 2 { // a click out of turn
			h.reply(h.srv.Click(g.Players[g.ToMove.Other()], msg.ID, msg.CustomIDs()[0]))
		}
		if !asked && n > 10 && h.due(g) == games.DueMove {
			h.moveRefusals(g, "6a1-a7")
			asked = true
		}
	})
	if end.Active() || !asked {
		t.Fatalf("Tab: over %v, moves asked for %v", !end.Active(), asked)
	}
	final := h.waitBoard(end.ThreadID, func(m fakediscord.Message) bool { return hasButton(m, "r/") })
	rematch := h.buttonWith(final, "r/")
	h.reply(h.srv.Click(bo.ID, final.ID, rematch.CustomID))
	h.reply(h.srv.Click(ana.ID, final.ID, rematch.CustomID)) // offered already
	offer := h.waitBoard(ch, func(m fakediscord.Message) bool { return m.InteractionID == "" && hasButton(m, "c/a/") })
	h.reply(h.srv.Click(ana.ID, offer.ID, h.buttonWith(offer, "c/a/").CustomID))
	next := h.newGame(ana.ID)
	nid := strconv.FormatInt(next.ID, 10)

	// Before anyone moved, resigning aborts: asked, and kept playing.
	prompt := h.reply(h.srv.Command(ana.ID, ch, "resign", fakediscord.Arg("game", nid)))
	h.reply(h.srv.Click(ana.ID, prompt.ID, h.buttonWith(prompt, "q/k/").CustomID))
	next = h.untilBothMovedLive(next.ID, rand.New(rand.NewPCG(81, 2)))
	h.reply(h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", nid)))
	h.reply(h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", nid))) // stands already
	h.deliver()
	drawOffer := h.waitControls(next.ThreadID, "d/d/")
	h.reply(h.srv.Click(ana.ID, drawOffer.ID, h.buttonWith(drawOffer, "d/a/").CustomID)) // their own offer
	h.reply(h.srv.Click(bo.ID, drawOffer.ID, h.buttonWith(drawOffer, "d/d/").CustomID))
	prompt = h.reply(h.srv.Command(bo.ID, ch, "resign", fakediscord.Arg("game", nid)))
	h.reply(h.srv.Click(bo.ID, prompt.ID, h.buttonWith(prompt, "q/y/").CustomID))
	if g := h.game(next.ID); g.Active() || g.Reason != store.ReasonResignation {
		t.Fatalf("after resigning: %v %q", g.Result, g.Reason)
	}
	h.reply(h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", nid))) // over
	h.deliver()

	for _, ix := range []*fakediscord.Interaction{
		h.srv.Command(ana.ID, ch, "games"),
		h.srv.Command(ana.ID, ch, "games", fakediscord.Arg("user", bo.ID)),
		h.srv.Command(bo.ID, ch, "stats"),
		h.srv.Command(bo.ID, ch, "stats", fakediscord.Arg("user", ana.ID)),
		h.srv.Command(ana.ID, ch, "leaderboard", fakediscord.Arg("game", "tab")),
		h.srv.Command(ana.ID, ch, "leaderboard", fakediscord.Arg("game", "seega")),
		h.srv.Command(ana.ID, ch, "settings"),
		h.srv.Command(ana.ID, ch, "settings", fakediscord.Arg("dms", false), fakediscord.Arg("automove", false)),
		h.srv.Command(ana.ID, ch, "settings", fakediscord.Arg("dms", true), fakediscord.Arg("automove", true)),
		h.srv.Command(ana.ID, ch, "rules", fakediscord.Arg("game", "tab")),
		h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", "x9")),
		h.srv.Command(ana.ID, ch, "vacation", fakediscord.Sub("end")),
	} {
		h.reply(ix)
	}
	h.slowReply(h.srv.Command(bo.ID, ch, "history", fakediscord.Arg("game", strconv.FormatInt(end.ID, 10))))
	if _, err := h.srv.Autocomplete(ana.ID, ch, "history", fakediscord.Focus("game", "")).Choices(h.ctx); err != nil {
		t.Fatal(err)
	}
	h.deliver()
	checkSaid(t, h.srv, tag, 100, ana, bo)
}

// untilBothMovedLive is untilBothMoved for boards in any language.
func (h *harness) untilBothMovedLive(id int64, rng *rand.Rand) store.Game {
	h.t.Helper()
	for n := 0; n < 500; n++ {
		g, msg := h.board(id)
		if g.Moved[0] > 0 && g.Moved[1] > 0 {
			return g
		}
		h.stepLive(g, msg, rng)
	}
	h.t.Fatal("players never both moved")
	return store.Game{}
}

// A whole game of Seega by clicks, through the placement's picker in steps,
// with /move's list and refusals while placing and while moving.
func TestE2ESweepSeega(t *testing.T) { inLanguages(t, lang.German, sweepSeega) }

func sweepSeega(t *testing.T, tag lang.Tag) {
	h := newHarness(t, 82)
	users := h.speakers(string(tag), "ana", "bo")
	ana, bo := users[0], users[1]
	g := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("first", "me"))
	placing, moving := false, false
	end := h.playLive(g.ID, rand.New(rand.NewPCG(82, 1)), 6000, func(n int, g store.Game, msg fakediscord.Message) {
		if !placing {
			h.moveRefusals(g, "C3+A1")
			placing = true
		}
		if !moving && strings.Contains(g.Position, " move ") {
			h.moveRefusals(g, "a1-e5")
			h.reply(h.srv.Command(g.Players[g.ToMove], h.srv.ChannelID(), "move", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10)), fakediscord.Arg("move", "pass")))
			moving = true
		}
	})
	if end.Active() || !placing || !moving {
		t.Fatalf("Seega: over %v, asked while placing %v and moving %v", !end.Active(), placing, moving)
	}
	h.waitBoard(end.ThreadID, func(m fakediscord.Message) bool { return hasButton(m, "r/") })
	h.slowReply(h.srv.Command(ana.ID, h.srv.ChannelID(), "history", fakediscord.Arg("game", strconv.FormatInt(end.ID, 10))))
	h.deliver()
	checkSaid(t, h.srv, tag, 100, ana, bo)
}

// A whole game of Aseb against the computer, its review and record, a
// rematch against it and a resignation there.
func TestE2ESweepComputer(t *testing.T) { inLanguages(t, lang.French, sweepComputer) }

func sweepComputer(t *testing.T, tag lang.Tag) {
	h := newHarness(t, 83)
	ana := h.speakers(string(tag), "ana")[0]
	ch := h.srv.ChannelID()
	_, g := h.challengeComputer(ana, "aseb", fakediscord.Arg("level", "easy"))
	rng := rand.New(rand.NewPCG(83, 1))
	for n := 0; n < 3000; n++ {
		g = h.waitGame(g.ID, "the person's turn or the end", func(g store.Game) bool { return !g.ComputerOnMove() })
		if !g.Active() {
			break
		}
		g2, board := h.board(g.ID)
		h.stepLive(g2, board, rng)
	}
	if g.Active() {
		t.Fatalf("game not over: %+v", g)
	}
	id := strconv.FormatInt(g.ID, 10)
	final := h.waitBoard(g.ThreadID, func(m fakediscord.Message) bool { return hasButton(m, "r/") })
	h.slowReply(h.srv.Command(ana.ID, ch, "review", fakediscord.Arg("game", id)))
	h.slowReply(h.srv.Command(ana.ID, ch, "history", fakediscord.Arg("game", id)))
	h.reply(h.srv.Command(ana.ID, ch, "stats"))
	h.reply(h.srv.Click(ana.ID, final.ID, h.buttonWith(final, "r/").CustomID))
	next := h.newGame(ana.ID)
	if next.ID == g.ID {
		t.Fatal("no rematch")
	}
	nid := strconv.FormatInt(next.ID, 10)
	h.reply(h.srv.Command(ana.ID, ch, "games"))
	h.reply(h.srv.Command(ana.ID, ch, "draw", fakediscord.Arg("game", nid)))
	h.reply(h.srv.Command(ana.ID, ch, "review", fakediscord.Arg("game", nid)))
	next = h.waitGame(next.ID, "the person's turn", func(g store.Game) bool { return !g.ComputerOnMove() })
	prompt := h.reply(h.srv.Command(ana.ID, ch, "resign", fakediscord.Arg("game", nid)))
	confirm := h.buttonWith(prompt, "q/")
	h.reply(h.srv.Click(ana.ID, prompt.ID, confirm.CustomID))
	h.deliver()
	checkSaid(t, h.srv, tag, 60, ana)
}

// A vacation taken and cut short, then a reminder and a loss on time.
func TestE2ESweepVacationAndTime(t *testing.T) { inLanguages(t, lang.Spanish, sweepVacationAndTime) }

func sweepVacationAndTime(t *testing.T, tag lang.Tag) {
	h := newHarness(t, 84)
	users := h.speakers(string(tag), "ana", "bo")
	ana, bo := users[0], users[1]
	ch := h.srv.ChannelID()
	id := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("time", 1)).ID
	g := h.untilBothMovedLive(id, rand.New(rand.NewPCG(84, 1)))
	away, other := g.Players[g.ToMove], g.Players[g.ToMove.Other()]
	h.reply(h.srv.Command(away, ch, "vacation", fakediscord.Sub("end"))) // not on vacation
	h.reply(h.srv.Command(away, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 3))))
	h.reply(h.srv.Command(away, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 1)))) // already
	h.reply(h.srv.Command(other, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 30))))
	h.reply(h.srv.Command(other, ch, "vacation", fakediscord.Sub("end")))
	h.reply(h.srv.Command(other, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 1)))) // none left
	h.deliver()
	h.reply(h.srv.Command(other, ch, "board", fakediscord.Arg("game", strconv.FormatInt(id, 10))))
	h.reply(h.srv.Command(other, ch, "games"))
	h.clock.Add(48 * time.Hour)
	h.reply(h.srv.Command(away, ch, "vacation", fakediscord.Sub("end")))
	h.deliver()
	back := h.game(id)
	h.clock.Add(back.RemindAt.Sub(h.clock.Now()))
	h.sweep()
	if n := len(h.srv.Messages(h.srv.DMChannel(away))); n == 0 {
		t.Fatal("no DMs, no reminder")
	}
	h.clock.Add(back.Deadline.Sub(h.clock.Now()) + time.Minute)
	h.sweep()
	if end := h.game(id); end.Active() || end.Reason != store.ReasonTimeout {
		t.Fatalf("after the deadline: %v %q", end.Result, end.Reason)
	}
	h.deliver()
	h.reply(h.srv.Command(other, ch, "stats"))
	h.slowReply(h.srv.Command(other, ch, "history", fakediscord.Arg("game", strconv.FormatInt(id, 10))))

	// A game nobody moves in is aborted on time; a challenge nobody
	// answers expires.
	id2 := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("time", 1)).ID
	h.reply(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("tab", fakediscord.Arg("opponent", bo.ID))))
	h.clock.Add(25 * time.Hour)
	h.sweep()
	h.sweep()
	if end := h.game(id2); end.Result != store.Aborted {
		t.Fatalf("unplayed game on time: %v %q", end.Result, end.Reason)
	}
	h.deliver()
	h.slowReply(h.srv.Command(ana.ID, ch, "history", fakediscord.Arg("game", strconv.FormatInt(id2, 10))))
	checkSaid(t, h.srv, tag, 40, ana, bo)
}

// A small Swiss tournament: joining and leaving before it starts, standings
// asked too early, two rounds with a player leaving in the second, and the
// final standings.
func TestE2ESweepTournament(t *testing.T) { inLanguages(t, lang.Russian, sweepTournament) }

func sweepTournament(t *testing.T, tag lang.Tag) {
	h := newHarness(t, 85)
	users := h.speakers(string(tag), "admin", "ana", "bo", "cy", "di")
	admin, players := users[0], users[1:]
	ch := h.srv.ChannelID()
	ann := h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("create",
		fakediscord.Sub("aseb", fakediscord.Arg("format", "swiss"), fakediscord.Arg("rounds", 2), fakediscord.Arg("time", 1)))))
	ts, err := h.db.Tournaments(h.ctx, h.srv.Guild().ID, 1)
	if err != nil || len(ts) != 1 {
		t.Fatalf("tournaments %v, %v", ts, err)
	}
	tid := strconv.FormatInt(ts[0].ID, 10)
	join, leave := "t/j/"+tid, "t/l/"+tid
	h.reply(h.srv.Command(admin.ID, ch, "standings"))                                                                // not started
	h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("start", fakediscord.Arg("tournament", tid)))) // too few
	for _, p := range players {
		ann = h.reply(h.srv.Click(p.ID, ann.ID, join))
	}
	h.reply(h.srv.Click(players[3].ID, ann.ID, leave))
	h.reply(h.srv.Click(players[3].ID, ann.ID, leave)) // not in it
	h.reply(h.srv.Click(players[3].ID, ann.ID, join))
	h.reply(h.srv.Click(admin.ID, ann.ID, join))
	h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("start", fakediscord.Arg("tournament", tid))))
	h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("start", fakediscord.Arg("tournament", tid)))) // running
	h.deliver()
	rng := rand.New(rand.NewPCG(85, 1))
	loser := func(g store.Game) string { return g.Players[1] }
	tm := h.finishRoundLive(ts[0].ID, rng, loser)
	h.reply(h.srv.Command(players[0].ID, ch, "standings"))
	_, gs := h.roundGames(tm.ID)
	if len(gs) == 0 {
		t.Fatalf("no second round: %+v", tm)
	}
	leaver := gs[0].Players[1]
	prompt := h.reply(h.srv.Click(leaver, ann.ID, leave))
	h.reply(h.srv.Click(leaver, prompt.ID, h.buttonWith(prompt, "t/w/").CustomID))
	h.deliver()
	tm = h.finishRoundLive(tm.ID, rng, loser)
	if tm.Status != store.TournamentFinished {
		t.Fatalf("after two rounds: %+v", tm)
	}
	h.reply(h.srv.Command(players[1].ID, ch, "standings", fakediscord.Arg("tournament", tid)))
	if _, err := h.srv.Autocomplete(admin.ID, ch, "standings", fakediscord.Focus("tournament", "")).Choices(h.ctx); err != nil {
		t.Fatal(err)
	}
	h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("cancel", fakediscord.Arg("tournament", tid)))) // over
	if gs := h.finishedGames(tm.ID); len(gs) > 0 {
		h.slowReply(h.srv.Command(players[0].ID, ch, "history", fakediscord.Arg("game", strconv.FormatInt(gs[0], 10))))
	}

	// A round robin of Tab: a player leaves in the first round and forfeits
	// the rest; the tournament is cancelled while it runs.
	rr := h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("create",
		fakediscord.Sub("tab", fakediscord.Arg("format", "round-robin"), fakediscord.Arg("rated", false)))))
	ts, _ = h.db.Tournaments(h.ctx, h.srv.Guild().ID, 1)
	rid := strconv.FormatInt(ts[0].ID, 10)
	for _, p := range players[:3] {
		rr = h.reply(h.srv.Click(p.ID, rr.ID, "t/j/"+rid))
	}
	h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("start", fakediscord.Arg("tournament", rid))))
	h.deliver()
	_, gs = h.roundGames(ts[0].ID)
	if len(gs) == 0 {
		t.Fatal("the round robin has no games")
	}
	leaver = gs[0].Players[0]
	prompt = h.reply(h.srv.Click(leaver, rr.ID, "t/l/"+rid))
	h.reply(h.srv.Click(leaver, prompt.ID, h.buttonWith(prompt, "t/w/").CustomID))
	h.deliver()
	h.reply(h.srv.Command(admin.ID, ch, "standings", fakediscord.Arg("tournament", rid)))
	if tm := h.tournament(ts[0].ID); tm.Status == store.TournamentRunning {
		h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("cancel", fakediscord.Arg("tournament", rid))))
	}
	h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("cancel", fakediscord.Arg("tournament", rid))))
	h.reply(h.srv.Command(players[0].ID, ch, "leaderboard", fakediscord.Arg("game", "aseb")))
	h.reply(h.srv.Command(players[0].ID, ch, "stats"))
	h.deliver()
	checkSaid(t, h.srv, tag, 100, users...)
}

// finishedGames are the games tournament id's pairings were played in.
func (h *harness) finishedGames(id int64) []int64 {
	h.t.Helper()
	ps, err := h.db.Pairings(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []int64
	for _, p := range ps {
		if p.Game != 0 {
			out = append(out, p.Game)
		}
	}
	return out
}

// finishRoundLive is finishRound for prompts in any language: a few clicks
// in the round's first game, then the player loser names resigns each.
func (h *harness) finishRoundLive(id int64, rng *rand.Rand, loser func(store.Game) string) store.Tournament {
	h.t.Helper()
	t, gs := h.roundGames(id)
	if len(gs) == 0 {
		h.t.Fatalf("round %d of tournament %d has no games in play", t.Round, id)
	}
	for k, g := range gs {
		if k == 0 {
			for range 3 {
				cur, msg := h.board(g.ID)
				h.stepLive(cur, msg, rng)
			}
		}
		user := loser(h.game(g.ID))
		prompt := h.reply(h.srv.Command(user, h.srv.ChannelID(), "resign", fakediscord.Arg("game", fmt.Sprint(g.ID))))
		h.reply(h.srv.Click(user, prompt.ID, h.buttonWith(prompt, "q/").CustomID))
		h.deliver()
	}
	t, _ = h.db.Tournament(h.ctx, id)
	return t
}

// dmTurn plays the rest of the current turn of game id in its thread, then
// the next player's turn through the controls of their turn DM.
func (h *harness) dmTurn(id int64, rng *rand.Rand) {
	h.t.Helper()
	g := h.game(id)
	for start := g.ToMove; g.Active() && g.ToMove == start; {
		var board fakediscord.Message
		g, board = h.board(id)
		h.stepLive(g, board, rng)
		g = h.game(id)
	}
	if !g.Active() {
		return
	}
	prefix := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	dm, err := h.srv.WaitMessage(ctx, h.srv.DMChannel(g.Players[g.ToMove]), func(m fakediscord.Message) bool {
		return hasButton(m, prefix) || len(m.Selects()) > 0 && strings.HasPrefix(m.Selects()[0].CustomID, prefix)
	})
	if err != nil {
		h.t.Fatalf("game %d: no turn DM with controls for %s: %v", id, prefix, err)
	}
	// The turn goes on in the DM, whose clicks update the DM.
	for n := 0; n < 50; n++ {
		before := g
		dm = h.stepLive(g, dm, rng)
		if g = h.game(id); !g.Active() || g.ToMove != before.ToMove || !hasButton(dm, fmt.Sprintf("g/%d/%d/", g.ID, g.Version)) && len(dm.Selects()) == 0 {
			return
		}
	}
}

// Odds and ends: challenges refused, declined, cancelled and taken by
// someone else than a named opponent; each game's variants a few turns
// deep, played from DMs too; the computer on move; stale and forged clicks;
// commands in DMs and from another server; closed DMs; leaderboard pages.
func TestE2ESweepMore(t *testing.T) { inLanguages(t, lang.German, sweepMore) }

func sweepMore(t *testing.T, tag lang.Tag) {
	h := newHarness(t, 86)
	users := h.speakers(string(tag), "ana", "bo", "cy")
	ana, bo, cy := users[0], users[1], users[2]
	ch := h.srv.ChannelID()
	other := h.srv.AddBotUser("robo")
	chal := func(user string, game string, opts ...fakediscord.Opt) fakediscord.Message {
		return h.reply(h.srv.Command(user, ch, "challenge", fakediscord.Sub(game, opts...)))
	}
	chal(ana.ID, "aseb", fakediscord.Arg("opponent", ana.ID))
	chal(ana.ID, "aseb", fakediscord.Arg("opponent", other.ID))
	chal(ana.ID, "tab", fakediscord.Arg("opponent", bo.ID), fakediscord.Arg("level", "hard"))
	chal(ana.ID, "aseb", fakediscord.Arg("opponent", bo.ID), fakediscord.Arg("variant", "royalur"), fakediscord.Arg("house4", true))
	chal(ana.ID, "aseb", fakediscord.Arg("opponent", bo.ID), fakediscord.Arg("pieces", "7"), fakediscord.Arg("variant", "twenty-squares"))

	// Declined by the opponent after someone else's click; cancelled by
	// the challenger after their own accept.
	post := chal(ana.ID, "seega", fakediscord.Arg("opponent", bo.ID), fakediscord.Arg("size", "7"), fakediscord.Arg("variant", "lane"))
	h.reply(h.srv.Click(cy.ID, post.ID, h.buttonWith(post, "c/a/").CustomID))
	h.reply(h.srv.Click(bo.ID, post.ID, h.buttonWith(post, "c/d/").CustomID))
	post = chal(ana.ID, "tab", fakediscord.Arg("width", "9"))
	h.reply(h.srv.Click(ana.ID, post.ID, h.buttonWith(post, "c/a/").CustomID))
	h.reply(h.srv.Click(ana.ID, post.ID, h.buttonWith(post, "c/x/").CustomID))
	h.reply(h.srv.ForgeClick(bo.ID, ch, post.ID, h.buttonWith(post, "c/a/").CustomID)) // closed

	// Open challenges taken by whoever clicks first, in each variant.
	rng := rand.New(rand.NewPCG(86, 1))
	var ids []int64
	for _, c := range []struct {
		game string
		opts []fakediscord.Opt
	}{
		{"aseb", []fakediscord.Opt{fakediscord.Arg("variant", "standard"), fakediscord.Arg("pieces", "7"), fakediscord.Arg("dice", "d4"), fakediscord.Arg("rated", false)}},
		{"aseb", []fakediscord.Opt{fakediscord.Arg("variant", "twenty-squares"), fakediscord.Arg("house4", true), fakediscord.Arg("enter-past-own", true), fakediscord.Arg("first", "opponent")}},
		{"aseb", []fakediscord.Opt{fakediscord.Arg("variant", "royalur"), fakediscord.Arg("time", 7)}},
		{"tab", []fakediscord.Opt{fakediscord.Arg("width", "9"), fakediscord.Arg("time", 14)}},
		{"seega", []fakediscord.Opt{fakediscord.Arg("size", "7"), fakediscord.Arg("variant", "lane")}},
	} {
		post := chal(ana.ID, c.game, c.opts...)
		h.reply(h.srv.Click(cy.ID, post.ID, h.buttonWith(post, "c/a/").CustomID))
		g := h.newGame(cy.ID)
		ids = append(ids, g.ID)
		for range 4 {
			h.dmTurn(g.ID, rng)
		}
		h.reply(h.srv.Command(cy.ID, ch, "board", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10))))
	}

	// A click on a board that has moved on, and forged ones.
	g, msg := h.board(ids[0])
	for h.game(g.ID).Version == g.Version {
		h.stepLive(h.game(g.ID), msg, rng)
		_, msg = h.board(g.ID)
	}
	old, _ := h.srv.Message(msg.ID)
	if cids := old.CustomIDs(); len(cids) > 0 {
		h.reply(h.srv.Click(h.game(g.ID).Players[h.game(g.ID).ToMove], old.ID, cids[0]))
	}
	h.reply(h.srv.ForgeClick(cy.ID, ch, post.ID, "g/99999/1/t"))
	h.reply(h.srv.ForgeClick(cy.ID, ch, post.ID, "zz"))

	// Against the computer: Tab with it moving first, Seega at its hardest.
	for _, c := range []struct{ game, level string }{{"tab", "medium"}, {"seega", "hard"}} {
		_, g := h.challengeComputer(bo, c.game, fakediscord.Arg("level", c.level), fakediscord.Arg("first", "opponent"))
		for range 6 {
			g = h.waitGame(g.ID, "the person's turn or the end", func(g store.Game) bool { return !g.ComputerOnMove() })
			if !g.Active() {
				break
			}
			cur, board := h.board(g.ID)
			h.stepLive(cur, board, rng)
		}
	}

	// Commands where they do not belong, and what they answer there.
	// (/leaderboard, /stats and /challenge are not offered in DMs at all.)
	id := strconv.FormatInt(ids[1], 10)
	dm := h.srv.DMChannel(cy.ID)
	for _, ix := range []*fakediscord.Interaction{
		h.srv.Command(cy.ID, dm, "games"),
		h.srv.Command(cy.ID, dm, "board", fakediscord.Arg("game", id)),
		h.srv.Command(cy.ID, dm, "history", fakediscord.Arg("game", id)),
		h.srv.Command(bo.ID, h.srv.DMChannel(bo.ID), "settings"),
		h.srv.Command(bo.ID, ch, "review", fakediscord.Arg("game", id)),
		h.srv.Command(bo.ID, ch, "resign", fakediscord.Arg("game", id)),
		h.srv.Command(bo.ID, ch, "draw", fakediscord.Arg("game", id)),
		h.srv.Command(bo.ID, ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", "throw")),
		h.srv.Command(cy.ID, ch, "draw", fakediscord.Arg("game", id)),
		h.srv.Command(cy.ID, ch, "board", fakediscord.Arg("game", "99999")),
		h.srv.Command(cy.ID, ch, "leaderboard", fakediscord.Arg("game", "tab")),
		h.srv.Command(cy.ID, ch, "standings"),
		h.srv.Command(cy.ID, ch, "rules", fakediscord.Arg("game", "seega")),
	} {
		h.reply(ix)
	}
	elsewhere := h.srv.AddGuild("Mehen Club").ChannelID
	h.reply(h.srv.Command(cy.ID, elsewhere, "board", fakediscord.Arg("game", id)))
	h.reply(h.srv.Command(cy.ID, elsewhere, "games"))

	// Closed DMs: the bot notices at cy's next turn, and /settings says so.
	h.srv.CloseDMs(cy.ID)
	for n, others := 0, false; n < 100; n++ {
		g, board := h.board(ids[2])
		if !g.Active() || others && g.Players[g.ToMove] == cy.ID {
			break
		}
		others = others || g.Players[g.ToMove] != cy.ID
		h.stepLive(g, board, rng)
	}
	h.deliver()
	if s, err := h.db.Settings(h.ctx, cy.ID); err != nil || s.DMsClosed.IsZero() {
		t.Fatalf("closed DMs not noticed: %+v, %v", s, err)
	}
	h.reply(h.srv.Command(cy.ID, ch, "settings"))
	h.reply(h.srv.Command(cy.ID, ch, "settings", fakediscord.Arg("reminders", false), fakediscord.Arg("autothrow", false)))

	// Leaderboard pages.
	for n := range 12 {
		h.infoRated("tab", fmt.Sprintf("30000000000000000%02d", 2*n), fmt.Sprintf("30000000000000000%02d", 2*n+1), store.FirstWins)
	}
	lb := h.reply(h.srv.Command(ana.ID, ch, "leaderboard", fakediscord.Arg("game", "tab")))
	for range 2 { // the page after, then back
		for _, b := range lb.Buttons() {
			if !b.Disabled {
				lb = h.reply(h.srv.Click(ana.ID, lb.ID, b.CustomID))
				break
			}
		}
	}
	h.deliver()
	checkSaid(t, h.srv, tag, 100, append(users, other)...)
}

// waitControls waits for a message in channel with a button whose
// custom_id starts with prefix.
func (h *harness) waitControls(channel, prefix string) fakediscord.Message {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	m, err := h.srv.WaitMessage(ctx, channel, func(m fakediscord.Message) bool { return hasButton(m, prefix) })
	if err != nil {
		h.t.Fatalf("no message with a %s… button in %s: %v", prefix, channel, err)
	}
	return m
}
