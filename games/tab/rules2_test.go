package tab

import (
	"slices"
	"testing"

	"kilab/games"
)

func TestT3_Path(t *testing.T) {
	// Black keeps Christians on d1-d3 so that row 4 stays open to white (T8).
	for _, c := range []struct {
		pos   string
		score games.Throw
		want  []string
	}{
		{"ccc4/7/7/2M4 w - - 0", 2, []string{"2a3-a5"}},
		{"ccc4/7/7/5M1 w - - 0", 2, []string{"2a6-b7"}},           // row 1 turns into row 2
		{"ccc4/7/7/6M w - - 0", 6, []string{"6a7-b2"}},            // row 2 runs right to left
		{"ccc4/7/1M5/7 w - - 0", 3, []string{"3b2-c2"}},           // row 2 turns into row 3
		{"ccc4/4M2/7/7 w - - 0", 4, []string{"4c5-b6", "4c5-d6"}}, // the branch: back to row 2 or on to row 4
		{"ccc4/6M/7/7 w - - 0", 1, []string{"1c7-b7", "1c7-d7"}},  // the branch on a 1
		{"ccc1F2/7/7/7 w - - 0", 6, []string{"6d5-c2"}},           // row 4's end leads to row 3's start
		{"ccc1F2/7/7/7 w - - 0", 2, []string{"2d5-d3"}},           // row 4 runs right to left
		{"7/5m1/7/CCC4 b - - 0", 2, []string{"2c6-b7"}},           // black: its row 2 is row c, left to right
		{"7/7/1m5/CCC4 b - - 0", 2, []string{"2b2-c1", "2b2-a1"}}, // black's branch at b1
		{"ccccccc/7/7/CCCCCCC b - - 0", 1, []string{"1d1-c1"}},    // black's row 1 runs d7 to d1
		{"7/7/7/ff1CCCC b - - 0", 6, []string{"6a1-a7", "6a2-b7"}},
		{"ccc26/28M/29/29 w - - 0", 1, []string{"1c29-b29", "1c29-d29"}}, // the branch on 4x29
		{"29/29/M28/27ff b - - 0", 2, []string{"2a28-b29", "2a29-b28"}},  // black's row 4 on 4x29 // black's row 4 (row a) leads to b7
	} {
		p := at(t, c.pos)
		got, err := p.MovesFor(c.score)
		if err != nil || !slices.Equal(moveTexts(got), c.want) {
			t.Errorf("%q with a %d: %v %v, want %v", c.pos, c.score, moveTexts(got), err, c.want)
		}
	}
}

func TestT3_JumpsOver(t *testing.T) {
	// From b7 a 3 passes a black piece on b6 and a white one on b5: neither changes.
	p := play(t, at(t, "ccc4/7/4MmM/7 w 3 - 0"), "3b7-b4")
	wantPos(t, p, "ccc4/7/3MMm1/7 b - - 1")
}

func TestT3_NeverBackHome(t *testing.T) {
	// No walk from off the home row, either way at the branch, ends on it.
	for w := minWidth; w <= maxWidth; w += 2 {
		g := geoms[w]
		for i := w; i < g.n; i++ {
			for _, s := range scoreList {
				wk := g.walks[i][s]
				if int(wk.to) < w || wk.to4 != noCell && int(wk.to4) < 3*w {
					t.Fatalf("width %d: a %d from path index %d reaches %d / %d", w, s, i, wk.to, wk.to4)
				}
			}
		}
	}
}

func TestT4_ChristiansMoveOnlyOnOne(t *testing.T) {
	p := at(t, "ccccccc/7/7/CCCCCCC w 1,2 - 0")
	wantMoves(t, p, "1a7-b7") // the 2 has nothing: every piece is a Christian
	p = play(t, p, "1a7-b7")
	wantPos(t, p, "ccccccc/7/6M/CCCCCC1 w 2 - 0")
	wantMoves(t, p, "2b7-b5")
	refuse(t, p, "2a6-b7", games.ErrIllegalMove, "an unmoved piece moves only on a 1 (T4)")
	refuse(t, at(t, "ccccccc/7/7/CCCCCCC w 1 - 0"), "1a7-b6", games.ErrIllegalMove, "a 1 from a7 goes to b7, not b6 (T3)")
}

func TestT4_OneMovesTheRightmostChristian(t *testing.T) {
	p := at(t, "ccccccc/7/3M3/CCCCC2 w 1,2 - 0")
	wantMoves(t, p, "1a5-a6", "2b4-b2")
	refuse(t, p, "1b4-b3", games.ErrIllegalMove, "a 1 must move the rightmost of them, on a5 (T4)")
	refuse(t, p, "1a4-a5", games.ErrIllegalMove, "rightmost of them, on a5")
	// Black's rightmost Christian is the one nearest d1, the end of its row 1.
	wantMoves(t, at(t, "c1c1ccc/7/7/CCCCCCC b 1 - 0"), "1d1-c1")
	wantMoves(t, at(t, "2c1ccc/7/7/CCCCCCC b 1 - 0"), "1d3-d2")
}

func TestT4_NoSplitWhileChristians(t *testing.T) {
	p := at(t, "ccccccc/7/3(MM)3/CCCCC2 w 1 - 0")
	wantMoves(t, p, "1a5-a6")
	refuse(t, p, "1b4^b3", games.ErrIllegalMove, "rightmost of them, on a5 (T4)")
	// With the last Christian converted, the 1 may split the stack.
	q := at(t, "ccccccc/7/3(MM)3/5M1 w 1 - 0")
	wantMoves(t, q, "1a6-a7", "1b4-b3", "1b4^b3")
}

func TestT4_ConvertedForGood(t *testing.T) {
	// A piece that moved within row 1 is no Christian: it moves on a 2.
	p := at(t, "ccccccc/7/7/CCC1M2 w 2 - 0")
	wantMoves(t, p, "2a5-a7")
	if s := p.Stack(Cell{1, 5}); len(s) != 1 || s[0].Christian {
		t.Errorf("a5 holds %v, want one moved piece", s)
	}
	// A Christian landing on a moved piece stacks and is converted: Christians are
	// never stacked.
	q := play(t, at(t, "ccccccc/7/7/CCCCM2 w 1 - 0"), "1a4-a5")
	wantPos(t, q, "ccccccc/7/7/CCC1(MM)2 b - - 1")
}

func TestT4_ChristianCaptures(t *testing.T) {
	// A black piece on a6, in front of white's rightmost Christian: the forced 1 takes it.
	p := play(t, at(t, "cccccc1/7/7/CCCCCf1 w 1 - 0"), "1a5-a6")
	wantPos(t, p, "cccccc1/7/7/CCCC1M1 b - - 0")
	if p.Pieces(games.Second) != 6 {
		t.Errorf("black has %d pieces, want 6", p.Pieces(games.Second))
	}
}

func TestT5_StackKeepsOrder(t *testing.T) {
	p := at(t, "ccc4/7/2M1(FM)2/7 w 2 - 0")
	wantMoves(t, p, "2b3-b1", "2b5-b3")
	q := play(t, p, "2b5-b3")
	wantPos(t, q, "ccc4/7/2(MFM)4/7 b - - 1")
	want := []Piece{{games.First, false, false}, {games.First, false, true}, {games.First, false, false}}
	if got := q.Stack(Cell{2, 3}); !slices.Equal(got, want) {
		t.Errorf("b3 holds %v, want %v", got, want)
	}
}

func TestT5_Split(t *testing.T) {
	p := at(t, "ccc4/7/4(MF)2/7 w 1 - 0")
	wantMoves(t, p, "1b5-b4", "1b5^b4")
	wantPos(t, play(t, p, "1b5^b4"), "ccc4/7/3FM2/7 b - - 1")
	wantPos(t, play(t, p, "1b5-b4"), "ccc4/7/3(MF)3/7 b - - 1")
	refuse(t, at(t, "ccc4/7/4(MF)2/7 w 2 - 0"), "2b5^b3", games.ErrIllegalMove, "only a 1 splits a stack (T5)")
	refuse(t, at(t, "ccc4/7/4M2/7 w 1 - 0"), "1b5^b4", games.ErrIllegalMove, "nothing to split (T5)")
}

func TestT5_StacksAnywhereAnyHeight(t *testing.T) {
	// In row 1.
	wantPos(t, play(t, at(t, "ccc4/7/7/2M1M2 w 2 - 0"), "2a3-a5"), "ccc4/7/7/4(MM)2 b - - 1")
	// All seven white pieces in one stack, which still moves as one.
	p := play(t, at(t, "ccc4/7/(MMMMMM)M5/7 w 1,3 - 0"), "1b2-b1")
	wantPos(t, p, "ccc4/7/(MMMMMMM)6/7 w 3 - 0")
	wantMoves(t, p, "3b1-c3")
	wantPos(t, play(t, p, "3b1-c3"), "ccc4/2(MMMMMMM)4/7/7 b - - 1")
}
