package games

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	if got := Quote("c:- s:-"); got != `"c:- s:-"` {
		t.Errorf("short: %s", got)
	}
	long := strings.Repeat("é", 60_000) // 120 kB
	got := Quote(long)
	if len(got) > MaxQuote+30 || !strings.HasSuffix(got, "… (120000 bytes)") || strings.Contains(got, `\x`) {
		t.Errorf("long: %d bytes: %s", len(got), got)
	}
}
