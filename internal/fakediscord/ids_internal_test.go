package fakediscord

import (
	"strconv"
	"testing"
	"time"
)

// A restored fake hands out ids after the saved ones even where the saved
// world's clock ran ahead of this machine's.
func TestResumedIDsComeAfterTheSavedOnes(t *testing.T) {
	t.Parallel()
	var saved snowflakes
	saved.last = time.Now().Add(time.Hour).UnixMilli() - discordEpoch
	saved.inc = 7
	var g snowflakes
	g.resume(saved.lastID())
	last := saved.lastID()
	for range 3 {
		id, _ := strconv.ParseInt(g.next(), 10, 64)
		if id <= last {
			t.Fatalf("id %d after resuming from %d", id, last)
		}
		last = id
	}
}
