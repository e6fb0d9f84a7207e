package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"kilab/internal/fakediscord"
	"kilab/internal/pgtest"
	"kilab/internal/testlong"
	"kilab/lang"
	"kilab/store"
)

// The bot on PostgreSQL, its every session ended before each click (a
// server restart, a failover, an operator's pg_terminate_backend): each
// click still moves the game on, and none is answered with a fault.
func TestSessionsEndedWhileClicking(t *testing.T) {
	server, ok := pgtest.Server()
	if !ok {
		t.Skip("PostgreSQL only: SQLite has no connection to lose")
	}
	if testing.Short() {
		t.Skip("starts the bot as a process")
	}
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, admin, app := faultRig(t, ctx, server)
	defer r.kill()
	ana, bo := r.srv.AddUser("ana"), r.srv.AddUser("bo")
	msg, err := r.srv.Command(ana.ID, r.srv.ChannelID(), "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", bo.ID))).Reply(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ended := endSessions(t, admin, app)
	if reply, err := r.srv.Click(bo.ID, msg.ID, msg.CustomIDs()[0]).Reply(ctx); err != nil || saysFault(reply) {
		t.Fatalf("accepting, %d sessions ended before: %v %q", ended, err, reply.Content)
	}
	id := r.gameOf(ana.ID)
	const clicks = 10
	for range clicks {
		g := r.waitGame(id, func(g store.Game) bool { return g.ThreadID != "" })
		if !g.Active() {
			break
		}
		board := r.waitBoard(g.ThreadID, g)
		ended += endSessions(t, admin, app)
		reply, err := r.srv.Click(g.Players[g.ToMove], board.ID, board.CustomIDs()[0]).Reply(ctx)
		if err != nil || saysFault(reply) {
			t.Fatalf("version %d: %v %q %v\n%s", g.Version, err, reply.Content, embedText(reply), r.out.String())
		}
		r.waitGame(id, func(n store.Game) bool { return n.Version > g.Version })
	}
	t.Logf("%d clicks, %d sessions ended before them; the bot's log:\n%s", clicks+1, ended, r.out.String())
}

// The bot on PostgreSQL while the server keeps ending its sessions, at any
// moment rather than between clicks (an operator's pg_terminate_backend in
// a loop, a flapping pooler), several times a second: sessions die in the
// middle of a click's reads and writes. Every click still moves the game on, and none is answered
// with a fault; the log shows no statement failing for a lost connection.
func TestSessionsEndedDuringClicks(t *testing.T) {
	server, ok := pgtest.Server()
	if !ok {
		t.Skip("PostgreSQL only: SQLite has no connection to lose")
	}
	if testing.Short() {
		t.Skip("starts the bot as a process")
	}
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r, admin, app := faultRig(t, ctx, server)
	defer r.kill()
	id := r.startGame()
	ending, ended := make(chan struct{}), make(chan int)
	go func() { // ends the bot's sessions every 100 to 400 ms until told
		n := 0
		for {
			select {
			case <-ending:
				ended <- n
				return
			case <-time.After(time.Duration(100+mrand.IntN(300)) * time.Millisecond):
			}
			var k int
			if err := admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
				WHERE application_name = $1 AND pid <> pg_backend_pid()`, app).Scan(&k); err == nil {
				n += k
			}
		}
	}()
	clicks := testlong.Pick(30, 150)
	var faults []string
	for k := 0; k < clicks; k++ {
		g := r.waitGame(id, func(g store.Game) bool { return g.ThreadID != "" })
		if !g.Active() {
			break
		}
		board := r.waitBoard(g.ThreadID, g)
		reply, err := r.srv.Click(g.Players[g.ToMove], board.ID, board.CustomIDs()[0]).Reply(ctx)
		if err != nil || saysFault(reply) {
			faults = append(faults, fmt.Sprintf("version %d: %v %q %v", g.Version, err, reply.Content, embedText(reply)))
		}
		r.waitGame(id, func(n store.Game) bool { return n.Version > g.Version })
	}
	close(ending)
	n := <-ended
	log := r.out.String()
	if len(faults) > 0 || strings.Contains(log, "57P01") {
		t.Fatalf("%d sessions ended during %d clicks; %d answered with a fault: %q\nthe bot's log:\n%s", n, clicks, len(faults), faults, log)
	}
	t.Logf("%d clicks, %d sessions ended during them, no fault", clicks, n)
}

// faultRig starts the bot on a fresh schema of server whose sessions carry
// an application name of their own, so that only they are ended, and opens
// an admin connection to end them with.
func faultRig(t *testing.T, ctx context.Context, server string) (*crashRig, *pgx.Conn, string) {
	t.Helper()
	b := make([]byte, 6)
	rand.Read(b)
	app := "kilab_e2e_" + hex.EncodeToString(b)
	u, err := url.Parse(pgtest.Schema(t, server))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("application_name", app)
	u.RawQuery = q.Encode()
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close(context.Background()) })
	r := &crashRig{t: t, ctx: ctx, srv: fakediscord.New(t), db: u.String()}
	r.start()
	return r, admin, app
}

// endSessions ends every session of app and waits until they are gone.
func endSessions(t *testing.T, admin *pgx.Conn, app string) int {
	t.Helper()
	var n int
	if err := admin.QueryRow(context.Background(), `SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity
		WHERE application_name = $1 AND pid <> pg_backend_pid()`, app).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// saysFault reports whether a reply is one of the bot's fault answers.
func saysFault(m fakediscord.Message) bool {
	text := m.Content + embedText(m)
	return strings.Contains(text, lang.En.T("err.fault")) || strings.Contains(text, lang.En.T("err.fault_unknown"))
}

func embedText(m fakediscord.Message) string {
	var b strings.Builder
	for _, e := range m.Embeds {
		b.WriteString(e.Title + " " + e.Description + " ")
	}
	return b.String()
}
