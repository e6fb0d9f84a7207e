package tab

import "kilab/games"

// Playout plays p to the end with random throws from src and moves chosen
// uniformly among the legal ones (a T6 pass included), and returns the final
// position and the number of moves made. It is the building block of Monte Carlo
// search and allocates only the returned position. Every game ends: T12 bounds the
// turns without a piece leaving the board, and pieces never come back.
func Playout(p Position, src games.Source) (Position, int) {
	s := *p.s
	var buf [maxLegal]act
	n := s.playout(src, buf[:0])
	return Position{&s}, n
}

// maxLegal is a buffer size that holds the legal moves of nearly every position;
// legal grows a buffer that is too small.
const maxLegal = 256

// playout plays s to the end in place, generating moves into buf.
func (s *state) playout(src games.Source, buf []act) int {
	moves := 0
	for !s.over() {
		if s.phase != phaseMoving {
			s.throw(drawScore(src))
			continue
		}
		buf = s.legal(buf[:0])
		s.do(buf[src.Uint64()%uint64(len(buf))])
		moves++
	}
	return moves
}

// drawScore throws the Tab sticks (D1, T2): the number of flat sides of four fair
// sticks, none scoring 6.
func drawScore(src games.Source) uint8 {
	return uint8(games.TabSticks.Draw(src))
}
