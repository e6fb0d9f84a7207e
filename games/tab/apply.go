package tab

// throw keeps a thrown score (T2, T10). The caller makes sure a throw is due and t
// is a Tab score.
func (s *state) throw(t uint8) {
	if s.opening && t != 1 {
		s.phase = phaseThrowing // T10: void; the player throws on until a 1 comes
		return
	}
	s.opening = false
	s.addScore(t)
	if t == 2 || t == 3 {
		s.phase = phaseMoving // T2: throwing stops at the first 2 or 3
		return
	}
	s.phase = phaseThrowing // T2: 1, 4 and 6 give another throw
}

// do applies a legal move of the player on move.
func (s *state) do(m act) {
	if m&actPass != 0 {
		if t := m.score(); t != 0 {
			s.useScore(t) // T6: the pass gives up this score only
			s.afterMove()
			return
		}
		s.endTurn() // D5: the scores left have no legal move and are lost (T11)
		return
	}
	s.useScore(m.score())
	mv := s.take(m)
	if m&actRow4 != 0 {
		mv.flip = 1<<mv.n - 1 // T8: every piece that enters row 4 is flipped
	}
	s.land(m.to(), mv)
	s.afterMove()
}

// take lifts the moving piece or stack off its cell, reducing a stack that crosses
// back (T6).
func (s *state) take(m act) stack {
	from := m.from()
	if m&actSplit != 0 {
		// T5: the top piece moves alone; the rest stays.
		st := s.lift(from)
		top := st.n - 1
		mv := stack{n: 1, owner: st.owner, flip: st.flip >> top & 1}
		st.n, st.flip = top, st.flip&(1<<top-1)
		s.put(from, st)
		return mv
	}
	mv := s.lift(from)
	mv.christ = false // T4: a piece that has moved is converted for good
	if m&actReduce != 0 {
		// T6: only the bottom piece goes on; the others leave the board.
		s.total[mv.owner] -= mv.n - 1
		mv.n, mv.flip = 1, mv.flip&1
		s.departed = true
	}
	return mv
}

// land puts mv on cell c: on top of the player's own pieces (T5), or in place of
// the opponent's, which all leave the board (T7).
func (s *state) land(c int, mv stack) {
	dst := s.lift(c)
	switch {
	case dst.n == 0:
	case dst.owner != mv.owner:
		s.total[dst.owner] -= dst.n
		s.departed = true
	default:
		mv.flip = dst.flip | mv.flip<<dst.n
		mv.n += dst.n
	}
	s.put(c, mv)
}

// afterMove ends the turn once every score is used (T11). A game won with scores
// left keeps them: the game ends at once (T12), not with the turn.
func (s *state) afterMove() {
	if s.nscores == 0 {
		s.endTurn()
	}
}

// endTurn hands the throw to the other player and counts the turn for T12.
func (s *state) endTurn() {
	if s.departed {
		s.quiet = 0
	} else {
		s.quiet++
	}
	s.departed = false
	s.scores = [7]uint8{}
	s.nscores = 0
	s.turn ^= 1
	s.phase = phaseStart
}
