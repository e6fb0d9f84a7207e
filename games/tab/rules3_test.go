package tab

import (
	"errors"
	"testing"

	"kilab/games"
)

func TestT6_ReductionRow3ToRow2(t *testing.T) {
	// White's stack on c6 must go back into row 2 (row 4 is closed, T8): it shrinks
	// to its bottom piece, which lands on b6 and takes the black piece there.
	p := at(t, "7/m4(MF)1/5m1/7 w 3 - 0")
	wantMoves(t, p, "3c6-b6", "pass3")
	tr, err := p.Trace("3c6-b6")
	if err != nil || tr.Reduced != 1 || tr.ReducedAt != (Cell{3, 7}) || tr.Captured != 1 {
		t.Errorf("trace: %+v %v, want 1 reduced at c7 and 1 captured", tr, err)
	}
	q := play(t, p, "3c6-b6")
	wantPos(t, q, "7/m6/5M1/7 b - - 0")
	if q.Pieces(games.First) != 1 || q.Pieces(games.Second) != 1 {
		t.Errorf("pieces %d and %d, want 1 and 1", q.Pieces(games.First), q.Pieces(games.Second))
	}
}

func TestT6_ReductionRow4ToRow3(t *testing.T) {
	p := at(t, "1(FF)2c2/7/7/7 w 2 - 0")
	wantMoves(t, p, "2d2-c1", "pass2")
	wantPos(t, play(t, p, "2d2-c1"), "4c2/F6/7/7 b - - 0")
}

func TestT6_BottomPieceStacks(t *testing.T) {
	// The bottom piece (flipped) of the reduced stack lands on white's own piece.
	p := play(t, at(t, "c6/5(FM)1/5M1/7 w 3 - 0"), "3c6-b6")
	wantPos(t, p, "c6/7/5(MF)1/7 b - - 0")
}

func TestT6_SinglePiecesAreNotReduced(t *testing.T) {
	// A single piece crossing back just moves, so there is no pass.
	wantMoves(t, at(t, "7/m4M1/7/7 w 3 - 0"), "3c6-b6")
	// The top piece split off a stack crosses alone; the whole stack would be reduced.
	p := at(t, "7/6(MM)/m6/7 w 1 - 0")
	wantMoves(t, p, "1c7-b7", "1c7^b7")
	wantPos(t, play(t, p, "1c7^b7"), "7/6M/m5M/7 b - - 1")
	wantPos(t, play(t, p, "1c7-b7"), "7/7/m5M/7 b - - 0")
}

func TestT6_PassOnlyWhenAllReduce(t *testing.T) {
	// Every move of the 4 and of the 3 takes the stack back from row 3 into
	// row 2 (c6 -> c7 -> b7 ...), where it is reduced: each may be passed.
	p := at(t, "7/m4(MF)1/5m1/7 w 4,3 - 0")
	wantMoves(t, p, "3c6-b6", "pass3", "4c6-b5", "pass4")
	if d := p.Due(); d.Auto {
		t.Errorf("the T6 pass is a choice, got %+v", d)
	}
	wantMoves(t, at(t, "7/m4(MF)1/5m1/7 w 2 - 0"), "2c6-b7", "pass2")
	// A pass gives up one score; the turn goes on with the other.
	q := play(t, p, "pass3")
	wantPos(t, q, "7/m4(MF)1/5m1/7 w 4 - 0")
	wantMoves(t, q, "4c6-b5", "pass4")
	wantPos(t, play(t, q, "pass4"), "7/m4(MF)1/5m1/7 b - - 1")
	// With another piece to move, the 3 must be used.
	r := at(t, "7/m4(MF)1/2M2m1/7 w 3 - 0")
	wantMoves(t, r, "3b3-c1", "3c6-b6")
	refuse(t, r, "pass3", games.ErrIllegalMove, "all its moves reduce a stack (T6)")
}

func TestT7_CaptureWholeStack(t *testing.T) {
	p := at(t, "ccc4/7/3(mmm)1M1/7 w 2 - 0")
	tr, err := p.Trace("2b6-b4")
	if err != nil || tr.Captured != 3 || tr.Move.To != (Cell{2, 4}) {
		t.Errorf("trace %+v %v, want 3 captured on b4", tr, err)
	}
	q := play(t, p, "2b6-b4")
	wantPos(t, q, "ccc4/7/3M3/7 b - - 0")
	if q.Pieces(games.Second) != 3 {
		t.Errorf("black has %d pieces, want 3", q.Pieces(games.Second))
	}
	// A stack captures as a single piece does.
	wantPos(t, play(t, at(t, "ccc4/7/3m1(MM)1/7 w 2 - 0"), "2b6-b4"), "ccc4/7/3(MM)3/7 b - - 0")
}

func TestT7_PassingOverDoesNothing(t *testing.T) {
	wantPos(t, play(t, at(t, "ccc4/7/5mM/7 w 2 - 0"), "2b7-b5"), "ccc4/7/4Mm1/7 b - - 1")
}

func TestT8_EnteringFlipsEveryPiece(t *testing.T) {
	p := at(t, "ccc4/5(MM)1/7/7 w 2 - 0")
	wantMoves(t, p, "2c6-b7", "2c6-d7") // no pass: entering row 4 is no reduction
	tr, _ := p.Trace("2c6-d7")
	if !tr.Flipped {
		t.Errorf("trace %+v, want Flipped", tr)
	}
	q := play(t, p, "2c6-d7")
	wantPos(t, q, "ccc3(FF)/7/7/7 b - - 1")
	for _, pc := range q.Stack(Cell{4, 7}) {
		if !pc.Flipped {
			t.Errorf("d7 holds %v, want every piece flipped", q.Stack(Cell{4, 7}))
		}
	}
}

func TestT8_BlackEntersWhitesHomeRow(t *testing.T) {
	// Black's stack on b2 passes b1, the end of its row 3: on into row a (taking the
	// white Christian on a1, every black piece flipped) or back into row c, reduced.
	p := at(t, "7/7/1(mm)5/CCC4 b 2 - 0")
	wantMoves(t, p, "2b2-c1", "2b2-a1")
	wantPos(t, play(t, p, "2b2-a1"), "7/7/7/(ff)CC4 w - - 0")
	wantPos(t, play(t, p, "2b2-c1"), "7/m6/7/CCC4 w - - 0")
}

func TestT8_FlippedNeverEntersAgain(t *testing.T) {
	p := at(t, "ccc4/5F1/7/7 w 2 - 0")
	wantMoves(t, p, "2c6-b7")
	refuse(t, p, "2c6-d7", games.ErrIllegalMove, "never enters it again (T8)")
	// One flipped piece keeps its whole stack out, and the stack is reduced instead.
	s := at(t, "ccc4/5(MF)1/7/7 w 2 - 0")
	wantMoves(t, s, "2c6-b7", "pass2")
	refuse(t, s, "2c6-d7", games.ErrIllegalMove, "never enters it again (T8)")
	// A split piece enters on its own flag.
	wantMoves(t, at(t, "ccc4/6(FM)/7/7 w 1 - 0"), "1c7-b7", "1c7^b7", "1c7^d7")
	wantMoves(t, at(t, "ccc4/6(MF)/7/7 w 1 - 0"), "1c7-b7", "1c7^b7")
}

func TestT8_ClosedWhenOpponentHomeRowEmpty(t *testing.T) {
	p := at(t, "7/5M1/m6/7 w 2 - 0")
	wantMoves(t, p, "2c6-b7")
	refuse(t, p, "2c6-d7", games.ErrIllegalMove, "row 4 is closed: black has no piece left in its home row (T8)")
	// White's own pieces in row d do not open it.
	q := at(t, "F6/5M1/m6/7 w 2 - 0")
	wantMoves(t, q, "2c6-b7", "2d1-c2")
	refuse(t, q, "2c6-d7", games.ErrIllegalMove, "row 4 is closed")
}

func TestT8_EntryMayTakeTheLastHomePiece(t *testing.T) {
	p := at(t, "6c/5M1/m6/7 w 2 - 0")
	wantMoves(t, p, "2c6-b7", "2c6-d7")
	wantPos(t, play(t, p, "2c6-d7"), "6F/7/m6/7 b - - 0")
}

func TestT9_FrozenWhileHomeRowHolds(t *testing.T) {
	p := at(t, "ccc1F2/7/7/6M w 2 - 0")
	wantMoves(t, p, "2a7-b6")
	refuse(t, p, "2d5-d3", games.ErrIllegalMove, "stays until your home row is empty (T9)")
	// Once the home row is empty the piece in row 4 moves: d5 -> d1 takes the
	// Christian there (T7).
	q := play(t, at(t, "ccc1F2/7/7/6M w 2,4 - 0"), "2a7-b6")
	wantMoves(t, q, "4b6-b2", "4d5-d1")
}

func TestT9_StackFrozenWhileSingles(t *testing.T) {
	p := at(t, "ccc1(FF)2/7/2M4/7 w 1,2 - 0")
	wantMoves(t, p, "1b3-b2", "2b3-b1")
	refuse(t, p, "2d5-d3", games.ErrIllegalMove, "a stack in row 4 stays while you have single pieces (T9)")
	refuse(t, p, "1d5^d4", games.ErrIllegalMove, "single pieces (T9)")
	// Single pieces in row 4 count too, and move themselves.
	wantMoves(t, at(t, "ccc(FF)F2/7/7/7 w 2 - 0"), "2d5-d3")
	// With no single piece left the stack moves, whole or split.
	r := at(t, "ccc1(FF)2/7/7/7 w 1,2 - 0")
	wantMoves(t, r, "1d5-d4", "1d5^d4", "2d5-d3")
	// The piece split off is single: it may move on, and now freezes the stack.
	s := play(t, r, "1d5^d4")
	wantPos(t, s, "cccFF2/7/7/7 w 2 - 0")
	wantMoves(t, s, "2d4-d2", "2d5-d3")
}

func TestT10_OpeningWaitsForOne(t *testing.T) {
	p, _ := Start(7)
	if d := p.Due(); d.Kind != games.DueThrow || d.Auto || d.Player != games.First {
		t.Fatalf("start: %+v, want white's clicked throw", d)
	}
	for _, void := range []games.Throw{2, 3, 6, 4} {
		p = throw(t, p, void)
		wantPos(t, p, "ccccccc/7/7/CCCCCCC w + t10 0")
		if d := p.Due(); d.Kind != games.DueThrow || !d.Auto || !p.Opening() || len(p.Scores()) != 0 {
			t.Fatalf("after a void %d: %+v, scores %v", void, d, p.Scores())
		}
	}
	p = throw(t, p, 1)
	wantPos(t, p, "ccccccc/7/7/CCCCCCC w 1+ - 0")
	if d := p.Due(); d.Kind != games.DueThrow || !d.Auto || p.Opening() {
		t.Fatalf("after the first 1: %+v, want another throw (T2)", d)
	}
	p = throw(t, p, 4, 2)
	wantPos(t, p, "ccccccc/7/7/CCCCCCC w 1,2,4 - 0")
	wantMoves(t, p, "1a7-b7") // the kept 1 first: nothing else can move yet
	p = play(t, p, "1a7-b7", "4b7-b3", "2b3-b1")
	wantPos(t, p, "ccccccc/7/M6/CCCCCC1 b - - 1")
	// The second player's first turn is ordinary: its 2 counts, and has no move.
	q := throw(t, p, 2)
	wantPos(t, q, "ccccccc/7/M6/CCCCCC1 b 2 - 1")
	wantMoves(t, q, "pass")
}

func TestT10_RecordOfTheOpening(t *testing.T) {
	p, _ := Start(7)
	var rec games.Recorder
	src := script{2, 3, 1, 2}
	q, err := games.Roll(p, games.First, &src, &rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"1a7-b7", "2b7-b5"} {
		rec.Move(games.First, m)
		if q, err = games.PlayAs(q, games.First, m); err != nil {
			t.Fatal(err)
		}
	}
	src = script{6, 3} // black: a 6 then a 3, all Christians: nothing moves
	if q, err = games.Roll(q, games.Second, &src, &rec); err != nil {
		t.Fatal(err)
	}
	if got, want := games.FormatRecord(rec.Plies), "2,3,1,2:1a7-b7 2b7-b5 6,3:pass"; got != want {
		t.Errorf("record %q, want %q", got, want)
	}
	wantPos(t, q.(Position), "ccccccc/7/4M2/CCCCCC1 w - - 2")
	again, err := games.Replay(p, rec.Plies, nil)
	if err != nil || again.String() != q.String() {
		t.Errorf("replay: %v %v, want %v", again, err, q)
	}
	if _, err := games.ThrowAs(p, games.Second, 1); !errors.Is(err, games.ErrNotYourTurn) {
		t.Errorf("black throwing first: %v", err)
	}
}

func TestT11_AnyOrderButMustUse(t *testing.T) {
	p := at(t, "ccc4/7/6M/7 w 2,4 - 0")
	wantMoves(t, p, "2b7-b5", "4b7-b3")
	refuse(t, p, "pass", games.ErrIllegalMove, "a score still has a legal move")
	refuse(t, p, "3b7-b4", games.ErrIllegalMove, "no 3 among the scores to use (2, 4)")
}

func TestT11_LeftoverScoresAreLost(t *testing.T) {
	// Moving into row 4 with the 4 freezes the piece (T9: a Christian is still
	// home), so the 3 has no move left: no obligation to keep it usable.
	p := at(t, "ccc4/5M1/7/C6 w 4,3 - 0")
	wantMoves(t, p, "3c6-b6", "3c6-d6", "4c6-b5", "4c6-d5")
	q := play(t, p, "4c6-d5")
	wantMoves(t, q, "pass")
	if d := q.Due(); d.Kind != games.DueMove || !d.Auto {
		t.Errorf("nothing usable: %+v, want the server's pass", d)
	}
	wantPos(t, play(t, q, "pass"), "ccc1F2/7/7/C6 b - - 1")
	refuse(t, q, "pass3", games.ErrIllegalMove, "all its moves reduce")
}

func TestT12_LosingTheLastPiece(t *testing.T) {
	p := play(t, at(t, "7/7/5mM/7 w 1,2 - 0"), "1b7-b6")
	wantPos(t, p, "7/7/5M1/7 w 2 - x")
	o := p.Outcome()
	if o.Status != games.Won || o.Winner != games.First || o.Reason.String() != "black has lost all pieces" {
		t.Errorf("outcome %+v", o)
	}
	if d := p.Due(); d.Kind != games.DueNothing || p.Moves() != nil {
		t.Errorf("after the end: due %+v, moves %v", d, p.Moves())
	}
	refuse(t, p, "2b6-b4", games.ErrGameOver, "no move after the end")
	if _, err := p.WithThrow(2); !errors.Is(err, games.ErrGameOver) {
		t.Errorf("throw after the end: %v", err)
	}
	if _, err := p.MovesFor(2); !errors.Is(err, games.ErrGameOver) {
		t.Errorf("MovesFor after the end: %v", err)
	}
}

func TestT12_QuietTurnLimit(t *testing.T) {
	for _, c := range []struct {
		pos    string
		status games.Status
		winner games.Player
		reason string
	}{
		{"ccc4/7/7/C6 w 2 - 69", games.Won, games.Second, "70 turns without a piece leaving the board: black has more pieces (3 to 1)"},
		{"c6/7/7/CC5 w 2 - 69", games.Won, games.First, "70 turns without a piece leaving the board: white has more pieces (2 to 1)"},
		{"c6/7/7/C6 w 2 - 69", games.Drawn, 0, "70 turns without a piece leaving the board: equal pieces (1 each)"},
	} {
		p := at(t, c.pos)
		if p.Outcome().Over() {
			t.Fatalf("%q is over before its last quiet turn", c.pos)
		}
		p = play(t, p, "pass")
		o := p.Outcome()
		if o.Status != c.status || o.Status == games.Won && o.Winner != c.winner || o.Reason.String() != c.reason {
			t.Errorf("%q: %+v", c.pos, o)
		}
		if p.Quiet() != p.QuietLimit() || p.QuietLimit() != 70 || p.Due().Kind != games.DueNothing {
			t.Errorf("%q: quiet %d of %d, due %+v", c.pos, p.Quiet(), p.QuietLimit(), p.Due())
		}
	}
}

func TestT12_QuietCountBothPlayersAndResets(t *testing.T) {
	p := at(t, "ccc4/7/5mM/7 w 2 - 12")
	p = play(t, p, "2b7-b5") // passes over b6: quiet
	wantPos(t, p, "ccc4/7/4Mm1/7 b - - 13")
	p = play(t, throw(t, p, 2), "2b6-b4") // black's turn counts too
	wantPos(t, p, "ccc4/7/3mM2/7 w - - 14")
	p = play(t, throw(t, p, 1, 3), "1b5-b4")
	wantPos(t, p, "ccc4/7/3M3/7 w 3 - x") // a capture: this turn is not quiet
	if !p.Departed() {
		t.Error("Departed is false after a capture")
	}
	wantPos(t, play(t, p, "3b4-b1"), "ccc4/7/M6/7 b - - 0")
	// A reduction resets the count as well.
	r := play(t, at(t, "ccc4/5(MF)1/7/C6 w 3,4 - 30"), "3c6-b6")
	wantPos(t, r, "ccc4/7/5M1/C6 w 4 - x")
	wantPos(t, play(t, r, "4b6-b2"), "ccc4/7/1M5/C6 b - - 0")
}

// T10: a coin (or the challenge) decides who is white; either entrant can win it.
func TestT10_CoinDecidesFirst(t *testing.T) {
	var wins [2]int
	for seed := range uint64(400) {
		o, err := Game{}.DrawFirst(games.Config{}, games.Seeded(seed))
		if err != nil || len(o.Rounds) != 0 {
			t.Fatalf("DrawFirst: %+v, %v", o, err)
		}
		wins[o.First]++
	}
	if wins[0] < 150 || wins[1] < 150 {
		t.Errorf("coin gave %v", wins)
	}
}

// T2: 1s, 4s and 6s give another throw however many come in a row; the first
// 2 or 3 ends the throwing.
func TestT2_LongRunOfThrows(t *testing.T) {
	p := at(t, "ccccccc/7/7/CCCCCCC w - - 0")
	for k := range 150 {
		next, err := p.WithThrow(games.Throw([]int{1, 4, 6}[k%3]))
		if err != nil {
			t.Fatalf("throw %d: %v", k+1, err)
		}
		if d := next.Due(); d.Kind != games.DueThrow || !d.Auto || d.Player != games.First {
			t.Fatalf("after %d throws of 1, 4 or 6: due %+v", k+1, d)
		}
		p = next
	}
	p, err := p.WithThrow(2)
	if err != nil || p.Due().Kind != games.DueMove {
		t.Fatalf("a 2 after the run: due %+v, %v", p.Due(), err)
	}
}
