package storetest

import (
	"context"
	"testing"

	"kilab/internal/sqlitetest"
	"kilab/store"
)

// Path returns the path of a new database named name in a temporary
// directory of t, at the schema's latest version and holding nothing else:
// what store.Open would make of a new file, without applying each migration
// again.
func Path(t testing.TB, name string) string {
	t.Helper()
	return sqlitetest.Copy(t, name, "store", create)
}

func create(path string) error {
	db, err := store.Open(context.Background(), path)
	if err != nil {
		return err
	}
	return db.Close()
}
