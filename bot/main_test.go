package bot_test

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// TestMain lets more tests run side by side than there are cores. The
// end-to-end tests spend most of their time waiting, not computing: on the
// fake Discord's answers, on deliveries, and a whole second in closing each
// gateway session (discordgo waits that long for the close frame). With
// testing's default of one parallel test per core, a 2-core machine would run
// them nearly one after another. An explicit -test.parallel still wins.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(max(8, 4*runtime.GOMAXPROCS(0))))
	}
	os.Exit(m.Run())
}
