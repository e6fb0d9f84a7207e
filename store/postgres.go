package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgreSQL lets several copies of Kilab share one database. Its write
// transactions run SERIALIZABLE: the store's transactions read, decide and
// write (a round that ends starts the next, a challenge accepted once, a
// vacation's allowance), relying on no other writer between the read and the
// write, which SQLite gives by having one writer and PostgreSQL by failing
// one of two overlapping transactions with a serialization failure, which
// update then runs again.
var postgresDialect = &dialect{
	name:       "postgres",
	migrations: mustLoadMigrations(migrationsFS, "migrations/postgres"),
	createMigrations: `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    INTEGER PRIMARY KEY,
	name       TEXT    NOT NULL,
	applied_at BIGINT  NOT NULL
)`,
	// Advisory locks are per database; the schema's name keeps databases
	// that share a server in different schemas (the tests) apart.
	lockMigrations: `SELECT pg_advisory_xact_lock(hashtext('kilab migrations ' || current_schema()))`,
	open:           openPostgres,
	writeTx:        &sql.TxOptions{Isolation: sql.LevelSerializable},
	moveTx:         &sql.TxOptions{Isolation: sql.LevelRepeatableRead},
	forUpdate:      ` FOR UPDATE`,
	snapshot:       &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
	fault:          pgFault,
	commitFault:    commitFault,
	// txid_status is PostgreSQL's answer to a COMMIT whose connection was
	// lost: committed, aborted, or in progress (the old session not yet
	// ended). The txid_ forms exist from PostgreSQL 10 on.
	xid:        `SELECT txid_current_if_assigned()`,
	xidStatus:  `SELECT txid_status(?)`,
	detail:     pgDetail,
	unique:     pgCode("23505"), // unique_violation
	skipLocked: ` FOR UPDATE SKIP LOCKED`,
}

// maxPostgresConns bounds each copy's connections, so that several copies
// stay within the server's max_connections (100 by default).
const maxPostgresConns = 10

func openPostgres(source string, f *faults) (*sql.DB, *sql.DB, error) {
	cfg, err := pgx.ParseConfig(source)
	if err != nil {
		return nil, nil, fmt.Errorf("store: database URL: %w", err) // pgconn hides the password
	}
	// A sequential scan takes a predicate lock on its whole table, so two
	// serializable transactions that scan one table conflict whatever rows
	// they touch; PostgreSQL's manual advises favouring index scans. The
	// planner picks scans for small tables (a new server, the tests), where
	// this made most concurrent accepts fail even after retries.
	if _, set := cfg.RuntimeParams["enable_seqscan"]; !set {
		cfg.RuntimeParams["enable_seqscan"] = "off"
	}
	db := sql.OpenDB(pgConnector{stdlib.GetConnector(*cfg), f})
	db.SetMaxOpenConns(maxPostgresConns)
	db.SetMaxIdleConns(maxPostgresConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	// The server runs reads beside writes itself: one pool serves both.
	return db, db, nil
}

func pgCode(codes ...string) func(error) bool {
	return func(err error) bool {
		var pe *pgconn.PgError
		return errors.As(err, &pe) && slices.Contains(codes, pe.Code)
	}
}

// pgDetail is the server's detail and hint on err: for a serialization
// failure, which conflict it was.
func pgDetail(err error) string {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Detail+pe.Hint == "" {
		return ""
	}
	return fmt.Sprintf(" (%s %s)", pe.Detail, pe.Hint)
}

// pgConnector hands out connections that rewrite the store's queries to
// PostgreSQL's placeholders on their way to pgx, and that ask database/sql
// to run a read again on another connection when theirs was lost.
type pgConnector struct {
	driver.Connector
	faults *faults
}

func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	sc, ok := conn.(*stdlib.Conn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("store: pgx gave a %T, not a *stdlib.Conn", conn)
	}
	return pgConn{sc, c.faults}, nil
}

// pgConn is a pgx connection whose queries go through rebind. Everything
// else (transactions, pings, session resets, argument checks) is pgx's own.
type pgConn struct {
	*stdlib.Conn
	faults *faults
}

func (c pgConn) Prepare(query string) (driver.Stmt, error) {
	return c.Conn.Prepare(rebind(query))
}

func (c pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, rebind(query))
}

func (c pgConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	traced(ctx, query)
	return c.Conn.ExecContext(ctx, rebind(query), args)
}

func (c pgConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	traced(ctx, query)
	alone := c.Conn.Conn().PgConn().TxStatus() == 'I' // not inside a transaction
	rows, err := c.Conn.QueryContext(ctx, rebind(query), args)
	if err != nil && alone && readOnly(query) && pgFault(err) == faultLost && !errors.Is(err, driver.ErrBadConn) {
		return nil, c.badConn(err)
	}
	return rows, err
}

// badConn turns the lost connection under a read run on its own into
// driver.ErrBadConn, on which database/sql closes the connection and runs
// the read again on another (a pooled one, then a new one). pgx does so
// itself only where the statement never left this process; a read that
// did may run again too, as it changed nothing. Connections the server ended
// while they sat idle in the pool (a restart, pg_terminate_backend) fail so
// on their next statement, and the reader sees no fault. Statements in a
// transaction are update's to run again, with the whole transaction.
func (c pgConn) badConn(err error) error {
	if c.faults != nil {
		c.faults.reads.Add(1)
	}
	return fmt.Errorf("%w: %w", driver.ErrBadConn, err)
}

// traceKey carries, in a context, a function that hears every statement
// run on PostgreSQL with that context: the tests see what a transaction
// reads (TestMoveReadsOnlyItsGame).
type traceKey struct{}

func traced(ctx context.Context, query string) {
	if f, ok := ctx.Value(traceKey{}).(func(string)); ok {
		f(query)
	}
	if trace := queryTrace.Load(); trace != nil {
		(*trace)(query)
	}
}

// rebind rewrites SQLite's placeholders to PostgreSQL's: ?N becomes $N, and
// a bare ? takes the number after the largest so far, as in SQLite. Question
// marks in string literals, quoted names and comments stay as they are.
func rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	last := 0
	for i := 0; i < len(query); {
		if skip := quoted(query[i:]); skip > 0 {
			b.WriteString(query[i : i+skip])
			i += skip
			continue
		}
		if query[i] != '?' {
			b.WriteByte(query[i])
			i++
			continue
		}
		j := i + 1
		for j < len(query) && query[j] >= '0' && query[j] <= '9' {
			j++
		}
		n := last + 1
		if j > i+1 {
			n, _ = strconv.Atoi(query[i+1 : j])
		}
		last = max(last, n)
		b.WriteString("$" + strconv.Itoa(n))
		i = j
	}
	return b.String()
}

// quoted returns the length of the string literal, quoted name, comment or
// dollar-quoted text s starts with, or 0 if it starts with none.
func quoted(s string) int {
	switch {
	case s[0] == '\'' || s[0] == '"': // a doubled quote inside reads as an end and a new start
		if end := strings.IndexByte(s[1:], s[0]); end >= 0 {
			return end + 2
		}
		return len(s)
	case strings.HasPrefix(s, "--"):
		if end := strings.IndexByte(s, '\n'); end >= 0 {
			return end + 1
		}
		return len(s)
	case strings.HasPrefix(s, "/*"):
		if end := strings.Index(s[2:], "*/"); end >= 0 {
			return end + 4
		}
		return len(s)
	case s[0] == '$':
		tag := dollarTag(s)
		if tag == "" {
			return 0
		}
		if end := strings.Index(s[len(tag):], tag); end >= 0 {
			return len(tag) + end + len(tag)
		}
		return len(s)
	}
	return 0
}

// dollarTag returns the $tag$ (or $$) that opens dollar-quoted text at the
// start of s, or "" ($1 is a placeholder, not a tag).
func dollarTag(s string) string {
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '$':
			return s[:i+1]
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || (i > 1 && c >= '0' && c <= '9'):
		default:
			return ""
		}
	}
	return ""
}
