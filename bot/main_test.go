package bot_test

import (
	"runtime"
	"testing"

	"kilab/internal/testlong"
)

// TestMain runs more tests side by side than there are cores: the
// end-to-end tests spend most of their time waiting (testlong.MainWaiting).
func TestMain(m *testing.M) { testlong.MainWaiting(m, max(8, 4*runtime.GOMAXPROCS(0))) }
