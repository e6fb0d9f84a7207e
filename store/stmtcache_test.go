package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
)

// oneKeepingConn opens a SQLite file through one connection that keeps its
// statements, and a way to look at that connection.
func oneKeepingConn(t *testing.T) (*sql.DB, func() *stmtConn) {
	t.Helper()
	db, err := openKeeping(filepath.Join(t.TempDir(), "kept.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1)
	look := func() *stmtConn {
		conn, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var sc *stmtConn
		if err := conn.Raw(func(dc any) error { sc = dc.(*stmtConn); return nil }); err != nil {
			t.Fatal(err)
		}
		return sc
	}
	if _, err := db.Exec(`CREATE TABLE t (a INTEGER)`); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := db.Exec(`INSERT INTO t (a) VALUES (?)`, i); err != nil {
			t.Fatal(err)
		}
	}
	return db, look
}

// A query run again runs from the statement prepared the first time.
func TestStatementsKept(t *testing.T) {
	t.Parallel()
	db, look := oneKeepingConn(t)
	before := look().made
	for i := range 20 {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM t WHERE a >= ?`, i%3).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if want := 3 - i%3; n != want {
			t.Fatalf("run %d: %d rows, want %d", i, n, want)
		}
		if _, err := db.Exec(`UPDATE t SET a = a WHERE a = ?`, i); err != nil {
			t.Fatal(err)
		}
	}
	if made := look().made - before; made != 2 {
		t.Errorf("20 runs of two queries prepared %d statements, want 2", made)
	}
}

// A query run again while the rows of its first run are still being read
// runs from a statement of its own, and both read what they should.
func TestStatementRepeatedWhileRead(t *testing.T) {
	t.Parallel()
	db, look := oneKeepingConn(t)
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	const q = `SELECT a FROM t WHERE a >= ? ORDER BY a`
	outer, err := tx.Query(q, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for outer.Next() {
		var a int
		if err := outer.Scan(&a); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := tx.QueryRow(`SELECT COUNT(*) FROM (`+q+`)`, a).Scan(&n); err != nil {
			t.Fatal(err)
		}
		inner, err := tx.Query(q, a)
		if err != nil {
			t.Fatal(err)
		}
		m := 0
		for inner.Next() {
			m++
		}
		inner.Close()
		got = append(got, fmt.Sprintf("%d:%d/%d", a, m, n))
	}
	if err := outer.Err(); err != nil {
		t.Fatal(err)
	}
	outer.Close()
	if err := tx.Rollback(); err != nil { // gives the one connection back, for look
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[0:3/3 1:2/2 2:1/1]" {
		t.Errorf("read %v, want [0:3/3 1:2/2 2:1/1]", got)
	}
	if look().fresh != 3 {
		t.Errorf("%d runs from a statement of their own, want 3 (one per outer row)", look().fresh)
	}
}

// The statements kept are bounded, and a change of the schema is seen by a
// statement kept from before it.
func TestStatementsBoundedAndSchemaSeen(t *testing.T) {
	t.Parallel()
	db, look := oneKeepingConn(t)
	for i := range maxKeptStatements + 40 {
		var n int
		if err := db.QueryRow(fmt.Sprintf(`SELECT %d + COUNT(*) FROM t`, i)).Scan(&n); err != nil || n != i+3 {
			t.Fatalf("query %d: %d, %v", i, n, err)
		}
	}
	if n := len(look().kept); n > maxKeptStatements {
		t.Errorf("%d statements kept, want at most %d", n, maxKeptStatements)
	}
	columns := func() int {
		rows, err := db.Query(`SELECT * FROM t`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		return len(cols)
	}
	if n := columns(); n != 1 {
		t.Fatalf("%d columns before the change", n)
	}
	if _, err := db.Exec(`ALTER TABLE t ADD COLUMN b TEXT`); err != nil {
		t.Fatal(err)
	}
	if n := columns(); n != 2 {
		t.Errorf("a kept SELECT * reads %d columns after one was added, want 2", n)
	}
	if _, err := db.Exec(`SELECT nonsense FROM`); err == nil {
		t.Error("a query that does not parse ran")
	}
	if _, ok := look().kept[`SELECT nonsense FROM`]; ok {
		t.Error("a query that does not parse was kept")
	}
}
