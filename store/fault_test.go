package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// unsent is an error pgx marks as raised before anything was sent to the
// server (pgconn.SafeToRetry), as its closed-connection errors are.
type unsent struct{}

func (unsent) Error() string     { return "conn closed before sending" }
func (unsent) SafeToRetry() bool { return true }

func pgErr(severity, code string) error {
	return fmt.Errorf("statement: %w", &pgconn.PgError{Severity: severity, Code: code, Message: "m"})
}

func netErr(errno syscall.Errno) error {
	return fmt.Errorf("failed to receive message: %w", &net.OpError{Op: "read", Net: "tcp", Err: errno})
}

var faultNames = map[fault]string{faultFinal: "final", faultConflict: "conflict", faultLost: "lost", faultUnknown: "unknown"}

// Each error a transaction can fail with, and whether update runs it again:
// a conflict or a lost connection before COMMIT always; a loss during COMMIT
// only when the COMMIT never left (else the server is asked, settleCommit);
// nothing the server refused for itself, and nothing the caller gave up on.
func TestFaultClassification(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name           string
		err            error
		before, commit fault // in BeginTx or a statement; at COMMIT
	}{
		{"serialization failure", pgErr("ERROR", "40001"), faultConflict, faultConflict},
		{"deadlock", pgErr("ERROR", "40P01"), faultConflict, faultConflict},
		{"pg_terminate_backend", pgErr("FATAL", "57P01"), faultLost, faultUnknown},
		{"crash shutdown", pgErr("FATAL", "57P02"), faultLost, faultUnknown},
		{"server starting", pgErr("FATAL", "57P03"), faultLost, faultUnknown},
		{"connection exception", pgErr("FATAL", "08000"), faultLost, faultUnknown},
		{"connection does not exist", pgErr("FATAL", "08003"), faultLost, faultUnknown},
		{"connection failure", pgErr("FATAL", "08006"), faultLost, faultUnknown},
		{"unique violation", pgErr("ERROR", "23505"), faultFinal, faultFinal},
		{"deferred check at commit", pgErr("ERROR", "23514"), faultFinal, faultFinal},
		{"undefined table", pgErr("ERROR", "42P01"), faultFinal, faultFinal},
		{"bad password", pgErr("FATAL", "28P01"), faultFinal, faultUnknown},
		{"bad connection", driver.ErrBadConn, faultLost, faultUnknown},
		{"pgx conn closed", fmt.Errorf("begin: %w", pgconn.ErrConnClosed), faultLost, faultUnknown},
		{"server closed the stream", fmt.Errorf("receive: %w", io.EOF), faultLost, faultUnknown},
		{"stream cut mid-message", fmt.Errorf("receive: %w", io.ErrUnexpectedEOF), faultLost, faultUnknown},
		{"connection reset", netErr(syscall.ECONNRESET), faultLost, faultUnknown},
		{"connection refused", netErr(syscall.ECONNREFUSED), faultLost, faultUnknown},
		{"broken pipe", netErr(syscall.EPIPE), faultLost, faultUnknown},
		{"nothing sent, says pgx", unsent{}, faultLost, faultUnknown},
		{"conn closed, says pgx", fmt.Errorf("%w: %w", unsent{}, pgconn.ErrConnClosed), faultLost, faultUnknown},
		{"caller cancelled", fmt.Errorf("read: %w", context.Canceled), faultFinal, faultFinal},
		{"caller's deadline", fmt.Errorf("%w: %w", io.EOF, context.DeadlineExceeded), faultFinal, faultFinal},
		{"caller cancelled, nothing sent", fmt.Errorf("%w: %w", unsent{}, context.Canceled), faultFinal, faultFinal},
		{"no rows", sql.ErrNoRows, faultFinal, faultFinal},
		{"store's own error", fmt.Errorf("game 1: %w", ErrConflict), faultFinal, faultFinal},
		{"transaction done", sql.ErrTxDone, faultFinal, faultFinal},
	} {
		if got := pgFault(c.err); got != c.before {
			t.Errorf("%s before COMMIT (%v): %s, want %s", c.name, c.err, faultNames[got], faultNames[c.before])
		}
		if got := commitFault(c.err); got != c.commit {
			t.Errorf("%s at COMMIT (%v): %s, want %s", c.name, c.err, faultNames[got], faultNames[c.commit])
		}
	}
}

// update runs a COMMIT that the server said rolled back again, whatever
// the lost connection's error was; SQLite retries nothing.
func TestFaultOf(t *testing.T) {
	t.Parallel()
	pg, lite := &DB{dialect: postgresDialect}, &DB{dialect: sqliteDialect}
	for _, c := range []struct {
		db   *DB
		err  error
		want fault
	}{
		{pg, lostAtCommit{pgErr("FATAL", "XX000")}, faultLost},
		{pg, fmt.Errorf("accept: %w", lostAtCommit{io.EOF}), faultLost},
		{pg, pgErr("FATAL", "57P01"), faultLost},
		{pg, fmt.Errorf("commit: %w", ErrOutcomeUnknown), faultFinal},
		{lite, driver.ErrBadConn, faultFinal},
		{lite, io.EOF, faultFinal},
	} {
		if got := c.db.faultOf(c.err); got != c.want {
			t.Errorf("%s: faultOf(%v) = %s, want %s", c.db.dialect.name, c.err, faultNames[got], faultNames[c.want])
		}
	}
	if sqliteDialect.commitFault(io.EOF) != faultFinal || sqliteDialect.xid != "" {
		t.Error("SQLite settles commits: it has no connection to lose")
	}
}

// Only a SELECT is read again on another connection after its own was
// lost; a write may have happened.
func TestReadOnly(t *testing.T) {
	t.Parallel()
	for q, want := range map[string]bool{
		"SELECT 1":                         true,
		"\n\t select id FROM games":        true,
		"(SELECT 1) UNION (SELECT 2)":      true,
		"SELECT txid_status(?)":            true,
		"UPDATE games SET x = 1":           false,
		"INSERT INTO t VALUES (1)":         false,
		"WITH x AS (DELETE FROM t) SELECT": false,
		"DELETE FROM t":                    false,
		"SELEC":                            false,
		"":                                 false,
	} {
		if got := readOnly(q); got != want {
			t.Errorf("readOnly(%q) = %v, want %v", q, got, want)
		}
	}
	if err := (pgConn{faults: &faults{}}).badConn(io.EOF); !errors.Is(err, driver.ErrBadConn) || !errors.Is(err, io.EOF) {
		t.Errorf("badConn gives %v: database/sql must see ErrBadConn, the log the cause", err)
	}
}
