//go:build race

package testlong

// Race reports whether the race detector is on: its runs are several times
// slower and compute rather than wait.
const Race = true
