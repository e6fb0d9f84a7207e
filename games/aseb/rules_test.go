package aseb_test

import (
	"errors"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
)

// A1: private cells 1-4 are each side's own; shared cells 5-16 are one cell for
// both; after 16 a piece leaves the board.
func TestA1_PrivateAndSharedCells(t *testing.T) {
	// Both sides may stand on their own cells 1-4 at once: they are different cells.
	at(t, "", "c:1,2,3,4 s:1,2,3,4 c:throw")
	// A shared cell holds one piece.
	if _, err := aseb.Parse(rules(t, ""), "c:5 s:5 c:throw"); !errors.Is(err, games.ErrBadNotation) {
		t.Errorf("cones and spindles both on shared cell 5: err %v", err)
	}
	// Reaching the spindles' cell 4 is reaching the cones' own cell 4: no capture.
	if got := after(t, "", "c:3 s:4 c:1", "3-4"); got != "c:4 s:4 c:throw" {
		t.Errorf("3-4 with spindles on their cell 4: %q", got)
	}
	// The path is 16 cells: 12+4 lands on 16, 16+1 leaves.
	wantMoves(t, "", "c:12 s:- c:4", "in-4", "12-16")
	wantMoves(t, "", "c:16 s:- c:1", "in-1", "16-off")
}

// A2: houses are path cells 4, 8, 12, 16; twenty-squares marks 4 only with house4.
func TestA2_Houses(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		house []int
	}{
		{"standard", []int{4, 8, 12, 16}},
		{"royalur", []int{4, 8, 12, 16}},
		{"twenty-squares", []int{8, 12, 16}},
		{"twenty-squares house4=true", []int{4, 8, 12, 16}},
	} {
		r := rules(t, tc.spec)
		for c := 1; c <= aseb.PathLen; c++ {
			want := false
			for _, h := range tc.house {
				want = want || h == c
			}
			if r.IsHouse(c) != want {
				t.Errorf("%s: IsHouse(%d) = %v", tc.spec, c, !want)
			}
		}
	}
	// Entering on 4 gives another throw only where 4 is a house.
	if got := after(t, "twenty-squares", "c:- s:- c:4", "in-4"); got != "c:4 s:- s:throw" {
		t.Errorf("twenty-squares in-4: %q, want the turn to pass", got)
	}
	if got := after(t, "twenty-squares house4=true", "c:- s:- c:4", "in-4"); got != "c:4 s:- c:throw" {
		t.Errorf("house4 in-4: %q, want another throw", got)
	}
}

// A3: standard's throw-off: rounds until exactly one entrant scores a 1, 0s thrown
// again; the deciding throws move nothing. Other variants toss a coin.
func TestA3_ThrowOff(t *testing.T) {
	wins := [2]int{}
	for seed := uint64(0); seed < 2000; seed++ {
		o := aseb.ThrowOff(games.Sticks, games.Seeded(seed))
		checkThrowOff(t, o)
		wins[o.First]++
	}
	if wins[0] < 850 || wins[1] < 850 {
		t.Errorf("throw-off winners %v: want both entrants to win about half", wins)
	}
	o := aseb.ThrowOff(games.D4, games.Seeded(7))
	checkThrowOff(t, o)
	for _, spec := range []string{"royalur", "twenty-squares"} {
		var coin [2]int
		for seed := range uint64(400) {
			o, err := aseb.Game{}.DrawFirst(cfg(t, spec), games.Seeded(seed))
			if err != nil || len(o.Rounds) != 0 {
				t.Fatalf("%s DrawFirst = %+v, %v: want a coin, no throws", spec, o, err)
			}
			coin[o.First]++
		}
		if coin[0] < 150 || coin[1] < 150 {
			t.Errorf("%s: the coin gave %v", spec, coin)
		}
	}
	g, _ := aseb.Game{}.New(cfg(t, ""))
	if g.String() != "c:- s:- c:throw" {
		t.Errorf("start %q: the winner (seat 0) throws for the first move", g)
	}
}

func checkThrowOff(t *testing.T, o games.Opening) {
	t.Helper()
	for i, round := range o.Rounds {
		var ones int
		for _, throws := range round {
			for j, th := range throws {
				if (th == 0) != (j < len(throws)-1) {
					t.Fatalf("round %d %v: only thrown-again 0s precede the score", i, throws)
				}
			}
			if throws[len(throws)-1] == 1 {
				ones++
			}
		}
		last := i == len(o.Rounds)-1
		if (ones == 1) != last {
			t.Fatalf("round %d %v: exactly one 1 must end the throw-off, and only then", i, round)
		}
		if last && round[o.First][len(round[o.First])-1] != 1 {
			t.Fatalf("winner %d did not score the 1 in %v", o.First, round)
		}
	}
}

// A4: a legal move must be made; without one the turn passes. A 0 is thrown again
// in standard and ends the turn elsewhere.
func TestA4_MustMoveOrPass(t *testing.T) {
	wantIllegal(t, "", "c:5 s:- c:2", "pass", "cannot pass")
	// Blocked: 15 stops short of 16 onto itself (A6), 16 needs a 1 (A10), no reserve.
	p := at(t, "standard pieces=5", "c:15,16+3 s:- c:3")
	if d := p.Due(); d.Kind != games.DueMove || !d.Auto {
		t.Fatalf("no legal move: Due %+v, want an automatic move", d)
	}
	if got := moveList(p); len(got) != 1 || got[0] != "pass" {
		t.Fatalf("moves %q, want only pass", got)
	}
	if got := after(t, "", "c:15,16+3 s:- c:3", "pass"); got != "c:15,16+3 s:- s:throw" {
		t.Errorf("after pass: %q", got)
	}
}

func TestA4_ZeroThrows(t *testing.T) {
	start := "c:5 s:- c:throw"
	p := throw(t, at(t, "standard", start), 0)
	if d := p.Due(); d.Kind != games.DueThrow || !d.Auto || d.Player != games.First {
		t.Errorf("standard 0: Due %+v, want the same player's automatic throw", d)
	}
	for _, spec := range []string{"twenty-squares", "royalur"} {
		p := throw(t, at(t, spec, start), 0)
		if got := moveList(p); len(got) != 1 || got[0] != "pass" || !p.Due().Auto {
			t.Errorf("%s 0: moves %q, want only an automatic pass", spec, got)
		}
		if got := after(t, spec, p.String(), "pass"); got != "c:5 s:- s:throw" {
			t.Errorf("%s 0 then pass: %q", spec, got)
		}
	}
	if _, err := at(t, "standard dice=d4", start).WithThrow(0); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("d4 throw 0: err %v, want illegal", err)
	}
}

// A5: entering places a piece on private cell n; never stops short; passing own
// pieces on entry is allowed except in twenty-squares without enter-past-own.
func TestA5_Entering(t *testing.T) {
	wantIllegal(t, "", "c:3 s:- c:3", "in-3", "your piece stands on cell 3")
	wantMoves(t, "", "c:3 s:- c:3", "3-6") // no "in-2": entering never stops short
	wantMoves(t, "", "c:1 s:- c:3", "in-3", "1-4")
	wantMoves(t, "royalur", "c:1 s:- c:3", "in-3", "1-4")
	wantMoves(t, "twenty-squares", "c:1 s:- c:3", "1-4")
	wantIllegal(t, "twenty-squares", "c:1 s:- c:3", "in-3", "may not pass your piece on cell 1")
	wantMoves(t, "twenty-squares enter-past-own=true", "c:1 s:- c:3", "in-3", "1-4")
	wantIllegal(t, "", "c:1,2,3,4,5 s:- c:2", "in-2", "no piece is left")
}

// A6: standard stops short of an own piece, capturing an opponent on the stop
// cell; with the own piece right in front the piece cannot move.
func TestA6_StopShort(t *testing.T) {
	wantMoves(t, "", "c:5,8 s:- c:4", "in-4", "5-7", "8-12")
	if got := after(t, "", "c:5,9 s:8 c:4", "5x8"); got != "c:8,9 s:- c:throw" {
		t.Errorf("stop short onto the spindle on 8: %q (want it captured, and 8 a house)", got)
	}
	wantMoves(t, "", "c:5,6 s:- c:3", "in-3", "6-9")
	wantIllegal(t, "", "c:5,6 s:- c:3", "5-8", "right in front")
	// Past the end of the path an own piece ahead still stops the mover (A6, A10).
	wantMoves(t, "", "c:14,16 s:- c:4", "in-4", "14-15")
}

// A7: twenty-squares: no passing or landing on an own piece, bearing off included.
func TestA7_Strict(t *testing.T) {
	wantMoves(t, "twenty-squares", "c:5,8 s:- c:4", "in-4", "8-12")
	wantIllegal(t, "twenty-squares", "c:5,8 s:- c:3", "5-8", "may not pass or land")
	wantIllegal(t, "twenty-squares", "c:14,16 s:- c:3", "14-off", "may not pass or land on your piece on cell 16")
	wantMoves(t, "twenty-squares", "c:5 s:7 c:2", "in-2", "5x7")
}

// A8: royalur: own pieces may be jumped, not landed on; an opponent on a house is safe.
func TestA8_RoyalUr(t *testing.T) {
	wantMoves(t, "royalur", "c:5,8 s:- c:4", "in-4", "5-9", "8-12")
	wantIllegal(t, "royalur", "c:5,8 s:- c:3", "5-8", "your own piece stands on cell 8")
	wantIllegal(t, "royalur", "c:5 s:8 c:3", "5x8", "safe on a house")
	wantMoves(t, "royalur", "c:5 s:9 c:4", "in-4", "5x9")
	wantMoves(t, "royalur", "c:14,16 s:- c:3", "in-3", "14-off")
	// The other variants capture on a house like anywhere else.
	wantMoves(t, "", "c:5 s:8 c:3", "in-3", "5x8")
}

// A9: landing on an opponent on a shared cell sends it back to its reserve;
// passing it does nothing.
func TestA9_Capture(t *testing.T) {
	p := at(t, "", "c:5 s:7,9 c:2")
	next, err := p.Apply(aseb.Move{From: 5, To: 7})
	if err != nil {
		t.Fatal(err)
	}
	if next.InReserve(games.Second) != p.InReserve(games.Second)+1 || next.Has(games.Second, 7) {
		t.Errorf("capture on 7: %q", next)
	}
	if got := after(t, "", "c:5 s:7 c:3", "5-8"); got != "c:8 s:7 c:throw" {
		t.Errorf("passing the spindle on 7: %q", got)
	}
}

// A10: bearing off needs the exact throw.
func TestA10_BearOffExact(t *testing.T) {
	for _, spec := range []string{"standard", "twenty-squares", "royalur"} {
		wantMoves(t, spec, "c:14+4 s:- c:3", "14-off")
		wantMoves(t, spec, "c:14+4 s:- c:2", "14-16")
		wantMoves(t, spec, "c:15+4 s:- c:4", "pass")
		wantIllegal(t, spec, "c:15+4 s:- c:4", "15-off", "needs exactly 2")
	}
	// Standard: an own piece ahead makes A6 apply instead (stop short of it).
	wantMoves(t, "", "c:13,15+3 s:- c:4", "13-14")
	wantMoves(t, "", "c:13,15+3 s:- c:2", "13-14", "15-off")
	wantMoves(t, "twenty-squares", "c:13,15+3 s:- c:2", "15-off")
}
