package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"sync"
	"sync/atomic"
)

// The SQLite driver parses a query's text each time it is run, unless it
// was prepared: under load, parsing was a quarter of a copy's CPU. Each
// SQLite connection therefore keeps the statements it has run, by their
// text, and runs them again from there. SQLite prepares a kept statement
// again by itself when the schema changes under it.

// maxKeptStatements bounds what one connection keeps: the store's queries
// are a few dozen texts, but some are built for a number of rows (one
// INSERT of n announcements), so the set is open-ended.
const maxKeptStatements = 256

// stmtConnector opens the connections of the driver's Connector it wraps
// as connections that keep their statements.
type stmtConnector struct{ driver.Connector }

func (c stmtConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return newStmtConn(conn)
}

// stmtConn is a connection that runs queries from statements it keeps.
// database/sql uses a connection from one goroutine at a time; the lock
// guards the cases it does not serialize, such as rows closed when their
// context ends.
type stmtConn struct {
	driver.Conn
	prepare driver.ConnPrepareContext
	begin   driver.ConnBeginTx

	mu    sync.Mutex
	kept  map[string]*keptStmt
	made  int // statements prepared to be kept, for the tests
	fresh int // queries run without a kept statement, for the tests
}

// keptStmt is a kept statement and whether rows still read from it: a
// statement can run one query at a time, so a query repeated while its
// first rows are open runs from a statement of its own.
type keptStmt struct {
	s    driver.Stmt
	busy bool
}

// queryTrace, when a test sets it, is told every query a connection runs
// (SQLite's as it takes its statement, PostgreSQL's in traced): the
// query-plan test lists them so (TestMain, KILAB_PLANS).
var queryTrace atomic.Pointer[func(query string)]

// errNotKeepable says the driver's connection lacks what keeping needs.
var errNotKeepable = errors.New("store: the SQLite driver's connection cannot prepare with a context")

func newStmtConn(conn driver.Conn) (*stmtConn, error) {
	prep, ok1 := conn.(driver.ConnPrepareContext)
	begin, ok2 := conn.(driver.ConnBeginTx)
	if !ok1 || !ok2 {
		conn.Close()
		return nil, errNotKeepable
	}
	return &stmtConn{Conn: conn, prepare: prep, begin: begin, kept: map[string]*keptStmt{}}, nil
}

// take returns the kept statement for query, marked busy, preparing and
// keeping it if it is new; nil when it is busy, so the caller prepares one
// for this run alone.
func (c *stmtConn) take(ctx context.Context, query string) (*keptStmt, error) {
	if trace := queryTrace.Load(); trace != nil {
		(*trace)(query)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if k, ok := c.kept[query]; ok {
		if k.busy {
			c.fresh++
			return nil, nil
		}
		k.busy = true
		return k, nil
	}
	s, err := c.prepare.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.evict()
	k := &keptStmt{s: s, busy: true}
	c.kept[query] = k
	c.made++
	return k, nil
}

// evict makes room for one more statement, closing one not in use.
func (c *stmtConn) evict() {
	if len(c.kept) < maxKeptStatements {
		return
	}
	for q, k := range c.kept {
		if !k.busy {
			k.s.Close()
			delete(c.kept, q)
			return
		}
	}
}

func (c *stmtConn) give(k *keptStmt) {
	c.mu.Lock()
	k.busy = false
	c.mu.Unlock()
}

func (c *stmtConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	k, err := c.take(ctx, query)
	if err != nil {
		return nil, err
	}
	if k == nil {
		return c.execOnce(ctx, query, args)
	}
	defer c.give(k)
	return execStmt(ctx, k.s, args)
}

func (c *stmtConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	k, err := c.take(ctx, query)
	if err != nil {
		return nil, err
	}
	if k == nil {
		return c.queryOnce(ctx, query, args)
	}
	rows, err := queryStmt(ctx, k.s, args)
	if err != nil {
		c.give(k)
		return nil, err
	}
	return &keptRows{Rows: rows, done: func() { c.give(k) }}, nil
}

// queryOnce runs a query from a statement of its own, closed with its rows.
func (c *stmtConn) queryOnce(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.prepare.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	rows, err := queryStmt(ctx, s, args)
	if err != nil {
		s.Close()
		return nil, err
	}
	return &keptRows{Rows: rows, done: func() { s.Close() }}, nil
}

// execOnce runs an exec from a statement of its own.
func (c *stmtConn) execOnce(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.prepare.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return execStmt(ctx, s, args)
}

func execStmt(ctx context.Context, s driver.Stmt, args []driver.NamedValue) (driver.Result, error) {
	if se, ok := s.(driver.StmtExecContext); ok {
		return se.ExecContext(ctx, args)
	}
	return nil, errNotKeepable
}

func queryStmt(ctx context.Context, s driver.Stmt, args []driver.NamedValue) (driver.Rows, error) {
	if sq, ok := s.(driver.StmtQueryContext); ok {
		return sq.QueryContext(ctx, args)
	}
	return nil, errNotKeepable
}

func (c *stmtConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.prepare.PrepareContext(ctx, query)
}

func (c *stmtConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.begin.BeginTx(ctx, opts)
}

func (c *stmtConn) Ping(ctx context.Context) error {
	if p, ok := c.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (c *stmtConn) ResetSession(ctx context.Context) error {
	if r, ok := c.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *stmtConn) IsValid() bool {
	if v, ok := c.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

// Close finalizes the kept statements before the connection: SQLite keeps
// a connection with statements open alive.
func (c *stmtConn) Close() error {
	c.mu.Lock()
	var errs []error
	for q, k := range c.kept {
		errs = append(errs, k.s.Close())
		delete(c.kept, q)
	}
	c.mu.Unlock()
	return errors.Join(append(errs, c.Conn.Close())...)
}

// keptRows gives its statement back when closed.
type keptRows struct {
	driver.Rows
	once sync.Once
	done func()
}

func (r *keptRows) Close() error {
	err := r.Rows.Close()
	r.once.Do(r.done)
	return err
}
