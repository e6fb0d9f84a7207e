package bot_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// A vacation moves the deadline and the reminder of a game where the player
// is on move; opponents see it in the thread, on the board and in /games;
// coming back early moves both back by the days not taken, and the reminder
// and the loss on time then come at the new times, once.
func TestE2EVacationMovesDeadlineAndReminder(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 40)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	ch := h.srv.ChannelID()
	id := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("time", 1)).ID
	g := h.untilBothMoved(id, rand.New(rand.NewPCG(4, 40)))
	away, other := g.Players[g.ToMove], g.Players[g.ToMove.Other()]
	dm := h.srv.DMChannel(away)
	h.ephemeralSays(h.srv.Command(away, ch, "vacation", fakediscord.Sub("end")), "not on vacation")
	start := h.clock.Now()
	h.ephemeralSays(h.srv.Command(away, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 3))), "on vacation until")
	h.ephemeralSays(h.srv.Command(away, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 1))), "on vacation already")
	moved := h.game(id)
	if !moved.Deadline.Equal(g.Deadline.Add(72*time.Hour)) || !moved.RemindAt.Equal(g.RemindAt.Add(72*time.Hour)) || moved.Version != g.Version {
		t.Fatalf("on vacation: due %v, reminder %v, version %d; want 3 days later, same version", moved.Deadline, moved.RemindAt, moved.Version)
	}
	h.deliver()
	if n := h.count(g.ThreadID, "is on vacation until"); n != 1 {
		t.Fatalf("the thread was told of the vacation %d times, want once", n)
	}
	board := h.reply(h.srv.Command(other, ch, "board", fakediscord.Arg("game", strconv.FormatInt(id, 10))))
	if len(board.Embeds) == 0 || !strings.Contains(board.Embeds[0].Description, "on vacation until") {
		t.Errorf("the board does not show the vacation: %+v", board.Embeds)
	}
	list := h.reply(h.srv.Command(other, ch, "games"))
	if len(list.Embeds) == 0 || !strings.Contains(list.Embeds[0].Description, "<@"+away+"> on vacation until") {
		t.Errorf("/games does not show the vacation: %+v", list.Embeds)
	}

	// Past the old deadline: no reminder, no loss on time.
	h.clock.Add(g.Deadline.Sub(h.clock.Now()) + time.Hour)
	h.sweep()
	if n := h.count(dm, "Reminder"); n != 0 || !h.game(id).Active() {
		t.Fatalf("during the vacation: %d reminders, active %v", n, h.game(id).Active())
	}
	// Back a day early, after two days: deadline and reminder come 2 days after the old ones.
	h.clock.Add(start.Add(48 * time.Hour).Sub(h.clock.Now()))
	h.ephemeralSays(h.srv.Command(away, ch, "vacation", fakediscord.Sub("end")), "Welcome back")
	back := h.game(id)
	if !back.Deadline.Equal(g.Deadline.Add(48*time.Hour)) || !back.RemindAt.Equal(g.RemindAt.Add(48*time.Hour)) {
		t.Fatalf("back early: due %v, reminder %v; want 2 days after %v and %v", back.Deadline, back.RemindAt, g.Deadline, g.RemindAt)
	}
	h.deliver()
	if n := h.count(g.ThreadID, "is back from vacation"); n != 1 {
		t.Fatalf("the thread was told of the return %d times, want once", n)
	}
	h.clock.Add(back.RemindAt.Sub(h.clock.Now()))
	h.sweep()
	h.sweep()
	if n := h.count(dm, "Reminder"); n != 1 {
		t.Fatalf("%d reminders once the moved reminder time passed, want 1", n)
	}
	h.clock.Add(back.Deadline.Sub(h.clock.Now()) + time.Minute)
	h.sweep()
	if end := h.game(id); end.Active() || end.Reason != store.ReasonTimeout {
		t.Fatalf("after the moved deadline: %v %q", end.Result, end.Reason)
	}
}

// Vacations are at most 30 days in a year: more is refused with what is
// left, and nothing changes.
func TestE2EVacationAllowance(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 41)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	ch := h.srv.ChannelID()
	g := h.challengeAccepted(ana, bo, "tab")
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 20))), "left in the year: 10 days")
	h.clock.Add(21 * 24 * time.Hour)
	before := h.game(g.ID)
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 11))), "at most 10 days")
	if after := h.game(g.ID); !after.Deadline.Equal(before.Deadline) {
		t.Fatalf("a refused vacation moved a deadline: %v, was %v", after.Deadline, before.Deadline)
	}
	h.ephemeralSays(h.srv.Command(ana.ID, h.srv.DMChannel(ana.ID), "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 10))), "left in the year: 0 days")
}
