package store

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"kilab/games"
)

// crashEnv names the database (a SQLite path or a PostgreSQL URL) the child process of TestCrashKeepsAcknowledgedCommits
// commits to; the child runs only when it is set.
const crashEnv = "KILAB_STORE_CRASH_DB"

// TestCrashChild is the child process: it commits moves to game 1 as fast as it
// can and prints "ack N" once the commit that made version N returned nil,
// until it is killed (or, should the parent be gone, for at most a minute).
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("runs only as the child of TestCrashKeepsAcknowledgedCommits")
	}
	ctx := context.Background()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.Game(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("ready %d\n", g.Version)
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
		p := g.ToMove
		g, _, err = db.Commit(ctx, Commit{Game: g.ID, Version: g.Version,
			Plies: []games.Ply{{Player: p, Throws: []games.Throw{2}, Move: "v" + strconv.FormatInt(g.Version, 10)}},
			Moved: true, Position: "pos" + strconv.FormatInt(g.Version+1, 10), ToMove: p.Other()})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("ack %d\n", g.Version)
	}
}

// A process killed with SIGKILL while committing loses no commit it
// acknowledged, and leaves a database that passes integrity_check and takes
// more commits, on SQLite and on PostgreSQL. Each round restarts the child on the database the last one left.
func TestCrashKeepsAcknowledgedCommits(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip("the child does not crash itself")
	}
	ctx := context.Background()
	path := testSource(t)
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, db)
	db.Close()
	rounds := 5
	if testing.Short() {
		rounds = 2
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	version := g.Version
	for round := range rounds {
		acked := crashRound(t, path, version, 20+rng.IntN(200))
		version = checkAfterCrash(t, path, g.ID, acked, round)
	}
}

// crashRound runs the child on a game at version from, kills it after it
// acknowledged killAfter commits, and returns the last version it acknowledged.
func crashRound(t *testing.T, path string, from int64, killAfter int) int64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashEnv+"="+path)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	last, acks := from, 0
	lines := bufio.NewScanner(out)
	for acks < killAfter && lines.Scan() {
		word, num, _ := strings.Cut(lines.Text(), " ")
		v, err := strconv.ParseInt(num, 10, 64)
		switch {
		case word == "ready" && err == nil && v == from && acks == 0:
		case word == "ack" && err == nil && v == last+1:
			last, acks = v, acks+1
		default:
			cmd.Process.Kill()
			t.Fatalf("child said %q after version %d", lines.Text(), last)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill: %v", err)
	}
	cmd.Wait()
	if acks < killAfter {
		t.Fatalf("child stopped after %d acknowledged commits, before it was killed", acks)
	}
	return last
}

// checkAfterCrash reopens the database and checks it holds every commit up to
// acked; it returns the game's version.
func checkAfterCrash(t *testing.T, path string, game, acked int64, round int) int64 {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("round %d: reopen: %v", round, err)
	}
	defer db.Close()
	if db.dialect == sqliteDialect {
		if got := pragma(t, db.read, "integrity_check"); got != "ok" {
			t.Fatalf("round %d: integrity_check: %s", round, got)
		}
	}
	g, err := db.Game(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	// Every acknowledged commit must be there. The child may have committed
	// more before the kill landed: its acknowledgements of those were still in
	// the pipe, unread, so they count for nothing here.
	if g.Version < acked {
		t.Fatalf("round %d: version %d after acknowledging %d", round, g.Version, acked)
	}
	rec, err := db.Record(ctx, game)
	if err != nil || int64(len(rec)) != g.Version-1 {
		t.Fatalf("round %d: %d plies at version %d: %v", round, len(rec), g.Version, err)
	}
	for i, p := range rec {
		if want := "v" + strconv.Itoa(i+1); p.Move != want || p.N != i+1 || g.Position != "pos"+strconv.FormatInt(g.Version, 10) {
			t.Fatalf("round %d: ply %d is %+v (position %q), want move %s", round, i+1, p, g.Position, want)
		}
	}
	return g.Version
}
