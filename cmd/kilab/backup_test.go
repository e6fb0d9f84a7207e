package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kilab/store"
)

// kilab backup copies the database DATABASE_PATH names, and kilab check
// reads the copy: whole, at this program's schema version, with its games;
// a second backup to the same file is refused, and a damaged file fails
// the check.
func TestBackupAndCheckCommands(t *testing.T) {
	dir := t.TempDir()
	source := filepath.Join(dir, "kilab.db")
	db, err := store.Open(context.Background(), source)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	t.Setenv("DATABASE_PATH", source)
	t.Chdir(dir) // no .env there
	backup := filepath.Join(dir, "copy.db")
	var out, errs bytes.Buffer
	if code := run([]string{"backup", backup}, &out, &errs); code != 0 || !strings.Contains(out.String(), "backed up "+source) {
		t.Fatalf("kilab backup: %d %q %q", code, out.String(), errs.String())
	}
	out.Reset()
	if code := run([]string{"check", backup}, &out, &errs); code != 0 || !strings.Contains(out.String(), "integrity: ok") ||
		!strings.Contains(out.String(), "games: 0") {
		t.Fatalf("kilab check: %d %q %q", code, out.String(), errs.String())
	}
	if code := run([]string{"backup", backup}, &out, &errs); code == 0 {
		t.Error("a backup over an existing file succeeded")
	}
	damaged := filepath.Join(dir, "damaged.db")
	data, _ := os.ReadFile(backup)
	for i := 4096; i < len(data) && i < 4096*3; i++ {
		data[i] ^= 0x5a
	}
	os.WriteFile(damaged, data, 0o600)
	if code := run([]string{"check", damaged}, &out, &errs); code == 0 {
		t.Error("a damaged file checked ok")
	}
	t.Setenv("DATABASE_PATH", "")
	t.Setenv("DATABASE_URL", "postgres://u@127.0.0.1:5432/x")
	errs.Reset()
	if code := run([]string{"backup", filepath.Join(dir, "pg.db")}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "pg_dump") {
		t.Errorf("kilab backup on PostgreSQL: %d %q", code, errs.String())
	}
}
