package bot_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"kilab/internal/fakediscord"
)

// A game's thread, as the players find it after a few moves and the end:
// the old boards keep their text (who played what) without picture or
// controls, one board is live at the bottom, and once the game is over its
// thread is archived, not locked, so that people can still talk in it. The
// players' DM copies of old boards have lost their pictures too.
func TestE2EThreadReadsAsMoves(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 52)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb")
	g = h.untilBothMoved(g.ID, rand.New(rand.NewPCG(7, 52)))
	h.deliver()
	thread := h.game(g.ID).ThreadID
	if thread == "" {
		t.Fatal("the game has no thread")
	}
	// discordgo's cache keeps neither the server nor the thread: a year's
	// archived threads would pile up in it.
	if _, err := h.gw.State.Channel(thread); err == nil || len(h.gw.State.Guilds) != 0 {
		t.Errorf("discordgo's cache holds %d servers and the thread (%v)", len(h.gw.State.Guilds), err)
	}
	checkThread := func(when string, over bool) {
		t.Helper()
		var boards []fakediscord.Message
		for _, m := range h.srv.Messages(thread) {
			if len(m.Embeds) > 0 {
				boards = append(boards, m)
			}
		}
		if len(boards) < 3 {
			t.Fatalf("%s: %d boards in the thread", when, len(boards))
		}
		for _, m := range boards[:len(boards)-1] {
			e := m.Embeds[0]
			if len(m.Attachments) != 0 || e.Image != nil || e.Description == "" || strings.Contains(strings.Join(m.CustomIDs(), " "), "g/") {
				t.Errorf("%s: old board %s: %d attachments, image %v, description %q, controls %v",
					when, m.ID, len(m.Attachments), e.Image, e.Description, m.CustomIDs())
			}
		}
		last := boards[len(boards)-1]
		if _, _, err := last.PNG(); err != nil || len(last.CustomIDs()) == 0 || (over && last.CustomIDs()[0][0] != 'r') {
			t.Errorf("%s: the live board: %v, controls %v", when, err, last.CustomIDs())
		}
		if ch, _ := h.srv.Channel(thread); ch.Archived != over || ch.Locked {
			t.Errorf("%s: the thread archived %v, locked %v", when, ch.Archived, ch.Locked)
		}
	}
	checkThread("in play", false)
	h.resign(bo.ID, g.ID)
	h.deliver()
	checkThread("over", true)
	for _, u := range []fakediscord.User{ana, bo} {
		var copies []fakediscord.Message
		for _, m := range h.srv.Messages(h.srv.DMChannel(u.ID)) {
			if len(m.Embeds) > 0 {
				copies = append(copies, m)
			}
		}
		for k, m := range copies {
			if live := k == len(copies)-1; (len(m.Attachments) > 0) != live {
				t.Errorf("%s's DM copy %d of %d: %d attachments", u.Username, k+1, len(copies), len(m.Attachments))
			}
		}
	}
}

// The answer to the click that passes the turn and the retirement that
// move announced both edit the clicked board, and Discord may apply them in
// either order: with the retirement first, the board still ends as an old
// board reads, without its picture or controls and saying the game has
// moved on. (Under load the answer came last, and brought the picture
// back.)
func TestE2EClickedBoardRetiredWhateverTheOrder(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 53)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	id := h.challengeAccepted(ana, bo, "aseb").ID
	rng := rand.New(rand.NewPCG(3, 53))
	for range 50 {
		g, msg := h.board(id)
		hold := h.srv.Hold(answersClick)
		ix := h.act(g, msg, rng)
		if _, err := hold.Wait(h.ctx); err != nil {
			t.Fatal(err)
		}
		if h.game(id).ToMove == g.ToMove {
			hold.Release() // the same player goes on: no retirement
			h.reply(ix)
			continue
		}
		h.deliver() // the retirement, while the answer waits
		hold.Release()
		h.reply(ix)
		m, _ := h.srv.Message(msg.ID)
		if len(m.Attachments) != 0 || len(m.CustomIDs()) != 0 || m.Embeds[0].Image != nil || !strings.Contains(m.Content, "has moved on") {
			t.Fatalf("the board clicked: %d attachments, controls %v, image %v, %q", len(m.Attachments), m.CustomIDs(), m.Embeds[0].Image, m.Content)
		}
		return
	}
	t.Fatal("no click passed the turn")
}

// answersClick matches the request that answers a click with an edit of
// its message: an update (type 7), or the edit that fills in a deferral.
func answersClick(r *fakediscord.Request) bool {
	switch r.Route {
	case "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original":
		return true
	case "POST /interactions/{interaction_id}/{interaction_token}/callback":
		var body struct{ Type int }
		return r.Decode(&body) == nil && body.Type == 7
	}
	return false
}
