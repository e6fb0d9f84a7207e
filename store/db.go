package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// BusyTimeout is how long a connection waits for another process's write lock
// before SQLite gives up with SQLITE_BUSY. Within one process writers queue for
// the single write connection instead and never see it.
const BusyTimeout = 5 * time.Second

// DB is the Kilab database. Its methods are safe for concurrent use.
type DB struct {
	// Now is the clock every query reads: deadlines, expiries and timestamps all
	// come from it, so tests can move time by hand. Open sets it to time.Now.
	Now func() time.Time

	// Owner names the copy of Kilab using this database, as its claims do
	// (ClaimAnnouncements): the announcements its own transactions write are
	// its to deliver first, for firstDibs. The copy that drew the board for
	// a click then posts it from its picture cache, at once, rather than
	// whichever copy claims first drawing it again. "" leaves them to anyone.
	Owner string

	// Writes go through write and reads through read: for SQLite two pools
	// (see openSQLite), for PostgreSQL one.
	write   *sql.DB
	read    *readPool
	dialect *dialect
	// faults counts the conflicts and lost connections got past (Faults).
	faults *faults
	// source is what Open was given: a SQLite file's path, for the backup
	// an upgrade keeps first.
	source string
	// Upgraded is where the copy kept before this Open migrated the
	// database is ("" if it migrated nothing, or the database is not a
	// SQLite file).
	Upgraded string
}

// Open opens the database source names and brings its schema up to date:
// with a postgres:// or postgresql:// URL the PostgreSQL database it names,
// which several copies of Kilab may share; otherwise the SQLite file at that
// path, created if needed. A database written by a newer Kilab is refused
// with ErrSchemaTooNew.
func Open(ctx context.Context, source string) (*DB, error) {
	return open(ctx, source, nil)
}

// open opens source with the migrations ms, or with its dialect's own where
// ms is nil.
func open(ctx context.Context, source string, ms []migration) (*DB, error) {
	db := &DB{Now: time.Now, dialect: dialectOf(source), faults: &faults{}, source: source}
	if ms == nil {
		ms = db.dialect.migrations
	}
	write, read, err := db.dialect.open(source, db.faults)
	if err != nil {
		return nil, err
	}
	db.write, db.read = write, &readPool{DB: read, dialect: db.dialect, faults: db.faults}
	if err = db.migrate(ctx, ms); err != nil {
		db.closePools()
		return nil, fmt.Errorf("store: open %s: %w", describe(source), err)
	}
	return db, nil
}

// Close closes the database, after what its dialect does on closing.
func (db *DB) Close() error {
	var err error
	if db.dialect.atClose != "" {
		_, err = db.write.Exec(db.dialect.atClose)
	}
	return errors.Join(err, db.closePools())
}

func (db *DB) closePools() error {
	if db.read.DB == db.write {
		return db.write.Close()
	}
	return errors.Join(db.read.Close(), db.write.Close())
}

// maxTxAttempts bounds how often update runs a transaction that keeps losing
// to others running beside it, or its connection (PostgreSQL only).
// A burst of transactions on a new, nearly empty database, where every row
// shares one index page, has made 25 attempts run out; the interaction
// waiting on one is deferred after half a second (bot.DefaultAckBudget), so a
// few more seconds of retrying cost a slower answer, not a failed one.
const maxTxAttempts = 60

// update runs fn in a write transaction and commits it if fn returns nil.
// Where the database fails the transaction because another one overlapped it
// (PostgreSQL's serialization failures and deadlocks), or the connection was
// lost before the transaction committed (a server restart, a session ended
// by an operator: see fault.go), update rolls it back and runs fn again, a
// few times, after a short random wait. That is safe
// because every fn passed here is database work only: it reads and writes
// through tx, and whatever it keeps outside (the game it returns, a list it
// builds) it sets afresh on each run; it sends nothing and draws no random
// number. Keep it so.
func (db *DB) update(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return db.updateWith(ctx, db.dialect.writeTx, fn)
}

// updateWith is update with the transaction options opts.
func (db *DB) updateWith(ctx context.Context, opts *sql.TxOptions, fn func(tx *sql.Tx) error) error {
	for attempt := 1; ; attempt++ {
		err := db.transact(ctx, opts, fn)
		if err == nil {
			return nil
		}
		k := db.faultOf(err)
		if k == faultFinal {
			return err
		}
		if attempt == maxTxAttempts {
			return fmt.Errorf("store: gave up after %d attempts: %w%s", attempt, err, db.dialect.detail(err))
		}
		db.faults.counted(k)
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(retryWait(attempt)):
		}
	}
}

// retryWait is the wait before attempt+1: random, so that the transactions
// that collided do not collide again, and longer each time.
func retryWait(attempt int) time.Duration {
	d := time.Millisecond << min(attempt, 6) // at most 64 ms give or take half: 60 attempts stay within about 4 s
	return d/2 + rand.N(d)
}

// transact runs fn in one transaction with opts and commits it if fn
// returns nil. The first transaction of an interaction (ctx carries it, see
// Once) records the interaction with its change, or finds it applied already
// and fails with ErrRepeat.
func (db *DB) transact(ctx context.Context, opts *sql.TxOptions, fn func(tx *sql.Tx) error) error {
	o, err := startOnce(ctx)
	if err != nil {
		return err
	}
	committed := false
	defer func() { o.finish(committed) }()
	tx, err := db.write.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	// A no-op after Commit; on an error or a panic it hands the connection
	// back, which with SQLite every other writer is waiting for.
	defer tx.Rollback()
	if err := o.record(ctx, tx, db.now()); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	if err := db.finish(ctx, tx); err != nil {
		return err
	}
	committed = true
	return nil
}

// faultOf classifies err, from transact, for update's loop.
func (db *DB) faultOf(err error) fault {
	var lc lostAtCommit
	if errors.As(err, &lc) {
		return faultLost
	}
	return db.dialect.fault(err)
}

// snapshot begins a read-only transaction whose queries all see the database
// as it was at one moment. A pooled connection the server ended (a restart,
// pg_terminate_backend) fails at BEGIN: snapshot begins again on another,
// as many times as the pool may hold such connections, and one more for a
// new one.
func (db *DB) snapshot(ctx context.Context) (*sql.Tx, error) {
	for attempt := 0; ; attempt++ {
		tx, err := db.read.BeginTx(ctx, db.dialect.snapshot)
		if err == nil || db.dialect.fault(err) != faultLost || attempt == maxSnapshotAttempts {
			return tx, err
		}
		db.faults.reads.Add(1)
	}
}

// maxSnapshotAttempts is one more than the connections a pool holds.
const maxSnapshotAttempts = maxPostgresConns + 1

// now is the clock's time in whole milliseconds, the precision the database keeps.
func (db *DB) now() time.Time { return db.Now().UTC().Truncate(time.Millisecond) }

// millis converts a time for storage: NULL for the zero time.
func millis(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}

// fromMillis converts a stored time back; NULL gives the zero time.
func fromMillis(ms sql.NullInt64) time.Time {
	if !ms.Valid {
		return time.Time{}
	}
	return time.UnixMilli(ms.Int64).UTC()
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface {
	Scan(dest ...any) error
}

// marshalOptions encodes a configuration's options, none as {}.
func marshalOptions(opts map[string]string) (string, error) {
	if opts == nil {
		return "{}", nil
	}
	b, err := json.Marshal(opts)
	return string(b), err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
