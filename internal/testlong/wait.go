package testlong

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// MainWaiting runs m's tests, up to n of the parallel ones side by side
// unless -test.parallel says otherwise. It is for packages whose tests
// mostly wait rather than compute (on a fake Discord's answers, on
// deliveries, and a whole second in closing each gateway session, which
// discordgo spends waiting for the close frame): testing's default of one
// parallel test per core would run them nearly one after another on a
// 2-core machine.
//
// Under the race detector the same tests compute far more than they wait,
// and testing's default stands.
func MainWaiting(m *testing.M, n int) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given && !Race {
		_ = flag.Set("test.parallel", strconv.Itoa(n))
	}
	os.Exit(m.Run())
}

// SkipWholeGame skips, in a -short run (the race run), a test that plays
// whole games through a fake Discord: under the race detector one takes
// minutes, and what it checks of concurrency the shorter tests check too.
func SkipWholeGame(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("whole games through the fake Discord: not in -short runs")
	}
}
