package tab

import (
	"math/bits"

	"kilab/games"
	"kilab/lang"
)

// scoreList holds the Tab scores in the order moves are listed (T2).
var scoreList = [5]uint8{1, 2, 3, 4, 6}

// stack is what one cell holds: nothing, or one or more pieces of one player.
type stack struct {
	n      uint8  // pieces; 0 for an empty cell
	owner  uint8  // the player of every piece in it (stacks never mix, T7)
	christ bool   // a lone piece that has never moved (T4)
	flip   uint32 // bit k: the k-th piece from the bottom has been in row 4 (T8)
}

// The phases of a turn (T2): nothing thrown yet, throwing goes on, moving.
const (
	phaseStart uint8 = iota
	phaseThrowing
	phaseMoving
)

// state is a Tab position in the form the rules work on: mutable, fixed size and
// allocation-free, for playouts. Position wraps it immutably. Counters that the
// rules consult on every move (T8, T9) are kept up to date by lift and put.
type state struct {
	g        *geom
	cells    [maxCells]stack
	occ      [2][2]uint64 // player -> bit c: a stack of the player on absolute cell c
	total    [2]uint8     // pieces on the board
	home     [2]uint8     // pieces in the player's own home row (T8, T9)
	singles  [2]uint8     // cells holding exactly one piece of the player (T9)
	christ   [2]uint32    // bit i: a Christian on the player's path index i (T4)
	scores   [7]uint8     // how many of each score the turn still holds
	nscores  uint8
	turn     uint8 // the player on move
	phase    uint8
	opening  bool   // T10: the game's first 1 has not come yet
	departed bool   // a piece has left the board during this turn (T12)
	quiet    uint16 // turns in a row, before this one, in which no piece left the board (T12)
}

// start returns the start position of width w (T1): every piece a Christian on its
// home row, white to throw, the game's first 1 still to come (T10).
func start(w int) *state {
	s := &state{g: geoms[w], opening: true}
	for p := uint8(0); p < 2; p++ {
		for i := 0; i < w; i++ {
			s.put(int(s.g.cell[p][i]), stack{n: 1, owner: p, christ: true})
		}
		s.total[p] = uint8(w)
	}
	return s
}

// lift empties cell c and returns what stood there, keeping the counters right.
func (s *state) lift(c int) stack {
	st := s.cells[c]
	if st.n == 0 {
		return st
	}
	p := st.owner
	s.occ[p][c>>6] &^= 1 << (c & 63)
	if i := s.g.idx[p][c]; int(i) < s.g.w {
		s.home[p] -= st.n
		s.christ[p] &^= 1 << i
	}
	if st.n == 1 {
		s.singles[p]--
	}
	s.cells[c] = stack{}
	return st
}

// put places st on the empty cell c, keeping the counters right.
func (s *state) put(c int, st stack) {
	s.cells[c] = st
	p := st.owner
	s.occ[p][c>>6] |= 1 << (c & 63)
	if i := s.g.idx[p][c]; int(i) < s.g.w {
		s.home[p] += st.n
		if st.christ {
			s.christ[p] |= 1 << i
		}
	}
	if st.n == 1 {
		s.singles[p]++
	}
}

// over reports whether the game has ended by the rules (T12).
func (s *state) over() bool {
	return s.total[0] == 0 || s.total[1] == 0 || int(s.quiet) >= s.quietLimit()
}

// quietLimit is the number of turns in a row without a piece leaving that ends the
// game: 10 x W (T12).
func (s *state) quietLimit() int { return 10 * s.g.w }

// outcome says how the game stands (T12).
func (s *state) outcome() games.Outcome {
	switch {
	case s.total[0] == 0:
		return games.Outcome{Status: games.Won, Winner: games.Second, Reason: lang.T("tab.end.white_lost")}
	case s.total[1] == 0:
		return games.Outcome{Status: games.Won, Winner: games.First, Reason: lang.T("tab.end.black_lost")}
	case int(s.quiet) < s.quietLimit():
		return games.Outcome{}
	}
	return s.countOutcome()
}

// countOutcome ends a game that ran out of quiet turns: more pieces wins (T12).
// The messages say the limit without a plural form of their own: 10 x W is
// a multiple of ten, which every language counts alike (Russian "many").
func (s *state) countOutcome() games.Outcome {
	n, w, b := s.quietLimit(), int(s.total[0]), int(s.total[1])
	switch {
	case w > b:
		return games.Outcome{Status: games.Won, Winner: games.First, Reason: lang.T("tab.end.white_more", "Limit", n, "More", w, "Fewer", b)}
	case b > w:
		return games.Outcome{Status: games.Won, Winner: games.Second, Reason: lang.T("tab.end.black_more", "Limit", n, "More", b, "Fewer", w)}
	}
	return games.Outcome{Status: games.Drawn, Reason: lang.T("tab.end.equal", "Limit", n, "Each", w)}
}

// rightmostChristian returns the cell of the player's Christian nearest the end of
// row 1, which every 1 must move while there is one (T4).
func (s *state) rightmostChristian(p uint8) int {
	i := 31 - bits.LeadingZeros32(s.christ[p])
	return int(s.g.cell[p][i])
}

// addScore keeps a thrown score for the turn.
func (s *state) addScore(t uint8) {
	s.scores[t]++
	s.nscores++
}

// useScore removes one score t from the turn.
func (s *state) useScore(t uint8) {
	s.scores[t]--
	s.nscores--
}
