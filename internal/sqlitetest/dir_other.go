//go:build !linux

package sqlitetest

import "testing"

// dir is a new temporary folder for t's database: t's own (on Linux, one
// in memory where there is room).
func dir(t testing.TB) string { return t.TempDir() }
