package seega_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/seega"
)

// S1: the three boards, the pieces per side, all off the board at the start,
// and the cell names with A1 at the bottom left.
func TestS1_BoardsPiecesAndCells(t *testing.T) {
	for _, tc := range []struct {
		size          string
		n, pieces     int
		centre, last  string
		start, beyond string
	}{
		{"5", 5, 12, "C3", "E5", "...../...../...../...../..... L place hand=12/12", "F1"},
		{"7", 7, 24, "D4", "G7", "......./......./......./......./......./......./....... L place hand=24/24", "A8"},
		{"9", 9, 40, "E5", "I9", strings.Repeat("........./", 8) + "......... L place hand=40/40", "J9"},
	} {
		p := mustNew(t, "free", tc.size)
		all := cells(p.Cells())
		switch {
		case p.Size() != tc.n || len(all) != tc.n*tc.n:
			t.Errorf("size %s: Size %d with %d cells", tc.size, p.Size(), len(all))
		case p.InHand(games.First) != tc.pieces || p.InHand(games.Second) != tc.pieces:
			t.Errorf("size %s: %d and %d pieces in hand, want %d", tc.size, p.InHand(games.First), p.InHand(games.Second), tc.pieces)
		case p.OnBoard(games.First)+p.OnBoard(games.Second) != 0 || p.String() != tc.start:
			t.Errorf("size %s: start %q, want %q", tc.size, p, tc.start)
		case p.Centre().String() != tc.centre || all[0] != "A1" || all[1] != "B1" || all[len(all)-1] != tc.last:
			t.Errorf("size %s: centre %s, cells %s %s .. %s", tc.size, p.Centre(), all[0], all[1], all[len(all)-1])
		case p.Turn() != games.First || p.Phase() != seega.Placement:
			t.Errorf("size %s: %v to move in phase %v", tc.size, p.Turn(), p.Phase())
		}
		if _, err := seega.ParseCell(tc.beyond, tc.n); !errors.Is(err, games.ErrBadNotation) {
			t.Errorf("size %s: cell %s accepted (%v)", tc.size, tc.beyond, err)
		}
	}
	if c := seega.CellAt(2, 0); c.String() != "C1" || c.Col() != 2 || c.Row() != 0 {
		t.Errorf("CellAt(2, 0) is %s, column %d row %d", c, c.Col(), c.Row())
	}
	if _, err := seega.New(conf("free", "6")); !errors.Is(err, games.ErrBadConfig) {
		t.Errorf("a 6x6 board is accepted: %v", err)
	}
}

// S2: placement two at a time on empty cells other than the centre, placing
// captures nothing, and the lane opening on every size.
func TestS2_Placement(t *testing.T) {
	t.Run("free", func(t *testing.T) {
		p := mustNew(t, "free", "5")
		wantPlacements(t, p, 24*23/2)
		p = play(t, p, "A1+B2")
		if p.Turn() != games.Second || p.InHand(games.First) != 10 || p.At(seega.CellAt(1, 1)) != seega.Light {
			t.Fatalf("after A1+B2: %s", p)
		}
		wantPlacements(t, p, 22*21/2)
		wantRefused(t, p, "C3+D4", games.ErrIllegalMove, "centre C3 stays empty")
		wantRefused(t, p, "A1+E5", games.ErrIllegalMove, "A1 is not empty")
		wantRefused(t, p, "E5+E5", games.ErrIllegalMove, "two different cells")
		wantRefused(t, p, "A2-A3", games.ErrIllegalMove, "still being placed")
		wantRefused(t, p, "pass", games.ErrIllegalMove, "still being placed")
	})
	t.Run("either order", func(t *testing.T) {
		p := mustNew(t, "free", "7")
		a, b := play(t, p, "G7+A1"), play(t, p, "a1+g7")
		if a != b || !strings.HasPrefix(a.String(), "......L/") || !slices.Contains(notations(p), "A1+G7") {
			t.Errorf("G7+A1 gives %s, a1+g7 %s", a, b)
		}
	})
	t.Run("placing captures nothing", func(t *testing.T) {
		p := play(t, at(t, "....L/...../...../...../LD.D. L place hand=10/10"), "C1+E1")
		if got := p.String(); got != "....L/...../...../...../LDLDL D place hand=8/10" {
			t.Errorf("C1+E1 gives %s; the dark pieces between must stay", got)
		}
	})
	for _, tc := range []struct{ size, light, dark string }{
		{"5", "A3+E3", "C1+C5"}, {"7", "A4+G4", "D1+D7"}, {"9", "A5+I5", "E1+E9"},
	} {
		t.Run("lane "+tc.size, func(t *testing.T) {
			p := mustNew(t, "lane", tc.size)
			wantMoves(t, p, tc.light)
			wantRefused(t, p, "A1+B1", games.ErrIllegalMove, "lane opening: light's first two pieces go on "+strings.ReplaceAll(tc.light, "+", " and "))
			p = play(t, p, tc.light)
			wantMoves(t, p, tc.dark)
			p = play(t, p, tc.dark)
			n := p.Size()*p.Size() - 5
			wantPlacements(t, p, n*(n-1)/2)
		})
	}
}

// wantPlacements checks the number of placements and that none uses the centre
// or an occupied cell, and that each is grouped by the row of its first cell,
// then that cell.
func wantPlacements(t *testing.T, p seega.Position, want int) {
	t.Helper()
	moves := p.Moves()
	if len(moves) != want {
		t.Errorf("%d placements in %s, want %d", len(moves), p, want)
	}
	for _, m := range moves {
		a, b, _ := strings.Cut(m.Notation, "+")
		if a == p.Centre().String() || b == p.Centre().String() || m.Group != "row "+a[1:]+"/"+a || m.Pass {
			t.Fatalf("placement %+v in %s", m, p)
		}
		for _, c := range []string{a, b} {
			if cell, _ := seega.ParseCell(c, p.Size()); p.At(cell) != seega.Empty {
				t.Fatalf("placement %s on occupied %s", m.Notation, c)
			}
		}
	}
}

// S3: the last placer (the second player) moves first, and a move takes one
// piece one cell orthogonally into an empty cell.
func TestS3_Movement(t *testing.T) {
	p := at(t, "LDLDL/DLDL./LD.DL/.LDLD/LDLDL D place hand=0/2")
	p = play(t, p, "E4+A2")
	if p.Phase() != seega.Movement || p.Turn() != games.Second || !strings.HasSuffix(p.String(), " D move quiet=0") {
		t.Fatalf("after the last placement: %s, phase %v", p, p.Phase())
	}
	wantMoves(t, p, "C2-C3", "B3-C3", "D3-C3", "C4-C3")

	p = at(t, "....D/...../.LL../...../D.... L move quiet=0")
	wantMoves(t, p, "B3-B2", "B3-A3", "B3-B4", "C3-C2", "C3-D3", "C3-C4")
	wantRefused(t, p, "C3-B3", games.ErrIllegalMove, "B3 is not empty")
	wantRefused(t, p, "C3-D4", games.ErrIllegalMove, "one cell up, down, left or right")
	wantRefused(t, p, "B3-D3", games.ErrIllegalMove, "one cell up, down, left or right")
	wantRefused(t, p, "C3-C5", games.ErrIllegalMove, "one cell up, down, left or right")
	wantRefused(t, p, "A1-A2", games.ErrIllegalMove, "A1 holds no light piece")
	wantRefused(t, p, "A2+B2", games.ErrIllegalMove, "all pieces are placed")
	for _, m := range p.Moves() {
		if m.Group != m.Notation[:2] || m.Pass {
			t.Errorf("step %+v: want its piece as group", m)
		}
	}
}

// S4: custodian capture by the moved piece only, several at once, orthogonal
// only; the centre piece survives a sandwich but captures; moving in between
// two opponents is safe.
func TestS4_Capture(t *testing.T) {
	for _, tc := range []struct {
		name, pos, move, after string
		captured               []string
	}{
		{"sandwich", "....D/...../...../...../LD.L. L move quiet=4", "D1-C1",
			"....D/...../...../...../L.L.. D move quiet=0 last=C1<D1", []string{"B1"}},
		{"double capture", "....D/...../...../LD.DL/..L.. L move quiet=3", "C1-C2",
			"....D/...../...../L.L.L/..... D move quiet=0 last=C2<C1", []string{"B2", "D2"}},
		{"centre piece survives a sandwich", "...../..L../..D../LD.../..L.. L move quiet=0", "C1-C2",
			"...../..L../..D../L.L../..... D move quiet=0 last=C2<C1", []string{"B2"}},
		{"centre piece captures as the mover", "....D/...../.L.../..D../..L.. L move quiet=0", "B3-C3",
			"....D/...../..L../...../..L.. D move quiet=0 last=C3<B3", []string{"C2"}},
		{"centre piece captures as the piece beyond", "...L./..D../..L../...../D.... L move quiet=0", "D5-C5",
			"..L../...../..L../...../D.... D move quiet=0 last=C5<D5", []string{"C4"}},
		{"moving in between two opponents is safe", "...../...../...../..L../.D.D. L move quiet=0", "C2-C1",
			"...../...../...../...../.DLD. D move quiet=1 last=C1<C2", nil},
		{"no diagonal capture", "...../...../....L/...D./.L... L move quiet=0", "B1-C1",
			"...../...../....L/...D./..L.. D move quiet=1 last=C1<B1", nil},
		{"only the moved piece captures", "...../...../...../...../LDL.L L move quiet=0", "E1-D1",
			"...../...../...../...../LDLL. D move quiet=1 last=D1<E1", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := at(t, tc.pos)
			e, err := p.Effect(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := play(t, p, tc.move).String(); got != tc.after {
				t.Errorf("%s:\n got %s\nwant %s", tc.move, got, tc.after)
			}
			if got := cells(e.Captured); !slices.Equal(got, append([]string{}, tc.captured...)) {
				t.Errorf("Effect(%s).Captured = %v, want %v", tc.move, got, tc.captured)
			}
		})
	}
}
