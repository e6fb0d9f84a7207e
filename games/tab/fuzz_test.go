package tab

import (
	"errors"
	"testing"

	"kilab/games"
)

// FuzzNotation: any text either reads as a position whose notation reads back to
// the same text, or is refused as bad notation; the same for moves. Never a panic.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{
		"ccccccc/7/7/CCCCCCC w - t10 0",
		"c1c1ccc/(mf)6/3(MFM)3/CC2M2 w 3 - x",
		"ccc1(FF)2/7/7/7 b 1,4+ - 70",
		"3b5-b8", "1c7^d7", "pass3", "pass", "((MM))/7/7/7 w - - 0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil && !errors.Is(err, games.ErrBadNotation) {
			t.Fatalf("ParsePosition(%q): %v, not bad notation", s, err)
		}
		if err == nil {
			text := p.String()
			q, err := ParsePosition(text)
			if err != nil || q.String() != text {
				t.Fatalf("%q formats as %q, which reads back as %v, %v", s, text, q, err)
			}
		}
		m, err := ParseMove(s)
		if err != nil && !errors.Is(err, games.ErrBadNotation) {
			t.Fatalf("ParseMove(%q): %v, not bad notation", s, err)
		}
		if err == nil && m.String() != s {
			t.Fatalf("ParseMove(%q) formats back as %q", s, m.String())
		}
	})
}

// FuzzPlay: from a position reached by a seeded random game, any move text and
// throw either apply, to a position whose notation reads back, or are refused
// with one of the games errors. Never a panic.
func FuzzPlay(f *testing.F) {
	f.Add(uint8(0), uint64(1), uint16(10), "1a11-b11", int8(1))
	f.Add(uint8(2), uint64(7), uint16(40), "pass", int8(6))
	f.Add(uint8(11), uint64(3), uint16(300), "2c6-d7", int8(5))
	f.Fuzz(func(t *testing.T, wi uint8, seed uint64, steps uint16, move string, score int8) {
		p := randomPosition(7+2*int(wi%12), seed, int(steps))
		for _, q := range []Position{p, p.withScores(score)} {
			next, err := q.WithMove(move)
			checkResult(t, q, move, next, err)
			if _, terr := q.Trace(move); (terr == nil) != (err == nil) {
				t.Fatalf("%s in %v: Trace says %v, Play %v", move, q, terr, err)
			}
			after, err := q.WithThrow(games.Throw(score))
			checkResult(t, q, "throw", after, err)
			if _, err := q.MovesFor(games.Throw(score)); err != nil && !isGamesError(err) {
				t.Fatalf("MovesFor(%d) in %v: %v", score, q, err)
			}
		}
	})
}

func checkResult(t *testing.T, p Position, what string, next Position, err error) {
	if err != nil {
		if !isGamesError(err) {
			t.Fatalf("%s in %v: %v wraps no games error", what, p, err)
		}
		return
	}
	if q, err := ParsePosition(next.String()); err != nil || q.String() != next.String() {
		t.Fatalf("%s in %v gives %v, which reads back as %v, %v", what, p, next, q, err)
	}
}

func isGamesError(err error) bool {
	return errors.Is(err, games.ErrIllegalMove) || errors.Is(err, games.ErrBadNotation) || errors.Is(err, games.ErrGameOver)
}

// randomPosition plays up to steps random throws and moves from the start.
func randomPosition(w int, seed uint64, steps int) Position {
	s := start(w)
	src := games.Seeded(seed)
	var buf [maxLegal]act
	for ; steps > 0 && !s.over(); steps-- {
		if s.phase != phaseMoving {
			s.throw(drawScore(src))
			continue
		}
		legal := s.legal(buf[:0])
		s.do(legal[src.Uint64()%uint64(len(legal))])
	}
	return Position{s}
}

// withScores returns p, if a throw is due, with score t thrown and the turn's
// throwing ended, so that fuzzed moves meet positions waiting for a move too.
func (p Position) withScores(t int8) Position {
	if p.s.over() || p.s.phase == phaseMoving || !games.TabSticks.Valid(games.Throw(t)) {
		return p
	}
	q, _ := p.WithThrow(games.Throw(t))
	for q.Throwing() {
		q, _ = q.WithThrow(2) // T2: a 2 ends the throwing (T10: or is void until the first 1)
		if q.Opening() {
			q, _ = q.WithThrow(1)
		}
	}
	return q
}
