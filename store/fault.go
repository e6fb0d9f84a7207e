package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// A fault is what a failed database call says about running the work again.
// update runs a transaction again after a conflict or a lost connection, so
// that a player whose click met either sees it applied, a little later, and
// never "something went wrong".
type fault int

const (
	// faultFinal: the work failed for itself (a refused row, a closed
	// challenge, a bug), or its outcome is not known: the caller hears it.
	faultFinal fault = iota
	// faultConflict: the server failed the transaction because another ran
	// beside it (PostgreSQL's serialization failures and deadlocks).
	faultConflict
	// faultLost: the connection to the server was lost before the work could
	// commit (the server restarted, an operator or a pooler ended the
	// session, the network dropped it). The server rolls back what a lost
	// session had not committed, so the work certainly did not happen.
	faultLost
)

// pgFault classifies an error from a transaction that had not yet sent its
// COMMIT (BeginTx, or a statement inside it), or from a statement run on its
// own. A connection lost there leaves nothing behind: PostgreSQL rolls back
// the open transaction of a session that ends. Errors from the COMMIT itself
// are commitFault's.
func pgFault(err error) fault {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "40001", "40P01": // serialization_failure, deadlock_detected
			return faultConflict
		case "57P01", "57P02", "57P03", // admin_shutdown (pg_terminate_backend), crash_shutdown, cannot_connect_now
			"08000", "08003", "08006": // connection_exception, connection_does_not_exist, connection_failure
			return faultLost
		}
		return faultFinal // the server answered: it refused the work itself
	}
	if lostConnection(err) {
		return faultLost
	}
	return faultFinal
}

// lostConnection says err is the connection failing under the driver rather
// than anything the server said: database/sql's bad connection, pgconn's
// closed connection or a statement it never sent (pgconn.SafeToRetry), a
// refused, reset or broken socket, or the stream ending halfway through a
// message.
func lostConnection(err error) bool {
	if callerGaveUp(err) {
		return false
	}
	return pgconn.SafeToRetry(err) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, pgconn.ErrConnClosed) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.ECONNABORTED) || errors.Is(err, syscall.EPIPE)
}

// callerGaveUp says err is the caller's context ending: its error is the
// caller's own, and nothing runs again for it.
func callerGaveUp(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// commitFault classifies an error from COMMIT. Unlike any earlier
// statement, a COMMIT whose connection was lost may have committed: the
// server can write the commit and die, or lose the socket, before its answer
// reaches us. Running such a transaction again could apply a change twice (a
// second challenge, a second tournament), and not running it would show a
// player a fault for a change that was kept; so any loss at COMMIT, a FATAL
// answer included, is faultUnknown, which the caller settles by asking the
// server (settleCommit). pgconn.SafeToRetry cannot tell that the COMMIT never
// left: pgx reports the connection it closed on a failed read as "conn
// closed", which it marks safe to retry, after the COMMIT was written
// (TestConnectionLostAtCommit meets it). An error the server answered COMMIT
// with at severity ERROR (a serialization failure, a deferred constraint)
// means it rolled back, and is classified as any other statement's.
func commitFault(err error) fault {
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Severity == "ERROR":
		return pgFault(err)
	case pe != nil || lostConnection(err):
		return faultUnknown
	}
	return faultFinal
}

// faultUnknown: the connection was lost while COMMIT was on its way or being
// answered. Only commitFault returns it; settleCommit turns it into success,
// faultLost or an error saying the outcome is unknown.
const faultUnknown fault = -1

// ErrOutcomeUnknown: the connection to the database was lost while a change
// was being committed and the database could not say, within a few seconds,
// whether the change was kept. It is neither applied twice nor claimed lost:
// looking again (the game, the challenge) shows which.
var ErrOutcomeUnknown = errors.New("store: connection lost while committing; the change may or may not have been kept")

// faults counts what update ran again, for the metrics (DB.Faults).
type faults struct {
	conflicts, lost, reads, kept, rolledBack, unknown atomic.Int64
}

// Faults counts the database faults the store met and got past since Open.
type Faults struct {
	// Conflicts: transactions run again because another overlapped them.
	Conflicts int64
	// Lost: transactions run again because their connection was lost before
	// they committed.
	Lost int64
	// Reads: queries outside a transaction, and read-only transactions at
	// BEGIN, run again on another connection because theirs had been closed
	// by the server (PostgreSQL only).
	Reads int64
	// Kept and RolledBack: commits whose answer was lost with the connection
	// and that the server, asked, said had committed (success, not run
	// again) or had not (run again, and counted in Lost too).
	Kept, RolledBack int64
	// Unknown: commits whose outcome the server could not tell in time,
	// failed with ErrOutcomeUnknown.
	Unknown int64
}

// Faults returns how many faults the store has met and got past since Open.
func (db *DB) Faults() Faults {
	f := db.faults
	return Faults{Conflicts: f.conflicts.Load(), Lost: f.lost.Load(), Reads: f.reads.Load(),
		Kept: f.kept.Load(), RolledBack: f.rolledBack.Load(), Unknown: f.unknown.Load()}
}

// counted counts a transaction about to run again for fault k.
func (f *faults) counted(k fault) {
	switch k {
	case faultConflict:
		f.conflicts.Add(1)
	case faultLost:
		f.lost.Add(1)
	}
}

// finish commits tx. Where the connection was lost during the COMMIT, it
// asks the server how the transaction ended, by the transaction id it read
// just before (the dialect's xid: PostgreSQL's txid_current_if_assigned, one
// short statement per write transaction): committed is success, rolled back
// is faultLost, for update to run it again, and anything else
// ErrOutcomeUnknown. That costs a round trip per write transaction; it buys
// not showing a player a fault for a move that was kept, nor applying twice
// one that may have been.
func (db *DB) finish(ctx context.Context, tx *sql.Tx) error {
	var xid sql.NullInt64
	if db.dialect.xid != "" {
		if err := tx.QueryRowContext(ctx, db.dialect.xid).Scan(&xid); err != nil {
			return err // before COMMIT: classified as any statement's error
		}
	}
	err := tx.Commit()
	if err == nil || db.dialect.commitFault(err) != faultUnknown {
		return err
	}
	if !xid.Valid { // the transaction wrote nothing: whether it committed changes nothing
		return lostAtCommit{err}
	}
	return db.settleCommit(ctx, xid.Int64, err)
}

// lostAtCommit is a COMMIT whose connection was lost and that the server
// says did not commit (or that wrote nothing): update runs it again.
type lostAtCommit struct{ err error }

func (e lostAtCommit) Error() string { return "store: lost at commit, rolled back: " + e.err.Error() }
func (e lostAtCommit) Unwrap() error { return e.err }

// settleWithin bounds how long settleCommit asks the server about a commit
// whose answer was lost. A session whose client went away ends within
// milliseconds when the server notices; one it has not noticed (a network
// partition) may stay open much longer, and its outcome is then unknown.
const settleWithin = 3 * time.Second

// settleCommit asks the server, on another connection, how transaction xid
// ended after its COMMIT's connection was lost with err.
func (db *DB) settleCommit(ctx context.Context, xid int64, err error) error {
	deadline := time.Now().Add(settleWithin)
	for attempt := 1; ; attempt++ {
		var status sql.NullString
		qerr := db.write.QueryRowContext(ctx, db.dialect.xidStatus, xid).Scan(&status)
		switch {
		case qerr == nil && status.String == "committed":
			db.faults.kept.Add(1)
			return nil
		case qerr == nil && status.String == "aborted":
			db.faults.rolledBack.Add(1)
			return lostAtCommit{err}
		case qerr != nil && pgFault(qerr) != faultLost, // the server answered something else
			qerr == nil && status.String != "in progress", // NULL: too old to tell
			time.Now().After(deadline):
			db.faults.unknown.Add(1)
			return fmt.Errorf("transaction %d (%v; asking: %v, %q): %w", xid, err, qerr, status.String, ErrOutcomeUnknown)
		}
		select { // still in progress, or the server is not back yet
		case <-ctx.Done():
			db.faults.unknown.Add(1)
			return fmt.Errorf("transaction %d (%v): %w", xid, err, errors.Join(ErrOutcomeUnknown, ctx.Err()))
		case <-time.After(retryWait(attempt)):
		}
	}
}

// readOnly says a statement run outside a transaction only reads, so that
// running it again after its connection was lost is harmless: a SELECT (the
// store's SELECTs call no function that writes) and not a WITH, which may
// hold an INSERT, UPDATE or DELETE.
func readOnly(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	return len(q) >= 6 && strings.EqualFold(q[:6], "SELECT")
}

// execAgain runs a statement on its own and, where its connection was lost
// (a restart, a session an operator ended: faultLost), runs it again on
// another, as update does a transaction, counting it in Faults.Lost. A
// statement run alone commits by itself, so one whose connection was lost
// may have been kept: execAgain is only for statements that a second run
// leaves as the first did (they write given values, guarded by the state
// they leave behind), the small bookkeeping of delivery above all. Without
// it, a delivered board whose "done" was lost with a connection would stay
// claimed, and hold back its game's next board, until the claim lapsed.
func (db *DB) execAgain(ctx context.Context, query string, args ...any) (sql.Result, error) {
	for attempt := 1; ; attempt++ {
		res, err := db.write.ExecContext(ctx, query, args...)
		if err == nil || db.dialect.fault(err) != faultLost || attempt == maxTxAttempts {
			return res, err
		}
		db.faults.counted(faultLost)
		select {
		case <-ctx.Done():
			return nil, errors.Join(err, ctx.Err())
		case <-time.After(retryWait(attempt)):
		}
	}
}

// readPool is the pool reads go through. A read run on its own whose
// connection the server ended runs again: database/sql moves it to another
// connection by itself (pgConn.badConn) up to three times, with no pause
// between; where the server keeps ending sessions (a restart under way, an
// operator's pg_terminate_backend in a loop) all three may meet one that
// is gone. readPool then runs it again after a pause, as update does a
// transaction, counting each in Faults.Reads. Only what readOnly calls a
// read runs again; BeginTx and the rest are the pool's own.
type readPool struct {
	*sql.DB
	dialect *dialect
	faults  *faults
}

// QueryContext runs query, again where its connection was lost (readPool).
// pgx reads the first row before it returns, so a connection lost at the
// start shows here; one lost while the rows stream shows in rows.Err.
func (p *readPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	for attempt := 1; ; attempt++ {
		rows, err := p.DB.QueryContext(ctx, query, args...)
		if err == nil || !p.again(ctx, query, err, attempt) {
			return rows, err
		}
	}
}

// QueryRowContext runs query, again where its connection was lost
// (readPool): Row.Err tells before the caller scans.
func (p *readPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	for attempt := 1; ; attempt++ {
		row := p.DB.QueryRowContext(ctx, query, args...)
		if err := row.Err(); err == nil || !p.again(ctx, query, err, attempt) {
			return row
		}
	}
}

// again says whether a read that failed with err on its attempt-th run is
// to run once more, after the pause it waits here.
func (p *readPool) again(ctx context.Context, query string, err error, attempt int) bool {
	if p.dialect.fault(err) != faultLost || !readOnly(query) || attempt == maxTxAttempts {
		return false
	}
	p.faults.reads.Add(1)
	select {
	case <-ctx.Done():
		return false
	case <-time.After(retryWait(attempt)):
		return true
	}
}

// view runs fn in a read-only transaction whose queries all see one moment
// (snapshot), and runs it again, in a new one, where the connection was lost
// under it: a read changes nothing, so running it twice is harmless. The
// read-only transactions met lost connections mid-way where the server ended
// sessions while players clicked, and a click's board then failed with
// 57P01 although nothing was wrong with it.
func (db *DB) view(ctx context.Context, fn func(tx *sql.Tx) error) error {
	for attempt := 1; ; attempt++ {
		tx, err := db.snapshot(ctx)
		if err != nil {
			return err
		}
		err = fn(tx)
		tx.Rollback()
		if err == nil || db.dialect.fault(err) != faultLost || attempt == maxTxAttempts {
			return err
		}
		db.faults.reads.Add(1)
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(retryWait(attempt)):
		}
	}
}
