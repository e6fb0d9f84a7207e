package store

import (
	"context"
	"strings"
	"testing"
)

func TestRebind(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`SELECT 1`, `SELECT 1`},
		{`WHERE a = ? AND b = ?`, `WHERE a = $1 AND b = $2`},
		{`WHERE a = ?1 OR b = ?1 AND c = ?2`, `WHERE a = $1 OR b = $1 AND c = $2`},
		{`SET x = ?3 WHERE y = ? AND z = ?1`, `SET x = $3 WHERE y = $4 AND z = $1`}, // as SQLite numbers them
		{`WHERE s = '?' AND t = ?`, `WHERE s = '?' AND t = $1`},
		{`WHERE s = 'it''s ?' AND t = ?`, `WHERE s = 'it''s ?' AND t = $1`},
		{`SELECT "a?" FROM t WHERE x = ?`, `SELECT "a?" FROM t WHERE x = $1`},
		{"-- why?\nSELECT ? /* and ? */", "-- why?\nSELECT $1 /* and ? */"},
		{`AS $$ BEGIN RAISE '?'; END $$; SELECT ?`, `AS $$ BEGIN RAISE '?'; END $$; SELECT $1`},
		{`AS $f$ ? $f$, ?`, `AS $f$ ? $f$, $1`},
		{`SELECT $1, ?`, `SELECT $1, $1`}, // $1 is no tag; mixing the styles is the caller's mistake
		{`WHERE s = 'unterminated ?`, `WHERE s = 'unterminated ?`},
	} {
		if got := rebind(c.in); got != c.want {
			t.Errorf("rebind(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestDialectOf(t *testing.T) {
	for source, want := range map[string]*dialect{
		"kilab.db":                    sqliteDialect,
		"/var/lib/kilab/kilab.db":     sqliteDialect,
		"postgres://u@h/db":           postgresDialect,
		"postgresql://u:secret@h/db":  postgresDialect,
		"./postgres://looks-like-one": sqliteDialect,
	} {
		if got := dialectOf(source); got != want {
			t.Errorf("dialectOf(%q) = %s, want %s", source, got.name, want.name)
		}
	}
	if got := describe("postgres://kilab:secret@db.example/kilab"); got != "postgres://kilab:xxxxx@db.example/kilab" {
		t.Errorf("describe shows %q", got)
	}
}

// On PostgreSQL the outbox is analysed after every thousand changes, so
// that the claim's plan follows how many announcements wait (migration
// 0016_outbox_statistics.sql).
func TestOutboxAnalysedOften(t *testing.T) {
	t.Parallel()
	db, _ := newDB(t)
	if db.dialect != postgresDialect {
		t.Skip("PostgreSQL's autovacuum settings")
	}
	var opts string
	err := db.read.QueryRowContext(context.Background(),
		`SELECT array_to_string(reloptions, ',') FROM pg_class WHERE oid = 'announcements'::regclass`).Scan(&opts)
	if err != nil || !strings.Contains(opts, "autovacuum_analyze_threshold=1000") || !strings.Contains(opts, "autovacuum_analyze_scale_factor=0") {
		t.Errorf("announcements' options %q (%v), want it analysed every 1,000 changes", opts, err)
	}
}
