package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"time"
)

// Backups, for the operator (kilab backup, kilab check), and before an
// upgrade moves a SQLite database's schema forward.

// ErrBackupPostgres: a PostgreSQL database is backed up with the server's
// own tools (pg_dump, pg_restore), which copy it while it serves.
var ErrBackupPostgres = errors.New("store: a PostgreSQL database is backed up with pg_dump, while the bot runs (see the README)")

// Backup writes a copy of the SQLite database at source to path, whole and
// consistent, while copies of the bot go on reading and writing it:
// VACUUM INTO reads one snapshot of it (WAL mode lets writers go on
// meanwhile), and writes a compact file that opens as it is. path must not
// exist yet.
func Backup(ctx context.Context, source, path string) error {
	if dialectOf(source) != sqliteDialect {
		return ErrBackupPostgres
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("store: backup %s exists already: choose another name", path)
	}
	if _, err := os.Stat(source); err != nil {
		return fmt.Errorf("store: no database at %s: %w", source, err)
	}
	conn, err := sql.Open("sqlite", dsn(source, false))
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		os.Remove(path) // a half-written copy is no backup
		return fmt.Errorf("store: backing up %s to %s: %w", source, path, err)
	}
	return nil
}

// Report is what Check finds in a database file.
type Report struct {
	Integrity string // "ok", or what SQLite's integrity_check found wrong
	// Version is the schema version the file is at; Known is the newest
	// this program knows (a file at a newer one was written by a newer
	// Kilab).
	Version, Known int
	// Counts are rows by what they hold: games, games in play, moves,
	// players, ratings, tournaments, announcements not yet delivered.
	Counts map[string]int
}

// Check reads the SQLite database file at path, changing nothing (it is
// opened read-only, and not migrated): its integrity, its schema version,
// and how much it holds. A backup that checks ok opens as a database.
func Check(ctx context.Context, path string) (Report, error) {
	r := Report{Known: len(sqliteDialect.migrations), Counts: map[string]int{}}
	if _, err := os.Stat(path); err != nil {
		return r, fmt.Errorf("store: no database at %s: %w", path, err)
	}
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=query_only(1)")
	if err != nil {
		return r, err
	}
	defer conn.Close()
	if err := conn.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&r.Integrity); err != nil {
		return r, fmt.Errorf("store: %s is not a database Kilab can read: %w", path, err)
	}
	if r.Version, err = schemaVersion(ctx, conn); err != nil {
		return r, fmt.Errorf("store: %s has no schema Kilab wrote: %w", path, err)
	}
	for name, q := range map[string]string{
		"games":         `SELECT COUNT(*) FROM games`,
		"games in play": `SELECT COUNT(*) FROM games WHERE status = 'active'`,
		"moves":         `SELECT COUNT(*) FROM moves`,
		"players":       `SELECT COUNT(*) FROM users`,
		"ratings":       `SELECT COUNT(*) FROM ratings`,
		"tournaments":   `SELECT COUNT(*) FROM tournaments`,
		"undelivered":   `SELECT COUNT(*) FROM announcements WHERE done_at IS NULL`,
	} {
		var n int
		if err := conn.QueryRowContext(ctx, q).Scan(&n); err != nil {
			return r, fmt.Errorf("store: counting %s in %s: %w", name, path, err)
		}
		r.Counts[name] = n
	}
	return r, nil
}

// backupBeforeMigrating keeps a copy of an existing SQLite database, at
// version have, before migrations move it forward: path.before-vN (with the
// time added, should that exist), so that an upgrade gone wrong can be
// undone by putting the copy back.
func backupBeforeMigrating(ctx context.Context, source string, have int, now time.Time) (string, error) {
	path := fmt.Sprintf("%s.before-v%d", source, have)
	if _, err := os.Stat(path); err == nil {
		path = fmt.Sprintf("%s.before-v%d-%s", source, have, now.UTC().Format("20060102T150405"))
	}
	return path, Backup(ctx, source, path)
}
