package bot_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// liveBoards are the messages in channel that still carry controls of game id.
func (h *harness) liveBoards(channel string, id int64) []fakediscord.Message {
	var live []fakediscord.Message
	prefix := fmt.Sprintf("g/%d/", id)
	for _, m := range h.srv.Messages(channel) {
		for _, cid := range m.CustomIDs() {
			if strings.HasPrefix(cid, prefix) {
				live = append(live, m)
				break
			}
		}
	}
	return live
}

// checkLiveBoards fails unless the thread and each player's DMs hold at most
// one board of the game with controls; once a turn has passed (newTurn) or
// the game ended, only boards of the current version may have them. A board
// whose edit Discord refused (except) is not counted. Within a turn, the board
// the player did not use keeps its buttons until the turn ends: they answer
// "out of date".
func (h *harness) checkLiveBoards(g store.Game, except *fakediscord.Message, newTurn bool) {
	h.t.Helper()
	current := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	for _, ch := range []string{g.ThreadID, h.srv.DMChannel(g.Players[0]), h.srv.DMChannel(g.Players[1])} {
		n := 0
		for _, m := range h.liveBoards(ch, g.ID) {
			if except != nil && m.ID == except.ID {
				continue
			}
			isCurrent := slices.ContainsFunc(m.CustomIDs(), func(id string) bool { return strings.HasPrefix(id, current) })
			if n++; n > 1 || !g.Active() || newTurn && !isCurrent {
				h.t.Fatalf("version %d: a stale board in %s still has %v", g.Version, ch, m.CustomIDs())
			}
		}
	}
}

// Only the newest board of a game has working controls: every board posted
// before it, in the thread and in the DMs, loses them once the next is out.
// Where Discord refuses the edit (30046, too many edits to an old message)
// the move still goes through and the old board's buttons answer "out of
// date" without changing anything.
func TestE2EStaleBoardsLoseTheirButtons(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 61)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.noAutoMove(ana, bo) // every move a click, as the scenario was written
	id := h.challengeAccepted(ana, bo, "aseb").ID
	rng := rand.New(rand.NewPCG(6, 1))
	var refused *fakediscord.Message // the board whose retiring Discord refused
	for n := 0; n < 40; n++ {
		g, msg := h.board(id)
		if !g.Active() {
			break
		}
		if dm := h.liveBoards(h.srv.DMChannel(g.Players[g.ToMove]), id); refused == nil && n >= 6 && len(dm) == 1 {
			refused = &dm[0]
			h.srv.FailWhere(func(r *fakediscord.Request) bool {
				return r.Method == "PATCH" && r.Params["message_id"] == refused.ID
			}, 400, 30046)
		}
		h.step(g, msg, rng)
		h.deliver()
		now := h.game(id)
		h.checkLiveBoards(now, refused, now.ToMove != g.ToMove)
	}
	g := h.game(id)
	if g.Version < 20 || refused == nil {
		t.Fatalf("the game stalled at version %d (refused edit: %v)", g.Version, refused != nil)
	}
	if live := h.liveBoards(refused.ChannelID, id); len(live) == 0 || live[0].ID != refused.ID {
		t.Fatalf("the board Discord would not edit lost its buttons anyway")
	}
	owner := g.Players[0]
	if refused.ChannelID != h.srv.DMChannel(owner) {
		owner = g.Players[1]
	}
	h.ephemeralSays(h.srv.Click(owner, refused.ID, refused.CustomIDs()[0]), "out of date")
	if g2 := h.game(id); g2.Version != g.Version {
		t.Fatalf("a click on a stale board changed the game: version %d, was %d", g2.Version, g.Version)
	}
}

// After a resignation the final board says who won and why, in the picture's
// alt text as on the picture, and no board of the game keeps move controls:
// the last one offers a rematch.
func TestE2EFinalBoardShowsTheResult(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 62)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.untilBothMoved(h.challengeAccepted(ana, bo, "aseb").ID, rand.New(rand.NewPCG(6, 2)))
	resigner := g.Players[g.ToMove.Other()]
	if m := h.resign(resigner, g.ID); !strings.Contains(m.Content, "You resigned") {
		t.Errorf("resigned: %q", m.Content)
	}
	h.deliver()
	g = h.game(g.ID)
	final := h.waitBoard(g.ThreadID, func(m fakediscord.Message) bool {
		_, ok := m.Button("Rematch")
		return ok && strings.Contains(m.Content, "wins")
	})
	_, att, err := final.PNG()
	if err != nil {
		t.Fatal(err)
	}
	if f := final.Embeds[0].Footer.Text; strings.Contains(f, "/move") || !strings.Contains(f, "/history") {
		t.Errorf("a finished game's board says %q", f)
	}
	for _, bad := range []string{"to throw", "to move"} {
		if strings.Contains(att.Description, bad) {
			t.Errorf("final picture's alt text says %q: %s", bad, att.Description)
		}
	}
	seats := [2]string{"Cones", "Spindles"} // the resigner's opponent, on move, wins
	if want := seats[g.ToMove] + " win (" + seats[g.ToMove.Other()] + " resigned)"; !strings.Contains(att.Description, want) {
		t.Errorf("final alt text %q lacks %q", att.Description, want)
	}
	h.checkLiveBoards(g, nil, true)
	for _, ch := range []string{g.ThreadID, h.srv.DMChannel(g.Players[0]), h.srv.DMChannel(g.Players[1])} {
		if live := h.liveBoards(ch, g.ID); len(live) != 0 {
			t.Errorf("%s: a board of the finished game still has controls %v", ch, live[0].CustomIDs())
		}
	}
	h.checkRetiredBoardsSayOver(g, final.ID)
}

// checkRetiredBoardsSayOver fails unless no board of finished game g but the
// final one (in the thread and the DMs) still reads as the game in play:
// each old board's "your turn" line is replaced, by the result on those
// retired as the game ended.
func (h *harness) checkRetiredBoardsSayOver(g store.Game, final string) {
	h.t.Helper()
	over := fmt.Sprintf("Game #%d is over: <@%s> won · resignation.", g.ID, g.Players[g.ToMove])
	footer := fmt.Sprintf("Game #%d ·", g.ID)
	n, ended := 0, 0
	for _, ch := range []string{g.ThreadID, h.srv.DMChannel(g.Players[0]), h.srv.DMChannel(g.Players[1])} {
		for _, m := range h.srv.Messages(ch) {
			if m.ID == final || len(m.Embeds) == 0 || m.Embeds[0].Footer == nil || !strings.HasPrefix(m.Embeds[0].Footer.Text, footer) {
				continue
			}
			n++
			if strings.HasPrefix(m.Content, over) {
				ended++
			}
			if strings.Contains(m.Content, "your turn") {
				h.t.Errorf("%s: an old board of the finished game says %q", ch, m.Content)
			}
		}
	}
	if n < 4 || ended < 2 {
		h.t.Errorf("%d old boards, %d saying %q", n, ended, over)
	}
}

// A click the store takes long to commit is still acknowledged within
// Discord's 3 s, with a deferred update; the updated board follows through
// the interaction's token and the next board reaches the other player.
func TestE2ESlowStoreIsAcknowledgedInTime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 63)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	id := h.challengeAccepted(ana, bo, "aseb").ID
	g, msg := h.board(id)
	h.clock.Slow(1200 * time.Millisecond) // every store read of the clock: beyond the budget
	ix := h.srv.Click(g.Players[g.ToMove], msg.ID, msg.CustomIDs()[0])
	cb, err := ix.Callback(h.ctx)
	h.clock.Slow(0)
	if err != nil {
		t.Fatal(err)
	}
	if cb.Type != discordgo.InteractionResponseDeferredMessageUpdate || cb.Elapsed >= 3*time.Second {
		t.Fatalf("slow click answered with type %d after %v, want a deferred update within 3 s", cb.Type, cb.Elapsed)
	}
	if after := h.reply(ix); after.ID != msg.ID || len(after.Attachments) == 0 {
		t.Fatalf("the deferred click's answer did not update the board: %+v", after)
	}
	h.deliver()
	if g2, _ := h.board(id); g2.Version != g.Version+1 {
		t.Fatalf("version %d after the slow click, want %d", g2.Version, g.Version+1)
	}
}

// Close finishes every interaction it received before it returns, so the
// database can close after it under none: a command whose answer Discord
// holds up while Close is called is answered before Close returns, and no
// work runs on the closed store.
func TestE2ECloseFinishesEveryInteraction(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 64)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	id := strconv.FormatInt(h.challengeAccepted(ana, bo, "aseb").ID, 10)
	hold := h.srv.Hold(func(r *fakediscord.Request) bool {
		return r.Route == "POST /interactions/{interaction_id}/{interaction_token}/callback"
	})
	ix := h.srv.Command(bo.ID, h.srv.ChannelID(), "board", fakediscord.Arg("game", id))
	if _, err := hold.Wait(h.ctx); err != nil {
		t.Fatal(err)
	}
	// The handler is now inside its answer. Discordgo's Close alone takes a
	// second; the answer is let go well after that.
	time.AfterFunc(1500*time.Millisecond, hold.Release)
	b, db := h.b, h.db
	h.b = nil // closed here, not at cleanup
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(h.ctx, time.Millisecond)
	defer cancel()
	// The board carries a picture, so its answer is a deferral (the call
	// held) filled in by an edit.
	if m, err := ix.Reply(ctx); err != nil || len(m.Attachments) == 0 {
		t.Fatalf("Close returned before the interaction it had received was answered: %+v, %v", m, err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // anything still running would fail now
	if logs := h.logs.String(); strings.Contains(logs, "closed") {
		t.Errorf("work ran on a closed store:\n%s", logs)
	}
}

// BenchmarkE2EAck measures how long clicks wait for their acknowledgement,
// from the fake Discord's dispatch to the bot's callback, over whole games
// played by clicks; Discord allows 3 s. Run it on an idle and on a loaded
// machine: go test ./bot -run '^$' -bench E2EAck -benchtime 300x -count 5
func BenchmarkE2EAck(b *testing.B) {
	h := newHarness(b, 70)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	rng := rand.New(rand.NewPCG(7, 0))
	id := h.challengeAccepted(ana, bo, "aseb").ID
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		if !h.game(id).Active() {
			id = h.challengeAccepted(ana, bo, "aseb").ID
		}
		g, msg := h.board(id)
		ix := h.srv.Click(g.Players[g.ToMove], msg.ID, msg.CustomIDs()[rng.IntN(len(msg.CustomIDs()))])
		cb, err := ix.Callback(h.ctx)
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, cb.Elapsed)
		h.reply(ix)
	}
	b.StopTimer()
	slices.Sort(lat)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(lat[len(lat)/2]), "ack-p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "ack-p99-ms")
	b.ReportMetric(ms(lat[len(lat)-1]), "ack-max-ms")
}

// When Discord fails (a 500 on the thread board), the board is not lost: it
// is retried after a backoff, and delivered then, the DM after it.
func TestE2EAnnouncementsRetryDiscordFailures(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 65)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb")
	h.srv.FailWhere(func(r *fakediscord.Request) bool {
		return r.Route == "POST /channels/{channel_id}/messages" && r.Params["channel_id"] == g.ThreadID
	}, 500, 0)
	rng := rand.New(rand.NewPCG(6, 5))
	first := g.ToMove
	for n := 0; g.ToMove == first; n++ {
		if n == 50 {
			t.Fatal("the turn never passed")
		}
		cur, msg := h.board(g.ID)
		h.step(cur, msg, rng)
		h.deliver()
		g = h.game(g.ID)
	}
	next := g.Players[g.ToMove]
	if n := len(h.liveBoards(g.ThreadID, g.ID)); n != 0 {
		t.Fatalf("%d boards in the thread although Discord failed the post", n)
	}
	as, outcomes, _ := h.db.Announcements(h.ctx, g.ID)
	last := as[len(as)-3] // board, turn DM, retire
	if last.Kind != store.AnnounceBoard || last.Attempts != 1 || outcomes[len(as)-3] != "" {
		t.Fatalf("the failed board: %+v, outcome %q", last, outcomes[len(as)-3])
	}
	h.clock.Add(2 * time.Second) // past the first backoff
	h.deliver()
	if _, m := h.board(g.ID); !strings.Contains(m.Content, next) {
		t.Fatalf("the retried board does not call the player on move: %q", m.Content)
	}
	h.waitBoard(h.srv.DMChannel(next), func(m fakediscord.Message) bool { return len(m.CustomIDs()) > 0 })
}

// A stored position the program no longer writes the same way (as after a
// change of notation) does not brick the game: the record is the truth, the
// position is re-derived from it, and play goes on from the same board.
func TestE2EStoredPositionInAnOldNotationIsMigrated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 66)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb")
	rng := rand.New(rand.NewPCG(6, 6))
	for range 3 {
		cur, msg := h.board(g.ID)
		h.step(cur, msg, rng)
	}
	g, msg := h.board(g.ID)
	raw, err := sql.Open("sqlite", "file:"+h.dbPath+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	old := "kilab-v0 " + strings.ReplaceAll(g.Position, " ", "|") // an older program's notation
	if _, err := raw.Exec(`UPDATE games SET position = ? WHERE id = ?`, old, g.ID); err != nil {
		t.Fatal(err)
	}
	h.step(g, msg, rng)
	after := h.game(g.ID)
	if after.Version != g.Version+1 || strings.HasPrefix(after.Position, "kilab-v0") {
		t.Fatalf("after a click on the migrated game: version %d (was %d), position %q", after.Version, g.Version, after.Position)
	}
	if !strings.Contains(h.logs.String(), "re-derived") {
		t.Error("the re-derived position was not logged")
	}
}

// The answer to /board shows the player on move their controls, to
// everyone in the channel; once they have moved it loses them, like the
// thread's board, instead of offering an old turn for days.
func TestE2EBoardAnswerRetired(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 62)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.noAutoMove(ana, bo)
	id := h.challengeAccepted(ana, bo, "aseb").ID
	g, _ := h.board(id)
	answer := h.reply(h.srv.Command(g.Players[g.ToMove], h.srv.ChannelID(), "board", fakediscord.Arg("game", strconv.FormatInt(id, 10))))
	if len(answer.CustomIDs()) == 0 {
		t.Fatalf("/board by the player on move shows no controls: %+v", answer)
	}
	rng := rand.New(rand.NewPCG(7, 1))
	for n := 0; n < 20 && h.game(id).ToMove == g.ToMove; n++ {
		now, msg := h.board(id)
		h.step(now, msg, rng)
		h.deliver()
	}
	if h.game(id).ToMove == g.ToMove {
		t.Fatal("the turn never passed")
	}
	h.deliver()
	if m, ok := h.srv.Message(answer.ID); !ok || len(m.CustomIDs()) != 0 {
		t.Fatalf("the /board answer still offers %v after the turn passed", m.CustomIDs())
	}
}
