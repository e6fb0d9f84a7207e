// Package testlong tells a test whether the long runs were asked for, and
// lets packages whose tests mostly wait run more of them at once.
//
// The README's test command, go test ./..., runs every test at a size that
// proves its point in seconds. Setting KILAB_LONG=1 runs the same tests at
// their long sizes (thousands of random games, every language of every
// sweep) and the tests that only make sense long; CI does both.
package testlong
