package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// The bot killed at each point where a sweep's work, a digest or a
// tournament's round can be cut between what the database holds and what
// Discord shows, then restarted (on SQLite, or on PostgreSQL with pgtest.Env
// set): each reaches its readers exactly once. The points, each cut before
// the request there and after Discord acted on it:
//
//   - a reminder: its DM;
//   - an end on time: the thread's final board;
//   - a daily digest: its DM;
//   - a round's pairing: a game's thread, the line in the channel it starts
//     from, and the round's notice.
//
// Time passing is the database's: the test moves a due time to the past and
// the child's sweep, every second, finds it.
func TestCrashInSweepsAndRounds(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts and kills the bot as a process, twice per crash point")
	}
	points := []struct {
		name string
		cut  func(r *crashRig, after bool) (*fakediscord.Hold, func())
	}{
		{"a reminder's DM", (*crashRig).cutReminder},
		{"an end on time's board", (*crashRig).cutTimeout},
		{"a digest's DM", (*crashRig).cutDigest},
		{"a round's thread", (*crashRig).cutRoundThread},
		{"the line a round's thread starts from", (*crashRig).cutRoundStarter},
		{"a round's notice", (*crashRig).cutRoundNotice},
	}
	for _, p := range points {
		for _, after := range []bool{false, true} {
			name := map[bool]string{false: "before ", true: "after "}[after] + p.name
			t.Run(name, func(t *testing.T) {
				t.Parallel() // each point has its own fake Discord, database and child
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				r := &crashRig{t: t, ctx: ctx, srv: fakediscord.New(t), db: crashDatabase(t), env: []string{"SWEEP_EVERY=1s"}}
				r.start()
				defer func() { r.kill() }()
				hold, check := p.cut(r, after)
				defer hold.Release() // held to the end, as in crashPoints
				r.kill()
				r.start()
				check()
			})
		}
	}
}

// exec runs a statement on the child's database, as time passing would
// change it: integers only, written into the statement, so that it reads
// the same on SQLite and PostgreSQL.
func (r *crashRig) exec(format string, args ...any) {
	r.t.Helper()
	if strings.Contains(r.db, "://") {
		execSQL(r.t, r.db, "", fmt.Sprintf(format, args...))
	} else {
		execSQL(r.t, "", r.db, fmt.Sprintf(format, args...))
	}
}

// past is a moment just gone, in the database's milliseconds.
func past() int64 { return time.Now().Add(-time.Second).UnixMilli() }

// waitHeld waits for the child to reach hold.
func (r *crashRig) waitHeld(hold *fakediscord.Hold) {
	r.t.Helper()
	if _, err := hold.Wait(r.ctx); err != nil {
		r.t.Fatalf("the child never reached the crash point: %v: %s", err, r.out.String())
	}
}

// settled starts a game and waits for its start to be delivered: the
// thread, its board, the first player's DM.
func (r *crashRig) settled() store.Game {
	id := r.startGame()
	g := r.waitGame(id, func(g store.Game) bool { return g.ThreadID != "" })
	r.waitDelivered(id, store.AnnounceRefresh)
	return g
}

// messages counts the messages in channel that pass ok.
func (r *crashRig) messages(channel string, ok func(fakediscord.Message) bool) int {
	n := 0
	for _, m := range r.srv.Messages(channel) {
		if ok(m) {
			n++
		}
	}
	return n
}

// exactlyOnce waits until channel holds a message that passes ok and
// nothing is left to deliver, then fails unless it holds exactly one.
func (r *crashRig) exactlyOnce(what, channel string, ok func(fakediscord.Message) bool) {
	r.t.Helper()
	for r.messages(channel, ok) == 0 {
		if r.ctx.Err() != nil {
			r.t.Fatalf("no %s after the restart: %s", what, r.out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	r.waitNothingDue()
	if n := r.messages(channel, ok); n != 1 {
		r.t.Errorf("%d of %s, want exactly 1", n, what)
	}
}

// waitNothingDue waits until no announcement due now is undelivered: every
// post it made is then in the fake.
func (r *crashRig) waitNothingDue() {
	r.t.Helper()
	for ; ; time.Sleep(20 * time.Millisecond) {
		if db, err := store.Open(r.ctx, r.db); err == nil {
			next, any, err := db.NextAnnouncement(r.ctx)
			db.Close()
			if err == nil && (!any || next.After(time.Now())) {
				return
			}
		}
		if r.ctx.Err() != nil {
			r.t.Fatalf("announcements left undelivered: %s", r.out.String())
		}
	}
}

func containing(s string) func(fakediscord.Message) bool {
	return func(m fakediscord.Message) bool { return strings.Contains(m.Content+embedText(m), s) }
}

// cutReminder has the sweep remind the player on move, cut at the DM.
func (r *crashRig) cutReminder(after bool) (*fakediscord.Hold, func()) {
	g := r.settled()
	dm := r.srv.DMChannel(g.Players[g.ToMove])
	hold := r.holdAt(routePost, after, dm)
	r.exec("UPDATE games SET remind_at = %d WHERE id = %d", past(), g.ID)
	r.waitHeld(hold)
	return hold, func() { r.exactlyOnce("reminders", dm, containing("Reminder")) }
}

// cutTimeout has the sweep end a game on time, cut at the thread's final
// board; each player then gets one result DM.
func (r *crashRig) cutTimeout(after bool) (*fakediscord.Hold, func()) {
	g := r.settled()
	before := map[string]int{g.ThreadID: len(r.srv.Messages(g.ThreadID))}
	for _, p := range g.Players {
		before[r.srv.DMChannel(p)] = len(r.srv.Messages(r.srv.DMChannel(p)))
	}
	hold := r.holdAt(routePost, after, g.ThreadID)
	r.exec("UPDATE games SET deadline = %d, remind_at = NULL WHERE id = %d", past(), g.ID)
	r.waitHeld(hold)
	return hold, func() {
		over := r.waitGame(g.ID, func(g store.Game) bool { return !g.Active() })
		r.waitDelivered(g.ID)
		for ch, n := range before {
			if got := len(r.srv.Messages(ch)) - n; got != 1 {
				t := map[bool]string{true: "the thread", false: "a DM channel"}[ch == g.ThreadID]
				r.t.Errorf("%d messages in %s after the end on time (%v), want exactly 1", got, t, over.Result)
			}
		}
	}
}

// cutDigest has the player on move take the daily digest and the sweep
// announce it, cut at its DM.
func (r *crashRig) cutDigest(after bool) (*fakediscord.Hold, func()) {
	g := r.settled()
	user := g.Players[g.ToMove]
	reply, err := r.srv.Command(user, r.srv.ChannelID(), "settings",
		fakediscord.Arg("timezone", "UTC"), fakediscord.Arg("digest", 9)).Reply(r.ctx)
	if err != nil || !strings.Contains(reply.Content, "09:00") {
		r.t.Fatalf("taking the digest: %v %q", err, reply.Content)
	}
	dm := r.srv.DMChannel(user)
	hold := r.holdAt(routePost, after, dm)
	r.exec("UPDATE users SET digest_due = %d WHERE user_id = '%s'", past(), mustID(r.t, user))
	r.waitHeld(hold)
	return hold, func() { r.exactlyOnce("digests", dm, containing("daily digest")) }
}

// mustID is user, which the fake makes of digits: checked so that it can
// be written into a statement.
func mustID(t *testing.T, user string) string {
	if _, err := strconv.ParseUint(user, 10, 64); err != nil {
		t.Fatalf("user id %q", user)
	}
	return user
}

// cutRoundThread, cutRoundStarter and cutRoundNotice start a three-player
// tournament, cut at its game's thread, at the line in the channel that
// thread starts from, and at its round's notice.
func (r *crashRig) cutRoundThread(after bool) (*fakediscord.Hold, func()) {
	// A thread started from a message, or of its own.
	return r.cutRound(after, func(q *fakediscord.Request) bool {
		return strings.HasPrefix(q.Route, "POST /channels/") && strings.HasSuffix(q.Route, "/threads")
	})
}

func (r *crashRig) cutRoundStarter(after bool) (*fakediscord.Hold, func()) {
	return r.cutRound(after, r.postSaying("moves first, as the pairing says"))
}

func (r *crashRig) cutRoundNotice(after bool) (*fakediscord.Hold, func()) {
	return r.cutRound(after, r.postSaying("· round 1 of"))
}

// postSaying is a post in the channel whose body holds s.
func (r *crashRig) postSaying(s string) func(*fakediscord.Request) bool {
	return func(q *fakediscord.Request) bool {
		return q.Route == routePost && q.Params["channel_id"] == r.srv.ChannelID() && strings.Contains(string(q.JSON), s)
	}
}

func (r *crashRig) cutRound(after bool, pred func(*fakediscord.Request) bool) (*fakediscord.Hold, func()) {
	hold := map[bool]func(func(*fakediscord.Request) bool) *fakediscord.Hold{false: r.srv.Hold, true: r.srv.HoldAfter}[after](pred)
	id := r.startTournament()
	r.waitHeld(hold)
	return hold, func() { r.checkRound(id) }
}

// startTournament has an organiser create an Aseb round robin, three
// players join it (round 1: one game and a bye) and the organiser start
// it; it returns its id.
func (r *crashRig) startTournament() int64 {
	r.t.Helper()
	admin := r.srv.AddUser("admin")
	msg, err := r.srv.Command(admin.ID, r.srv.ChannelID(), "tournament",
		fakediscord.Sub("create", fakediscord.Sub("aseb", fakediscord.Arg("format", "round-robin")))).Reply(r.ctx)
	if err != nil || len(msg.CustomIDs()) == 0 {
		r.t.Fatalf("creating a tournament: %v %q", err, msg.Content)
	}
	join := msg.CustomIDs()[0]
	for _, p := range []string{"ana", "bo", "cy"} {
		if reply, err := r.srv.Click(r.srv.AddUser(p).ID, msg.ID, join).Reply(r.ctx); err != nil || saysFault(reply) {
			r.t.Fatalf("joining: %v %q", err, reply.Content)
		}
	}
	id, err := strconv.ParseInt(join[strings.LastIndex(join, "/")+1:], 10, 64)
	if err != nil {
		r.t.Fatalf("join button %q", join)
	}
	// The start's answer is not awaited: it may come only after the
	// request held for the crash, which waitHeld then reports if it never
	// comes.
	r.srv.Command(admin.ID, r.srv.ChannelID(), "tournament",
		fakediscord.Sub("start", fakediscord.Arg("tournament", strconv.FormatInt(id, 10))))
	return id
}

// checkRound waits for round 1 of tournament id to be delivered, then fails
// unless its game has exactly one thread, the one the game keeps, and the
// channel exactly one notice of the round.
func (r *crashRig) checkRound(id int64) {
	r.t.Helper()
	r.exactlyOnce("round notices", r.srv.ChannelID(), containing("· round 1 of"))
	if n := r.messages(r.srv.ChannelID(), containing("moves first, as the pairing says")); n != 1 {
		r.t.Errorf("%d lines starting the game's thread, want 1", n)
	}
	db, err := store.Open(r.ctx, r.db)
	if err != nil {
		r.t.Fatal(err)
	}
	defer db.Close()
	ps, err := db.Pairings(r.ctx, id)
	var game []int64
	for _, p := range ps {
		if p.Round == 1 && p.Game != 0 {
			game = append(game, p.Game)
		}
	}
	if err != nil || len(game) != 1 {
		r.t.Fatalf("pairings %+v, %v: want one game in round 1", ps, err)
	}
	g, err := db.Game(r.ctx, game[0])
	if err != nil {
		r.t.Fatal(err)
	}
	threads := r.srv.Threads(r.srv.ChannelID())
	if len(threads) != 1 || threads[0].ID != g.ThreadID {
		var ids []string
		for _, th := range threads {
			ids = append(ids, th.ID)
		}
		r.t.Errorf("threads %v in the channel, want only game %d's %q", ids, g.ID, g.ThreadID)
	}
}
