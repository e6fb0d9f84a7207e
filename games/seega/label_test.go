package seega_test

import (
	"testing"

	"kilab/games"
	"kilab/lang"
)

// Buttons word moves (games.Labeler); the notation stays what /move takes.
func TestLabels(t *testing.T) {
	for _, tc := range []struct{ pos, move, want string }{
		{"...../...../...../...../..... L place hand=12/12", "D2+E2", "place D2 and E2"},
		{"L..../.DLL./...D./LD.../..L.D L move quiet=9", "C1-C2", "C1 → C2, captures B2"},
		{"L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1", "C2-D2", "C2 → D2, captures D3"},
		{"L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1", "stop", "stop capturing"},
		{"DLL../LL.../L..../...../..... L move quiet=3 open", "xA4", "remove your piece on A4"},
		{"L..../.DLL./...D./LD.../..L.D L move quiet=9", "A5-A4", "A5 → A4, captures B4"},
		{"L..../.DLL./...D./LD.../..L.D L move quiet=9", "A5-A3", "A5-A3"}, // not legal: no words
	} {
		if got := games.Label(lang.En, at(t, tc.pos), tc.move); got != tc.want {
			t.Errorf("%s: %s labelled %q, want %q", tc.pos, tc.move, got, tc.want)
		}
	}
}
