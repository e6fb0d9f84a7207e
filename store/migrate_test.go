package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func tempPath(t testing.TB) string { return filepath.Join(t.TempDir(), "kilab.db") }

func openAt(t *testing.T, source string, ms []migration) *DB {
	t.Helper()
	db, err := open(context.Background(), source, ms)
	if err != nil {
		t.Fatalf("open with %d migrations: %v", len(ms), err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func pragma(t *testing.T, q querier, name string) string {
	t.Helper()
	var v string
	if err := q.QueryRowContext(context.Background(), "PRAGMA "+name).Scan(&v); err != nil {
		t.Fatalf("PRAGMA %s: %v", name, err)
	}
	return v
}

func TestOpenSetsPragmas(t *testing.T) {
	sqliteOnly(t)
	db := openAt(t, tempPath(t), sqliteDialect.migrations)
	for _, c := range []struct {
		name string
		q    querier
	}{{"writer", db.write}, {"reader", db.read}} {
		want := map[string]string{"journal_mode": "wal", "foreign_keys": "1", "synchronous": "2", "busy_timeout": "5000"}
		for p, w := range want {
			if got := pragma(t, c.q, p); got != w {
				t.Errorf("%s: PRAGMA %s = %s, want %s", c.name, p, got, w)
			}
		}
	}
	if got := pragma(t, db.read, "query_only"); got != "1" {
		t.Errorf("reader query_only = %s, want 1", got)
	}
}

func TestSchemaVersion(t *testing.T) {
	db, _ := newDB(t)
	v, err := db.SchemaVersion(context.Background())
	if want := len(testDialect().migrations); err != nil || v != want {
		t.Fatalf("SchemaVersion = %d, %v; want %d", v, err, want)
	}
}

func TestOpenBadPath(t *testing.T) {
	sqliteOnly(t)
	for _, p := range []string{"", "a?mode=ro", filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")} {
		if db, err := Open(context.Background(), p); err == nil {
			db.Close()
			t.Errorf("Open(%q) succeeded, want an error", p)
		}
	}
}

// schema returns the database's tables and indexes as the database keeps
// them: SQLite their statements; PostgreSQL their columns, indexes and
// constraints, without the schema's name, which differs between tests.
func schema(t *testing.T, db *DB) []string {
	t.Helper()
	q := `SELECT type || ' ' || name || ': ' || COALESCE(sql, '') FROM sqlite_schema
		WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`
	if db.dialect == postgresDialect {
		q = qPostgresSchema
	}
	rows, err := db.read.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

const qPostgresSchema = `SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' ||
		is_nullable || ' ' || COALESCE(column_default, '')
	FROM information_schema.columns WHERE table_schema = current_schema()
	UNION ALL SELECT 'index ' || indexname || ': ' || replace(indexdef, current_schema() || '.', '')
	FROM pg_indexes WHERE schemaname = current_schema()
	UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ': ' || pg_get_constraintdef(oid)
	FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
	ORDER BY 1`

// seeds holds data written at an earlier schema version that must survive
// every later migration: whoever adds migration N+1 to a dialect's series
// adds seeds[dialect][N], rows as schema N has them; the test checks every
// table keeps its rows.
var seeds = map[string]map[int]string{
	"sqlite": {
		// Version 8: a game with its announcements, two draw offers at one
		// version among them, which 0009's rebuilt unique index must still
		// allow.
		8: `INSERT INTO games (id, guild_id, channel_id, kind, variant, player0, player1, position, to_move, rated,
				time_limit_ms, deadline, remind_at, created_at, updated_at)
			VALUES (1, 'g', 'c', 'aseb', 'standard', 'a', 'b', 'start', 0, 1, 86400000, 86400000, 69120000, 0, 0);
			INSERT INTO announcements (game_id, kind, user_id, version, due_at, created_at) VALUES
				(1, 'board', '', 1, 0, 0), (1, 'draw_offer', 'a', 1, 0, 0), (1, 'draw_offer', 'a', 1, 0, 0);`,
	},
	"postgres": {},
}

// Opening a database left at any earlier version must bring it to exactly the
// schema a fresh database gets, keeping its data. Version 0 is an empty file,
// or an empty PostgreSQL schema.
func TestMigrateFromEachVersion(t *testing.T) {
	ms := testDialect().migrations
	fresh := schema(t, openAt(t, emptySource(t), ms))
	if len(fresh) < 5 {
		t.Fatalf("fresh schema has %d objects: %v", len(fresh), fresh)
	}
	for from := 0; from < len(ms); from++ {
		path := emptySource(t)
		var before map[string]int
		if from == 0 && testDialect() == sqliteDialect { // a file of zero bytes, as a fresh deployment might touch
			if err := os.WriteFile(path, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		} else if from > 0 {
			old := openAt(t, path, ms[:from])
			if s, ok := seeds[testDialect().name][from]; ok {
				if _, err := old.write.Exec(s); err != nil {
					t.Fatalf("seed at version %d: %v", from, err)
				}
			}
			before = rowCounts(t, old)
			old.Close()
		}
		db := openAt(t, path, ms)
		after := rowCounts(t, db)
		for table, n := range before {
			if table != "schema_migrations" && after[table] != n {
				t.Errorf("from version %d: table %s had %d rows, has %d", from, table, n, after[table])
			}
		}
		if got := schema(t, db); !slices.Equal(got, fresh) {
			t.Errorf("from version %d: schema differs from a fresh database:\n%s\nwant\n%s",
				from, strings.Join(got, "\n"), strings.Join(fresh, "\n"))
		}
		if db.dialect != sqliteDialect {
			continue
		}
		if got := pragma(t, db.read, "integrity_check"); got != "ok" {
			t.Errorf("from version %d: integrity_check = %s", from, got)
		}
	}
}

func rowCounts(t *testing.T, db *DB) map[string]int {
	t.Helper()
	q := `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if db.dialect == postgresDialect {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	}
	rows, err := db.read.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	counts := map[string]int{}
	for _, name := range tables {
		var n int
		if err := db.read.QueryRow(`SELECT count(*) FROM "` + name + `"`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[name] = n
	}
	return counts
}

// withExtra is a later schema of the run's dialect, to test upgrading and
// refusing across versions while the real schema has fewer of them.
func withExtra(t *testing.T, stmts ...string) []migration {
	t.Helper()
	fsys := fstest.MapFS{}
	migrationFiles := testDialect().migrations
	for _, m := range migrationFiles {
		fsys["m/"+m.name+".sql"] = &fstest.MapFile{Data: []byte(m.sql)}
	}
	for i, s := range stmts {
		name := fmt.Sprintf("m/%04d_extra%d.sql", len(migrationFiles)+i+1, i)
		fsys[name] = &fstest.MapFile{Data: []byte(s)}
	}
	ms, err := loadMigrations(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestUpgradeKeepsData(t *testing.T) {
	ctx := context.Background()
	path := emptySource(t)
	migrationFiles := testDialect().migrations
	db := openAt(t, path, migrationFiles)
	if err := db.SetReminders(ctx, "u1", false); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db = openAt(t, path, withExtra(t, `ALTER TABLE users ADD COLUMN theme TEXT NOT NULL DEFAULT 'dark'`))
	if v, _ := db.SchemaVersion(ctx); v != len(migrationFiles)+1 {
		t.Fatalf("version after upgrade = %d, want %d", v, len(migrationFiles)+1)
	}
	var theme string
	var reminders bool
	if err := db.read.QueryRow(`SELECT theme, reminders FROM users WHERE user_id = 'u1'`).Scan(&theme, &reminders); err != nil {
		t.Fatalf("upgraded row: %v", err)
	}
	if theme != "dark" || reminders {
		t.Fatalf("upgraded row: theme %q reminders %v", theme, reminders)
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	ctx := context.Background()
	path := emptySource(t)
	openAt(t, path, withExtra(t, `CREATE TABLE later (x INTEGER)`)).Close()
	db, err := Open(ctx, path)
	if err == nil {
		db.Close()
		t.Fatal("Open of a newer database succeeded")
	}
	if !errors.Is(err, ErrSchemaTooNew) || !strings.Contains(err.Error(), "upgrade Kilab") {
		t.Fatalf("Open of a newer database: %v; want ErrSchemaTooNew saying to upgrade", err)
	}
}

// A migration that fails halfway leaves no trace: its transaction rolls back.
func TestFailedMigrationRollsBack(t *testing.T) {
	ctx := context.Background()
	path := emptySource(t)
	migrationFiles := testDialect().migrations
	openAt(t, path, migrationFiles).Close()
	_, err := open(ctx, path, withExtra(t, `CREATE TABLE half (x INTEGER); INSERT INTO nosuchtable VALUES (1);`))
	if err == nil || !strings.Contains(err.Error(), "nosuchtable") {
		t.Fatalf("open with a broken migration: %v", err)
	}
	db := openAt(t, path, migrationFiles)
	if v, _ := db.SchemaVersion(ctx); v != len(migrationFiles) {
		t.Fatalf("version = %d after a failed migration, want %d", v, len(migrationFiles))
	}
	if counts := rowCounts(t, db); slices.Contains(slices.Collect(maps.Keys(counts)), "half") {
		t.Fatal("table from the failed migration exists")
	}
}

func TestLoadMigrationsWantsContiguousNumbers(t *testing.T) {
	fsys := fstest.MapFS{
		"m/0001_a.sql": {Data: []byte("SELECT 1")},
		"m/0003_c.sql": {Data: []byte("SELECT 1")},
	}
	if _, err := loadMigrations(fsys, "m"); err == nil {
		t.Fatal("a gap in migration numbers was accepted")
	}
	for _, d := range []*dialect{sqliteDialect, postgresDialect} {
		if len(d.migrations) == 0 || d.migrations[0].name != "0001_init" {
			t.Fatalf("embedded %s migrations: %+v", d.name, d.migrations)
		}
	}
}

// 0009 rebuilt announcements_once: a second board at one version is still
// refused, while vacation notices, like draw offers, may repeat.
func TestAnnouncementsOnceAfterRebuild(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	insert := func(kind string) error {
		return db.update(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO announcements (game_id, kind, user_id, version, due_at, created_at)
				VALUES (?, ?, 'ana', ?, 0, 0)`, g.ID, kind, g.Version)
			return err
		})
	}
	for _, kind := range []string{AnnounceBoard, AnnounceVacation, AnnounceVacation} {
		if err := insert(kind); err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
	}
	if err := insert(AnnounceBoard); !db.dialect.unique(err) {
		t.Fatalf("a second board at one version: %v, want a unique violation", err)
	}
}

// announce writes a list of notices in one INSERT; where one of them was
// written already at that version, the rest are still written, in order,
// and the transaction goes on.
func TestAnnounceSkipsWhatWasWritten(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	announce := func(ns ...Notice) {
		t.Helper()
		err := db.update(ctx, func(tx *sql.Tx) error {
			if err := db.announce(ctx, tx, g.ID, 0, g.Version+1, ns, nil); err != nil {
				return err
			}
			// The transaction is still usable after a duplicate.
			_, err := tx.ExecContext(ctx, `UPDATE games SET version = version WHERE id = ?`, g.ID)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	announce(Notice{Kind: AnnounceBoard}, Notice{Kind: AnnounceTurnDM, User: "ana"})
	announce(Notice{Kind: AnnounceTurnDM, User: "ana"}, Notice{Kind: AnnounceRetire}, Notice{Kind: AnnounceBoard})
	as, _, err := db.Announcements(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range as {
		if a.Version == g.Version+1 {
			got = append(got, a.Kind+" "+a.User)
		}
	}
	want := []string{AnnounceBoard + " ", AnnounceTurnDM + " ana", AnnounceRetire + " "}
	if !slices.Equal(got, want) {
		t.Fatalf("announcements %q, want %q", got, want)
	}
}

// 0014 (postgres 0005) moves the tournament notices into the one outbox:
// the undelivered ones are delivered from there once each, in their
// tournament's order, with their attempts, due times and claims; the
// delivered ones come along so that they are still never written again.
func TestMigrateMovesTournamentNoticesIntoTheOutbox(t *testing.T) {
	ctx := context.Background()
	ms := testDialect().migrations
	at := slices.IndexFunc(ms, func(m migration) bool { return strings.HasSuffix(m.name, "_one_outbox") })
	if at < 0 {
		t.Fatal("no one_outbox migration")
	}
	path := emptySource(t)
	old := openAt(t, path, ms[:at])
	ms0 := func(d time.Duration) int64 { return epoch.Add(d).UnixMilli() }
	if _, err := old.write.Exec(fmt.Sprintf(`
		INSERT INTO tournaments (id, guild_id, channel_id, creator_id, kind, variant, format, rounds, round,
				time_limit_ms, rated, status, created_at)
			VALUES (1, 'g', 'c', 'u', 'aseb', 'standard', 'swiss', 2, 2, 86400000, 1, 'running', 0),
				(2, 'g', 'c', 'u', 'aseb', 'standard', 'swiss', 2, 2, 86400000, 1, 'running', 0);
		INSERT INTO tournament_notices (id, tournament_id, kind, round, attempts, due_at, created_at, done_at, outcome,
				claimed_until, claimed_by) VALUES
			(10, 1, 'round', 1, 0, %[1]d, %[1]d, %[1]d, 'sent', NULL, ''),
			(11, 1, 'round', 2, 2, %[2]d, %[2]d, NULL, '', %[5]d, 'a'),
			(12, 2, 'round', 1, 0, %[3]d, %[3]d, NULL, '', NULL, ''),
			(13, 1, 'finished', 2, 0, %[4]d, %[4]d, NULL, '', NULL, ''),
			(14, 2, 'round', 2, 1, %[5]d, %[4]d, NULL, '', NULL, '');`,
		ms0(-2*time.Hour), ms0(-time.Hour), ms0(-30*time.Minute), ms0(-10*time.Minute), ms0(time.Hour))); err != nil {
		t.Fatal(err)
	}
	old.Close()

	db := openAt(t, path, ms)
	clk := &clock{t: epoch}
	db.Now = clk.Now
	if _, err := db.read.Exec(`SELECT 1 FROM tournament_notices`); err == nil {
		t.Error("tournament_notices is still there")
	}
	claim := func(want ...string) {
		t.Helper()
		got, err := db.ClaimAnnouncements(ctx, "b", 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		var says []string
		for _, a := range got {
			says = append(says, fmt.Sprintf("%d %s%d x%d", a.Tournament, strings.TrimPrefix(a.Kind, "tournament_"), a.Round, a.Attempts))
			if err := db.Delivered(ctx, a.ID, "sent"); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(says, want) {
			t.Fatalf("claimed %q, want %q", says, want)
		}
	}
	// Tournament 1's round 2 is a's until a restarts, and its final standings
	// wait for it; tournament 2's round 2 waits out its backoff.
	claim("2 round1 x0")
	if err := db.ReleaseClaims(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	claim("1 round2 x2")
	claim("1 finished2 x0")
	claim()
	clk.Add(time.Hour)
	claim("2 round2 x1")
	claim()

	// Written again after the upgrade, a notice delivered before it or after
	// it is not a second notice.
	err := db.update(ctx, func(tx *sql.Tx) error {
		return errors.Join(
			db.announceTournament(ctx, tx, 1, Notice{Kind: AnnounceTournamentRound, Round: 1}),
			db.announceTournament(ctx, tx, 1, Notice{Kind: AnnounceTournamentFinished, Round: 2}))
	})
	if err != nil {
		t.Fatal(err)
	}
	claim()
	var n int
	if err := db.read.QueryRow(`SELECT count(*) FROM announcements WHERE tournament_id IS NOT NULL`).Scan(&n); err != nil || n != 5 {
		t.Fatalf("%d tournament notices in the outbox, %v; want the 5 moved", n, err)
	}
}
