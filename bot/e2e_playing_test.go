package bot_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/store"
)

// noAutoMove turns automatic only moves off for users, for tests that click
// through forced moves themselves.
func (h *harness) noAutoMove(users ...fakediscord.User) {
	h.t.Helper()
	for _, u := range users {
		if m := h.reply(h.srv.Command(u.ID, h.srv.ChannelID(), "settings", fakediscord.Arg("automove", false))); !strings.Contains(m.Content, "played for you: **off**") {
			h.t.Fatalf("/settings automove:false answered %q", m.Content)
		}
	}
}

// resign runs /resign for user and confirms it with the prompt's Resign
// button; it returns the prompt as the click left it.
func (h *harness) resign(user string, id int64) fakediscord.Message {
	h.t.Helper()
	prompt := h.reply(h.srv.Command(user, h.srv.ChannelID(), "resign", fakediscord.Arg("game", strconv.FormatInt(id, 10))))
	btn, ok := prompt.Button("Resign")
	if !ok || !prompt.Ephemeral() {
		h.t.Fatalf("/resign prompt %q (ephemeral %v), controls %v", prompt.Content, prompt.Ephemeral(), prompt.CustomIDs())
	}
	return h.reply(h.srv.Click(user, prompt.ID, btn.CustomID))
}

// untilOnlyAThrow plays an Aseb game from its start until the first player
// has chosen a move and the second has thrown and must move: neither the
// throw nor anything the server played counts as the second player's move.
func (h *harness) untilOnlyAThrow(id int64, rng *rand.Rand) store.Game {
	h.t.Helper()
	for n := 0; n < 100; n++ {
		g, msg := h.board(id)
		s, err := games.Lookup(g.Kind)
		if err != nil {
			h.t.Fatal(err)
		}
		pos, err := s.Parse(g.Config, g.Position)
		if err != nil {
			h.t.Fatal(err)
		}
		if g.ToMove == games.Second && pos.Due().Kind == games.DueMove && g.Moved[0] > 0 {
			if g.Moved[1] != 0 {
				h.t.Fatalf("the second player has only thrown, yet counts %d moves", g.Moved[1])
			}
			return g
		}
		h.step(g, msg, rng)
	}
	h.t.Fatal("never reached the second player's first move")
	return store.Game{}
}

// /resign asks first, privately; Keep playing leaves the game alone; the
// prompt's buttons work only for the player they were made for and only while
// the game goes on, and forged ones are refused.
func TestE2EResignAsksFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 50)
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	ch := h.srv.ChannelID()
	g := h.challengeAccepted(ana, bo, "seega")
	id := strconv.FormatInt(g.ID, 10)
	prompt := h.reply(h.srv.Command(bo.ID, ch, "resign", fakediscord.Arg("game", id)))
	resign, ok1 := prompt.Button("Resign")
	keep, ok2 := prompt.Button("Keep playing")
	if !ok1 || !ok2 || !prompt.Ephemeral() || !strings.Contains(prompt.Content, "aborted") {
		t.Fatalf("/resign answered %q (ephemeral %v) with %v", prompt.Content, prompt.Ephemeral(), prompt.CustomIDs())
	}
	if !h.game(g.ID).Active() {
		t.Fatal("/resign ended the game before it was confirmed")
	}
	if m := h.reply(h.srv.Click(bo.ID, prompt.ID, keep.CustomID)); !strings.Contains(m.Content, "goes on") || len(m.CustomIDs()) != 0 {
		t.Errorf("Keep playing: %q, controls %v", m.Content, m.CustomIDs())
	}
	if !h.game(g.ID).Active() {
		t.Fatal("Keep playing ended the game")
	}
	h.ephemeralSays(h.srv.ForgeClick(cy.ID, ch, prompt.ID, resign.CustomID), "not playing")
	h.ephemeralSays(h.srv.ForgeClick(bo.ID, ch, prompt.ID, "q/z/"+id), "not one of Kilab's")
	h.ephemeralSays(h.srv.ForgeClick(bo.ID, ch, prompt.ID, "q/y/x"+id), "not one of Kilab's")
	h.ephemeralSays(h.srv.ForgeClick(bo.ID, ch, prompt.ID, "q/y/999"), "could not find")
	// A button promising a loss, where resigning would now abort, asks again.
	if m := h.reply(h.srv.ForgeClick(bo.ID, ch, prompt.ID, "q/y/"+id)); !strings.Contains(m.Content, "changed") || !h.game(g.ID).Active() {
		t.Errorf("a stale promise: %q", m.Content)
	}
	if m := h.resign(bo.ID, g.ID); !strings.Contains(m.Content, "aborted") || len(m.CustomIDs()) != 0 {
		t.Errorf("after Resign: %q, controls %v", m.Content, m.CustomIDs())
	}
	h.ephemeralSays(h.srv.ForgeClick(bo.ID, ch, prompt.ID, resign.CustomID), "over")
	h.ephemeralSays(h.srv.ForgeClick(bo.ID, ch, prompt.ID, keep.CustomID), "over")
	h.ephemeralSays(h.srv.Command(bo.ID, ch, "resign", fakediscord.Arg("game", id)), "over")
}

// Resigning before having made a move is an unrated abort, as running out of
// time then is: a throw is not a move of one's own. Once both have moved, it
// is a rated loss.
func TestE2EResignBeforeMovingAborts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 51)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me"))
	g = h.untilOnlyAThrow(g.ID, rand.New(rand.NewPCG(5, 51)))
	h.resign(bo.ID, g.ID)
	end := h.game(g.ID)
	if end.Result != store.Aborted || end.Reason != store.ReasonAbort || end.RatingDelta != [2]float64{} {
		t.Fatalf("resigned after only a throw: %v %q, deltas %v", end.Result, end.Reason, end.RatingDelta)
	}
	for _, u := range []string{ana.ID, bo.ID} {
		if _, err := h.db.Standing(h.ctx, h.srv.Guild().ID, "aseb", u); err == nil {
			t.Error("an aborted resignation gave a rating")
		}
	}
	g = h.challengeAccepted(ana, bo, "aseb")
	h.untilBothMoved(g.ID, rand.New(rand.NewPCG(6, 51)))
	h.resign(bo.ID, g.ID)
	end = h.game(g.ID)
	if w, won := end.Result.Winner(); !won || end.Players[w] != ana.ID || end.Reason != store.ReasonResignation || end.RatingDelta[0] == 0 {
		t.Fatalf("resigned after both moved: %v %q, deltas %v", end.Result, end.Reason, end.RatingDelta)
	}
}

// A player who has only thrown has not moved: when their time runs out the
// game is aborted, unrated, not lost on time; the reminder before says so.
func TestE2EThrowIsNotAMoveOnTime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 52)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me"), fakediscord.Arg("time", 1))
	g = h.untilOnlyAThrow(g.ID, rand.New(rand.NewPCG(7, 52)))
	h.clock.Add(g.Deadline.Sub(h.clock.Now()) - time.Hour)
	h.sweep()
	dm := h.srv.DMChannel(bo.ID)
	for _, m := range h.srv.Messages(dm) {
		if strings.Contains(m.Content, "Reminder") && (!strings.Contains(m.Content, "aborted") || strings.Contains(m.Content, "lost on time")) {
			t.Errorf("reminder in a game that would be aborted: %q", m.Content)
		}
	}
	if n := h.count(dm, "Reminder"); n != 1 {
		t.Fatalf("%d reminders", n)
	}
	h.clock.Add(2 * time.Hour)
	h.sweep()
	end := h.game(g.ID)
	if end.Result != store.Aborted || end.Reason != store.ReasonAbort || end.RatingDelta != [2]float64{} {
		t.Fatalf("time ran out after only a throw: %v %q, deltas %v", end.Result, end.Reason, end.RatingDelta)
	}
	if _, err := h.db.Standing(h.ctx, h.srv.Guild().ID, "aseb", ana.ID); err == nil {
		t.Error("the aborted game gave a rating")
	}
}

// reminders:false is kept: no reminder comes, though turn DMs still do.
func TestE2ERemindersOff(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 53)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	if m := h.reply(h.srv.Command(bo.ID, h.srv.ChannelID(), "settings", fakediscord.Arg("reminders", false))); !strings.Contains(m.Content, "Reminders: **off**") {
		t.Fatalf("/settings reminders:false answered %q", m.Content)
	}
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "opponent"), fakediscord.Arg("time", 1))
	dm := h.srv.DMChannel(bo.ID)
	h.deliver()
	if len(h.srv.Messages(dm)) == 0 {
		t.Fatal("no turn DM with turn DMs on")
	}
	h.clock.Add(g.Deadline.Sub(h.clock.Now()) - time.Hour)
	h.sweep()
	h.sweep()
	if n := h.count(dm, "Reminder"); n != 0 {
		t.Fatalf("%d reminders with reminders off", n)
	}
	if g := h.game(g.ID); !g.Active() {
		t.Fatal("the game ended before its deadline")
	}
}

// A /move without a move is neither a throw nor a move: the player is told
// what to type, with the moves they have, and nothing is played.
func TestE2EBlankMove(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 54)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	ch := h.srv.ChannelID()
	g := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("first", "me"))
	id := strconv.FormatInt(g.ID, 10)
	m := h.reply(h.srv.Command(ana.ID, ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", " ")))
	if !m.Ephemeral() || strings.Contains(m.Content, "not a throw") || !strings.Contains(m.Content, "`A1+B1` place A1 and B1") || !strings.Contains(m.Content, "more") {
		t.Errorf("blank /move in Seega answered %q", m.Content)
	}
	if now := h.game(g.ID); now.Version != g.Version {
		t.Fatal("a blank /move played something")
	}
	h.ephemeralSays(h.srv.Command(bo.ID, ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", " ")), "not your turn")
	a := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me"))
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "move", fakediscord.Arg("game", strconv.FormatInt(a.ID, 10)), fakediscord.Arg("move", " ")), "move:throw")
	if now := h.game(a.ID); now.Version != a.Version {
		t.Fatal("a blank /move threw")
	}
}

// Move buttons are worded for players and carry the notation; /move's
// suggestions show both.
func TestE2EMoveButtonsInWords(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 55)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.noAutoMove(ana) // entering is the only move of a first throw
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me"))
	_, msg := h.board(g.ID)
	after := h.reply(h.srv.Click(ana.ID, msg.ID, msg.CustomIDs()[0])) // throw
	found := false
	for _, b := range after.Buttons() {
		if strings.Contains(b.CustomID, "/m/in-") {
			found = true
			if !strings.HasPrefix(b.Label, "enter on ") {
				t.Errorf("button %q labelled %q", b.CustomID, b.Label)
			}
		}
	}
	if !found {
		t.Fatalf("no entering move after the throw: %v", after.CustomIDs())
	}
	choices, err := h.srv.Autocomplete(ana.ID, h.srv.ChannelID(), "move", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10)), fakediscord.Focus("move", "")).Choices(h.ctx)
	if err != nil || len(choices) == 0 || !strings.HasPrefix(choices[0].Name, choices[0].Value.(string)+" · enter on ") {
		t.Fatalf("/move choices %+v, %v", choices, err)
	}
}

// A turn with only one possible move is played by itself and said, unless the
// player turned that off; it is not a move the player chose (abort rule).
func TestE2EOnlyMovePlayedByItself(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 56)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me"))
	_, msg := h.board(g.ID)
	after := h.reply(h.srv.Click(ana.ID, msg.ID, msg.CustomIDs()[0])) // throw: entering is the only move
	if !strings.Contains(after.Content, "Played by itself, needing no choice: cones enter on ") {
		t.Errorf("after the throw: %q", after.Content)
	}
	// The turn passed: the clicked board reads as an old one, and the next
	// shows the move.
	if _, next := h.board(g.ID); !strings.Contains(next.Embeds[0].Description, "**Last**: cones threw ") ||
		!strings.Contains(next.Embeds[0].Description, " and played in-") || !strings.Contains(next.Embeds[0].Description, " (enter on ") {
		t.Errorf("the next board's last move: %q", next.Embeds[0].Description)
	}
	now := h.game(g.ID)
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil || len(rec) != 1 || !strings.HasPrefix(rec[0].Move, "in-") || now.ToMove != games.Second || now.Moved[0] != 0 {
		t.Fatalf("record %+v, %v; to move %v, moved %v", rec, err, now.ToMove, now.Moved)
	}
	// bo turned it off: bo's throw waits for bo's click on the one move.
	h.noAutoMove(bo)
	_, msg = h.board(g.ID)
	after = h.reply(h.srv.Click(bo.ID, msg.ID, msg.CustomIDs()[0]))
	if strings.Contains(after.Content, "Played by itself") || h.game(g.ID).ToMove != games.Second {
		t.Fatalf("with automove off: %q, to move %v", after.Content, h.game(g.ID).ToMove)
	}
	if ids := after.CustomIDs(); len(ids) != 1 || !strings.Contains(ids[0], "/m/in-") {
		t.Errorf("bo's controls %v, want the one entering move", ids)
	}
}

// Seega lane's opening placements are each the only possible move: a new
// game starts with them played, and its first board waits for a real choice.
func TestE2ELaneOpeningPlayedByItself(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 57)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("variant", "lane"), fakediscord.Arg("size", "5"))
	now, msg := h.board(g.ID)
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil || len(rec) != 2 || rec[0].Move != "A3+E3" || rec[1].Move != "C1+C5" || now.Moved != [2]int{} {
		t.Fatalf("lane opening: record %+v, %v, moved %v", rec, err, now.Moved)
	}
	if ids := msg.CustomIDs(); len(ids) == 0 || now.ToMove != games.First {
		t.Errorf("first board after the opening: controls %v, to move %v", ids, now.ToMove)
	}
	h.deliver()
	h.checkLiveBoards(now, nil, true) // the start's board, if it went out, lost its controls
}

// With /settings autothrow on, a player's throw is made as their turn
// begins, in the commit that hands them the move, and said; the choice of
// move stays theirs. A throw is not a move of theirs (abort rule). Off by
// default: the other player still throws by click.
func TestE2EAutoThrow(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 58)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.noAutoMove(bo)
	m := h.reply(h.srv.Command(bo.ID, h.srv.ChannelID(), "settings", fakediscord.Arg("autothrow", true)))
	if !strings.Contains(m.Content, "Throws made for you: **on**") {
		t.Fatalf("/settings autothrow:true answered %q", m.Content)
	}
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me"))
	_, msg := h.board(g.ID)
	if ids := msg.CustomIDs(); len(ids) != 1 || !strings.HasSuffix(ids[0], "/t") {
		t.Fatalf("ana (autothrow off) gets %v, want the Throw button", ids)
	}
	after := h.reply(h.srv.Click(ana.ID, msg.ID, msg.CustomIDs()[0])) // ana throws; her entry is forced
	if !strings.Contains(after.Content, "spindles threw ") {
		t.Errorf("the answer does not say bo's throw was made: %q", after.Content)
	}
	now, board := h.board(g.ID)
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil || now.ToMove != games.Second || len(rec) != 2 || len(rec[1].Throws) == 0 || rec[1].Move != "" || now.Moved[1] != 0 {
		t.Fatalf("after ana's turn: record %+v, %v; to move %v, moved %v", rec, err, now.ToMove, now.Moved)
	}
	for _, id := range board.CustomIDs() {
		if strings.HasSuffix(id, "/t") {
			t.Fatalf("bo's board still asks for a throw: %v", board.CustomIDs())
		}
	}
}
