package lang

import "testing"

func TestMessages(t *testing.T) {
	ru := Messages(Russian)
	if got := ru["lang.days"]; len(got) != 4 {
		t.Errorf("Russian lang.days: %q, want four forms", got)
	}
	if en := Messages(English); len(en) == 0 || len(en) != len(ru) {
		t.Errorf("English has %d messages, Russian %d", len(en), len(ru))
	}
}
