package store

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"

	"modernc.org/sqlite" // also registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"
)

// dialect is what differs between the two databases the store runs on:
// SQLite, the default, one process on one machine; and PostgreSQL, shared by
// several copies of Kilab. Everything else - the queries, the transactions,
// the migration runner - is one code path on database/sql. Queries are
// written with SQLite's placeholders (? and ?N); the PostgreSQL connection
// rewrites them to $N (see rebind), so no call site knows the dialect.
type dialect struct {
	name string
	// migrations is the dialect's own series of schema files.
	migrations []migration
	// createMigrations makes the schema_migrations table.
	createMigrations string
	// lockMigrations, run first in each migration transaction, keeps two
	// processes from migrating one database at once; "" where the write
	// transaction already excludes every other writer.
	lockMigrations string
	// open returns the write and read pools (the same pool where the server
	// needs no split) for a source Open was given; f counts the reads it
	// runs again on another connection.
	open func(source string, f *faults) (write, read *sql.DB, err error)
	// writeTx and snapshot are the options of update's write transactions and
	// of read transactions that want one consistent view.
	writeTx, snapshot *sql.TxOptions
	// moveTx are the options of a commit that plays on without ending its
	// game (Commit): the bulk of all writes, which need less (see Commit).
	moveTx *sql.TxOptions
	// forUpdate ends a SELECT of the row a transaction is about to change,
	// so that a second writer waits for the first instead of both going
	// ahead on what they read. "" where writers are serial.
	forUpdate string
	// fault says whether a write transaction that failed with err before
	// its COMMIT may run again: it failed only because another one ran beside
	// it, or because its connection was lost (see fault.go).
	fault func(error) fault
	// commitFault is fault for an error from the COMMIT itself, where a lost
	// connection leaves the outcome unknown (faultUnknown).
	commitFault func(error) fault
	// xid, run last in each write transaction, returns its transaction id
	// (NULL if it wrote nothing), and xidStatus, given that id, how it
	// ended: what DB.finish asks after a COMMIT whose answer was lost. ""
	// where no connection can be lost halfway.
	xid, xidStatus string
	// detail is what the server said of err beyond its message, for logs.
	detail func(error) string
	// unique says err is a UNIQUE index refusing a second row.
	unique func(error) bool
	// skipLocked ends a SELECT that claims rows for one copy: other copies
	// skip rows it holds instead of waiting. "" where writers are serial.
	skipLocked string
	// atClose runs before the database is closed; "" for nothing.
	atClose string
}

// lockRowsMark marks where a query that claims rows takes its row locks:
// a comment to SQLite, the dialect's skipLocked clause to PostgreSQL.
const lockRowsMark = "/* lock rows */"

func (db *DB) lockRows(query string) string {
	return strings.Replace(query, lockRowsMark, db.dialect.skipLocked, 1)
}

// dialectOf picks the dialect a source names: a postgres:// or
// postgresql:// URL, or else the path of a SQLite file.
func dialectOf(source string) *dialect {
	if strings.HasPrefix(source, "postgres://") || strings.HasPrefix(source, "postgresql://") {
		return postgresDialect
	}
	return sqliteDialect
}

// describe names a source in messages; a URL's password is not shown.
func describe(source string) string {
	u, err := url.Parse(source)
	if err != nil || u.Scheme == "" {
		return source
	}
	return u.Redacted()
}

var sqliteDialect = &dialect{
	name:             "sqlite",
	migrations:       mustLoadMigrations(migrationsFS, "migrations"),
	createMigrations: createMigrationsTable,
	open:             openSQLite,
	// Writers queue for the one write connection, and the database is a
	// file of this process: no conflict to retry, no connection to lose.
	fault:       func(error) fault { return faultFinal },
	commitFault: func(error) fault { return faultFinal },
	detail:      func(error) string { return "" },
	unique: func(err error) bool {
		var se *sqlite.Error
		return errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
	},
	atClose: `PRAGMA optimize`, // refreshes the planner's statistics, as SQLite advises before closing
}

// openSQLite opens the file at path. SQLite allows one writer at a time: all
// writes go through a pool of one connection whose transactions begin
// IMMEDIATE, so goroutines queue in database/sql rather than failing with
// SQLITE_BUSY halfway through a transaction; reads use several query-only
// connections that WAL lets run beside the writer.
func openSQLite(path string, _ *faults) (*sql.DB, *sql.DB, error) {
	// The driver reads what follows a '?' as its settings.
	if path == "" || strings.Contains(path, "?") {
		return nil, nil, fmt.Errorf("store: bad database path %q", path)
	}
	write, err := openKeeping(dsn(path, false))
	if err != nil {
		return nil, nil, err
	}
	write.SetMaxOpenConns(1)
	// WAL must be on before the readers open, and the first write
	// connection sets it.
	if err := write.Ping(); err != nil {
		write.Close()
		return nil, nil, err
	}
	read, err := openKeeping(dsn(path, true))
	if err != nil {
		write.Close()
		return nil, nil, err
	}
	read.SetMaxOpenConns(max(4, runtime.GOMAXPROCS(0)))
	read.SetMaxIdleConns(max(4, runtime.GOMAXPROCS(0)))
	return write, read, nil
}

// openKeeping opens a pool of SQLite connections that keep the statements
// they run (stmtcache.go).
func openKeeping(dsn string) (*sql.DB, error) {
	c, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(stmtConnector{c}), nil
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
