package games

import "testing"

func TestPlayer(t *testing.T) {
	if First.Other() != Second || Second.Other() != First {
		t.Errorf("Other: First -> %v, Second -> %v", First.Other(), Second.Other())
	}
	if !First.Valid() || !Second.Valid() || Player(2).Valid() || Player(-1).Valid() {
		t.Error("Valid accepts only seats 0 and 1")
	}
	for p, want := range map[Player]string{First: "seat 0", Second: "seat 1", 3: "Player(3)"} {
		if got := p.String(); got != want {
			t.Errorf("Player(%d).String() = %q, want %q", int8(p), got, want)
		}
	}
}

func TestOutcomeOver(t *testing.T) {
	if (Outcome{}).Over() {
		t.Error("the zero Outcome is over; it should be ongoing")
	}
	if !(Outcome{Status: Won, Winner: Second}).Over() || !(Outcome{Status: Drawn}).Over() {
		t.Error("won and drawn outcomes should be over")
	}
}
