package fakediscord_test

import (
	"runtime"
	"testing"

	"kilab/internal/testlong"
)

// TestMain runs more tests side by side than there are cores: most of each
// test's time is discordgo's Session.Close sleeping a second for the close
// frame, and a resume's reconnect waiting as long (testlong.MainWaiting).
func TestMain(m *testing.M) { testlong.MainWaiting(m, max(16, 4*runtime.GOMAXPROCS(0))) }
