package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
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

	// SQLite allows one writer at a time. All writes go through write, a pool of
	// one connection whose transactions begin IMMEDIATE, so goroutines queue in
	// database/sql rather than failing with SQLITE_BUSY halfway through a
	// transaction; reads use read, several query-only connections that WAL
	// lets run beside the writer.
	write *sql.DB
	read  *sql.DB
}

// Open opens the database at path, creating it if needed, and brings its
// schema up to date. A database written by a newer Kilab is refused with
// ErrSchemaTooNew.
func Open(ctx context.Context, path string) (*DB, error) {
	return open(ctx, path, migrationFiles)
}

func open(ctx context.Context, path string, migrations []migration) (*DB, error) {
	// The driver reads what follows a '?' as its settings.
	if path == "" || strings.Contains(path, "?") {
		return nil, fmt.Errorf("store: bad database path %q", path)
	}
	db := &DB{Now: time.Now}
	var err error
	if db.write, err = sql.Open("sqlite", dsn(path, false)); err != nil {
		return nil, err
	}
	db.write.SetMaxOpenConns(1)
	if err = db.migrate(ctx, migrations); err != nil {
		db.write.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// The readers open only once WAL is on, set by the writer's first connection.
	if db.read, err = sql.Open("sqlite", dsn(path, true)); err != nil {
		db.write.Close()
		return nil, err
	}
	db.read.SetMaxOpenConns(max(4, runtime.GOMAXPROCS(0)))
	db.read.SetMaxIdleConns(max(4, runtime.GOMAXPROCS(0)))
	return db, nil
}

// dsn gives the connection settings. synchronous=FULL makes a commit wait for the
// WAL to reach the disk, so an acknowledged move survives a power cut; the
// pragmas run on every new connection, as foreign_keys and synchronous are per
// connection in SQLite.
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", BusyTimeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(FULL)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Set("_txlock", "immediate")
	}
	return path + "?" + q.Encode()
}

// Close closes the database. It first lets SQLite refresh the statistics its
// query planner uses (PRAGMA optimize, as SQLite advises before closing), which
// costs little when nothing changed.
func (db *DB) Close() error {
	_, err := db.write.Exec(`PRAGMA optimize`)
	return errors.Join(err, db.read.Close(), db.write.Close())
}

// update runs fn in a write transaction and commits it if fn returns nil.
func (db *DB) update(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	// A no-op after Commit; on an error or a panic it hands the one write
	// connection back, which every other writer is waiting for.
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

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
