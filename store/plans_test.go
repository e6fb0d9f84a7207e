package store

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// The query plans of every query the store's tests run, on SQLite: with
// KILAB_PLANS=1, TestMain records each query a connection runs and, after
// the tests, asks SQLite for its plan on an empty database of the current
// schema, failing the run for any query that reads a whole table that
// grows with the games, the players or the clicks:
//
//	KILAB_PLANS=1 go test ./store
//
// TestQueriesUseIndexes checks the same of the queries it names, in every
// run; this covers the ones no list names.
type plans struct {
	mu   sync.Mutex
	seen map[string]string // query -> where the store runs it
}

// startPlans records the queries run from now on, if KILAB_PLANS asks.
func startPlans() *plans {
	if os.Getenv("KILAB_PLANS") == "" {
		return nil
	}
	p := &plans{seen: map[string]string{}}
	trace := func(q string) {
		if at := origin(); at != "" {
			p.mu.Lock()
			p.seen[q] = at
			p.mu.Unlock()
		}
	}
	queryTrace.Store(&trace)
	return p
}

// plumbing are the store's files that run queries for others: the query
// comes from their caller.
var plumbing = []string{"stmtcache.go", "fault.go", "db.go", "dialect.go", "postgres.go"}

// origin is the store's file and line that ran the query being traced, or
// "" for a test's own query (its fixtures and checks), for the operator's
// check of a file (backup.go), which counts every table whole by design,
// and for the diagnostic functions.
func origin() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "kilab/store.") && !slices.Contains(plumbing, filepath.Base(f.File)) {
			if strings.HasSuffix(f.File, "_test.go") || filepath.Base(f.File) == "backup.go" || diagnostic[f.Function] {
				return ""
			}
			return fmt.Sprintf("%s:%d", filepath.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

// diagnostic are the store's functions the bot never runs: tests and a
// person looking into a game call them.
var diagnostic = map[string]bool{
	"kilab/store.(*DB).Announcements": true, // a game's whole outbox, delivered or not
}

// smallTables hold a row or a few per server or setting, never one per
// game, player or click: reading them whole costs nothing.
var smallTables = map[string]string{
	"sweeps":                "one row",
	"schema_migrations":     "one row per migration",
	"guilds":                "one row per server",
	"moderation":            "one row per server",
	"daily_puzzle_channels": "one row per server",
}

var (
	scanOf     = regexp.MustCompile(`^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?`)
	onlyValues = regexp.MustCompile(`(?is)^\s*INSERT\b.*\bVALUES\b`)
	numbered   = regexp.MustCompile(`\?(\d+)`)
	statements = regexp.MustCompile(`(?i)^\s*(SELECT|UPDATE|DELETE|INSERT|WITH)\b`)
)

// report explains every recorded query and returns the exit code: 1 if a
// query reads a growing table whole.
func (p *plans) report(w io.Writer) int {
	dir, err := os.MkdirTemp("", "kilab-plans-")
	if err != nil {
		fmt.Fprintln(w, err)
		return 1
	}
	defer os.RemoveAll(dir)
	queryTrace.Store(nil)
	db, err := Open(context.Background(), filepath.Join(dir, "plans.db"))
	if err != nil {
		fmt.Fprintln(w, err)
		return 1
	}
	defer db.Close()
	var queries, scans []string
	for q := range p.seen {
		if statements.MatchString(q) {
			queries = append(queries, q)
		}
	}
	slices.Sort(queries)
	for _, q := range queries {
		for _, table := range p.scanned(db, q) {
			if _, small := smallTables[table]; !small {
				scans = append(scans, fmt.Sprintf("%s, at %s:\n\t%s", table, p.seen[q], strings.Join(strings.Fields(q), " ")))
			}
		}
	}
	fmt.Fprintf(w, "query plans: %d of %d queries run read no growing table whole\n", len(queries)-len(scans), len(queries))
	for _, s := range scans {
		fmt.Fprintf(w, "reads the whole table %s\n", s)
	}
	if len(scans) > 0 {
		return 1
	}
	return 0
}

// scanned lists the tables q's plan reads whole.
func (p *plans) scanned(db *DB, q string) []string {
	n := strings.Count(q, "?")
	for _, m := range numbered.FindAllStringSubmatch(q, -1) {
		var k int
		fmt.Sscan(m[1], &k)
		n = max(n, k)
	}
	args := make([]any, n)
	for i := range args {
		args[i] = 1
	}
	if onlyValues.MatchString(q) && !strings.Contains(strings.ToUpper(q), "SELECT") {
		// An INSERT of values reads nothing; its plan lists the foreign
		// key checks SQLite makes only while deferred violations are
		// pending, which Kilab never leaves.
		return nil
	}
	rows, err := db.write.Query("EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		return []string{fmt.Sprintf("(unexplained: %v)", err)}
	}
	var details []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if rows.Scan(&id, &parent, &unused, &detail) == nil {
			details = append(details, detail)
		}
	}
	rows.Close() // before partial asks the same connection
	var out []string
	for _, detail := range details {
		m := scanOf.FindStringSubmatch(detail)
		if m == nil || strings.Contains(detail, "CONSTANT ROW") || partial(db, m[2]) {
			continue // an index of the few rows it names (pending ones, say) is read whole
		}
		out = append(out, tableOf(q, m[1]))
	}
	return out
}

// partial reports whether index is a partial index (CREATE INDEX ... WHERE).
func partial(db *DB, index string) bool {
	var sql string
	if index == "" || db.write.QueryRow(`SELECT COALESCE(sql, '') FROM sqlite_schema WHERE type = 'index' AND name = ?`, index).Scan(&sql) != nil {
		return false
	}
	return strings.Contains(strings.ToUpper(sql), " WHERE ")
}

// tableOf is the table q names name by, where name is an alias.
func tableOf(q, name string) string {
	if m := regexp.MustCompile(`(?i)\b(?:FROM|JOIN)\s+(\w+)\s+(?:AS\s+)?` + name + `\b`).FindStringSubmatch(q); m != nil {
		return m[1]
	}
	return name
}
