package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/joho/godotenv"

	"kilab/store"
)

// runBackup is kilab backup FILE: a consistent copy of the SQLite database
// that kilab run uses (DATABASE_PATH, from .env or the environment), taken
// while the bot runs and serves clicks.
func runBackup(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "Usage: kilab backup FILE\n\nWrites a consistent copy of the SQLite database kilab run uses (DATABASE_PATH, default\nkilab.db; read from .env and the environment) to FILE, which must not exist, while the bot\nruns. For PostgreSQL (DATABASE_URL) use pg_dump: see the README. Check the copy with kilab check.")
		return 2
	}
	set, ok := databaseSettings(stderr)
	if !ok {
		return 2
	}
	start := time.Now()
	if err := store.Backup(context.Background(), set.database(), args[0]); err != nil {
		if errors.Is(err, store.ErrBackupPostgres) {
			fmt.Fprintf(stderr, "kilab: DATABASE_URL names PostgreSQL: back it up with pg_dump -Fc -f %s '<DATABASE_URL>' while the bot runs (see the README)\n", args[0])
			return 2
		}
		fmt.Fprintf(stderr, "kilab: %v\n", err)
		return 1
	}
	info, _ := os.Stat(args[0])
	fmt.Fprintf(stdout, "backed up %s to %s: %d bytes in %v\n", set.databaseName(), args[0], info.Size(), time.Since(start).Round(time.Millisecond))
	return 0
}

// runCheck is kilab check FILE: whether a SQLite database file (a backup,
// or the database itself) is whole, which schema version it is at, and
// how much it holds. It changes nothing.
func runCheck(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "Usage: kilab check FILE\n\nChecks a SQLite database file of Kilab (a backup, or the database itself), changing nothing:\nSQLite's integrity check, the schema version against this program's, and what it holds.\nExits 1 if the file is damaged, or was written by a newer Kilab.")
		return 2
	}
	r, err := store.Check(context.Background(), args[0])
	if err != nil {
		fmt.Fprintf(stderr, "kilab: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "integrity: %s\nschema version: %d (this program knows up to %d)\n", r.Integrity, r.Version, r.Known)
	names := make([]string, 0, len(r.Counts))
	for name := range r.Counts {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(stdout, "%s: %d\n", name, r.Counts[name])
	}
	switch {
	case r.Integrity != "ok":
		fmt.Fprintln(stderr, "kilab: the file is damaged")
		return 1
	case r.Version > r.Known:
		fmt.Fprintln(stderr, "kilab: the file was written by a newer Kilab: upgrade before using it")
		return 1
	}
	return 0
}

// databaseSettings reads .env and the environment for the database alone,
// as kilab run reads them.
func databaseSettings(stderr io.Writer) (settings, bool) {
	if err := godotenv.Load(); err != nil && !os.IsNotExist(err) {
		fmt.Fprintf(stderr, "kilab: reading .env: %v\n", err)
		return settings{}, false
	}
	s := settings{dbPath: strings.TrimSpace(os.Getenv("DATABASE_PATH")), dbURL: strings.TrimSpace(os.Getenv("DATABASE_URL"))}
	if err := s.checkDatabase(); err != nil {
		fmt.Fprintf(stderr, "kilab: %v\n", err)
		return s, false
	}
	return s, true
}
