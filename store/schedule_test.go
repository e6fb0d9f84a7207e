package store

import (
	"context"
	"testing"
	"time"

	"kilab/games"
)

func TestDueDeadlinesAndTimeout(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	a := newGame(t, db) // deadline epoch + 3d
	clk.Add(time.Hour)
	b := newGame(t, db) // epoch + 1h + 3d
	done, _ := end(t, db, newGame(t, db), Draw, ReasonAgreement)
	if due, _ := db.DueDeadlines(ctx, 10); len(due) != 0 {
		t.Fatalf("due before any deadline: %v", gameIDs(due))
	}
	clk.Add(3*day - time.Hour) // exactly a's deadline
	due, err := db.DueDeadlines(ctx, 10)
	if err != nil || len(due) != 1 || due[0].ID != a.ID {
		t.Fatalf("due at a's deadline: %v, %v", gameIDs(due), err)
	}
	clk.Add(2 * time.Hour)
	due, _ = db.DueDeadlines(ctx, 10)
	if ids := gameIDs(due); len(ids) != 2 || ids[0] != a.ID || ids[1] != b.ID {
		t.Fatalf("due later: %v, want [%d %d] and never the finished %d", ids, a.ID, b.ID, done.ID)
	}
	if one, _ := db.DueDeadlines(ctx, 1); len(one) != 1 {
		t.Fatalf("limit 1 gave %d", len(one))
	}
	// The scheduler ends a on time; neither player moved, so it is aborted.
	r, why := due[0].TimeoutResult()
	g, changes := end(t, db, due[0], r, why)
	if g.Result != Aborted || changes != nil {
		t.Fatalf("timed out: %v %v", g.Result, changes)
	}
	// A second sweep acting on the same turn changes nothing.
	_, _, err = db.Commit(ctx, Commit{Game: a.ID, Version: a.Version, End: &End{r, why}})
	wantErr(t, "a second timeout", err, ErrFinished)
	if due, _ = db.DueDeadlines(ctx, 10); len(due) != 1 || due[0].ID != b.ID {
		t.Fatalf("due after the timeout: %v", gameIDs(due))
	}
}

func TestRemindersFireOnce(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	g := newGame(t, db)
	clk.Add(g.RemindAt.Sub(epoch) - time.Millisecond)
	if due, _ := db.DueReminders(ctx, 10); len(due) != 0 {
		t.Fatalf("reminder due early: %v", gameIDs(due))
	}
	clk.Add(time.Millisecond)
	due, err := db.DueReminders(ctx, 10)
	if err != nil || len(due) != 1 {
		t.Fatalf("reminder at its time: %v, %v", gameIDs(due), err)
	}
	if err := db.MarkReminded(ctx, due[0], true); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "claiming a reminder twice", db.MarkReminded(ctx, due[0], true), ErrConflict)
	// The claim wrote the reminder's announcement, in its transaction: one,
	// to the player on move, warning of the deadline.
	as, _, err := db.Announcements(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var reminders []Announcement
	for _, a := range as {
		if a.Kind == AnnounceReminder {
			reminders = append(reminders, a)
		}
	}
	if len(reminders) != 1 || reminders[0].User != g.Players[g.ToMove] || !reminders[0].Until.Equal(g.Deadline) ||
		reminders[0].Version != g.RemindAt.UnixMilli() {
		t.Fatalf("reminder announcements %+v, want one to %s until %v", reminders, g.Players[g.ToMove], g.Deadline)
	}
	if due, _ = db.DueReminders(ctx, 10); len(due) != 0 {
		t.Fatalf("reminder due again: %v", gameIDs(due))
	}
	after, _ := db.Game(ctx, g.ID)
	if after.Version != g.Version || !after.RemindAt.IsZero() || after.Deadline != g.Deadline {
		t.Fatalf("after the reminder: %+v", after)
	}
	// The next player's turn brings a new reminder; a move in between makes the
	// old claim fail.
	g2 := move(t, db, after, games.First, "m")
	if !g2.RemindAt.After(clk.Now()) {
		t.Fatalf("no new reminder for the next turn: %v", g2.RemindAt)
	}
	wantErr(t, "claiming for an old version", db.MarkReminded(ctx, g, true), ErrConflict)
}

func TestResumeDeadlinesAfterDowntime(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	late := newGame(t, db) // deadline epoch+3d, reminder at 2.4d
	clk.Add(2 * day)
	later := newGame(t, db) // deadline epoch+5d, reminder at 4.4d
	// The bot was down until epoch+3.5d-2h: late is overdue, later's reminder not yet due.
	clk.Add(3*day/2 - 2*time.Hour)
	n, err := db.ResumeDeadlines(ctx, time.Hour, 2*time.Minute)
	if err != nil || n != 1 {
		t.Fatalf("ResumeDeadlines moved %d, %v; want 1", n, err)
	}
	a, _ := db.Game(ctx, late.ID)
	b, _ := db.Game(ctx, later.ID)
	if !a.Deadline.Equal(clk.Now().Add(time.Hour)) || !a.RemindAt.Equal(late.RemindAt) || a.Version != late.Version {
		t.Fatalf("overdue game after resume: deadline %v remind %v", a.Deadline, a.RemindAt)
	}
	if !b.Deadline.Equal(later.Deadline) || !b.RemindAt.Equal(later.RemindAt) {
		t.Fatalf("game not yet due was changed: %+v", b)
	}
	if due, _ := db.DueDeadlines(ctx, 10); len(due) != 0 {
		t.Fatalf("due right after resuming: %v", gameIDs(due))
	}
	// The reminder missed in the downtime is sent now, within the grace
	// before the moved deadline: no deadline passes without its reminder.
	if due, _ := db.DueReminders(ctx, 10); len(due) != 1 || due[0].ID != late.ID {
		t.Fatalf("reminders due right after resuming: %v, want game %d's", gameIDs(due), late.ID)
	}
	clk.Add(time.Hour)
	if due, _ := db.DueDeadlines(ctx, 10); len(due) != 1 || due[0].ID != late.ID {
		t.Fatalf("due an hour after resuming: %v", gameIDs(due))
	}
}

// A copy that starts while another sweeps, or after a restart of seconds,
// finds a sweep within up: nothing was down, so the reminder that fell due
// meanwhile is still sent by the next sweep and no deadline moves.
func TestResumeAfterARecentSweepChangesNothing(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	g := newGame(t, db) // deadline epoch+3d, reminder at 2.4d
	clk.Add(3*day - time.Minute)
	if err := db.Swept(ctx); err != nil {
		t.Fatal(err)
	}
	clk.Add(90 * time.Second) // the deadline passed 30 s ago, the reminder long before
	n, err := db.ResumeDeadlines(ctx, time.Hour, 2*time.Minute)
	if err != nil || n != 0 {
		t.Fatalf("ResumeDeadlines moved %d, %v; want none", n, err)
	}
	after, _ := db.Game(ctx, g.ID)
	if !after.Deadline.Equal(g.Deadline) || !after.RemindAt.Equal(g.RemindAt) {
		t.Fatalf("a restart of seconds changed the game: deadline %v remind %v", after.Deadline, after.RemindAt)
	}
	if due, _ := db.DueReminders(ctx, 10); len(due) != 1 {
		t.Fatalf("%d reminders due after a quick restart, want 1", len(due))
	}
}

// After a downtime, only what fell due since the last sweep counts as
// missed: a deadline that passed while the bot was still sweeping is its
// sweeps' to end, not a reason for grace.
func TestResumeCountsOnlyTheTimeSinceTheLastSweep(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	early := newGame(t, db) // deadline epoch+3d
	clk.Add(day)
	late := newGame(t, db)     // deadline epoch+4d, reminder at 3.4d
	clk.Add(2*day + time.Hour) // epoch+3d+1h: early is overdue, still up
	if err := db.Swept(ctx); err != nil {
		t.Fatal(err)
	}
	clk.Add(day) // down until epoch+4d+1h: late's reminder and deadline passed
	n, err := db.ResumeDeadlines(ctx, time.Hour, 2*time.Minute)
	if err != nil || n != 1 {
		t.Fatalf("ResumeDeadlines moved %d, %v; want 1", n, err)
	}
	e, _ := db.Game(ctx, early.ID)
	l, _ := db.Game(ctx, late.ID)
	if !e.Deadline.Equal(early.Deadline) {
		t.Errorf("a deadline past before the downtime moved to %v", e.Deadline)
	}
	if !l.Deadline.Equal(clk.Now().Add(time.Hour)) || !l.RemindAt.Equal(late.RemindAt) {
		t.Errorf("the deadline missed in the downtime: %v, reminder %v (want it still due)", l.Deadline, l.RemindAt)
	}
}
