package bot_test

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// digests are the daily digests in a DM channel.
func (h *harness) digests(dm string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.srv.Messages(dm) {
		if len(m.Embeds) == 1 && m.Embeds[0].Title == "Your daily digest" {
			out = append(out, m)
		}
	}
	return out
}

// delivered waits until every announcement due now is delivered.
func (h *harness) delivered() {
	h.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		next, any, err := h.db.NextAnnouncement(h.ctx)
		if err == nil && (!any || next.After(h.clock.Now())) {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("announcements still due after 10 s: next at %v, now %v, %v", next, h.clock.Now(), err)
		}
	}
}

// A player who chose the daily digest gets no turn DM; at their hour one DM
// lists the game with a link to its live board, from which they move; a
// restart and a second sweep send it no second time.
func TestE2EDailyDigest(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 41)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	// The harness starts at 12:00 UTC, 13:00 in Berlin: the digest is at 15:00.
	said := h.reply(h.srv.Command(bo.ID, h.srv.ChannelID(), "settings",
		fakediscord.Arg("timezone", "Europe/Berlin"), fakediscord.Arg("digest", 15)))
	if !strings.Contains(said.Content, "Digest: **daily at 15:00") || !strings.Contains(said.Content, "your time now: 13:00") {
		t.Fatalf("/settings answered %q", said.Content)
	}
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "opponent"))
	h.board(g.ID) // the thread's board is out
	dm := h.srv.DMChannel(bo.ID)
	for _, m := range h.srv.Messages(dm) {
		if len(m.Attachments) > 0 { // a board: the challenge's own DM may come, a turn's may not
			t.Fatalf("a turn DM to a player who takes the digest: %q", m.Content)
		}
	}
	h.clock.Add(2*time.Hour - time.Minute)
	h.sweep()
	h.clock.Add(time.Minute)
	h.sweep()
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	digest, err := h.srv.WaitMessage(ctx, dm, func(m fakediscord.Message) bool {
		return len(m.Embeds) == 1 && m.Embeds[0].Title == "Your daily digest"
	})
	if err != nil {
		t.Fatalf("no digest at 15:00: %v", err)
	}
	h.stop()
	h.clock.Add(time.Minute)
	h.start()
	h.sweep()
	h.clock.Add(time.Minute)
	h.sweep()
	h.delivered()
	if n := len(h.digests(dm)); n != 1 {
		t.Fatalf("%d digests after a restart and two sweeps, want 1", n)
	}
	link := regexp.MustCompile(`\(https://discord\.com/channels/\d+/(\d+)/(\d+)\)`).FindStringSubmatch(digest.Embeds[0].Description)
	if link == nil {
		t.Fatalf("the digest links no board: %q", digest.Embeds[0].Description)
	}
	g, board := h.board(g.ID)
	if link[1] != g.ThreadID || link[2] != board.ID {
		t.Fatalf("the digest links %s/%s, the live board is %s/%s", link[1], link[2], g.ThreadID, board.ID)
	}
	h.step(g, board, rand.New(rand.NewPCG(41, 1)))
	if after := h.game(g.ID); after.Version == g.Version {
		t.Fatal("a click on the linked board did nothing")
	}
}

// Quiet hours that hold both a reminder and its deadline: the reminder
// comes 15 minutes before they begin, once, across a restart, and the
// deadline passes reminded. The reminder's board is one of the game's: the
// end retires it, as it does the others.
func TestE2EReminderBeforeQuietHours(t *testing.T) {
	t.Parallel()
	h, g, dm := quietReminderGame(t, 42)
	h.clock.Add(17*time.Hour + 40*time.Minute) // 05:40 UTC
	h.sweep()
	if n := h.count(dm, "Reminder"); n != 0 {
		t.Fatalf("%d reminders at 05:40, before their time", n)
	}
	h.clock.Add(10 * time.Minute) // 05:50
	h.sweep()
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	reminder, err := h.srv.WaitMessage(ctx, dm, func(m fakediscord.Message) bool { return strings.Contains(m.Content, "Reminder") })
	if err != nil {
		t.Fatalf("no reminder before the quiet hours: %v", err)
	}
	h.stop()
	h.clock.Add(90 * time.Minute) // 07:20, inside the quiet hours
	h.start()
	h.sweep()
	if n := h.count(dm, "Reminder"); n != 1 {
		t.Fatalf("%d reminders after a restart, want 1", n)
	}
	h.clock.Add(5 * time.Hour) // past the deadline
	h.sweep()
	if end := h.game(g.ID); end.Active() {
		t.Fatal("the game outlived its deadline")
	}
	if n := h.sent(dm, "Reminder"); n != 1 {
		t.Fatalf("%d reminders in all, want 1", n)
	}
	m, _ := h.srv.Message(reminder.ID)
	if ids := m.CustomIDs(); len(m.Attachments) != 0 || len(ids) != 1 || ids[0][0] != 'r' || !retiredLine.MatchString(m.Content) {
		t.Errorf("the reminder after the end: %d attachments, controls %v, %q", len(m.Attachments), ids, m.Content)
	}
}

// sent counts the messages posted in channel whose content held s when
// posted, whatever became of them since.
func (h *harness) sent(channel, s string) int { return len(h.srv.Sent(channel, s)) }

// quietReminderGame starts a game of a day a move at 12:00 UTC, with bo on
// move, quiet from 07:00 to 14:00 in Berlin: the reminder would fall at 07:12
// UTC the next day (08:12 in Berlin), the deadline at 12:00 UTC (13:00), and
// the quiet hours hold both, so the reminder is due at 05:45 UTC, 15 minutes
// before they begin. It returns the harness, the game and bo's DM channel.
func quietReminderGame(t *testing.T, seed uint64) (*harness, store.Game, string) {
	h := newHarness(t, seed)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.reply(h.srv.Command(bo.ID, h.srv.ChannelID(), "settings",
		fakediscord.Arg("timezone", "Europe/Berlin"), fakediscord.Arg("quiet", "07:00-14:00")))
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "opponent"), fakediscord.Arg("time", 1))
	return h, g, h.srv.DMChannel(bo.ID)
}

// A reminder that fell due while the bot was down still comes, late, when it
// is back: here inside the quiet hours, as the deadline falls inside them too.
func TestE2EReminderMissedInDowntime(t *testing.T) {
	t.Parallel()
	h, g, dm := quietReminderGame(t, 44)
	h.clock.Add(17*time.Hour + 40*time.Minute) // 05:40 UTC
	h.sweep()
	h.stop()
	h.clock.Add(40 * time.Minute) // back at 06:20 UTC, 07:20 in Berlin
	h.start()
	h.sweep()
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	if _, err := h.srv.WaitMessage(ctx, dm, func(m fakediscord.Message) bool { return strings.Contains(m.Content, "Reminder") }); err != nil {
		t.Fatalf("the reminder due in the downtime never came: %v", err)
	}
	if end := h.game(g.ID); !end.Active() || !end.Deadline.Equal(g.Deadline) {
		t.Fatalf("the game after the restart: active %v, deadline %v (was %v)", end.Active(), end.Deadline, g.Deadline)
	}
}

// A reminder claimed just before a crash, its DM not yet sent, still comes
// once the bot is back, though its deadline passed meanwhile and moved an
// hour on: the reminder warns of the deadline as it now stands.
func TestE2EReminderClaimedBeforeACrash(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 45)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "opponent"), fakediscord.Arg("time", 1))
	h.sweep()
	h.stop()
	h.clock.Add(20 * time.Hour) // the reminder (at 80% of the day) is due
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	db.Now = h.clock.Now
	due, _ := db.Game(h.ctx, g.ID)
	if err := db.MarkReminded(h.ctx, due, true); err != nil {
		t.Fatal(err)
	}
	db.Close()
	h.clock.Add(6 * time.Hour) // down past the deadline
	h.start()
	h.deliver()
	now := h.game(g.ID)
	if !now.Active() || !now.Deadline.Equal(h.clock.Now().Add(time.Hour).Truncate(time.Millisecond)) {
		t.Fatalf("after the restart: active %v, deadline %v, want an hour on", now.Active(), now.Deadline)
	}
	if n := h.count(h.srv.DMChannel(bo.ID), "Reminder"); n != 1 {
		t.Fatalf("%d reminders after the restart, want 1", n)
	}
}

// A member who follows a game move by move gets its board after each move,
// without controls, and its result; /unfollow, from a DM too, stops it.
// /follow refuses the game's own players.
func TestE2EFollowAGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 43)
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	g := h.challengeAccepted(ana, bo, "aseb")
	id := strconv.FormatInt(g.ID, 10)
	said := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "follow", fakediscord.Sub("game", fakediscord.Arg("game", id))))
	if !strings.Contains(said.Content, "You play game #"+id) {
		t.Fatalf("a player following their own game: %q", said.Content)
	}
	said = h.reply(h.srv.Command(cy.ID, h.srv.ChannelID(), "follow", fakediscord.Sub("game", fakediscord.Arg("game", id), fakediscord.Arg("moves", true))))
	if !strings.Contains(said.Content, "move by move") {
		t.Fatalf("/follow game moves:true answered %q", said.Content)
	}
	dm := h.srv.DMChannel(cy.ID)
	rng := rand.New(rand.NewPCG(43, 1))
	for turns := 0; turns < 2; {
		now, msg := h.board(g.ID)
		h.step(now, msg, rng)
		if h.game(g.ID).ToMove != now.ToMove {
			turns++
		}
	}
	h.delivered()
	boards := 0
	for _, m := range h.srv.Messages(dm) {
		if len(m.Attachments) == 1 && strings.Contains(m.Content, "which you follow") {
			boards++
			if len(m.CustomIDs()) != 0 {
				t.Errorf("a follower's board offers controls %v", m.CustomIDs())
			}
		}
	}
	if boards == 0 {
		t.Fatal("no board came to the follower after two turns")
	}
	h.resign(ana.ID, g.ID)
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	if _, err := h.srv.WaitMessage(ctx, dm, func(m fakediscord.Message) bool { return strings.Contains(m.Content, "is over") }); err != nil {
		t.Fatalf("no result came to the follower: %v", err)
	}
	// From a DM: a follower who left the server can still stop it.
	said = h.reply(h.srv.Command(cy.ID, dm, "unfollow", fakediscord.Sub("game", fakediscord.Arg("game", id))))
	if !strings.Contains(said.Content, "no longer follow") {
		t.Errorf("/unfollow answered %q", said.Content)
	}
}
