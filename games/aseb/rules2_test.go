package aseb_test

import (
	"errors"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
)

// A11: landing on a house - entering, moving or stopping short - gives another
// throw, repeatedly; bearing off never does; the extra throw follows the dice.
func TestA11_HouseGivesAnotherThrow(t *testing.T) {
	for _, tc := range []struct{ spec, pos, move, want string }{
		{"", "c:- s:- c:4", "in-4", "c:4 s:- c:throw"},
		{"", "c:5 s:- c:3", "5-8", "c:8 s:- c:throw"},
		{"", "c:5,9 s:- c:4", "5-8", "c:8,9 s:- c:throw"}, // by stopping short (A6)
		{"", "c:13 s:- c:4", "13-off", "c:+1 s:- s:throw"},
		{"", "c:5 s:- c:2", "5-7", "c:7 s:- s:throw"},
		{"royalur", "c:13 s:- c:3", "13-16", "c:16 s:- c:throw"},
		{"twenty-squares", "c:9 s:- c:3", "9-12", "c:12 s:- c:throw"},
	} {
		if got := after(t, tc.spec, tc.pos, tc.move); got != tc.want {
			t.Errorf("%s %q %s: %q, want %q", tc.spec, tc.pos, tc.move, got, tc.want)
		}
	}
	// Repeatedly: two houses in a row keep the turn.
	if got := after(t, "", "c:4 s:- c:4", "4-8"); got != "c:8 s:- c:throw" {
		t.Errorf("4-8: %q", got)
	}
	// The extra throw's 0: thrown again in standard, ends the turn elsewhere.
	p := throw(t, at(t, "", "c:8 s:- c:throw"), 0)
	if p.String() != "c:8 s:- c:again" || !p.Due().Auto {
		t.Errorf("standard extra throw 0: %q", p)
	}
	q := throw(t, at(t, "twenty-squares", "c:8 s:- c:throw"), 0)
	if got := after(t, "twenty-squares", q.String(), "pass"); got != "c:8 s:- s:throw" {
		t.Errorf("twenty-squares extra throw 0: %q", got)
	}
}

// A12: the first side with every piece borne off wins at once.
func TestA12_AllBorneOffWins(t *testing.T) {
	for _, spec := range []string{"", "standard pieces=7"} {
		r := rules(t, spec)
		pos := "c:16+" + string(rune('0'+r.Pieces-1)) + " s:5 c:1"
		var p games.Position = at(t, spec, pos)
		p, err := p.Play("16-off")
		if err != nil {
			t.Fatal(err)
		}
		o := p.Outcome()
		if o.Status != games.Won || o.Winner != games.First || p.Due().Kind != games.DueNothing {
			t.Errorf("%s: outcome %+v, due %+v", spec, o, p.Due())
		}
		if _, err := p.Throw(2); !errors.Is(err, games.ErrGameOver) {
			t.Errorf("throw after the end: %v", err)
		}
		if _, err := p.Play("pass"); !errors.Is(err, games.ErrGameOver) {
			t.Errorf("move after the end: %v", err)
		}
	}
}

// Standard's options: 7 pieces (Skiryuk) and a d4.
func TestStandardOptions(t *testing.T) {
	p := aseb.NewPosition(rules(t, "standard pieces=7"))
	if p.InReserve(games.First) != 7 || p.InReserve(games.Second) != 7 {
		t.Errorf("pieces=7: reserves %d, %d", p.InReserve(0), p.InReserve(1))
	}
	at(t, "standard pieces=7", "c:1,2,3,4,5,6+1 s:1,2,3,4,7,8,9 c:throw")
	if _, err := aseb.Parse(rules(t, ""), "c:1,2,3,4,5,6 s:- c:throw"); !errors.Is(err, games.ErrBadNotation) {
		t.Errorf("six pieces with pieces=5: err %v", err)
	}
	d := aseb.NewPosition(rules(t, "standard dice=d4")).Due()
	if d.Dice != games.D4 {
		t.Errorf("dice=d4: Due.Dice %v", d.Dice)
	}
	for _, bad := range []string{"royalur pieces=7", "twenty-squares dice=d4", "standard house4=true", "standard pieces=6"} {
		if _, err := aseb.RulesFor(cfg(t, bad)); !errors.Is(err, games.ErrBadConfig) {
			t.Errorf("%s: err %v, want a configuration error", bad, err)
		}
	}
}

func TestNotationRoundTrip(t *testing.T) {
	for _, tc := range []struct{ spec, pos string }{
		{"", "c:- s:- c:throw"},
		{"", "c:1,5,9+1 s:3,12 s:2"},
		{"", "c:16 s:- c:again"},
		{"", "c:+5 s:8,9,10,11,12 c:won"},
		{"twenty-squares", "c:5 s:- s:0"},
		{"standard pieces=7", "c:1,2,3,4,5,6,7 s:+6 s:4"},
	} {
		if got := at(t, tc.spec, tc.pos).String(); got != tc.pos {
			t.Errorf("%q formats as %q", tc.pos, got)
		}
	}
	if got := at(t, "", " C:9,5,1+1   s:12,3 S:2 ").String(); got != "c:1,5,9+1 s:3,12 s:2" {
		t.Errorf("lenient parse formats as %q", got)
	}
}

func TestNotationRejects(t *testing.T) {
	for _, tc := range []struct{ spec, pos string }{
		{"", ""},
		{"", "c:- s:-"},
		{"", "s:- c:- c:throw"},
		{"", "c:17 s:- c:throw"},
		{"", "c:0 s:- c:throw"},
		{"", "c:5,5 s:- c:throw"},
		{"", "c:+6 s:- c:throw"},
		{"", "c:+5 s:- c:throw"}, // finished without its winner
		{"", "c:+4 s:- c:won"},
		{"", "c:- s:- x:throw"},
		{"", "c:- s:- c:5"},
		{"", "c:- s:- c:0"},            // standard throws a 0 again
		{"royalur", "c:- s:- c:again"}, // only standard does
		{"standard dice=d4", "c:- s:- c:0"},
		{"standard dice=d4", "c:- s:- c:again"}, // a d4 never shows a 0 (D2)
		{"", "c:a s:- c:throw"},
		{"", "c:1,,2 s:- c:throw"},
	} {
		if _, err := aseb.Parse(rules(t, tc.spec), tc.pos); !errors.Is(err, games.ErrBadNotation) {
			t.Errorf("%s %q: err %v, want bad notation", tc.spec, tc.pos, err)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	for s, want := range map[string]aseb.Move{
		"in-3": {From: 0, To: 3}, "5-8": {From: 5, To: 8}, "5x8": {From: 5, To: 8},
		"14-off": {From: 14, To: 17}, "PASS": aseb.Pass, " In-1 ": {From: 0, To: 1},
	} {
		if got, err := aseb.ParseMove(s); err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v, want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "5", "8-5", "5-5", "off-3", "in-off"[:3], "5-in", "05-8", "5-17", "+5-8", "5--8", "x"} {
		if _, err := aseb.ParseMove(s); !errors.Is(err, games.ErrBadNotation) {
			t.Errorf("ParseMove(%q): err %v, want bad notation", s, err)
		}
	}
}

// A move that is well formed but wrong leaves the position alone and says why.
func TestIllegalMovesExplain(t *testing.T) {
	wantIllegal(t, "", "c:5 s:- c:2", "9-11", "no piece on cell 9")
	wantIllegal(t, "", "c:5 s:- c:2", "5-8", "goes to cell 7, not cell 8")
	wantIllegal(t, "twenty-squares", "c:5 s:- s:0", "in-3", "only pass")
	p := at(t, "", "c:5 s:- c:throw")
	if _, err := p.Play("5-7"); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("move before the throw: %v", err)
	}
	q := at(t, "", "c:5 s:- c:2")
	if _, err := q.WithThrow(3); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("second throw before the move: %v", err)
	}
}

func TestMovesFor(t *testing.T) {
	p := at(t, "", "c:5 s:- c:throw")
	ms, err := p.MovesFor(2)
	if err != nil || len(ms) != 2 || ms[0].Notation != "in-2" || ms[1].Notation != "5-7" || ms[1].Group != "5" {
		t.Errorf("MovesFor(2) = %+v, %v", ms, err)
	}
	if _, err := p.MovesFor(0); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("standard MovesFor(0): %v", err)
	}
	if _, err := at(t, "", "c:5 s:- c:2").MovesFor(3); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("MovesFor(3) with a 2 waiting: %v", err)
	}
}
