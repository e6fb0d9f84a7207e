package vacation

import (
	"kilab/bot/kit"
	"kilab/lang"
	"kilab/store"
	"testing"
	"time"
)

// The "on vacation" lines others show (boards, /games) speak the reader's
// language, English as before.
func TestAwayLines(t *testing.T) {
	t.Parallel()
	until := time.Unix(1700000000, 0)
	away := map[string]time.Time{"1": until}
	if got := kit.AwayMarkIn(lang.En, away, "1"); got != " · on vacation until <t:1700000000:R>" {
		t.Errorf("awayMark: %q", got)
	}
	if got := kit.AwayMarkIn(lang.Of(lang.German), away, "2"); got != "" {
		t.Errorf("awayMarkIn of someone at home: %q", got)
	}
	if got := awayLine(lang.Of(lang.Spanish), "1", until); got != "<@1> de vacaciones, vuelve <t:1700000000:R>" {
		t.Errorf("awayLine: %q", got)
	}
	if got := awayFor(lang.Of(lang.Russian), 5*store.Day); got != "5 дней" {
		t.Errorf("awayFor: %q", got)
	}
}
