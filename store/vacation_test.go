package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"kilab/games"
)

func TestVacationMovesDeadlinesAndBack(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	onMove := newGameOf(t, db, "ana", "bo", true)  // ana to move, due epoch+3d
	waiting := newGameOf(t, db, "bo", "ana", true) // bo to move
	clk.Add(time.Hour)
	v, err := db.StartVacation(ctx, "ana", 5)
	if err != nil {
		t.Fatal(err)
	}
	if want := epoch.Add(5*day + time.Hour); !v.End.Equal(want) {
		t.Fatalf("vacation ends %v, want %v", v.End, want)
	}
	a, _ := db.Game(ctx, onMove.ID)
	if !a.Deadline.Equal(onMove.Deadline.Add(5*day)) || !a.RemindAt.Equal(onMove.RemindAt.Add(5*day)) || a.Version != onMove.Version {
		t.Fatalf("game on move: deadline %v remind %v version %d; want both 5 days later, same version", a.Deadline, a.RemindAt, a.Version)
	}
	if b, _ := db.Game(ctx, waiting.ID); !b.Deadline.Equal(waiting.Deadline) {
		t.Fatalf("the opponent's clock moved: %v, want %v", b.Deadline, waiting.Deadline)
	}
	// A turn that comes to ana while away runs from the vacation's end.
	clk.Add(day)
	b := move(t, db, waiting, games.First, "m")
	if want := v.End.Add(3 * day); !b.Deadline.Equal(want) {
		t.Fatalf("turn begun on vacation due %v, want %v", b.Deadline, want)
	}
	clk.Add(2 * day) // past the old deadline, within the vacation
	if due, _ := db.DueDeadlines(ctx, 10); len(due) != 0 {
		t.Fatalf("a game timed out during the vacation: %v", gameIDs(due))
	}
	if due, _ := db.DueReminders(ctx, 10); len(due) != 0 {
		t.Fatalf("a reminder came during the vacation: %v", gameIDs(due))
	}
	// Back a day early: both deadlines come back by the day not taken.
	clk.Add(day)
	back, err := db.EndVacation(ctx, "ana")
	if err != nil || !back.End.Equal(clk.Now()) {
		t.Fatalf("ending: %+v, %v", back, err)
	}
	if a2, _ := db.Game(ctx, onMove.ID); !a2.Deadline.Equal(onMove.Deadline.Add(4 * day)) {
		t.Fatalf("after coming back: due %v, want the old deadline plus the 4 days away", a2.Deadline)
	}
	if b2, _ := db.Game(ctx, waiting.ID); !b2.Deadline.Equal(clk.Now().Add(3 * day)) {
		t.Fatalf("turn begun on vacation, after coming back: due %v, want a whole turn from now", b2.Deadline)
	}
	wantErr(t, "ending twice", errOnly(db.EndVacation(ctx, "ana")), ErrNotFound)
}

func errOnly(_ Vacation, err error) error { return err }

func TestVacationNoticesAndAway(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	g := newGameOf(t, db, "ana", "bo", true)
	computer, err := db.CreateGame(ctx, NewGame{GuildID: guild, ChannelID: channel, Kind: "aseb",
		Config:  games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}},
		Players: [2]string{"ana", "kilab"}, Position: "start", ToMove: games.First, TimeLimit: 3 * day,
		Computer: Computer{Level: "easy", Seat: games.Second}})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := db.StartVacation(ctx, "ana", 2)
	away, err := db.Away(ctx, "ana", "bo")
	if err != nil || len(away) != 1 || !away["ana"].Equal(v.End) {
		t.Fatalf("away: %v, %v", away, err)
	}
	wantErr(t, "a second vacation", errOnly(db.StartVacation(ctx, "ana", 1)), ErrOnVacation)
	clk.Add(time.Hour)
	db.EndVacation(ctx, "ana")
	if _, err := db.StartVacation(ctx, "ana", 1); err != nil { // again, at the same game version
		t.Fatal(err)
	}
	until := map[int64][]time.Time{}
	for _, a := range deliverAll(t, db) {
		if a.Kind == AnnounceVacation {
			if (a.Game != g.ID && a.Game != computer.ID) || a.User != "ana" {
				t.Fatalf("vacation notice %+v: want game %d's or %d's (against the computer, for its boards), about ana", a, g.ID, computer.ID)
			}
			until[a.Game] = append(until[a.Game], a.Until)
		}
	}
	for _, id := range []int64{g.ID, computer.ID} {
		u := until[id]
		if len(u) != 3 || !u[0].Equal(v.End) || !u[1].IsZero() || !u[2].Equal(clk.Now().Add(day)) {
			t.Fatalf("game %d: notices until %v: want the first end, back, then the second end", id, u)
		}
	}
	if a, _ := db.Away(ctx, "ana"); len(a) != 1 {
		t.Fatalf("away after going again: %v", a)
	}
	clk.Add(day)
	if a, _ := db.Away(ctx, "ana"); len(a) != 0 {
		t.Fatalf("away after the vacation ran out: %v", a)
	}
	wantErr(t, "no days", errOnly(db.StartVacation(ctx, "ana", 0)), ErrInvalid)
}

func TestVacationAllowance(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	left := func(want int) {
		t.Helper()
		if n, err := db.VacationDaysLeft(ctx, "ana"); err != nil || n != want {
			t.Fatalf("days left %d, %v; want %d", n, err, want)
		}
	}
	left(30)
	wantErr(t, "31 days", errOnly(db.StartVacation(ctx, "ana", 31)), ErrAllowance)
	if _, err := db.StartVacation(ctx, "ana", 10); err != nil {
		t.Fatal(err)
	}
	clk.Add(2 * day)
	db.EndVacation(ctx, "ana") // 2 days taken; the 8 not taken come back
	left(28)
	if _, err := db.StartVacation(ctx, "ana", 20); err != nil {
		t.Fatal(err)
	}
	clk.Add(20 * day)
	left(8)
	wantErr(t, "past the allowance", errOnly(db.StartVacation(ctx, "ana", 9)), ErrAllowance)
	// The 22 days taken stay within the 365 days ending with any vacation
	// started 10 days before the year is out, so 8 are left; two days later
	// a 30-day vacation's year no longer holds any of them.
	clk.Add(333 * day)
	left(8)
	clk.Add(2 * day)
	left(30)
}

func TestTurnOnVacationStartsAtItsEnd(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	v, _ := db.StartVacation(ctx, "ana", 3)
	clk.Add(time.Hour)
	g := newGameOf(t, db, "ana", "bo", true)
	if want := v.End.Add(3 * day); !g.Deadline.Equal(want) {
		t.Fatalf("new game's first turn due %v, want %v", g.Deadline, want)
	}
	h := newGameOf(t, db, "bo", "ana", true)
	if want := clk.Now().Add(3 * day); !h.Deadline.Equal(want) {
		t.Fatalf("the other player's turn due %v, want %v", h.Deadline, want)
	}
}

// deliverAll marks every due announcement delivered, in order, and returns them.
func deliverAll(t *testing.T, db *DB) []Announcement {
	t.Helper()
	var all []Announcement
	for {
		due, err := db.DueAnnouncements(context.Background(), 50)
		if err != nil {
			t.Fatal(err)
		}
		if len(due) == 0 {
			return all
		}
		for _, a := range due {
			if err := db.Delivered(context.Background(), a.ID, "sent"); err != nil {
				t.Fatal(err)
			}
		}
		all = append(all, due...)
	}
}

// A vacation and the sweep that read a game before it: the timeout and the
// reminder it would send are refused, as the vacation moved them; a deadline
// already past stays past, and a reminder already sent comes again at the
// vacation's end.
func TestVacationAndTheSweep(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	newGameOf(t, db, "ana", "bo", true) // due epoch+3d, reminder epoch+57.6h
	clk.Add(58 * time.Hour)
	dueR, _ := db.DueReminders(ctx, 10)
	if _, err := db.StartVacation(ctx, "ana", 7); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "a reminder the vacation moved", db.MarkReminded(ctx, dueR[0], true), ErrConflict)

	h := newGameOf(t, db, "cy", "di", true)
	clk.Add(3*day + time.Minute) // h is overdue
	dueD, _ := db.DueDeadlines(ctx, 10)
	if len(dueD) != 1 || dueD[0].ID != h.ID {
		t.Fatalf("due: %v", gameIDs(dueD))
	}
	if _, err := db.StartVacation(ctx, "cy", 3); err != nil {
		t.Fatal(err)
	}
	if after, _ := db.Game(ctx, h.ID); !after.Deadline.Equal(h.Deadline) {
		t.Fatalf("an overdue deadline moved to %v", after.Deadline)
	}
	r, why := dueD[0].TimeoutResult()
	if _, _, err := db.Commit(ctx, Commit{Game: h.ID, Version: h.Version, End: &End{r, why}, Timeout: true}); err != nil {
		t.Fatalf("the overdue game's timeout: %v", err)
	}

	k := newGameOf(t, db, "ed", "fay", true)
	clk.Add(3*day - time.Minute) // k is not yet due
	_, _, err := db.Commit(ctx, Commit{Game: k.ID, Version: k.Version, End: &End{Aborted, ReasonAbort}, Timeout: true})
	wantErr(t, "a timeout before the deadline", err, ErrConflict)

	m := newGameOf(t, db, "gil", "hal", true)
	clk.Add(58 * time.Hour)
	if err := db.MarkReminded(ctx, m, true); err != nil {
		t.Fatal(err)
	}
	v, _ := db.StartVacation(ctx, "gil", 10)
	after, _ := db.Game(ctx, m.ID)
	if !after.RemindAt.Equal(v.End) || !after.Deadline.Equal(m.Deadline.Add(10*day)) {
		t.Fatalf("after a vacation begun past the reminder: reminder %v, due %v; want %v and 10 days later", after.RemindAt, after.Deadline, v.End)
	}
	// At the vacation's end the reminder comes again, at the same game
	// version: a second announcement, warning of the moved deadline.
	clk.Add(after.RemindAt.Sub(clk.Now()))
	if err := db.MarkReminded(ctx, after, true); err != nil {
		t.Fatalf("the reminder brought back by the vacation: %v", err)
	}
	as, _, _ := db.Announcements(ctx, m.ID)
	var untils []time.Time
	for _, a := range as {
		if a.Kind == AnnounceReminder {
			untils = append(untils, a.Until)
		}
	}
	if len(untils) != 2 || !untils[0].Equal(m.Deadline) || !untils[1].Equal(after.Deadline) {
		t.Fatalf("reminders until %v, want %v then %v", untils, m.Deadline, after.Deadline)
	}
}

// A commit that hands a player the turn and a vacation the player starts at
// the same moment: whichever order PostgreSQL runs them in, the turn's clock
// starts at the vacation's end. The commit (REPEATABLE READ, commitTx) is
// held after it has read the vacations, at a row it waits to insert; the
// vacation then starts; then the commit goes on. Without shiftTurns writing
// every game of the player, both would go ahead on what they read, and the
// turn would be due while the player is away.
func TestVacationBesideAHandedTurn(t *testing.T) {
	if testDialect() != postgresDialect {
		t.Skip("PostgreSQL only: SQLite runs one writer at a time")
	}
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGameOf(t, db, "ana", "bo", true) // ana on move; bo not yet
	hold, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Rollback()
	var holder int
	if err := hold.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&holder); err != nil {
		t.Fatal(err)
	}
	if err := db.announce(ctx, hold, g.ID, 0, g.Version+1, []Notice{{Kind: AnnounceBoard}}, nil); err != nil {
		t.Fatal(err)
	}
	moved := make(chan error, 1)
	go func() {
		_, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: games.First, Move: "m"}},
			Moved: true, Position: "after m", ToMove: games.Second, Announce: true})
		moved <- err
	}()
	committer := waitBlockedBy(t, db, holder, nil) // the commit, at its board announcement
	away := make(chan error, 1)
	var v Vacation
	go func() {
		var err error
		v, err = db.StartVacation(ctx, "bo", 5)
		away <- err
	}()
	waitBlockedBy(t, db, committer, away) // the vacation waits for the game's row, or went ahead
	if err := hold.Rollback(); err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(<-moved, <-away); err != nil {
		t.Fatal(err)
	}
	after, err := db.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.ToMove != games.Second || after.Deadline.Before(v.End) {
		t.Fatalf("bo's turn is due %v, during the vacation that ends %v", after.Deadline, v.End)
	}
}

// waitBlockedBy waits until a connection waits for a lock that the backend
// pid holds, and returns that connection's pid; or, with done, until done
// has a value, which it puts back.
func waitBlockedBy(t *testing.T, db *DB, pid int, done chan error) int {
	t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(10 * time.Millisecond) {
		select {
		case err := <-done:
			done <- err
			return 0
		default:
		}
		var blocked int
		err := db.read.QueryRow(`SELECT pid FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid)) LIMIT 1`, pid).Scan(&blocked)
		if err == nil {
			return blocked
		}
		if !errors.Is(err, sql.ErrNoRows) {
			t.Fatal(err)
		}
	}
	t.Fatalf("nothing came to wait for backend %d", pid)
	return 0
}

// The allowance's year is 365 days to the millisecond: 30 days taken from
// day 0 leave nothing to start on day 364, a minute before day 365, and the
// whole allowance on day 365. A year of 360 or 366 days, or a window that
// leaves out its last day, moves one of the three.
func TestVacationAllowanceYearIs365Days(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, clk := newDB(t)
	left := func(when string, want int) {
		t.Helper()
		if n, err := db.VacationDaysLeft(ctx, "ana"); err != nil || n != want {
			t.Fatalf("%s: %d days left, %v; want %d", when, n, err, want)
		}
	}
	if _, err := db.StartVacation(ctx, "ana", 30); err != nil {
		t.Fatal(err)
	}
	clk.Add(364 * day) // the vacation ran its course on day 30
	left("day 364", 0)
	wantErr(t, "a day's vacation on day 364", errOnly(db.StartVacation(ctx, "ana", 1)), ErrAllowance)
	clk.Add(day - time.Minute)
	left("a minute before day 365", 0)
	clk.Add(time.Minute)
	left("day 365", 30)
	if _, err := db.StartVacation(ctx, "ana", 30); err != nil {
		t.Fatalf("the whole allowance again on day 365: %v", err)
	}
}

// Coming back a day and a half early moves the deadlines back by exactly 36
// hours, not by whole days, and gives back exactly the time not taken: with
// 3½ days taken, a 26-day vacation fits in the allowance and a 27-day one
// does not.
func TestVacationEarlyReturnGivesBackTheExactTime(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, clk := newDB(t)
	onMove := newGameOf(t, db, "ana", "bo", true)  // ana to move, due epoch+3d
	waiting := newGameOf(t, db, "bo", "ana", true) // bo to move
	if _, err := db.StartVacation(ctx, "ana", 5); err != nil {
		t.Fatal(err)
	}
	clk.Add(day)
	handed := move(t, db, waiting, games.First, "m") // ana's turn, from the vacation's end
	clk.Add(2*day + 12*time.Hour)                    // back 1½ days before the vacation's end
	if _, err := db.EndVacation(ctx, "ana"); err != nil {
		t.Fatal(err)
	}
	a, _ := db.Game(ctx, onMove.ID)
	if want := onMove.Deadline.Add(5*day - 36*time.Hour); !a.Deadline.Equal(want) {
		t.Fatalf("due %v after coming back 36 h early, want %v (the old deadline plus the 3½ days away)", a.Deadline, want)
	}
	if want := onMove.RemindAt.Add(5*day - 36*time.Hour); !a.RemindAt.Equal(want) {
		t.Fatalf("reminder at %v after coming back 36 h early, want %v", a.RemindAt, want)
	}
	if h, _ := db.Game(ctx, handed.ID); !h.Deadline.Equal(handed.Deadline.Add(-36 * time.Hour)) {
		t.Fatalf("turn begun on vacation due %v, want 36 h before %v", h.Deadline, handed.Deadline)
	}
	if n, err := db.VacationDaysLeft(ctx, "ana"); err != nil || n != 26 {
		t.Fatalf("%d days left, %v, after 3½ days taken; want 26", n, err)
	}
}

// Pending finds only newer undelivered notices of the kinds asked for, of
// the same game.
func TestPendingNotices(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGameOf(t, db, "ana", "bo", true)
	other := newGameOf(t, db, "cy", "dee", true)
	deliverAll(t, db)
	if _, err := db.StartVacation(ctx, "ana", 2); err != nil {
		t.Fatal(err)
	}
	due, err := db.DueAnnouncements(ctx, 10)
	if err != nil || len(due) != 1 || due[0].Game != g.ID {
		t.Fatalf("due %+v, %v: want ana's one notice", due, err)
	}
	first := due[0]
	pending := func(a Announcement, kinds ...string) bool {
		t.Helper()
		p, err := db.Pending(ctx, a, kinds...)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if pending(first, AnnounceVacation, AnnounceBoard) {
		t.Error("a newer notice found where none was written")
	}
	if _, err := db.StartVacation(ctx, "cy", 2); err != nil {
		t.Fatal(err)
	}
	if pending(first, AnnounceVacation) {
		t.Errorf("cy's notice, about game %d, counts for game %d", other.ID, g.ID)
	}
	if _, err := db.StartVacation(ctx, "bo", 2); err != nil {
		t.Fatal(err)
	}
	if !pending(first, AnnounceVacation) || pending(first, AnnounceBoard) || pending(first) {
		t.Error("bo's notice is newer and of the kind asked for, and only of it")
	}
	deliverAll(t, db)
	if pending(first, AnnounceVacation) {
		t.Error("a delivered notice still counts as on its way")
	}
}
