package tab

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"kilab/games"
)

func TestNotationRoundTrip(t *testing.T) {
	for _, s := range []string{
		"ccccccc/7/7/CCCCCCC w - t10 0",
		"ccccccc/7/7/CCCCCCC w + t10 0",
		"ccccccc/7/7/CCCCCCC w 1,4,6+ - 0",
		"ccccccc/7/7/CCCCCCC b 1,1,2,4 - 13",
		"c1c1ccc/(mf)6/3(MFM)3/CC2M2 w 3 - x",
		"ccc1(FF)2/7/7/7 b - - 70",
		strings.Repeat("c", 29) + "/29/29/" + strings.Repeat("C", 29) + " w - t10 0",
		"(" + strings.Repeat("F", 29) + ")28/29/29/29 w 2 - 290",
	} {
		p := at(t, s)
		wantPos(t, p, s)
		b, err := json.Marshal(p)
		var q Position
		if err != nil || json.Unmarshal(b, &q) != nil || q.String() != s {
			t.Errorf("JSON of %q: %s %v, back %q", s, b, err, q)
		}
	}
	if (Position{}).String() != "" {
		t.Error("the zero Position prints something")
	}
}

func TestNotationRejects(t *testing.T) {
	for _, c := range []struct{ pos, why string }{
		{"ccccccc/7/7/CCCCCCC w - t10", "want 5 fields"},
		{"ccccccc/7/CCCCCCC w - - 0", "want 4 rows"},
		{"ccccccc/7/8/CCCCCCC w - - 0", "row b has 8 cells, row a has 7"},
		{"cccccccc/8/8/CCCCCCCC w - - 0", "width 8"},
		{"ccccc/5/5/CCCCC w - - 0", "width 5"},
		{"31/31/31/31 w - - 0", "more than 29 cells"},
		{"ccccccc/7/7/CCCCCCx w - - 0", `'x' is not a piece`},
		{"ccccccc/06/7/CCCCCCC w - - 0", "counts its empty cells from 1"},
		{"c0c0c0c/7/7/CCCCCCC w - - 0", "counts its empty cells from 1"},
		{"ccccccc/7/7/CCCCCCC w 2,3 - 0", "no turn holds the scores"},
		{"ccccccc/7/7/CCCCCCC w 2,2 - 0", "no turn holds the scores"},
		{"ccccccc/7/7/CCCCCCC w 3,3,3 - 0", "no turn holds the scores"},
		{"ccccccc/7/(M)6/CCCCCC1 w - - 0", "parentheses hold a stack of two or more"},
		{"ccccccc/7/(M/CCCCCC1 w - - 0", "( without )"},
		{"ccccccc/7/(Mm)6/CCCCCC1 w - - 0", "pieces of one player only"},
		{"ccccccc/7/(CM)6/CCCCC2 w - - 0", "Christians are never stacked"},
		{"ccccccc/7/MM5/CCCCCCC w - - 0", "white has 9 pieces"},
		{"ccccccc/7/7/CCCCCCF w - - 0", "flipped white piece on a7"},
		{"ccccccc/7/C6/CCCCCC1 w - - 0", "white Christian on b1"},
		{"ccccccM/7/7/CCCCCC1 w - - 0", "unflipped white piece on d7"},
		{"ccccccc/7/7/M1CCCC1 w - - 0", "moved white piece stands behind"},
		{"ccccccc/7/7/1MCCCC1 w - - 0", "moved white piece stands behind"},
		{"cmccccc/7/7/CCCCCCC w - - 0", "moved black piece stands behind"},
		{"ccccccm/7/7/CCCCCCC w - - 0", "moved black piece stands behind"},
		{"mcccccc/7/7/CCCCCCC w - - 0", ""}, // d1 ends black's row 1: ahead of its Christians
		{"ccccccc/7/7/CCCCCCC x - - 0", `player "x"`},
		{"ccccccc/7/7/CCCCCCC w 5 - 0", `"5" is not a Tab score`},
		{"ccccccc/7/7/CCCCCCC w 1,,2 - 0", `"" is not a Tab score`},
		{"ccccccc/7/7/CCCCCCC w 1,2+ - 0", "throwing stops at a 2 or 3"},
		{"ccccccc/7/7/CCCCCCC w + - 0", "void throws"},
		{"ccccccc/7/7/CCCCCCC w - x10 0", "the T10 field"},
		{"ccccccc/7/6M/CCCCCC1 w - t10 0", "t10 (waiting for the game's first 1) needs the start"},
		{"ccccccc/7/7/CCCCCCC b - t10 0", "needs the start"},
		{"ccccccc/7/7/CCCCCCC w 1+ t10 0", "needs the start"},
		{"ccccccc/7/7/CCCCCCC w - - x", "x (a piece has left the board this turn) needs"},
		{"ccccccc/7/7/CCCCCCC w - - 71", "quiet-turn count is a number 0 to 70"},
		{"ccccccc/7/7/CCCCCCC w - - 01", "quiet-turn count"},
		{"ccccccc/7/7/CCCCCCC w - - -1", "quiet-turn count"},
		{"ccccccc/7/7/CCCCCCC w " + strings.Repeat("1,", 200) + "2 - 0", "more than 200 scores"},
	} {
		_, err := ParsePosition(c.pos)
		if c.why == "" {
			if err != nil {
				t.Errorf("%q: %v", c.pos, err)
			}
			continue
		}
		if !errors.Is(err, games.ErrBadNotation) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%q: %v, want bad notation saying %q", c.pos, err, c.why)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	for _, c := range []struct {
		s string
		m Move
	}{
		{"3b5-b8", Move{Score: 3, From: Cell{2, 5}, To: Cell{2, 8}}},
		{"1c7^d7", Move{Score: 1, Split: true, From: Cell{3, 7}, To: Cell{4, 7}}},
		{"6d29-c3", Move{Score: 6, From: Cell{4, 29}, To: Cell{3, 3}}},
		{"pass3", Move{Score: 3, Pass: true}},
		{"pass", Move{Pass: true}},
	} {
		m, err := ParseMove(c.s)
		if err != nil || m != c.m || m.String() != c.s {
			t.Errorf("ParseMove(%q) = %+v, %v; want %+v", c.s, m, err, c.m)
		}
		if strings.ContainsAny(c.s, ":, \t") {
			t.Errorf("%q cannot go in a record token", c.s)
		}
	}
	for _, bad := range []string{"", "5b5-b8", "3e5-e8", "3b0-b3", "3b05-b8", "3b30-b3", "3b5-b123",
		"pass5", "passs", "pass33", "3b5b8", "3b5-", "3B5-B8", " 3b5-b8", "3b5-b8 ", "3b5:b8", "b5-b8"} {
		if m, err := ParseMove(bad); !errors.Is(err, games.ErrBadNotation) {
			t.Errorf("ParseMove(%q) = %+v, %v; want bad notation", bad, m, err)
		}
	}
	// A cell off this board is bad notation too.
	refuse(t, at(t, "ccc4/7/6M/7 w 2 - 0"), "2b9-b7", games.ErrBadNotation, "no such cell on a 7-wide board")
	refuse(t, at(t, "ccc4/7/6M/7 w 2 - 0"), "2b7", games.ErrBadNotation, "is not a move")
}

func TestDueAndGroups(t *testing.T) {
	p := at(t, "ccc4/7/3(MM)M2/7 w 1,3 - 0")
	for _, m := range p.Moves() {
		if m.Pass || m.Group != m.Notation[1:strings.IndexAny(m.Notation, "-^")] {
			t.Errorf("move %+v: wrong group", m)
		}
	}
	if d := p.Due(); d.Kind != games.DueMove || d.Auto || d.Player != games.First {
		t.Errorf("due %+v", d)
	}
	if _, err := p.WithThrow(2); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("throw while moving: %v", err)
	}
	// Only the pass that ends a turn with nothing usable is the server's (D5).
	r := at(t, "ccc4/7/7/CCCCCCC w 2,4 - 0")
	if d := r.Due(); d.Kind != games.DueMove || !d.Auto {
		t.Errorf("nothing usable: due %+v", d)
	}
	if ms := r.Moves(); len(ms) != 1 || !ms[0].Pass || ms[0].Group != "" || ms[0].Notation != "pass" {
		t.Errorf("nothing usable: moves %+v", ms)
	}
}

func TestMovesFor(t *testing.T) {
	p := at(t, "ccc4/7/3(MM)M2/7 w - - 0") // a throw is due: listed as if t were the score
	for _, c := range []struct {
		t    games.Throw
		want string
	}{
		{1, "1b4-b3 1b4^b3 1b5-b4"},
		{2, "2b4-b2 2b5-b3"},
		{6, "6b4-c3 6b5-c2"},
	} {
		got, err := p.MovesFor(c.t)
		if err != nil || strings.Join(moveTexts(got), " ") != c.want {
			t.Errorf("MovesFor(%d) = %v, %v; want %s", c.t, moveTexts(got), err, c.want)
		}
	}
	for _, bad := range []games.Throw{0, 5, 7} {
		if _, err := p.MovesFor(bad); !errors.Is(err, games.ErrIllegalMove) || !strings.Contains(err.Error(), "not a Tab score") {
			t.Errorf("MovesFor(%d): %v", bad, err)
		}
	}
	// In the opening, as everywhere: nothing but Christians moves only on a 1.
	start, _ := Start(7)
	if got, _ := start.MovesFor(2); len(got) != 1 || got[0].Notation != "pass" {
		t.Errorf("start, MovesFor(2) = %v, want the pass", moveTexts(got))
	}
	if got, _ := start.MovesFor(1); len(got) != 1 || got[0].Notation != "1a7-b7" {
		t.Errorf("start, MovesFor(1) = %v", moveTexts(got))
	}
	// A T6 pass is listed with the reductions.
	if got, _ := at(t, "7/m4(MF)1/5m1/7 w - - 0").MovesFor(3); strings.Join(moveTexts(got), " ") != "3c6-b6 pass3" {
		t.Errorf("MovesFor(3) = %v", moveTexts(got))
	}
}
