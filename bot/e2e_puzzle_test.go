package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot"
	"kilab/internal/fakediscord"
)

// /puzzle end to end: a puzzle for the player alone with its moves as
// buttons; the best move is right, another is wrong and names the best;
// either answer updates the puzzle's message and takes its buttons away; a
// button of a puzzle no longer offered says so.
func TestE2EPuzzle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 47)
	ana := h.srv.AddUser("ana")
	// A puzzle lists its best move first: its button's custom_id ends in /0.
	for _, c := range []struct {
		game, pick, says string
	}{{"aseb", "/0", "Right:"}, {"seega", "/1", "Not this one:"}, {"tab", "/0", "Right:"}} {
		m := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "puzzle", fakediscord.Sub("solve", fakediscord.Arg("game", c.game))))
		if !m.Ephemeral() || len(m.Buttons()) < 2 || len(m.Attachments) != 1 {
			t.Fatalf("/puzzle %s answered %+v", c.game, m)
		}
		var id string
		for _, cid := range m.CustomIDs() {
			if strings.HasSuffix(cid, c.pick) {
				id = cid
			}
		}
		after := h.reply(h.srv.Click(ana.ID, m.ID, id))
		if after.ID != m.ID || !strings.HasPrefix(after.Content, c.says) || len(after.Buttons()) != 0 {
			t.Errorf("/puzzle %s, %s: %s %q with %d buttons", c.game, id, after.ID, after.Content, len(after.Buttons()))
		}
		if c.says != "Right:" && !strings.Contains(after.Content, "The best move is") {
			t.Errorf("a wrong answer does not name the best move: %q", after.Content)
		}
		h.ephemeralSays(h.srv.ForgeClick(ana.ID, h.srv.ChannelID(), m.ID, "p/aseb-000000000000/0"), "no longer offered")
		h.ephemeralSays(h.srv.ForgeClick(ana.ID, h.srv.ChannelID(), m.ID, strings.TrimSuffix(id, c.pick)+"/25"), "not one of Kilab's")
	}
}

// The daily puzzle end to end: a moderator chooses its channel with /mod
// daily, which members are not offered (and /puzzle has no daily); sweeps
// before and after a restart, and a second copy of the bot sweeping and
// delivering beside the first, post the day's puzzle once; a click on the
// post answers the player alone and leaves the post as it was; the next
// day's post says how many solved the last one.
func TestE2EDailyPuzzle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 48)
	ana, mo := h.srv.AddUser("ana"), h.srv.AddUser("mo")
	h.srv.GrantPermissions(mo.ID, discordgo.PermissionManageGuild)
	daily := h.srv.AddChannel("daily")
	for _, who := range []fakediscord.User{ana, mo} {
		var offered []string
		for _, c := range h.srv.CommandsFor(who.ID, h.srv.ChannelID()) {
			for _, o := range c.Options {
				if o.Name == "daily" {
					offered = append(offered, "/"+c.Name+" daily")
				}
			}
		}
		if want := map[string]string{ana.ID: "", mo.ID: "/mod daily"}[who.ID]; strings.Join(offered, ", ") != want {
			t.Errorf("%s is offered %q, want %q", who.Username, offered, want)
		}
	}
	h.ephemeralSays(h.srv.Command(ana.ID, h.srv.ChannelID(), "mod", fakediscord.Sub("daily", fakediscord.Arg("channel", daily))), "Only this server's moderators")
	h.ephemeralSays(h.srv.Command(mo.ID, h.srv.ChannelID(), "mod", fakediscord.Sub("daily", fakediscord.Arg("channel", daily))), "The daily puzzle will be posted in")
	h.sweep()
	h.deliver()
	h.stop()
	h.start()
	other, otherDB := h.startShards(1, []int{0})
	defer func() { _ = other.Close(); _ = otherDB.Close() }()
	var wg sync.WaitGroup
	for _, b := range []*bot.Bot{h.b, other} {
		wg.Go(func() {
			if err := b.Sweep(h.ctx); err != nil {
				t.Error(err)
			}
			if err := b.Deliver(h.ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	posts := public(h.srv.Messages(daily))
	if len(posts) != 1 || !strings.HasPrefix(posts[0].Content, "**Puzzle of the day.**") || len(posts[0].Buttons()) < 2 {
		t.Fatalf("%d posts of the day", len(posts))
	}
	var best string
	for _, cid := range posts[0].CustomIDs() {
		if strings.HasSuffix(cid, "/0") {
			best = cid
		}
	}
	answer := h.reply(h.srv.Click(ana.ID, posts[0].ID, best))
	if !answer.Ephemeral() || answer.ID == posts[0].ID || !strings.HasPrefix(answer.Content, "Right:") {
		t.Fatalf("the answer: %s %q", answer.ID, answer.Content)
	}
	if now := public(h.srv.Messages(daily)); len(now) != 1 || len(now[0].Buttons()) != len(posts[0].Buttons()) || now[0].Edits != 0 {
		t.Errorf("the post changed: %d posts, %d edits", len(now), now[0].Edits)
	}
	h.clock.Add(24 * time.Hour)
	h.sweep()
	h.deliver()
	posts = public(h.srv.Messages(daily))
	if len(posts) != 2 || !strings.Contains(posts[1].Content, "1 player solved the last puzzle of the day.") {
		t.Fatalf("the next day's posts: %d, the last saying %q", len(posts), posts[len(posts)-1].Content)
	}
}

// public are the messages of ms everyone sees.
func public(ms []fakediscord.Message) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range ms {
		if !m.Ephemeral() {
			out = append(out, m)
		}
	}
	return out
}

// A mistake from /review comes back as a puzzle: after reviewing a game she
// played, Ana finds her costliest moves in /puzzle mine, from the very
// position, and solves one with its best move.
func TestE2EReviewMistakeBecomesAPuzzle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 49)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.ephemeralSays(h.srv.Command(ana.ID, h.srv.ChannelID(), "puzzle", fakediscord.Sub("mine")), "You have no puzzles of your own")
	g := h.challengeAccepted(ana, bo, "tab")
	rng := rand.New(rand.NewPCG(49, 1))
	for n := 0; n < 80 && h.game(g.ID).Active(); n++ { // random clicks: costly moves
		at, msg := h.board(g.ID)
		h.step(at, msg, rng)
	}
	if h.game(g.ID).Active() {
		h.resign(bo.ID, g.ID)
	}
	rv := h.slowReply(h.srv.Command(ana.ID, h.srv.ChannelID(), "review", fakediscord.Arg("game", fmt.Sprint(g.ID))))
	if e := rv.Embeds[0]; e.Footer == nil || !strings.Contains(e.Footer.Text, "now your own puzzles") {
		t.Fatalf("the review: %q, footer %+v", e.Description, e.Footer)
	}
	m := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "puzzle", fakediscord.Sub("mine")))
	if !m.Ephemeral() || !strings.HasPrefix(m.Content, fmt.Sprintf("**Your own puzzle**, from game #%d", g.ID)) || len(m.Buttons()) < 2 {
		t.Fatalf("/puzzle mine: %q, %d buttons", m.Content, len(m.Buttons()))
	}
	var best string
	for _, cid := range m.CustomIDs() {
		if strings.HasSuffix(cid, "/0") {
			best = cid
		}
	}
	after := h.reply(h.srv.Click(ana.ID, m.ID, best))
	if !strings.HasPrefix(after.Content, "Right:") || !strings.Contains(after.Content, "Solved: this puzzle is done.") {
		t.Errorf("the answer: %q", after.Content)
	}
}
