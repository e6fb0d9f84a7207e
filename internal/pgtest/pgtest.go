// Package pgtest gives each test a PostgreSQL database of its own: a fresh
// schema on the server that KILAB_TEST_POSTGRES names, which the test's
// connections use as their search_path and which is dropped when the test
// ends. Tests on one server then run side by side without seeing each
// other's rows.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env names the server the store's tests run on; unset, they run on SQLite.
const Env = "KILAB_TEST_POSTGRES"

// Example is what Env looks like for the server of a development machine or CI.
const Example = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// Server returns the server Env names, and false when the run is not on
// PostgreSQL.
func Server() (string, bool) {
	s := os.Getenv(Env)
	return s, s != ""
}

// Schema makes a schema of its own for t on server and returns the URL that
// opens it. Where the server cannot be reached t is skipped, saying how to
// run it, or fails under CI=true, where PostgreSQL is part of the machine.
func Schema(t testing.TB, server string) string {
	t.Helper()
	if err, seen := unreachableServers.Load(server); seen {
		unreachable(t, server, err.(error)) // once per run is enough waiting for it
	}
	source, name, err := NewSchema(server)
	var lost *unreachableError
	switch {
	case errors.As(err, &lost):
		unreachableServers.Store(server, lost.err)
		unreachable(t, server, lost.err)
	case err != nil:
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := Drop(server, name); err != nil {
			t.Error(err)
		}
	})
	return source
}

// unreachableError is a server NewSchema could not reach.
type unreachableError struct{ err error }

func (e *unreachableError) Error() string { return "pgtest: unreachable: " + e.err.Error() }

// NewSchema makes a schema of its own on server, for a run outside any one
// test (a TestMain's), and returns the URL that opens it and its name, for
// Drop.
func NewSchema(server string) (source, name string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, server)
	if err != nil {
		return "", "", &unreachableError{err}
	}
	defer conn.Close(ctx)
	name = "kilab_test_" + randomHex()
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		return "", "", fmt.Errorf("pgtest: creating schema %s: %w", name, err)
	}
	u, err := url.Parse(server)
	if err != nil {
		return "", name, fmt.Errorf("pgtest: %s: %w", Env, err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String(), name, nil
}

// unreachableServers remembers the servers a test of this run could not
// reach, and why.
var unreachableServers sync.Map

func unreachable(t testing.TB, server string, err error) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("pgtest: PostgreSQL at %s is unreachable under CI: %v", redact(server), err)
	}
	t.Skipf("pgtest: PostgreSQL at %s is unreachable (%v): start it, or unset %s to run the tests on SQLite only; "+
		"a local server with trust auth and a database named test takes %s=%s", redact(server), err, Env, Env, Example)
}

// Drop drops a schema NewSchema made, with everything in it.
func Drop(server, name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, server)
	if err == nil {
		_, err = conn.Exec(ctx, "DROP SCHEMA "+name+" CASCADE")
		conn.Close(ctx)
	}
	if err != nil {
		return fmt.Errorf("pgtest: dropping schema %s: %w", name, err)
	}
	return nil
}

func randomHex() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func redact(server string) string {
	if u, err := url.Parse(server); err == nil {
		return u.Redacted()
	}
	return "(" + Env + ")"
}
