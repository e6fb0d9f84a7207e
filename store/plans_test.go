package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"kilab/internal/pgtest"
)

// The query plans of every query the store's tests run: with
// KILAB_PLANS=1, TestMain records each query a connection runs and, after
// the tests, asks the database for its plan on an empty database of the
// current schema, failing the run for any query that reads a whole table
// that grows with the games, the players or the clicks:
//
//	KILAB_PLANS=1 go test ./store
//	KILAB_PLANS=1 KILAB_TEST_POSTGRES=postgres://... go test ./store
//
// On PostgreSQL, whose planner reads the few rows of an empty table whole
// whether or not an index would serve, each plan is asked for generic (no
// parameter's value known) and with sequential scans priced out
// (enable_seqscan off): a table still read whole then has no index the
// query can use (pgScanned).
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
		if strings.HasPrefix(f.Function, "kilab/store.") && !slices.Contains(plumbing, filepath.Base(f.File)) && !helpers[strings.TrimSuffix(f.Function, "[...]")] {
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

// helpers run the queries their callers give them.
var helpers = map[string]bool{"kilab/store.queryAll": true, "kilab/store.queryGames": true}

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
	source, scanned := filepath.Join(dir, "plans.db"), p.scanned
	if server, ok := pgtest.Server(); ok {
		var name string
		if source, name, err = pgtest.NewSchema(server); err != nil {
			fmt.Fprintln(w, err)
			return 1
		}
		defer pgtest.Drop(server, name)
		scanned = pgScanned
	}
	db, err := Open(context.Background(), source)
	if err != nil {
		fmt.Fprintln(w, err)
		return 1
	}
	defer db.Close()
	if scanned != nil && db.dialect == postgresDialect {
		if err := pgFill(db); err != nil {
			fmt.Fprintln(w, err)
			return 1
		}
	}
	var queries, scans []string
	for q := range p.seen {
		if statements.MatchString(q) {
			queries = append(queries, q)
		}
	}
	slices.Sort(queries)
	for _, q := range queries {
		for _, table := range scanned(db, q) {
			if _, small := smallTables[table]; !small {
				scans = append(scans, fmt.Sprintf("%s, at %s:\n\t%s", table, p.seen[q], strings.Join(strings.Fields(q), " ")))
			}
		}
	}
	fmt.Fprintf(w, "query plans (%s): %d of %d queries run read no growing table whole\n", db.dialect.name, len(queries)-len(scans), len(queries))
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

// pgFill gives the tables whose plans depend on how their rows spread some
// thousands of rows, spread as a server's would be, and the planner their
// statistics: on empty tables PostgreSQL's planner picks among paths that
// all cost nothing, and a whole-index read it would never choose on real
// data looks as good as the index made for the query.
func pgFill(db *DB) error {
	for _, q := range []string{
		`INSERT INTO games (guild_id, channel_id, kind, variant, player0, player1, position, to_move, status, result, rated,
			time_limit_ms, created_at, updated_at, finished_at)
		SELECT 'g' || (i % 50), 'c', (ARRAY['aseb', 'tab', 'seega'])[1 + i % 3], 'standard', 'u' || (i % 4000), 'u' || ((i * 7 + 1) % 4000 + 4000),
			'start', 0, CASE WHEN i % 10 = 0 THEN 'active' ELSE 'finished' END, CASE WHEN i % 10 = 0 THEN '' ELSE 'first' END, 1,
			86400000, i, i, CASE WHEN i % 10 = 0 THEN NULL ELSE i END
		FROM generate_series(1, 60000) AS i`,
		`INSERT INTO follows_games (game_id, user_id, created_at) SELECT id, 'f' || (id % 3000), id FROM games WHERE id % 5 = 0`,
		`INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, created_at)
		SELECT 'g' || (i % 50), i / 50, 'p', 'c', i FROM generate_series(1, 20000) AS i`,
		`INSERT INTO daily_puzzle_channels (guild_id, channel_id, set_by, set_at) SELECT 'g' || i, 'c', 'm', i FROM generate_series(0, 49) AS i`,
		`ANALYZE games, follows_games, daily_puzzles, daily_puzzle_channels`,
	} {
		if _, err := db.write.Exec(q); err != nil {
			return fmt.Errorf("filling the tables to plan on: %w", err)
		}
	}
	return nil
}

// pgScanned lists the tables q's generic plan on PostgreSQL reads whole
// with sequential scans priced out: those no index of q's can serve.
func pgScanned(db *DB, q string) []string {
	if onlyValues.MatchString(q) && !strings.Contains(strings.ToUpper(q), "SELECT") {
		return nil // an INSERT of values reads nothing
	}
	ctx := context.Background()
	conn, err := db.write.Conn(ctx)
	if err != nil {
		return []string{fmt.Sprintf("(unexplained: %v)", err)}
	}
	defer conn.Close()
	q = rebind(strings.ReplaceAll(q, lockRowsMark, ""))
	params := 0
	for _, m := range dollar.FindAllStringSubmatch(q, -1) {
		var k int
		fmt.Sscan(m[1], &k)
		params = max(params, k)
	}
	nulls := strings.TrimSuffix(strings.Repeat("NULL, ", params), ", ")
	var plan string
	for _, stmt := range []string{"SET plan_cache_mode = force_generic_plan", "SET enable_seqscan = off", "PREPARE kilab_plan AS " + q} {
		if _, err := conn.ExecContext(ctx, stmt); err != nil {
			return []string{fmt.Sprintf("(unexplained: %v)", err)}
		}
	}
	defer conn.ExecContext(ctx, "DEALLOCATE kilab_plan")
	explain := "EXPLAIN (FORMAT JSON) EXECUTE kilab_plan"
	if params > 0 {
		explain += "(" + nulls + ")"
	}
	if err := conn.QueryRowContext(ctx, explain).Scan(&plan); err != nil {
		return []string{fmt.Sprintf("(unexplained: %v)", err)}
	}
	var nodes []map[string]any
	if err := json.Unmarshal([]byte(plan), &nodes); err != nil {
		return []string{fmt.Sprintf("(unexplained: %v)", err)}
	}
	var out []string
	var walk func(n map[string]any)
	walk = func(n map[string]any) {
		if whole(conn, n) {
			rel, _ := n["Relation Name"].(string)
			if rel == "" {
				rel, _ = n["Index Name"].(string)
			}
			out = append(out, rel)
		}
		subs, _ := n["Plans"].([]any)
		for _, s := range subs {
			if m, ok := s.(map[string]any); ok {
				walk(m)
			}
		}
	}
	for _, n := range nodes {
		if p, ok := n["Plan"].(map[string]any); ok {
			walk(p)
		}
	}
	return out
}

var dollar = regexp.MustCompile(`\$(\d+)`)

// whole reports whether plan node n reads a table, or a whole index of
// one, entirely: a sequential scan, or an index scan with no condition on
// the index (an ORDER BY read along it), unless the index is partial and
// so holds only the few rows it names, as SQLite's check allows.
func whole(conn *sql.Conn, n map[string]any) bool {
	switch n["Node Type"] {
	case "Seq Scan":
		return true
	case "Index Scan", "Index Only Scan", "Bitmap Index Scan":
		index, _ := n["Index Name"].(string)
		var def string
		if conn.QueryRowContext(context.Background(), `SELECT indexdef FROM pg_indexes WHERE indexname = $1 AND schemaname = current_schema()`, index).Scan(&def) != nil {
			return true
		}
		if strings.Contains(strings.ToUpper(def), " WHERE ") {
			return false // a partial index: the few rows it names
		}
		// A condition on the index's first column finds its rows; one on
		// a later column only filters the whole index as it is read.
		cond, _ := n["Index Cond"].(string)
		m := leading.FindStringSubmatch(def)
		return m == nil || !regexp.MustCompile(`\b`+m[1]+`\s*(=|<|>|IS|ANY)`).MatchString(cond)
	}
	return false
}

// leading is the first column of an index's definition.
var leading = regexp.MustCompile(`\(\s*"?(\w+)"?`)
