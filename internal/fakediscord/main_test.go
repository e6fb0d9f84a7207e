package fakediscord_test

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// TestMain lets more of the tests run at once than -parallel's default, one
// per CPU: most of each test's time is discordgo's Session.Close sleeping a
// second for the close frame (and a resume's reconnect waiting as long), not
// work, and one at a time per CPU those sleeps added up to ten seconds on two
// cores. A -parallel given on the command line still wins.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(max(16, 4*runtime.GOMAXPROCS(0))))
	}
	os.Exit(m.Run())
}
