package testlong

import (
	"os"
	"testing"
)

// Var is the environment variable that asks for the long runs.
const Var = "KILAB_LONG"

// On reports whether the long runs were asked for.
func On() bool { return os.Getenv(Var) != "" && os.Getenv(Var) != "0" }

// Pick is normal in the default run and long when the long runs are on, so a
// property test runs everywhere and runs deep in CI.
func Pick[T any](normal, long T) T {
	if On() {
		return long
	}
	return normal
}

// Skip skips a test that only runs long, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !On() {
		t.Skip("a long run: set " + Var + "=1 to run it")
	}
}
