package aseb_test

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/internal/testlong"
)

// The variants and option sets the private-cell tests cover: every variant, and
// twenty-squares with each option that touches cells 1-4 (A2's house4, A5's
// enter-past-own).
var privateSpecs = []string{
	"standard", "twenty-squares", "twenty-squares house4=true",
	"twenty-squares enter-past-own=true", "royalur",
}

// A1 with A5-A8: cells 1-4 are each side's own. A piece of each side on its own
// cells 1-4 at once: the mover's moves onto, over and past its cells 1-4 are
// what the rulebook gives when the opponent's cells 1-4 are empty, in every
// variant. The expected lists are worked out from the rules, case by case, in
// the comments; the engine's order is entering first, then from the lowest cell.
func TestA1_PrivateCellsOfBothSides(t *testing.T) {
	type want map[string][]string // variant spec -> moves; "" is every other spec
	for _, tc := range []struct {
		pos  string
		why  string
		want want
	}{
		// Onto cell 4 with the opponent on its own cell 4 (the case): 1+3
		// lands on the cones' cell 4, empty; no own piece on the way (A6, A7) and
		// no opponent there, so not safe from anything (A8). Entering on 3 passes
		// the own piece on 1: only twenty-squares without enter-past-own forbids
		// that (A5).
		{"c:1 s:1,2,3,4 c:3", "onto own cell 4", want{
			"":               {"in-3", "1-4"},
			"twenty-squares": {"1-4"}, "twenty-squares house4=true": {"1-4"},
		}},
		// Over cells 3 and 4 to shared cell 6, and entering on cell 4 where the
		// opponent has its own piece (A5: only an own piece on 4 forbids it).
		{"c:2 s:1,2,3,4 c:4", "over 3 and 4, and entering on 4", want{
			"":               {"in-4", "2-6"},
			"twenty-squares": {"2-6"}, "twenty-squares house4=true": {"2-6"},
		}},
		// The spindles move with the cones on all of their own cells 1-4: 3+1
		// lands on the spindles' empty cell 4; entering on 1 passes nothing.
		{"c:1,2,3,4 s:3 s:1", "the spindles onto their cell 4", want{
			"": {"in-1", "3-4"},
		}},
		// Both sides on every private cell, one piece each in reserve. A 1: every
		// own piece on 1-3 has its own piece in front (A6 cannot move, A7 and A8
		// may not land); entering on 1 lands on an own piece (A5); 4+1 reaches
		// empty shared cell 5.
		{"c:1,2,3,4 s:1,2,3,4 c:1", "both sides on 1-4, a 1", want{
			"": {"4-5"},
		}},
		// A 4 from there: past the end of the private row. Standard stops each of
		// 1-3 short on itself (A6) and twenty-squares may not pass (A7); royalur
		// jumps its own pieces onto the empty shared cells (A8). Entering on 4
		// lands on an own piece (A5).
		{"c:1,2,3,4 s:1,2,3,4 c:4", "both sides on 1-4, a 4", want{
			"":        {"4-8"},
			"royalur": {"1-5", "2-6", "3-7", "4-8"},
		}},
		// Standard stops short on a private cell the opponent holds as its own:
		// 1+3 stops on 3 before the own piece on 4 (A6), beside nothing.
		// Twenty-squares may not land on 4 or pass 1 on entering; royalur may not
		// land on its own 4 (A8).
		{"c:1,4 s:3 c:3", "stop short onto own cell 3", want{
			"standard":       {"in-3", "1-3", "4-7"},
			"twenty-squares": {"4-7"}, "twenty-squares house4=true": {"4-7"},
			"": {"in-3", "4-7"},
		}},
		// Spindles on 4 and the cones' move 2+2 onto their own cell 4 (the issue's
		// second example); entering on 2 lands on the own piece there (A5).
		{"c:2 s:4 c:2", "the issue's 2-4", want{
			"": {"2-4"},
		}},
		// The first example: the spindles' 3+1 onto their cell 4 while the
		// cones stand on theirs; 16+1 bears off exactly (A10).
		{"c:4,5,7 s:3,15,16 s:1", "the issue's 3-4", want{
			"": {"in-1", "3-4", "16-off"},
		}},
	} {
		for _, spec := range privateSpecs {
			w, ok := tc.want[spec]
			if !ok {
				w = tc.want[""]
			}
			if got := moveList(at(t, spec, tc.pos)); !slices.Equal(got, w) {
				t.Errorf("%s, %s %q: moves %q, want %q", tc.why, spec, tc.pos, got, w)
			}
		}
	}
}

// A1, A9: reaching one's own cell n never touches the opponent's cell n: the
// move is written with "-", captures nothing, and the house on 4 gives its
// throw (A11) where 4 is a house.
func TestA1_LandingOnOwnPrivateCellCapturesNothing(t *testing.T) {
	for _, tc := range []struct{ spec, pos, move, want string }{
		{"standard", "c:1 s:1,2,3,4 c:3", "1-4", "c:4 s:1,2,3,4 c:throw"},
		{"royalur", "c:1 s:1,2,3,4 c:3", "1-4", "c:4 s:1,2,3,4 c:throw"},
		{"twenty-squares", "c:1 s:1,2,3,4 c:3", "1-4", "c:4 s:1,2,3,4 s:throw"},
		{"twenty-squares house4=true", "c:1 s:1,2,3,4 c:3", "1-4", "c:4 s:1,2,3,4 c:throw"},
		{"royalur", "c:- s:4 c:4", "in-4", "c:4 s:4 c:throw"},
		{"royalur", "c:1,2,3,4 s:3 s:1", "3-4", "c:1,2,3,4 s:4 s:throw"},
		{"standard", "c:1,4 s:3 c:3", "1-3", "c:3,4 s:3 s:throw"},
		{"royalur", "c:1,2,3,4 s:1,2,3,4 c:4", "2-6", "c:1,3,4,6 s:1,2,3,4 s:throw"},
	} {
		p := at(t, tc.spec, tc.pos)
		for _, m := range p.Moves() {
			if strings.Contains(m.Notation, "x") {
				t.Errorf("%s %q: %s is written as a capture", tc.spec, tc.pos, m.Notation)
			}
		}
		if got := after(t, tc.spec, tc.pos, tc.move); got != tc.want {
			t.Errorf("%s %q %s: %q, want %q", tc.spec, tc.pos, tc.move, got, tc.want)
		}
	}
	// The replay: 2:2-4 from c:2 s:4 c:throw is legal in royalur.
	var pos games.Position = at(t, "royalur", "c:2 s:4 c:throw")
	end, err := games.Replay(pos, []games.Ply{{Throws: []games.Throw{2}, Move: "2-4"}}, nil)
	if err != nil || end.String() != "c:4 s:4 c:throw" {
		t.Errorf("replay 2:2-4: %q, %v", end, err)
	}
}

// The legal moves of a position do not depend on what the opponent has on its
// private cells 1-4: no rule of A5-A10 lets a piece meet them (A1). From many
// positions of random games, in every variant, every arrangement of the
// opponent's pieces on its cells 1-4 (taken from or put back into its reserve,
// as far as it has pieces) gives the same moves, written the same way, and each
// move leaves those pieces where they were. The rulebook has no exception:
// A12 looks only at borne-off pieces, which the arrangements keep.
func TestPropertyOpponentPrivateCellsChangeNoMove(t *testing.T) {
	n := testlong.Pick(50, 300) // games per variant, each checking every position due a move
	if testing.Short() {
		n = 40
	}
	for _, spec := range privateSpecs {
		t.Run(spec, func(t *testing.T) {
			r := rules(t, spec)
			checked := 0
			for seed := range uint64(n) {
				checked += privateCellsGame(t, r, seed)
			}
			if checked < n*10 {
				t.Errorf("only %d positions checked", checked)
			}
		})
	}
}

// privateCellsGame plays a random game and checks the property at every
// position waiting for a move; it returns how many positions it checked.
func privateCellsGame(t *testing.T, r aseb.Rules, seed uint64) int {
	t.Helper()
	src := games.Seeded(seed)
	var pos games.Position = aseb.NewPosition(r)
	var rec games.Recorder
	checked := 0
	for steps := 0; pos.Due().Kind != games.DueNothing && steps < 5000; steps++ {
		if p := pos.(aseb.Position); p.State() == aseb.MoveDue {
			checkPrivateArrangements(t, r, p)
			checked++
		}
		pos = randomStep(t, pos, src, &rec)
	}
	return checked
}

func checkPrivateArrangements(t *testing.T, r aseb.Rules, p aseb.Position) {
	t.Helper()
	them := p.Turn().Other()
	base := moveList(p)
	free := p.InReserve(them)
	var theirs []int
	for _, c := range p.Cells(them) {
		if c <= 4 {
			free++ // a piece on 1-4 may go back to the reserve
		} else {
			theirs = append(theirs, c)
		}
	}
	for set := range 16 {
		var private []int
		for c := 1; c <= 4; c++ {
			if set&(1<<(c-1)) != 0 {
				private = append(private, c)
			}
		}
		if len(private) > free {
			continue
		}
		q := withCells(t, r, p, them, append(private, theirs...))
		if got := moveList(q); !slices.Equal(got, base) {
			t.Fatalf("%q: moves %q, but %q (opponent's cells 1-4 rearranged) has %q", p, base, q, got)
		}
		for _, m := range base {
			next, err := q.Play(m)
			if err != nil {
				t.Fatalf("%q: %s: %v", q, m, err)
			}
			for _, c := range private {
				if !next.(aseb.Position).Has(them, c) {
					t.Fatalf("%q: %s took the opponent's piece from its own cell %d: %q", q, m, c, next)
				}
			}
		}
	}
}

// withCells returns p with side s's pieces on cells, its borne-off count kept.
func withCells(t *testing.T, r aseb.Rules, p aseb.Position, s games.Player, cells []int) aseb.Position {
	t.Helper()
	slices.Sort(cells)
	f := strings.Fields(p.String())
	var b strings.Builder
	b.WriteString([]string{"c:", "s:"}[s])
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(c))
	}
	if len(cells) == 0 && p.BorneOff(s) == 0 {
		b.WriteByte('-')
	}
	if off := p.BorneOff(s); off > 0 {
		fmt.Fprintf(&b, "+%d", off)
	}
	f[s] = b.String()
	q, err := aseb.Parse(r, strings.Join(f, " "))
	if err != nil {
		t.Fatalf("rearranging %q: %v", p, err)
	}
	return q
}

// Revision 1 refused a royalur move onto the mover's own cell 4 while the
// opponent stood on its cell 4, and passed where that left no move.
// PlayRevision plays what revision 1 played, and nothing else.
func TestPlayRevision1(t *testing.T) {
	for _, tc := range []struct{ spec, pos, move, want string }{
		{"royalur", "c:2 s:4 c:2", "pass", "c:2 s:4 s:throw"},                      // revision 1 had no move
		{"royalur", "c:4,5,7 s:3,15,16 s:1", "16-off", "c:4,5,7 s:3,15+1 c:throw"}, // offered by both
		{"royalur", "c:- s:4 c:4", "in-4", "c:4 s:4 c:throw"},                      // entering never asked
		{"standard", "c:2 s:4 c:2", "2-4", "c:4 s:4 c:throw"},                      // only royalur changed
	} {
		p := at(t, tc.spec, tc.pos)
		next, err := p.PlayRevision(1, tc.move)
		if err != nil || next.String() != tc.want {
			t.Errorf("%s %q: revision 1 %s: %q, %v; want %q", tc.spec, tc.pos, tc.move, next, err, tc.want)
		}
	}
	for _, tc := range []struct{ spec, pos, move string }{
		{"royalur", "c:2 s:4 c:2", "2-4"},            // revision 1 refused it
		{"royalur", "c:4,5,7 s:3,15,16 s:1", "3-4"},  // likewise
		{"royalur", "c:2 s:- c:2", "pass"},           // revision 1 had 2-4 here
		{"royalur", "c:4,5,7 s:3,15,16 s:1", "pass"}, // and in-1 here
		{"standard", "c:2 s:4 c:2", "pass"},
	} {
		p := at(t, tc.spec, tc.pos)
		if next, err := p.PlayRevision(1, tc.move); !errors.Is(err, games.ErrIllegalMove) || next.String() != tc.pos {
			t.Errorf("%s %q: revision 1 %s: %q, %v; want it refused", tc.spec, tc.pos, tc.move, next, err)
		}
	}
	p := at(t, "royalur", "c:2 s:4 c:2")
	if _, err := p.PlayRevision(aseb.Revision+1, "2-4"); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("an unknown revision: %v", err)
	}
	if next, err := p.PlayRevision(aseb.Revision, "2-4"); err != nil || next.String() != "c:4 s:4 c:throw" {
		t.Errorf("the current revision: %q, %v", next, err)
	}
}

// rev1Moves is revision 1's royalur move list, written out from the rules as
// revision 1 read them: A5, A8 and A10, with the opponent's pieces on its
// cells 1-4 taken for pieces on the mover's cells 1-4 when landing (not when
// entering).
func rev1Moves(p aseb.Position) []string {
	me, them, t := p.Turn(), p.Turn().Other(), int(p.ThrowValue())
	var out []string
	if t > 0 && p.InReserve(me) > 0 && !p.Has(me, t) {
		out = append(out, fmt.Sprintf("in-%d", t))
	}
	for _, c := range p.Cells(me) {
		switch end := c + t; {
		case t == 0:
		case end == aseb.Off:
			out = append(out, fmt.Sprintf("%d-off", c))
		case end > aseb.PathLen, p.Has(me, end), p.Has(them, end) && end%4 == 0:
		case end >= 5 && p.Has(them, end):
			out = append(out, fmt.Sprintf("%dx%d", c, end))
		default:
			out = append(out, fmt.Sprintf("%d-%d", c, end))
		}
	}
	if len(out) == 0 {
		out = []string{"pass"}
	}
	return out
}

// PlayRevision(1, m) accepts exactly revision 1's moves, from the positions of
// random royalur games: every move revision 1 listed plays, and no other
// listed move or pass does.
func TestPlayRevision1MatchesRevision1(t *testing.T) {
	r := rules(t, "royalur")
	differ := 0
	for seed := range uint64(200) {
		src := games.Seeded(seed)
		var pos games.Position = aseb.NewPosition(r)
		var rec games.Recorder
		for pos.Due().Kind != games.DueNothing {
			if p := pos.(aseb.Position); p.State() == aseb.MoveDue {
				old := rev1Moves(p)
				if !slices.Equal(old, moveList(p)) {
					differ++
				}
				for _, m := range append(moveList(p), "pass") {
					_, err := p.PlayRevision(1, m)
					if (err == nil) != slices.Contains(old, m) {
						t.Fatalf("%q: revision 1 %s: err %v; revision 1's moves were %q", p, m, err, old)
					}
				}
			}
			pos = randomStep(t, pos, src, &rec)
		}
	}
	if differ == 0 {
		t.Error("no position where the revisions differ: the test checks nothing")
	}
}
