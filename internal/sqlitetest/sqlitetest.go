package sqlitetest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// made holds each template's bytes (or the error making it) by key, made
// once for the process.
var made sync.Map // key -> *template

type template struct {
	once sync.Once
	data []byte
	err  error
}

// Copy writes, at name in a new temporary directory of t, a copy of the
// database that create makes at the path it is given, and returns its path.
// create runs once for each key in the process; it must leave a closed
// database with no write-ahead log beside it (closing SQLite's last
// connection checkpoints and removes the log).
func Copy(t testing.TB, name, key string, create func(path string) error) string {
	t.Helper()
	v, _ := made.LoadOrStore(key, &template{})
	tmpl := v.(*template)
	tmpl.once.Do(func() { tmpl.data, tmpl.err = makeTemplate(create) })
	if tmpl.err != nil {
		t.Fatalf("the template database %s: %v", key, tmpl.err)
	}
	path := filepath.Join(dir(t), name)
	if err := os.WriteFile(path, tmpl.data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func makeTemplate(create func(path string) error) ([]byte, error) {
	dir, err := os.MkdirTemp("", "kilab-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	if err := create(path); err != nil {
		return nil, err
	}
	if st, err := os.Stat(path + "-wal"); err == nil && st.Size() > 0 {
		return nil, fmt.Errorf("%s-wal holds %d bytes after closing: a copy of the file alone would lose them", path, st.Size())
	}
	return os.ReadFile(path)
}
