package seega_test

import (
	"errors"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/seega"
)

// Positions in canonical notation read back to themselves.
func TestNotationRoundTrip(t *testing.T) {
	for _, tc := range []struct{ variant, s string }{
		{"free", "...../...../...../...../..... L place hand=12/12"},
		{"lane", "..D../...../L...L/...../..D.. L place hand=10/10"},
		{"free", "LDLDL/DLDL./LD.DL/.LDLD/LDLDL D place hand=0/2"},
		{"free", "L..../.DLL./...../L.L../....D D move quiet=0 last=C2<C1"},
		{"free", "L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1"},
		{"free", "DLL../LL.../L..../...../..... L move quiet=3 open"},
		{"free", "DL.../DL.../DL.../DL.../DL... D move quiet=10 last=A1<B1*4,A2<B2*4,A3<B3*4,A4<B4*4,A5<B5*4"},
		{"free", "...../...../...../...../LD.D. D move quiet=50"},
		{"lane", "...D.../......./......./L.....L/......./......./...D... L place hand=22/22"},
	} {
		p, err := seega.Parse(conf(tc.variant, sizeName(strings.Index(tc.s, "/"))), tc.s)
		if err != nil {
			t.Errorf("%s: %v", tc.s, err)
			continue
		}
		if got := p.String(); got != tc.s {
			t.Errorf("%s reads back as %s", tc.s, got)
		}
	}
}

// Other spellings are accepted and written canonically.
func TestNotationCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"l..../.dll./...../l.l../....d d move last=c2<c1*1 quiet=0":           "L..../.DLL./...../L.L../....D D move quiet=0 last=C2<C1",
		"DL.../DL.../DL.../DL.../DL...  D  move  last=A5<B5*4,A1<B1 quiet=10": "DL.../DL.../DL.../DL.../DL... D move quiet=10 last=A1<B1,A5<B5*4",
	} {
		if got := at(t, in).String(); got != want {
			t.Errorf("%q is written %q, want %q", in, got, want)
		}
	}
	p := mustNew(t, "free", "5")
	for in, want := range map[string]string{
		"b2+a1": "A1+B2", "E1+A2": "E1+A2", "A2+E1": "E1+A2", "c2-C3": "C2-C3",
		"PASS": "pass", "Stop": "stop", "xc4": "xC4",
	} {
		m, err := seega.ParseMove(in, p.Size())
		if err != nil || m.String() != want {
			t.Errorf("move %q reads as %v, %v; want %s", in, m, err, want)
		}
	}
}

// Malformed or impossible positions are refused with a reason.
func TestNotationBadPositions(t *testing.T) {
	for _, tc := range []struct{ s, why string }{
		{"", "want BOARD SIDE PHASE"},
		{"..../...../...../...../..... L place hand=12/12", "has 4 cells"},
		{"...../...../...../..... L place hand=12/12", "has 4 rows"},
		{"...../...../..X../...../..... L place hand=12/12", "cell C3 is 'X'"},
		{"...../...../...../...../..... W place hand=12/12", "side on move"},
		{"...../...../...../...../..... L fly hand=12/12", "phase"},
		{"...../...../...../...../..... L place", "hand=L/D"},
		{"...../...../...../...../..... L place hand=12/13", "want hand=L/D"},
		{"...../...../...../...../..... L place hand=0/0", "phase is move"},
		{"...../...../...../...../LL... L place hand=12/12", "the board has 2 and 0"},
		{"...../...../..L../...../L.... D place hand=10/12", "centre C3 is empty"},
		{"...../...../...../...../LL... L place hand=10/12", "not light's turn"},
		{"...../...../...../...../LLL.. D place hand=9/12", "two at a time"},
		{"...../...../...../...../..... L move", "needs quiet=N"},
		{"...../...../...../...../L...D L move quiet=51", "from 0 to 50"},
		{"...../...../...../...../L...D L move quiet=07", "want quiet=N"},
		{"...../...../...../...../L...D L move quiet=1 quiet=1", "appears twice"},
		{"...../...../...../...../L...D L move quiet=1 moves=3", "unknown field"},
		{"...../...../...../...../..... L move quiet=1", "board is empty"},
		{"LLLLL/LLLLL/LLLL./...../...D. L move quiet=1", "not more"},
		{"...../...../...../...../L...D L move quiet=0 chain=B1", "holds no light piece"},
		{"...../...../...../...../L...D L move quiet=0 chain=A1", "no capture left"},
		{"...../...../...../...../L.D.L L move quiet=1 chain=E1", "quiet=0"},
		{"...../...../...../...../LD.L. L move quiet=0 chain=D1 open", "exclude each other"},
		{"...../...../...../...../L...D L move quiet=0 open", "dark has passed only when blocked"},
		{"...../...../...../...../L...D L move quiet=0 open=1", "takes no value"},
		{"...../...../...../...../L...D L move quiet=0 last=B1<A1", "B1 is empty"},
		{"...../...../...../...../L...D L move quiet=0 last=A1<C1", "cannot have come from C1"},
		{"...../...../...../...../L...D L move quiet=0 last=A1<B1*5", "at most *4"},
		{"...../...../...../...../L...D L move quiet=0 last=A1<B1,A1<A2", "A1 appears twice"},
		{"...../...../...../...../L...D L move quiet=0 last=A1", "entries such as"},
		{"...../...../...../...../L...D L move quiet=0 last=Z1<A1", "not a cell"},
	} {
		_, err := seega.Parse(conf("free", "5"), tc.s)
		if !errors.Is(err, games.ErrBadNotation) || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("%q: error %v, want bad notation saying %q", tc.s, err, tc.why)
		}
	}
	_, err := seega.Parse(conf("lane", "5"), "...../...../...../...../LL... D place hand=10/12")
	if !errors.Is(err, games.ErrBadNotation) || !strings.Contains(err.Error(), "lane opening") {
		t.Errorf("a lane position without the lane opening: %v", err)
	}
}

// Malformed moves are bad notation, whatever the position.
func TestNotationBadMoves(t *testing.T) {
	p := mustNew(t, "free", "5")
	for _, s := range []string{"", "C2C3", "C2-C6", "F1-E1", "C2:C3", "x", "xC", "xF1", "pass!", "A1+B2+C3", "C2 C3", "C2–C3"} {
		_, err := p.Play(s)
		if !errors.Is(err, games.ErrBadNotation) {
			t.Errorf("move %q: %v, want bad notation", s, err)
		}
	}
}
