package sqlitetest

import (
	"os"
	"syscall"
	"testing"
)

// memory is a folder in memory (tmpfs) for the tests' databases, and
// memoryRoom the room it must have free for them to go there.
const (
	memory     = "/dev/shm"
	memoryRoom = 1 << 30
)

// dir is a new temporary folder for t's database: in memory where the
// machine has room there, else t's own. Every commit of the store waits for
// the disk (synchronous=FULL), which in memory costs nothing; the tests
// check durability against a process killed, which memory survives as the
// disk does, not against the machine losing power.
func dir(t testing.TB) string {
	var st syscall.Statfs_t
	if err := syscall.Statfs(memory, &st); err != nil || st.Bavail*uint64(st.Bsize) < memoryRoom {
		return t.TempDir()
	}
	d, err := os.MkdirTemp(memory, "kilab-test-")
	if err != nil {
		return t.TempDir()
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}
