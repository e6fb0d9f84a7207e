package aseb_test

import (
	"slices"
	"testing"
)

// A9 on the first shared cell: a piece that lands on cell 5, where the
// opponent stands, sends it back to its reserve. Cell 5 is the edge between
// private and shared cells, so a capture rule that starts one cell late
// would miss it.
func TestA9_CaptureOnCell5(t *testing.T) {
	for _, spec := range []string{"", "twenty-squares", "royalur"} {
		if moves := moveList(at(t, spec, "c:1 s:5 c:4")); !slices.Contains(moves, "1x5") {
			t.Errorf("%s: moves %q, want 1x5 among them", spec, moves)
		}
		if got := after(t, spec, "c:1 s:5 c:4", "1x5"); got != "c:5 s:- s:throw" {
			t.Errorf("%s: 1x5 onto the spindle on 5 gives %q, want it sent back to the reserve", spec, got)
		}
		if got := after(t, spec, "c:1 s:5 c:4", "1-5"); got != "c:5 s:- s:throw" {
			t.Errorf("%s: 1-5 typed without the x gives %q", spec, got)
		}
	}
}
