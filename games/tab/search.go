package tab

import "kilab/games"

// The fast paths below are for search (ai/tabai): moves in the engine's
// compact form, played without parsing or checking, and a few measures of a
// position that an evaluation needs.

// Act is a legal move in compact form: Acts lists them, Do plays one.
type Act struct{ a act }

// Acts appends the legal moves of the player on move to buf, in Moves'
// order; nothing while a throw is due or once the game is over.
func (p Position) Acts(buf []Act) []Act {
	if p.s.over() || p.s.phase != phaseMoving {
		return buf
	}
	var tmp [64]act
	for _, a := range p.s.legal(tmp[:0]) {
		buf = append(buf, Act{a})
	}
	return buf
}

// Do plays a, one of p.Acts, without checking it.
func (p Position) Do(a Act) Position {
	s := *p.s
	s.do(a.a)
	return Position{&s}
}

// Notation is a in the game's notation, as Moves writes it.
func (p Position) Notation(a Act) string { return moveOf(p.s.g.w, a.a).String() }

// Captures is how many pieces a takes off the board: the opponent's pieces it
// lands on (T7).
func (p Position) Captures(a Act) int {
	if a.a&actPass != 0 {
		return 0
	}
	st := p.s.cells[a.a.to()]
	if st.n == 0 || st.owner == p.s.turn {
		return 0
	}
	return int(st.n)
}

// Progress is how far player pl's pieces have come: the sum of their indexes
// on pl's path (T3: 0 at the start of row 1), and how many are Christians
// (T4), who have not begun.
func (p Position) Progress(pl games.Player) (steps, christians int) {
	s := p.s
	for c := 0; c < s.g.n; c++ {
		st := s.cells[c]
		if st.n == 0 || st.owner != uint8(pl) {
			continue
		}
		steps += int(st.n) * int(s.g.idx[pl][c])
		if st.christ {
			christians++
		}
	}
	return steps, christians
}

// Threats is, for each score (1, 2, 3, 4, 6 in that order), the most pieces
// the player on move could capture with one move of that score alone, as if
// it were the only score of a turn beginning now: how exposed the other
// player stands.
func (p Position) Threats() [5]int {
	var out [5]int
	if p.s.over() {
		return out
	}
	var buf [64]act
	for k, t := range scoreList {
		s := p.s.withOnlyScore(t)
		for _, a := range s.legal(buf[:0]) {
			if n := (Position{s}).Captures(Act{a}); n > out[k] {
				out[k] = n
			}
		}
	}
	return out
}
