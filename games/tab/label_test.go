package tab

import (
	"testing"

	"kilab/games"
	"kilab/lang"
)

// Buttons word moves (games.Labeler): the score first, what moves, and what
// the move does; the notation stays what /move takes.
func TestLabels(t *testing.T) {
	for _, tc := range []struct{ pos, move, want string }{
		{"ccccccc/7/7/CCCCCCC w 1,2,4 - 0", "1a7-b7", "1: a7 → b7"},
		{"ccc4/7/2m(MM)M2/7 w 1,3 - 0", "1b4-b3", "1: stack of 2 b4 → b3, captures"},
		{"ccc4/7/2m(MM)M2/7 w 1,3 - 0", "1b4^b3", "1: top of b4 → b3, captures"},
		{"ccc4/7/2m(MM)M2/7 w 1,3 - 0", "3b5-b2", "3: b5 → b2"},
		{"ccc4/4M2/7/7 w 4 - 0", "4c5-d6", "4: c5 → d6, into row 4"},
		{"7/m4(MF)1/5m1/7 w 3 - 0", "pass3", "give up the 3"},
		{"7/m4(MF)1/5m1/7 w 3 - 0", "3c6-b6", "3: stack of 2 c6 → b6, captures, loses 1 piece"},
		{"ccccccc/7/7/CCCCCCC w 1,2,4 - 0", "2a7-b6", "2a7-b6"}, // not legal: no words
	} {
		if got := games.Label(lang.En, at(t, tc.pos), tc.move); got != tc.want {
			t.Errorf("%s: %s labelled %q, want %q", tc.pos, tc.move, got, tc.want)
		}
	}
}
