package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"sync/atomic"
	"testing"
)

// flakyConnector hands out connections whose first failures statements
// find their connection ended by the server (57P01), as pgConn reports it
// for a read run alone: driver.ErrBadConn. The rest answer one row, 1.
type flakyConnector struct{ failures, runs atomic.Int32 }

func (c *flakyConnector) Connect(context.Context) (driver.Conn, error) { return flakyConn{c}, nil }
func (c *flakyConnector) Driver() driver.Driver                        { return nil }

type flakyConn struct{ c *flakyConnector }

func (f flakyConn) Prepare(string) (driver.Stmt, error) { return nil, driver.ErrSkip }
func (f flakyConn) Close() error                        { return nil }
func (f flakyConn) Begin() (driver.Tx, error)           { return nil, driver.ErrSkip }

func (f flakyConn) QueryContext(_ context.Context, _ string, _ []driver.NamedValue) (driver.Rows, error) {
	f.c.runs.Add(1)
	if f.c.failures.Add(-1) >= 0 {
		return nil, fmt.Errorf("%w: %w", driver.ErrBadConn, pgErr("FATAL", "57P01"))
	}
	return &oneRow{}, nil
}

type oneRow struct{ done bool }

func (r *oneRow) Columns() []string { return []string{"n"} }
func (r *oneRow) Close() error      { return nil }
func (r *oneRow) Next(dest []driver.Value) error {
	if r.done {
		return io.EOF
	}
	r.done, dest[0] = true, int64(1)
	return nil
}

// A read run alone meets more ended sessions than database/sql tries
// connections (three, at once, as a server restarting or an operator
// ending sessions in a loop can make it): readPool runs it again after a
// pause, until it gets its answer, counting each in Faults.Reads. A
// statement that writes is not run again: it may have been kept.
func TestReadRunsAgainPastEndedSessions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := &flakyConnector{}
	f := &faults{}
	p := &readPool{DB: sql.OpenDB(c), dialect: postgresDialect, faults: f}
	defer p.Close()
	c.failures.Store(7)
	var n int
	if err := p.QueryRowContext(ctx, `SELECT 1`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("read %d, %v: want 1 after the ended sessions", n, err)
	}
	if f.reads.Load() == 0 || c.runs.Load() != 8 {
		t.Errorf("%d runs, %d counted: want 8 runs, some counted", c.runs.Load(), f.reads.Load())
	}
	c.failures.Store(5)
	rows, err := p.QueryContext(ctx, `SELECT 1`)
	if err != nil {
		t.Fatalf("rows after the ended sessions: %v", err)
	}
	rows.Close()
	c.failures.Store(5)
	c.runs.Store(0)
	if _, err := p.QueryContext(ctx, `UPDATE games SET version = 1 RETURNING id`); err == nil || c.runs.Load() > 3 {
		t.Errorf("a write: %v after %d runs, want its lost connection after database/sql's own tries", err, c.runs.Load())
	}
}
