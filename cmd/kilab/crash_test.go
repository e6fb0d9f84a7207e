package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/internal/pgtest"
	"kilab/internal/storetest"
	"kilab/internal/testlong"
	"kilab/store"
)

// TestMain runs the program itself when a test starts it as a child process
// (KILAB_TEST_CHILD=1): the crash test needs a bot it can kill with SIGKILL.
// Otherwise it runs the tests, more of them at once than there are cores:
// the crash tests spend most of their time waiting on a child's sweep.
func TestMain(m *testing.M) {
	if os.Getenv("KILAB_TEST_CHILD") == "1" {
		os.Exit(runChild())
	}
	testlong.MainWaiting(m, max(8, 4*runtime.GOMAXPROCS(0)))
}

// runChild runs the program as a child process; with KILAB_TEST_CPUPROFILE
// naming a directory, it writes its CPU profile there, so that a load run
// shows where each copy of the bot spends its time.
func runChild() int {
	dir := os.Getenv("KILAB_TEST_CPUPROFILE")
	if dir == "" {
		return run(os.Args[1:], os.Stdout, os.Stderr)
	}
	f, err := os.CreateTemp(dir, "cpu-*.pprof")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer pprof.StopCPUProfile()
	return run(os.Args[1:], os.Stdout, os.Stderr)
}

// crashRig is a fake Discord, a database and the bot running as a child
// process against them. The database is a SQLite file or, when pgtest.Env
// names a PostgreSQL server, a schema of its own there.
type crashRig struct {
	t     *testing.T
	ctx   context.Context
	srv   *fakediscord.Server
	db    string // what store.Open takes
	child *exec.Cmd
	out   strings.Builder
	// env is more of the child's environment (SWEEP_EVERY=1s), after
	// the rig's own, which it overrides.
	env []string
}

// crashDatabase returns a fresh database for the rig.
func crashDatabase(t *testing.T) string {
	if server, ok := pgtest.Server(); ok {
		return pgtest.Schema(t, server)
	}
	return storetest.Path(t, "kilab.db")
}

func (r *crashRig) start() {
	r.t.Helper()
	cmd := exec.Command(os.Args[0], "run")
	cmd.Env = append(os.Environ(), "KILAB_TEST_CHILD=1",
		"DISCORD_TOKEN="+strings.TrimPrefix(r.srv.Token(), "Bot "), r.dbEnv(),
		"DISCORD_API_URL="+r.srv.URL(), "DISCORD_GUILD_ID="+r.srv.Guild().ID, "LOG_LEVEL=warn")
	cmd.Env = append(cmd.Env, r.env...)
	cmd.Dir = r.t.TempDir() // no .env there
	cmd.Stdout, cmd.Stderr = &r.out, &r.out
	if err := cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	r.child = cmd
	for n := len(r.srv.GatewaySessions()); ; time.Sleep(10 * time.Millisecond) {
		if len(r.srv.GatewaySessions()) > n && len(r.srv.Commands(r.srv.Guild().ID)) > 0 {
			return
		}
		if r.ctx.Err() != nil {
			r.t.Fatalf("the bot did not connect: %s", r.out.String())
		}
	}
}

func (r *crashRig) dbEnv() string {
	if strings.Contains(r.db, "://") {
		return "DATABASE_URL=" + r.db
	}
	return "DATABASE_PATH=" + r.db
}

// kill ends the child as a crash does: no shutdown at all.
func (r *crashRig) kill() {
	_ = r.child.Process.Kill()
	_ = r.child.Wait()
}

// readGame reads a game from the database the child writes.
func (r *crashRig) readGame(id int64) (store.Game, bool) {
	db, err := store.Open(r.ctx, r.db)
	if err != nil {
		return store.Game{}, false // not created yet
	}
	defer db.Close()
	g, err := db.Game(r.ctx, id)
	return g, err == nil
}

// boards are the messages in channel with controls for the game's version.
func (r *crashRig) boards(channel string, g store.Game) []fakediscord.Message {
	var out []fakediscord.Message
	prefix := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	for _, m := range r.srv.Messages(channel) {
		if ids := m.CustomIDs(); len(ids) > 0 && strings.HasPrefix(ids[0], prefix) {
			out = append(out, m)
		}
	}
	return out
}

// The bot killed at each point between a move's commit and its delivery, then
// restarted (on SQLite, or on PostgreSQL with pgtest.Env set): the next player always gets the thread board and the turn DM,
// each exactly once.
func TestCrashBetweenCommitAndDelivery(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts and kills the bot as a process, twice per crash point")
	}
	points := []crashPoint{
		{"before the click's answer", false, routeCallback, false},
		{"after the click's answer", true, routeCallback, false},
		{"before the thread board", false, routePost, false},
		{"after the thread board", true, routePost, false},
		{"before the turn DM", false, routePost, true},
		{"after the turn DM", true, routePost, true},
	}
	// Long runs crash each point in more games: the child throws at random,
	// so each game reaches the point at another turn. Same names: #01, #02...
	for range testlong.Pick(1, 10) {
		crashPoints(t, points)
	}
}

func crashPoints(t *testing.T, points []crashPoint) {
	for _, p := range points {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel() // each point has its own fake Discord, database and child
			// A bound for a bot that never gets there; a pass takes a
			// second, several on a starved machine.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			r := &crashRig{t: t, ctx: ctx, srv: fakediscord.New(t), db: crashDatabase(t)}
			r.start()
			defer func() { r.kill() }()
			g, next, hold := r.playUntilCrash(p.route, p.after, p.dm)
			// Held to the end: the fake drops a request held before it
			// acted once the killed bot's connection is gone, and a
			// release before the fake has noticed would apply it.
			defer hold.Release()
			r.kill()
			r.start()
			r.checkDelivered(g, next)
		})
	}
}

type crashPoint struct {
	name  string
	after bool // held once the fake acted on it (else before)
	route string
	dm    bool // the post is the DM (else, for a post, the thread board)
}

// startGame has ana challenge bo to Aseb, bo accept, and returns the game.
func (r *crashRig) startGame() int64 {
	r.t.Helper()
	ana, bo := r.srv.AddUser("ana"), r.srv.AddUser("bo")
	msg, err := r.srv.Command(ana.ID, r.srv.ChannelID(), "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", bo.ID))).Reply(r.ctx)
	if err != nil {
		r.t.Fatal(err)
	}
	if reply, err := r.srv.Click(bo.ID, msg.ID, msg.CustomIDs()[0]).Reply(r.ctx); err != nil || saysFault(reply) {
		r.t.Fatalf("accepting: %v %q", err, reply.Content)
	}
	return r.gameOf(ana.ID)
}

// playUntilCrash plays clicks, each with a hold on the crash point, until a
// click passes the turn and reaches the point; it returns the game as that
// click committed it, the player now on move, and the hold, still holding.
func (r *crashRig) playUntilCrash(route string, after, dm bool) (store.Game, string, *fakediscord.Hold) {
	t := r.t
	id := r.startGame()
	for clicks := 0; clicks < 300; clicks++ {
		g := r.waitGame(id, func(g store.Game) bool { return g.ThreadID != "" })
		board := r.waitBoard(g.ThreadID, g)
		other := g.Players[g.ToMove.Other()]
		button := board.CustomIDs()[0]
		// A throw keeps the turn unless nothing can move; only a move's
		// answer is held, where the crash point is the click's answer.
		var hold *fakediscord.Hold
		if !(route == routeCallback && strings.HasSuffix(button, "/t")) {
			hold = r.holdAt(route, after, map[bool]string{false: g.ThreadID, true: r.srv.DMChannel(other)}[dm])
		}
		r.srv.Click(g.Players[g.ToMove], board.ID, button)
		now := r.waitGame(id, func(n store.Game) bool { return n.Version > g.Version })
		if hold == nil {
			continue
		}
		wctx, cancel := context.WithTimeout(r.ctx, 2*time.Second)
		_, err := hold.Wait(wctx)
		cancel()
		if err == nil && now.ToMove != g.ToMove {
			return now, other, hold
		}
		hold.Release() // a click that kept the turn, or did not reach the point
		if err == nil {
			r.waitBoard(g.ThreadID, now)
		}
	}
	t.Fatal("no click passed the turn through the crash point")
	return store.Game{}, "", nil
}

const (
	routeCallback = "POST /interactions/{interaction_id}/{interaction_token}/callback"
	routePost     = "POST /channels/{channel_id}/messages"
)

// holdAt holds the next request on route (in channel, for a post).
func (r *crashRig) holdAt(route string, after bool, channel string) *fakediscord.Hold {
	pred := func(q *fakediscord.Request) bool {
		return q.Route == route && (route != routePost || q.Params["channel_id"] == channel)
	}
	if after {
		return r.srv.HoldAfter(pred)
	}
	return r.srv.Hold(pred)
}

// gameOf waits for the game user plays and returns its id: not always 1,
// as PostgreSQL's ids have gaps where a transaction was run again.
func (r *crashRig) gameOf(user string) int64 {
	r.t.Helper()
	for ; ; time.Sleep(20 * time.Millisecond) {
		if db, err := store.Open(r.ctx, r.db); err == nil {
			gs, _ := db.ActiveGames(r.ctx, user, "")
			db.Close()
			if len(gs) > 0 {
				return gs[0].ID
			}
		}
		if r.ctx.Err() != nil {
			r.t.Fatalf("no game for %s: %s", user, r.out.String())
		}
	}
}

// waitGame waits until the game satisfies ok.
func (r *crashRig) waitGame(id int64, ok func(store.Game) bool) store.Game {
	r.t.Helper()
	for {
		if g, found := r.readGame(id); found && ok(g) {
			return g
		}
		if r.ctx.Err() != nil {
			r.t.Fatalf("game %d never got there: %s", id, r.out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitBoard waits for a message in channel with controls for g's version.
func (r *crashRig) waitBoard(channel string, g store.Game) fakediscord.Message {
	r.t.Helper()
	for {
		if b := r.boards(channel, g); len(b) > 0 {
			return b[len(b)-1]
		}
		if r.ctx.Err() != nil {
			r.t.Fatalf("no board for version %d in %s: %s", g.Version, channel, r.out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkDelivered waits for the restarted bot to deliver g's board to the
// thread and next's DM and to have nothing left to deliver, then fails if
// either came more than once.
func (r *crashRig) checkDelivered(g store.Game, next string) {
	r.t.Helper()
	dm := r.srv.DMChannel(next)
	r.waitBoard(g.ThreadID, g)
	r.waitBoard(dm, g)
	// A duplicate would come from an announcement delivered again, which
	// is done only once it has been posted: with none left undone, every
	// post is in the fake, however slowly the machine runs. A throw's
	// refresh, due seconds later, posts nothing: it is not waited for.
	r.waitDelivered(g.ID, store.AnnounceRefresh)
	if now, _ := r.readGame(g.ID); now.Version != g.Version {
		r.t.Fatalf("the game moved on by itself: version %d, was %d", now.Version, g.Version)
	}
	for _, ch := range []string{g.ThreadID, dm} {
		if n := len(r.boards(ch, g)); n != 1 {
			r.t.Errorf("%d boards for version %d in %s, want exactly 1", n, g.Version, ch)
		}
	}
}

// waitDelivered waits until the bot has delivered every announcement of
// game but those of the kinds left out.
func (r *crashRig) waitDelivered(game int64, leftOut ...string) {
	r.t.Helper()
	for ; ; time.Sleep(20 * time.Millisecond) {
		if db, err := store.Open(r.ctx, r.db); err == nil {
			as, outcomes, err := db.Announcements(r.ctx, game)
			db.Close()
			waiting := false
			for k, a := range as {
				waiting = waiting || outcomes[k] == "" && !slices.Contains(leftOut, a.Kind)
			}
			if err == nil && !waiting {
				return
			}
		}
		if r.ctx.Err() != nil {
			r.t.Fatalf("announcements left undelivered: %s", r.out.String())
		}
	}
}

// routeEditOriginal is the edit that follows a click's deferral: the
// clicked board drawn in place, picture and all.
const routeEditOriginal = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"

// The bot killed after a Throw click's deferral, with the throw committed
// and the clicked board not yet drawn again, then restarted: the thread's
// board and the player's DM copy come to show the throw and what follows
// it by themselves (the throw's refresh), with no one clicking, and the
// thread keeps exactly one live board, no other offering older controls.
func TestCrashBetweenDeferralAndEdit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts and kills the bot as a process")
	}
	// A bound for a bot that never gets there: the refresh falls due
	// store.RefreshAfter after the throw, and a starved machine is slow.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute+store.RefreshAfter)
	defer cancel()
	r := &crashRig{t: t, ctx: ctx, srv: fakediscord.New(t), db: crashDatabase(t)}
	r.start()
	defer func() { r.kill() }()
	g, hold := r.throwUntilCrash()
	defer hold.Release()
	r.kill()
	r.start()
	mover := g.Players[g.ToMove]
	r.waitBoard(g.ThreadID, g)
	r.waitBoard(r.srv.DMChannel(mover), g)
	r.waitDelivered(g.ID)
	if n := len(r.boards(g.ThreadID, g)); n != 1 {
		t.Errorf("%d boards for version %d in the thread, want exactly 1", n, g.Version)
	}
	// No board of the thread offers controls of a version before the
	// throw: the clicked board now shows the throw (and its moves, or the
	// next throw where the throw earned another).
	current := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
	for _, m := range r.srv.Messages(g.ThreadID) {
		if ids := m.CustomIDs(); len(ids) > 0 && !strings.HasPrefix(ids[0], current) {
			t.Errorf("board %s still offers the controls of an older version: %v", m.ID, ids)
		}
	}
}

// throwUntilCrash plays a game by clicks on the thread's board, holding the
// edit that follows each click's deferral, until a Throw click keeps the
// turn: it returns the game as that throw committed it, and the hold, still
// holding.
func (r *crashRig) throwUntilCrash() (store.Game, *fakediscord.Hold) {
	t := r.t
	id := r.startGame()
	for clicks := 0; clicks < 300; clicks++ {
		g := r.waitGame(id, func(g store.Game) bool { return g.ThreadID != "" })
		board := r.waitBoard(g.ThreadID, g)
		button := board.CustomIDs()[0]
		hold := r.srv.Hold(func(q *fakediscord.Request) bool { return q.Route == routeEditOriginal })
		r.srv.Click(g.Players[g.ToMove], board.ID, button)
		now := r.waitGame(id, func(n store.Game) bool { return n.Version > g.Version })
		wctx, cancel := context.WithTimeout(r.ctx, 5*time.Second)
		_, err := hold.Wait(wctx)
		cancel()
		if err == nil && strings.HasSuffix(button, "/t") && now.ToMove == g.ToMove {
			return now, hold
		}
		hold.Release()
		r.waitBoard(g.ThreadID, now)
	}
	t.Fatal("no throw kept the turn")
	return store.Game{}, nil
}
