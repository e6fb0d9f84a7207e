package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// ephemeralSays checks that an interaction got an ephemeral answer saying want.
func (h *harness) ephemeralSays(ix *fakediscord.Interaction, want string) {
	h.t.Helper()
	m := h.reply(ix)
	if !m.Ephemeral() || !strings.Contains(m.Content, want) {
		h.t.Errorf("answer %q (ephemeral %v), want one saying %q", m.Content, m.Ephemeral(), want)
	}
}

func (h *harness) game(id int64) store.Game {
	h.t.Helper()
	g, err := h.db.Game(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// The wrong user, a stale board and forged custom_ids each get an explanation
// and change nothing.
func TestE2EBadClicksChangeNothing(t *testing.T) { inModes(t, testBadClicksChangeNothing) }

func testBadClicksChangeNothing(t *testing.T, m mode) {
	h := newModeHarness(t, 4, m)
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	h.noAutoMove(ana) // the throw must wait for its move
	g, msg := h.board(h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me")).ID)
	throw := msg.CustomIDs()[0]
	h.ephemeralSays(h.srv.Click(bo.ID, msg.ID, throw), "not your turn")
	h.ephemeralSays(h.srv.Click(cy.ID, msg.ID, throw), "not playing in this game")
	for _, forged := range []string{"g/1/99/t", "garbage", "g/x/1/t", "g/1/1/m", "g/1/1/m/", "g/1/1/p/no such piece", "c/a/424242", "c/q/1", strings.Repeat("g/", 60)} {
		ix := h.srv.ForgeClick(ana.ID, msg.ChannelID, msg.ID, forged)
		if m := h.reply(ix); !m.Ephemeral() {
			t.Errorf("forged %q: answer %q is not ephemeral", forged, m.Content)
		}
	}
	h.ephemeralSays(h.srv.ForgeClick(ana.ID, msg.ChannelID, msg.ID, fmt.Sprintf("g/%d/%d/m/in-3", g.ID, g.Version)), "throw is due")
	if now := h.game(g.ID); now.Version != g.Version || now.Position != g.Position {
		t.Fatalf("bad clicks changed the game: version %d -> %d", g.Version, now.Version)
	}
	// The thread's board after the throw is current; the first one is stale.
	h.reply(h.srv.Click(ana.ID, msg.ID, throw))
	h.ephemeralSays(h.srv.ForgeClick(ana.ID, msg.ChannelID, msg.ID, throw), "already threw")
	before := h.game(g.ID)
	h.ephemeralSays(h.srv.ForgeClick(ana.ID, msg.ChannelID, msg.ID, fmt.Sprintf("g/%d/%d/m/in-1", g.ID, g.Version)), "out of date")
	if after := h.game(g.ID); after.Version != before.Version {
		t.Fatal("a stale move changed the game")
	}
}

// Two clicks on the same Throw button at once commit one throw; the other is
// told the throw was made.
func TestE2EDoubleClickThrowsOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 5)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g, msg := h.board(h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("first", "me"), fakediscord.Arg("width", "7")).ID)
	throw := msg.CustomIDs()[0]
	var wg sync.WaitGroup
	replies := make([]fakediscord.Message, 2)
	for k := range replies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ix := h.srv.ForgeClick(ana.ID, msg.ChannelID, msg.ID, throw) // the second click comes before the first answer
			replies[k], _ = ix.Reply(h.ctx)
		}()
	}
	wg.Wait()
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil || len(rec) != 1 {
		t.Fatalf("record after a double click: %+v, %v", rec, err)
	}
	ephemeral := 0
	for _, r := range replies {
		if r.Ephemeral() {
			ephemeral++
			if !strings.Contains(r.Content, "already threw") && !strings.Contains(r.Content, "out of date") {
				t.Errorf("second click told %q", r.Content)
			}
		}
	}
	if ephemeral != 1 {
		t.Errorf("%d of 2 clicks were refused, want 1", ephemeral)
	}
}

// The bot is stopped and started again mid-game; the game goes on from the
// buttons posted before the restart.
func TestE2ERestartMidGame(t *testing.T) { inModesLong(t, gatewayMode, testRestartMidGame) }

func testRestartMidGame(t *testing.T, m mode) {
	h := newModeHarness(t, 6, m)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	id := h.challengeAccepted(ana, bo, "aseb").ID
	rng := rand.New(rand.NewPCG(7, 8))
	for range 15 {
		g, msg := h.board(id)
		h.step(g, msg, rng)
	}
	before := h.game(id)
	_, oldBoard := h.board(id)
	h.stop()
	h.start()
	h.connected()
	g := h.game(id)
	if g.Version != before.Version || g.Position != before.Position {
		t.Fatalf("restart changed the game: %q -> %q", before.Position, g.Position)
	}
	h.step(g, oldBoard, rng) // a button from before the restart
	if h.game(id).Version != before.Version+1 {
		t.Fatal("the old board's button did nothing after the restart")
	}
	if end := h.playOut(id, rng, 3000); end.Active() {
		t.Fatal("game did not finish after the restart")
	}
}

// A whole turn played from the DM: the turn DM carries the board and the same
// controls as the thread.
func TestE2EPlayFromDM(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("first", "opponent"))
	dm := h.srv.DMChannel(bo.ID)
	turn := h.waitBoard(dm, hasGameControls)
	if !strings.Contains(turn.Content, "Your turn") || !strings.Contains(turn.Content, "discord.com/channels/") {
		t.Errorf("turn DM says %q", turn.Content)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	msg := turn
	for h.game(g.ID).ToMove == 0 {
		msg = h.step(h.game(g.ID), msg, rng)
	}
	if h.game(g.ID).Version == g.Version {
		t.Fatal("the DM's controls did not play")
	}
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	if _, err := h.srv.WaitMessage(ctx, h.srv.DMChannel(ana.ID), hasGameControls); err != nil {
		t.Fatalf("the next player got no turn DM: %v", err)
	}
}

// Where DMs are closed (50007) the bot stops trying until /settings dms:true.
func TestE2EClosedDMs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 8)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.srv.CloseDMs(bo.ID)
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "opponent"))
	h.deliver()
	set, err := h.db.Settings(h.ctx, bo.ID)
	if err != nil || set.CanDM() {
		t.Fatalf("after a refused DM: %+v, %v", set, err)
	}
	if b := h.waitBoard(g.ThreadID, func(m fakediscord.Message) bool { return len(m.Mentions) == 1 }); b.Mentions[0] != bo.ID {
		t.Errorf("thread board pings %v, want the player on move", b.Mentions)
	}
	h.srv.OpenDMs(bo.ID)
	h.ephemeralSays(h.srv.Command(bo.ID, h.srv.ChannelID(), "settings", fakediscord.Arg("dms", true)), "Turn DMs: **on**")
	if set, _ := h.db.Settings(h.ctx, bo.ID); !set.CanDM() {
		t.Error("/settings dms:true did not reopen DMs")
	}
}

func hasGameControls(m fakediscord.Message) bool {
	return slices.ContainsFunc(m.CustomIDs(), func(id string) bool { return strings.HasPrefix(id, "g/") })
}

// In endpoint mode the bot connects to no gateway, and Close stops serving:
// the old address takes no more requests.
func TestE2EEndpointStopsWithClose(t *testing.T) {
	t.Parallel()
	h := newModeHarness(t, 15, endpointMode)
	url := h.b.InteractionsURL()
	if !strings.HasSuffix(url, "/interactions") {
		t.Fatalf("endpoint at %q", url)
	}
	h.reply(h.srv.Command(h.srv.AddUser("ana").ID, h.srv.ChannelID(), "help"))
	h.stop()
	if resp, err := http.Post(url, "application/json", strings.NewReader("{}")); err == nil {
		resp.Body.Close()
		t.Fatalf("after Close the endpoint still answers: %s", resp.Status)
	}
}
