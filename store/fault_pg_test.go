package store

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"kilab/games"
	"kilab/internal/pgtest"
)

// The tests here end the store's PostgreSQL sessions under it, as a server
// restart, a failover or an operator's pg_terminate_backend does, and check
// that no player would see a fault for it and nothing is applied twice.

// faultDB opens a fresh PostgreSQL database whose sessions carry an
// application_name of their own, so that killAll ends only this test's
// sessions (other tests share the server), and an admin connection to end
// them with. On SQLite the test is skipped: it has no connection to lose.
func faultDB(t *testing.T) (*DB, *pgx.Conn, string) {
	t.Helper()
	server, ok := pgtest.Server()
	if !ok {
		t.Skip("PostgreSQL only: SQLite has no connection to lose")
	}
	b := make([]byte, 6)
	rand.Read(b)
	app := "kilab_fault_" + hex.EncodeToString(b)
	src := withQuery(t, pgtest.Schema(t, server), "application_name", app)
	db := openTest(t, src)
	admin, err := pgx.Connect(context.Background(), server)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close(context.Background()) })
	return db, admin, app
}

func withQuery(t *testing.T, source, key, value string) string {
	t.Helper()
	u, err := url.Parse(source)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String()
}

// cutDBs opens a fresh PostgreSQL database twice: direct, and db through a
// cutProxy. On SQLite the test is skipped: it has no connection to lose.
func cutDBs(t *testing.T) (direct, db *DB, proxy *cutProxy) {
	t.Helper()
	server, ok := pgtest.Server()
	if !ok {
		t.Skip("PostgreSQL only: SQLite has no connection to lose")
	}
	src := pgtest.Schema(t, server)
	proxy, via := newCutProxy(t, src)
	return openTest(t, src), openTest(t, via), proxy
}

// announceMove commits a move in g that announces it: a board and DMs to
// deliver.
func announceMove(t *testing.T, db *DB, g Game) {
	t.Helper()
	if _, _, err := db.Commit(context.Background(), Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: g.ToMove, Move: "m"}},
		Moved: true, Position: "after m", ToMove: g.ToMove.Other(), Announce: true}); err != nil {
		t.Fatal(err)
	}
}

// killAll ends every session of app, as an operator's pg_terminate_backend
// or a server restart does, and returns how many it ended. It waits for
// them to be gone (up to 5 s) when wait is set.
func killAll(ctx context.Context, admin *pgx.Conn, app string, wait bool) (int, error) {
	timeout := 0
	if wait {
		timeout = 5000
	}
	var n int
	err := admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid, $2)) FROM pg_stat_activity
		WHERE application_name = $1 AND pid <> pg_backend_pid()`, app, timeout).Scan(&n)
	return n, err
}

// warm opens n live connections in db's pool and leaves them idle there,
// each used twice as a busy pool's are: pgx pings a connection before its
// first reuse, or after a second idle, and the store must not rely on that.
// Dead ones it meets (ended earlier) are dropped.
func warm(t *testing.T, db *DB, n int) {
	t.Helper()
	warmOnce(t, db, n)
	warmOnce(t, db, n)
}

func warmOnce(t *testing.T, db *DB, n int) {
	t.Helper()
	ctx := context.Background()
	var conns []*sql.Conn
	for tries := 0; len(conns) < n; tries++ {
		c, err := db.read.Conn(ctx)
		if err != nil || tries > 4*n {
			t.Fatalf("warming the pool: %v", err)
		}
		if err := c.PingContext(ctx); err != nil {
			c.Close() // pgx closed it: the pool drops it
			continue
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Close()
	}
}

// After the server ended every session in the pool (a restart): the next
// move commits, and the next reads answer, on new connections, rather than
// fail with 57P01.
func TestSessionsEndedBetweenClicks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, admin, app := faultDB(t)
	g := newGame(t, db)
	for round := range 3 {
		warm(t, db, 4)
		if n, err := killAll(ctx, admin, app, true); err != nil || n == 0 {
			t.Fatalf("round %d: ended %d sessions, %v", round, n, err)
		}
		if _, err := db.Game(ctx, g.ID); err != nil {
			t.Fatalf("round %d: reading the game after the sessions ended: %v", round, err)
		}
		warm(t, db, 4)
		if _, err := killAll(ctx, admin, app, true); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Record(ctx, g.ID); err != nil { // a read-only transaction
			t.Fatalf("round %d: reading the record after the sessions ended: %v", round, err)
		}
		warm(t, db, 4)
		if _, err := killAll(ctx, admin, app, true); err != nil {
			t.Fatal(err)
		}
		g = move(t, db, g, g.ToMove, fmt.Sprintf("m%d", round))
	}
	f := db.Faults()
	t.Logf("3 rounds: %+v", f)
	// pgx itself pings a connection idle for over a second before reusing
	// it; on a machine slow enough for every round to take that long, the
	// store would meet no lost connection, and the test would try nothing.
	if f.Lost == 0 || f.Reads == 0 {
		t.Fatalf("faults %+v: the rounds' moves and reads should have met lost connections", f)
	}
	if rec, _ := db.Record(ctx, g.ID); len(rec) != 3 || g.Version != 4 {
		t.Fatalf("%d plies, version %d after 3 moves", len(rec), g.Version)
	}
}

// After the server ended every session in the pool: delivery's bookkeeping,
// each a statement of its own (marking an announcement delivered, putting
// one off, recording and retiring a board, releasing claims), runs on a new
// connection rather than failing with 57P01. A delivered board whose mark
// failed so would stay claimed, holding back its game's next board until the
// claim lapsed.
func TestSessionsEndedBeforeDeliveryBookkeeping(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, admin, app := faultDB(t)
	var g Game
	for i := range 2 { // two games: a game's announcements are claimed one at a time
		g = newGameOf(t, db, fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i), false)
		announceMove(t, db, g)
	}
	claimed, err := db.ClaimAnnouncements(ctx, "copy", 10, time.Hour)
	if err != nil || len(claimed) < 2 {
		t.Fatalf("claimed %d announcements, %v; want 2 or more", len(claimed), err)
	}
	board := BoardMessage{Channel: "thread", Message: "m1", Game: g.ID, Version: 1, Kind: "board", Kept: "{}"}
	steps := []step{
		{"marking delivered", func() error { return db.Delivered(ctx, claimed[0].ID, "sent") }},
		{"putting off", func() error { return db.Retry(ctx, claimed[1].ID, db.Now()) }},
		{"recording a board", func() error { return db.AddBoardMessage(ctx, board) }},
		{"keeping its text", func() error { return db.KeepBoardText(ctx, board.Channel, board.Message, `{"a":1}`, board.Version) }},
		{"recording it drawn again", func() error { return db.BoardDrawn(ctx, board.Channel, board.Message, board.Version+1) }},
		{"retiring it", func() error { return db.RetireBoard(ctx, board.Channel, board.Message) }},
		{"releasing claims", func() error { return db.ReleaseClaims(ctx, "copy") }},
	}
	afterSessionsEnded(t, db, admin, app, steps)
	as, outcomes, err := db.Announcements(ctx, claimed[0].Game)
	if err != nil || as[0].ID != claimed[0].ID || outcomes[0] != "sent" {
		t.Fatalf("outcomes %q, %v: announcement %d should be sent", outcomes, err, claimed[0].ID)
	}
	if live, err := db.LiveBoards(ctx, g.ID, 99); err != nil || len(live) != 0 {
		t.Fatalf("live boards %v, %v: the board was retired", live, err)
	}
	again, err := db.ClaimAnnouncements(ctx, "other", 10, time.Hour)
	if err != nil || !slices.ContainsFunc(again, func(a Announcement) bool { return a.ID == claimed[1].ID && a.Attempts > 0 }) {
		t.Fatalf("claimed again %+v, %v: announcement %d, put off till now, should be due", again, err, claimed[1].ID)
	}
	if f := db.Faults(); f.Lost == 0 {
		t.Fatalf("faults %+v: the bookkeeping should have met lost connections", f)
	}
}

// Sessions ended again and again while moves and challenge accepts commit:
// every one of them succeeds (update runs it again on a new connection),
// and each lands exactly once.
func TestSessionsEndedDuringCommits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, admin, app := faultDB(t)
	const players, moves, accepters, accepts = 8, 25, 4, 5
	gs := make([]Game, players)
	for i := range gs {
		gs[i] = newGameOf(t, db, fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i), false)
	}
	chs := make([][]Challenge, accepters)
	for i := range chs {
		for j := range accepts {
			c, err := db.CreateChallenge(ctx, Challenge{GuildID: guild, ChannelID: channel, Challenger: fmt.Sprintf("c%d", i),
				Opponent: fmt.Sprintf("o%d-%d", i, j), Kind: "tab", TimeLimit: day})
			if err != nil {
				t.Fatal(err)
			}
			chs[i] = append(chs[i], c)
		}
	}
	stop, progress, killed := make(chan struct{}), make(chan struct{}), make(chan int)
	began := time.Now()
	go func() { killed <- killLoop(ctx, admin, app, 10, progress, stop) }()
	errs := make(chan error, players+accepters)
	var wg sync.WaitGroup
	for i := range gs {
		wg.Go(func() { errs <- playMoves(ctx, db, &gs[i], moves, progress) })
	}
	for i := range chs {
		wg.Go(func() {
			for _, c := range chs[i] {
				if _, err := db.AcceptChallenge(ctx, c.ID, c.Opponent, start(c.Challenger, c.Opponent)); err != nil {
					errs <- fmt.Errorf("accepting challenge %d: %w", c.ID, err)
					return
				}
				progress <- struct{}{}
			}
		})
	}
	wg.Wait()
	close(stop)
	n := <-killed
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	f := db.Faults()
	t.Logf("%d moves and %d accepts in %v while %d sessions were ended: %+v",
		players*moves, accepters*accepts, time.Since(began).Round(time.Millisecond), n, f)
	checkAppliedOnce(t, db, gs, moves, accepters*accepts)
	if f.Lost == 0 {
		t.Fatalf("no transaction met a lost connection (%d sessions ended): the test tried nothing", n)
	}
}

// killLoop ends all of app's sessions each time every more commits have
// succeeded, until stop closes, and returns how many sessions it ended.
// Paced by progress, not by a clock, it ends sessions with commits in
// flight however fast or slow the machine, and never so often that nothing
// can commit.
func killLoop(ctx context.Context, admin *pgx.Conn, app string, every int, progress, stop chan struct{}) int {
	total, done := 0, 0
	for {
		select {
		case <-stop:
			return total
		case <-progress:
			if done++; done%every != 0 {
				continue
			}
		}
		n, err := killAll(ctx, admin, app, false)
		if err != nil {
			panic(err)
		}
		total += n
	}
}

// playMoves commits n moves to g in turn, as one player's clicks would,
// telling progress of each.
func playMoves(ctx context.Context, db *DB, g *Game, n int, progress chan<- struct{}) error {
	for k := range n {
		next, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Moved: true, Announce: true,
			Plies: []games.Ply{{Player: g.ToMove, Move: fmt.Sprintf("m%d", k)}}, Position: fmt.Sprintf("p%d", k), ToMove: g.ToMove.Other()})
		if err != nil {
			return fmt.Errorf("game %d, move %d: %w", g.ID, k, err)
		}
		*g = next
		progress <- struct{}{}
	}
	return nil
}

// checkAppliedOnce checks that each game has its moves once, in order, and
// that each accepted challenge started one game.
func checkAppliedOnce(t *testing.T, db *DB, gs []Game, moves, accepted int) {
	t.Helper()
	ctx := context.Background()
	for _, g := range gs {
		got, err := db.Game(ctx, g.ID)
		rec, _ := db.Record(ctx, g.ID)
		if err != nil || got.Version != int64(1+moves) || len(rec) != moves {
			t.Fatalf("game %d: version %d, %d plies, %v; want %d and %d", g.ID, got.Version, len(rec), err, 1+moves, moves)
		}
		for k, p := range rec {
			if p.Move != fmt.Sprintf("m%d", k) {
				t.Fatalf("game %d ply %d is %q", g.ID, k+1, p.Move)
			}
		}
	}
	var n, open int
	db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE challenge_id IS NOT NULL`).Scan(&n)
	db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM challenges WHERE status <> 'accepted'`).Scan(&open)
	if n != accepted || open != 0 {
		t.Fatalf("%d games from %d accepted challenges, %d challenges not accepted", n, accepted, open)
	}
}

// cutProxy stands between the store and PostgreSQL and, once armed, cuts
// the connection of the next COMMIT that passes: after handing it to the
// server (which commits, its answer lost) or instead of it (the server
// never sees it and rolls back when the connection closes). Armed with
// cutAnswer, it cuts instead the connection of the next statement whose
// text holds at, once the server has run it and answered: a statement run
// on its own, its answer lost.
type cutProxy struct {
	ln     net.Listener
	server string
	mode   atomic.Int32 // cutOff, cutAfter, cutBefore or cutAnswer
	at     []byte       // cutAnswer's statement; set before arming
	cuts   atomic.Int32
	mu     sync.Mutex
	conns  []net.Conn
}

const (
	cutOff int32 = iota
	cutAfter
	cutBefore
	cutAnswer
)

// newCutProxy starts a proxy to the server of pgtest.Env and returns it with
// source pointed at it.
func newCutProxy(t *testing.T, source string) (*cutProxy, string) {
	t.Helper()
	u, err := url.Parse(source)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, server: u.Host}
	t.Cleanup(p.close)
	go p.serve()
	u.Host = ln.Addr().String()
	return p, u.String()
}

func (p *cutProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", p.server)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		var drop atomic.Bool
		go p.toClient(c, s, &drop)
		go p.toServer(c, s, &drop)
	}
}

// Messages of PostgreSQL's protocol that cutAnswer looks for: Execute (of
// the unnamed portal, every row), which runs a statement pgx prepared
// earlier, and ReadyForQuery, outside a transaction or in one, which ends
// its answer.
var (
	executeMessage = []byte("E\x00\x00\x00\x09\x00\x00\x00\x00\x00")
	readyMessage   = []byte("Z\x00\x00\x00\x05I")
	readyInTx      = []byte("Z\x00\x00\x00\x05T")
)

// toClient forwards what the server answers, but for an answer drop is set
// for: that it reads to its end and then cuts the connection.
func (p *cutProxy) toClient(c, s net.Conn, drop *atomic.Bool) {
	buf := make([]byte, 64<<10)
	var held []byte
	for {
		n, err := s.Read(buf)
		if err != nil {
			c.Close()
			return
		}
		if drop.Load() {
			if held = append(held, buf[:n]...); bytes.HasSuffix(held, readyMessage) || bytes.HasSuffix(held, readyInTx) {
				c.Close()
				s.Close()
				return
			}
			continue
		}
		if _, err := c.Write(buf[:n]); err != nil {
			s.Close()
			return
		}
	}
}

// commitMessage is how pgx sends COMMIT: a simple query "commit".
var commitMessage = []byte("commit\x00")

// toServer forwards what the store sends, cutting at an armed COMMIT, or
// having the answer to an armed statement dropped.
func (p *cutProxy) toServer(c, s net.Conn, drop *atomic.Bool) {
	buf := make([]byte, 64<<10)
	seen := false // the cutAnswer statement's text went by: it runs at the next Execute
	for {
		n, err := c.Read(buf)
		if err != nil {
			s.Close()
			return
		}
		chunk := buf[:n]
		if p.mode.Load() == cutAnswer {
			seen = seen || bytes.Contains(chunk, p.at)
			if seen && bytes.Contains(chunk, executeMessage) && p.mode.CompareAndSwap(cutAnswer, cutOff) {
				p.cuts.Add(1)
				drop.Store(true)
			}
		}
		if bytes.Contains(chunk, commitMessage) {
			if mode := p.mode.Swap(cutOff); mode != cutOff {
				p.cuts.Add(1)
				if mode == cutAfter {
					s.Write(chunk) // the server commits; its answer goes nowhere
				} else {
					s.Close()
				}
				c.Close()
				return
			}
		}
		if _, err := s.Write(chunk); err != nil {
			c.Close()
			return
		}
	}
}

func (p *cutProxy) close() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}

// A claim of announcements whose answer was lost with its connection (the
// server took the claims) is undone and made again: what it took is claimed
// at once, not after the claim's lease, while the owner's earlier claims,
// still being delivered, stay theirs and are not returned twice.
func TestClaimLostWithItsAnswer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	direct, db, proxy := cutDBs(t)
	announceMove(t, direct, newGameOf(t, direct, "ana", "bo", false))
	// Through direct: the claim cut must be db's first, as only the first
	// on a connection sends the statement's text.
	earlier, err := direct.ClaimAnnouncements(ctx, "copy", 10, time.Hour)
	if err != nil || len(earlier) != 1 {
		t.Fatalf("claimed %+v, %v", earlier, err)
	}
	announceMove(t, direct, newGameOf(t, direct, "cy", "bo", false))
	time.Sleep(2 * time.Millisecond) // the next claim's lease ends a millisecond later at least
	proxy.at = []byte("UPDATE announcements SET claimed_until")
	proxy.mode.Store(cutAnswer)
	// The claim is undone and made again on another connection: the caller
	// gets what the lost claim took, and only that.
	again, err := db.ClaimAnnouncements(ctx, "copy", 10, time.Hour)
	if proxy.cuts.Load() != 1 {
		t.Fatalf("%d cuts: the claim's answer should have been lost once", proxy.cuts.Load())
	}
	if err != nil || len(again) != 1 || again[0].Game == earlier[0].Game {
		t.Fatalf("claimed %+v, %v: the announcement the lost claim took, and only it, should be claimed again", again, err)
	}
	if f := db.Faults(); f.Lost == 0 {
		t.Errorf("faults %+v: the claim made again should count as a lost connection", f)
	}
}

// A connection lost during COMMIT may or may not have committed. The store
// asks the server which: a COMMIT the server received counts as done and is
// not run again (no second challenge); one it never received is run again.
// The player sees success in both, and one challenge.
func TestConnectionLostAtCommit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	direct, db, proxy := cutDBs(t)
	for i, c := range []struct {
		name                   string
		mode                   int32
		kept, rolledBack, lost int64 // so far
	}{
		{"COMMIT received, answer lost", cutAfter, 1, 0, 0},
		{"COMMIT never received", cutBefore, 1, 1, 1},
	} {
		proxy.mode.Store(c.mode)
		challenger := fmt.Sprintf("cut%d", i)
		ch, err := db.CreateChallenge(ctx, Challenge{GuildID: guild, ChannelID: channel, Challenger: challenger,
			Opponent: "bo", Kind: "tab", TimeLimit: day})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var n int
		if err := direct.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM challenges WHERE challenger_id = ?`, challenger).Scan(&n); err != nil {
			t.Fatal(err)
		}
		f := db.Faults()
		if n != 1 || ch.Challenger != challenger || proxy.cuts.Load() != int32(i+1) {
			t.Fatalf("%s: %d challenges stored, %d cuts, got %+v", c.name, n, proxy.cuts.Load(), ch)
		}
		if f.Kept != c.kept || f.RolledBack != c.rolledBack || f.Lost != c.lost || f.Unknown != 0 {
			t.Fatalf("%s: faults %+v, want %d kept, %d rolled back, %d run again", c.name, f, c.kept, c.rolledBack, c.lost)
		}
	}
}

// A read-only transaction whose connection is lost between its statements
// (the server ended the session while it read) runs again, whole, on
// another: the reader gets the game and its record as one moment saw them,
// and no error.
func TestSnapshotLostMidway(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	direct, db, proxy := cutDBs(t)
	g := newGame(t, direct)
	g = move(t, direct, g, g.ToMove, "m1")
	proxy.at = []byte("SELECT ply, player")
	proxy.mode.Store(cutAnswer)
	got, rec, err := db.GameRecord(ctx, g.ID)
	if proxy.cuts.Load() != 1 {
		t.Fatalf("%d cuts: the record's read should have lost its connection once", proxy.cuts.Load())
	}
	if err != nil || got.Version != g.Version || len(rec) != 1 {
		t.Fatalf("game %+v, %d plies, %v: want version %d and its ply, read again", got, len(rec), err, g.Version)
	}
	if f := db.Faults(); f.Reads == 0 {
		t.Errorf("faults %+v: the read run again should be counted", f)
	}
}

// After the server ended every session in the pool: a player's write of one
// statement (a setting, a claim of a reminder) runs on a new connection as
// a transaction does, rather than telling the player it failed.
func TestSessionsEndedBeforeOneStatementWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, admin, app := faultDB(t)
	g := newGame(t, db)
	steps := []step{
		{"a setting", func() error { return db.SetReminders(ctx, "ana", false) }},
		{"a DM channel", func() error { return db.SetDMChannel(ctx, "ana", "dm-ana") }},
		{"expiring challenges", func() error { _, err := db.ExpireChallenges(ctx); return err }},
		{"a reminder's claim", func() error {
			err := db.MarkReminded(ctx, g, true)
			if errors.Is(err, ErrConflict) {
				return nil // not due: the claim ran, and refused
			}
			return err
		}},
	}
	afterSessionsEnded(t, db, admin, app, steps)
	if st, err := db.Settings(ctx, "ana"); err != nil || st.Reminders || st.DMChannel != "dm-ana" {
		t.Fatalf("settings %+v, %v: want reminders off and the DM channel kept", st, err)
	}
}

// step is one piece of work a test runs after the sessions ended.
type step struct {
	name string
	run  func() error
}

// afterSessionsEnded runs each step once the server has ended every
// session of app, with the pool warm (its connections dead), and fails t
// for the first that fails.
func afterSessionsEnded(t *testing.T, db *DB, admin *pgx.Conn, app string, steps []step) {
	t.Helper()
	for _, s := range steps {
		warm(t, db, 4)
		if n, err := killAll(context.Background(), admin, app, true); err != nil || n == 0 {
			t.Fatalf("%s: ended %d sessions, %v", s.name, n, err)
		}
		if err := s.run(); err != nil {
			t.Fatalf("%s after the sessions ended: %v", s.name, err)
		}
	}
}
