package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// The schema is two series of numbered files, applied in order: 0001_init.sql,
// 0002_....sql. migrations/ holds SQLite's, migrations/postgres/ PostgreSQL's,
// whose 0001_init.sql creates the schema SQLite reached in ten steps. A file,
// once released, never changes; a change to the schema is a new file in
// each series, saying the same thing in each dialect (the numbers differ:
// each series counts its own).
//
//go:embed migrations/*.sql migrations/postgres/*.sql
var migrationsFS embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

func mustLoadMigrations(fsys fs.FS, dir string) []migration {
	ms, err := loadMigrations(fsys, dir)
	if err != nil {
		panic(err)
	}
	return ms
}

// loadMigrations reads the .sql files of dir, which must be numbered 1, 2, 3...
// with no gap, so that a version number always means the same schema.
func loadMigrations(fsys fs.FS, dir string) ([]migration, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.sql"))
	if err != nil {
		return nil, err
	}
	ms := make([]migration, 0, len(names)) // Glob sorts, and the numbers are zero-padded
	for i, name := range names {
		base := path.Base(name)
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil || v != i+1 {
			return nil, fmt.Errorf("store: migration %s: want number %04d", base, i+1)
		}
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: strings.TrimSuffix(base, ".sql"), sql: string(text)})
	}
	return ms, nil
}

const createMigrationsTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    INTEGER PRIMARY KEY,
	name       TEXT    NOT NULL,
	applied_at INTEGER NOT NULL
)`

// migrate applies the migrations the database lacks, each in its own
// transaction together with the row that records it, so a crash leaves the
// database at one version or the next and never in between. Several processes
// opening one database at once are safe: each transaction excludes the
// others (SQLite's one writer, PostgreSQL's lockMigrations), and reads the
// version again inside. The transactions are not update's: PostgreSQL's
// serializable snapshot would be taken before the lock is granted, and miss
// what the process that held it did.
func (db *DB) migrate(ctx context.Context, ms []migration) error {
	err := db.transact(ctx, nil, func(tx *sql.Tx) error {
		if err := db.lockMigrations(ctx, tx); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, db.dialect.createMigrations)
		return err
	})
	if err != nil {
		return err
	}
	have, err := schemaVersion(ctx, db.write)
	if err != nil {
		return err
	}
	if have > len(ms) {
		return fmt.Errorf("schema version %d, this program knows up to %d; upgrade Kilab: %w",
			have, len(ms), ErrSchemaTooNew)
	}
	if have > 0 && have < len(ms) && db.dialect == sqliteDialect {
		// An upgrade keeps the database as it was first: the way back.
		if db.Upgraded, err = backupBeforeMigrating(ctx, db.source, have, db.now()); err != nil {
			return fmt.Errorf("keeping a copy before the upgrade from version %d: %w", have, err)
		}
	}
	for _, m := range ms[have:] {
		if err := db.transact(ctx, nil, func(tx *sql.Tx) error { return db.applyMigration(ctx, tx, m) }); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return nil
}

func (db *DB) lockMigrations(ctx context.Context, tx *sql.Tx) error {
	if db.dialect.lockMigrations == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, db.dialect.lockMigrations)
	return err
}

func (db *DB) applyMigration(ctx context.Context, tx *sql.Tx, m migration) error {
	if err := db.lockMigrations(ctx, tx); err != nil {
		return err
	}
	have, err := schemaVersion(ctx, tx)
	if err != nil || have >= m.version {
		return err // applied meanwhile by another process
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, db.now().UnixMilli())
	return err
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func schemaVersion(ctx context.Context, q querier) (int, error) {
	var v int
	err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// SchemaVersion is the number of the last migration applied to the database.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	return schemaVersion(ctx, db.read)
}
