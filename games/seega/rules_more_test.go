package seega_test

import (
	"fmt"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/seega"
)

// S5: after a capture the same piece, and only it, may go on while it
// captures; the player may stop; with no capture left the turn ends by itself.
func TestS5_Chain(t *testing.T) {
	start := at(t, "L..../.DLL./...D./LD.../..L.D L move quiet=9")
	p := play(t, start, "C1-C2") // takes B2; from C2, D2 would take D3
	if c, ok := p.Chain(); !ok || c.String() != "C2" || p.Turn() != games.First || p.Due().Auto {
		t.Fatalf("after C1-C2: %s, chain %s %v, due %+v", p, c, ok, p.Due())
	}
	wantMoves(t, p, "C2-D2", "stop")
	if m := p.Moves()[1]; !m.Pass || m.Group != "" {
		t.Errorf("the stop is %+v, want a pass-like choice", m)
	}
	wantRefused(t, p, "A5-A4", games.ErrIllegalMove, "only the piece on C2") // A5-A4 would take B4
	wantRefused(t, p, "C2-C3", games.ErrIllegalMove, "captures nothing")
	wantRefused(t, p, "pass", games.ErrIllegalMove, "may not pass")

	stopped := play(t, p, "stop")
	if got := stopped.String(); got != "L..../.DLL./...D./L.L../....D D move quiet=0 last=C2<C1" {
		t.Errorf("after stop: %s", got)
	}
	ended := play(t, p, "C2-D2") // takes D3, and no capture is left
	if got := ended.String(); got != "L..../.DLL./...../L..L./....D D move quiet=0 last=D2<C2" {
		t.Errorf("after C2-D2 the turn should end by itself: %s", got)
	}
	wantRefused(t, start, "stop", games.ErrIllegalMove, "no capture chain")
}

// S6: a piece may not go back and forth between the same two cells a fifth
// time; other pieces' moves in between do not matter; chain steps count.
func TestS6_BackAndForth(t *testing.T) {
	t.Run("fifth move refused", func(t *testing.T) {
		p := at(t, "....D/...../...../...../L.... L move quiet=0")
		p = play(t, p, "A1-A2", "E5-E4", "A2-A1", "E4-E5", "A1-A2", "E5-E4", "A2-A1", "E4-E5")
		if from, run := p.Shuttle(seega.CellAt(0, 0)); from.String() != "A2" || run != 4 {
			t.Errorf("shuttle of A1: %s %d", from, run)
		}
		wantRefused(t, p, "A1-A2", games.ErrIllegalMove, "(S6)")
		wantMoves(t, p, "A1-B1")
		p = play(t, p, "A1-B1")
		wantMoves(t, p, "E5-D5")                  // dark's piece is held the same way
		p = play(t, p, "E5-D5", "B1-A1", "D5-E5") // away and back: the count starts again
		wantMoves(t, p, "A1-B1", "A1-A2")
	})
	t.Run("other pieces in between", func(t *testing.T) {
		p := at(t, "....D/...../...../...../L.L.. L move quiet=0")
		p = play(t, p, "A1-A2", "E5-E4", "C1-C2", "E4-D4", "A2-A1", "D4-D5",
			"C2-C1", "D5-E5", "A1-A2", "E5-E4", "A2-A1", "E4-D4")
		wantRefused(t, p, "A1-A2", games.ErrIllegalMove, "back and forth")
		play(t, p, "C1-C2") // that piece has gone back and forth only twice
	})
	t.Run("chain steps count", func(t *testing.T) {
		// B2-B1 takes C1; B1-B2 would take B3 but is the piece's fifth move
		// between B1 and B2, so the turn ends.
		p := play(t, at(t, "....D/.L.../.D.../.L.../..DL. L move quiet=0 last=B2<B1*3"), "B2-B1")
		if _, ok := p.Chain(); ok || p.Turn() != games.Second || !strings.Contains(p.String(), "last=B1<B2*4") {
			t.Errorf("after B2-B1 the barred capture must not continue the chain: %s", p)
		}
		p = play(t, at(t, "....D/.L.../.D.../.L.../..DL. L move quiet=0 last=B2<B1*2"), "B2-B1")
		wantMoves(t, p, "B1-B2", "stop") // one shuttle fewer: the chain goes on
	})
}

// S7: a blocked player passes (automatically); the opponent's first step must
// open a way where one does, else a removal that does, else any move.
func TestS7_Blocked(t *testing.T) {
	t.Run("blocked right after placement", s7AfterPlacement)
	t.Run("removal", s7Removal)
	t.Run("neither opens", s7NeitherOpens)
	t.Run("taking the last piece opens", s7LastPiece)
	t.Run("the chain after it is free", s7FreeChain)
}

// Dark's last placement leaves dark no step: dark passes by itself and light
// must step a piece off a cell next to a dark piece.
func s7AfterPlacement(t *testing.T) {
	p := play(t, at(t, "DDDD./DLLLD/LL.LL/DLLLD/LDLD. D place hand=0/2"), "E1+E5")
	wantPass(t, p)
	var rec games.Recorder
	next, err := games.Advance(p, games.Seeded(1), &rec)
	if err != nil || games.FormatRecord(rec.Plies) != "pass" {
		t.Fatalf("Advance: %v, record %q", err, games.FormatRecord(rec.Plies))
	}
	p = next.(seega.Position)
	if !p.MustOpen() || p.Turn() != games.First || !strings.HasSuffix(p.String(), " L move quiet=0 open") {
		t.Fatalf("after the pass: %s", p)
	}
	wantMoves(t, p, "C4-C3") // the only step that frees a cell next to a dark piece
	wantRefused(t, p, "B3-C3", games.ErrIllegalMove, "dark is blocked: your step must give dark a move, such as C4-C3 (S7)")
	wantRefused(t, p, "xB3", games.ErrIllegalMove, "a step gives dark a move")
	p = play(t, p, "C4-C3")
	wantMoves(t, p, "C5-C4")
}

// Dark's A5 is shut in by A4 and B5, which cannot move: no step opens a way,
// so light must remove A4 or B5.
func s7Removal(t *testing.T) {
	p := at(t, "DLL../LL.../L..../...../..... D move quiet=3")
	wantPass(t, p)
	p = play(t, p, "pass")
	wantMoves(t, p, "xA4", "xB5")
	wantRefused(t, p, "C5-D5", games.ErrIllegalMove, "no step gives dark a move: remove one of your pieces that does, such as xA4")
	wantRefused(t, p, "xA3", games.ErrIllegalMove, "removing A3 gives dark no move")
	wantRefused(t, p, "xA5", games.ErrIllegalMove, "A5 holds no light piece")
	e, err := p.Effect("xA4")
	if err != nil || e.Removed.String() != "A4" || e.From != seega.NoCell || len(e.Captured) != 0 {
		t.Errorf("Effect(xA4) = %+v, %v", e, err)
	}
	p = play(t, p, "xA4")
	if got := p.String(); got != "DLL../.L.../L..../...../..... D move quiet=0" {
		t.Errorf("after xA4: %s", got)
	}
	wantMoves(t, p, "A5-A4")
	wantRefused(t, at(t, "DLL../LL.../L..../...../..... L move quiet=3"), "xA4", games.ErrIllegalMove, "only to open a way")
}

// Each dark piece may not go back where it came from (S6), so neither a step
// nor a removal opens a way: light plays any step and dark stays blocked.
func s7NeitherOpens(t *testing.T) {
	p := at(t, "DL.../DL.../DL.../DL.../DL... D move quiet=10 last=A1<B1*4,A2<B2*4,A3<B3*4,A4<B4*4,A5<B5*4")
	p = play(t, p, "pass")
	wantMoves(t, p, "B1-C1", "B2-C2", "B3-C3", "B4-C4", "B5-C5")
	p = play(t, p, "B3-C3")
	wantPass(t, p) // still blocked: A3 may not go back to B3 (S6)
}

// Dark's last piece may not go back to B3 (S6); a light step onto B3 takes it,
// which counts as opening.
func s7LastPiece(t *testing.T) {
	p := play(t, at(t, "LLL../LDLL./L.L../.L.../..... D move quiet=5 last=B4<B3*4"), "pass")
	wantMoves(t, p, "B2-B3", "A3-B3", "C3-B3")
	if o := play(t, p, "C3-B3").Outcome(); o.Status != games.Won || o.Winner != games.First {
		t.Errorf("after C3-B3: %+v", o)
	}
}

// Only the first step must open: the chain after it may shut dark in again.
func s7FreeChain(t *testing.T) {
	p := play(t, at(t, "....L/...../.L.../LDLL./DL.DL D move quiet=7 last=D1<C1*4"), "pass")
	wantRefused(t, p, "E5-E4", games.ErrIllegalMove, "dark is blocked")
	p = play(t, p, "B1-C1") // frees B1 for A1 and takes D1
	wantMoves(t, p, "C1-B1", "stop")
	wantPass(t, play(t, p, "C1-B1")) // takes B2 and shuts A1 in again
}

// wantPass fails unless the only move of p is the automatic pass.
func wantPass(t *testing.T, p seega.Position) {
	t.Helper()
	moves, due := p.Moves(), p.Due()
	if len(moves) != 1 || moves[0] != (games.Move{Notation: "pass", Pass: true}) || !due.Auto || due.Kind != games.DueMove {
		t.Errorf("%s: moves %+v, due %+v; want only an automatic pass", p, moves, due)
	}
	if !p.Blocked() {
		t.Errorf("%s: Blocked() is false", p)
	}
}

// S8: the game ends when a side has no pieces, when neither side can step at
// the start of a turn, or after 50/70/90 steps without a piece leaving the
// board; then more pieces wins and equal is a draw.
func TestS8_End(t *testing.T) {
	t.Run("no pieces left", s8NoPieces)
	t.Run("neither can move", s8NeitherCanMove)
	for _, tc := range []struct{ size, limit int }{{5, 50}, {7, 70}, {9, 90}} {
		t.Run(fmt.Sprintf("step limit %dx%d", tc.size, tc.size), func(t *testing.T) {
			// Light: A1 and C1, dark: E1; light steps A1-A2, dark E1-E2.
			rows := strings.Repeat(strings.Repeat(".", tc.size)+"/", tc.size-1)
			row1 := "L.L.D" + strings.Repeat(".", tc.size-5)
			before := at(t, fmt.Sprintf("%s%s L move quiet=%d", rows, row1, tc.limit-2))
			p := play(t, before, "A1-A2")
			if p.Outcome().Over() || !strings.Contains(p.String(), fmt.Sprint("quiet=", tc.limit-1)) {
				t.Fatalf("one step short of the limit: %s, %+v", p, p.Outcome())
			}
			wantEnd(t, play(t, p, "E1-E2"), games.Won, games.First,
				fmt.Sprintf("%d steps without a capture; light has more pieces, 2 to 1", tc.limit))
		})
	}
	t.Run("what counts", s8WhatCounts)
}

// Taking the last piece wins at once.
func s8NoPieces(t *testing.T) {
	p := play(t, at(t, "...../...../...../...../LD.L. L move quiet=3"), "D1-C1")
	wantEnd(t, p, games.Won, games.First, "dark has no pieces left")
	wantRefused(t, p, "A1-A2", games.ErrGameOver, "game is over")
}

// Every piece next to an empty cell came from it four times in a row (S6).
func s8NeitherCanMove(t *testing.T) {
	const board = "LDLDL/DLDLD/LD.DL/DLDLD/.DLDL L move quiet=20 last="
	p := at(t, board+"B1<A1*4,A2<A1*4,C2<C3*4,B3<C3*4,D3<C3*4,C4<C3*4")
	wantEnd(t, p, games.Won, games.Second, "neither player can move; dark has more pieces, 12 to 11")
	// One shuttle fewer and dark can move: light only passes.
	p = at(t, board+"B1<A1*4,A2<A1*4,C2<C3*4,B3<C3*4,D3<C3*3,C4<C3*4")
	wantPass(t, p)
	wantMoves(t, play(t, p, "pass"), "D3-C3")
}

// Passes are not steps; a removal is a piece leaving the board; equal is a draw.
func s8WhatCounts(t *testing.T) {
	p := at(t, "DLL../LL.../L..../...../..... D move quiet=49")
	if p = play(t, p, "pass"); !strings.Contains(p.String(), "quiet=49") {
		t.Errorf("a pass counted as a step: %s", p)
	}
	if p = play(t, p, "xB5"); !strings.Contains(p.String(), "quiet=0") {
		t.Errorf("a removal did not count as a piece leaving: %s", p)
	}
	draw := play(t, at(t, "...../...../...../...../L...D L move quiet=49"), "A1-A2")
	wantEnd(t, draw, games.Drawn, 0, "50 steps without a capture; equal pieces, 1 each")
}

// wantEnd fails unless p is over with this status, winner and reason.
func wantEnd(t *testing.T, p seega.Position, status games.Status, winner games.Player, reason string) {
	t.Helper()
	o := p.Outcome()
	if o.Status != status || (status == games.Won && o.Winner != winner) || o.Reason.String() != reason {
		t.Errorf("%s: outcome %+v, want %v %v %q", p, o, status, winner, reason)
	}
	if p.Due().Kind != games.DueNothing || len(p.Moves()) != 0 {
		t.Errorf("%s: over, yet due %+v with moves %v", p, p.Due(), p.Moves())
	}
}

// S5 holds for dark as for light: the chain goes on with the capturing piece.
func TestS5_ChainDark(t *testing.T) {
	p := play(t, at(t, "D..../.LDD./...L./DL.../..D.L D move quiet=9"), "C1-C2") // takes B2
	if c, ok := p.Chain(); !ok || c.String() != "C2" || p.Turn() != games.Second {
		t.Fatalf("after C1-C2: %s, chain %s %v", p, c, ok)
	}
	wantMoves(t, p, "C2-D2", "stop")
}

// S6 inside a chain: of two captures open to the chaining piece, the one that
// would be its fifth back-and-forth move is not offered; the other is.
func TestS6_BarredCaptureNotOfferedInChain(t *testing.T) {
	p := play(t, at(t, "....D/.L.../LD.../DL.../..DL. L move quiet=0 last=B2<B1*3"), "B2-B1") // takes C1
	wantMoves(t, p, "B1-A1", "stop")                                                          // B1-B2 would take B3 but is barred (S6)
	wantRefused(t, p, "B1-B2", games.ErrIllegalMove, "back and forth")
}

// S2: a coin decides who places first; either entrant can win it.
func TestS2_CoinDecidesFirst(t *testing.T) {
	var wins [2]int
	for seed := range uint64(400) {
		o, err := seega.Game{}.DrawFirst(games.Config{}, games.Seeded(seed))
		if err != nil || len(o.Rounds) != 0 {
			t.Fatalf("DrawFirst: %+v, %v", o, err)
		}
		wins[o.First]++
	}
	if wins[0] < 150 || wins[1] < 150 {
		t.Errorf("coin gave %v", wins)
	}
}
