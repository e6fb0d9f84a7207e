package games

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"kilab/lang"
)

// race is a tiny dice game for these tests, so that package games is tested
// without any of its engines (games imports none of them). Each side throws the
// four sticks and may add the score to its total ("add-N") or hold; the first to
// reach exactly raceGoal wins. A score that would overshoot leaves only "pass",
// which is nobody's choice (Due.Auto); a 0 is thrown again by the server (Auto).
type race struct{}

const raceGoal = 10

func (race) Name() string     { return "race" }
func (race) Title() string    { return "Race" }
func (race) Seats() [2]string { return [2]string{"a", "b"} }

func (race) Variants() []Variant {
	return []Variant{
		{Key: "classic", Title: lang.Text{ID: "Classic"}, Options: []Option{
			{Key: "size", Values: []string{"5", "7"}, Help: lang.Text{ID: "board size"}},
			{Key: "fast", Values: []string{"no", "yes"}, Help: lang.Text{ID: "fast play"}},
		}},
		{Key: "modern", Title: lang.Text{ID: "Modern"}, Options: []Option{
			{Key: "width", Values: []string{"11", "13"}, Help: lang.Text{ID: "board width"}},
		}},
		{Key: "bare", Title: lang.Text{ID: "Bare"}},
	}
}

func (g race) New(cfg Config) (Position, error) {
	if _, err := Normalize(g, cfg); err != nil {
		return nil, err
	}
	return racePos{dice: Sticks}, nil
}

func (race) Parse(Config, string) (Position, error) {
	return nil, fmt.Errorf("race: no notation: %w", ErrBadNotation)
}

func (race) DrawFirst(_ Config, src Source) (Opening, error) {
	return Opening{First: int(Coin(src))}, nil
}

type raceState int8

const (
	raceThrow raceState = iota
	raceAgain           // a 0 came: the server throws again
	raceMove
	raceOver
)

type racePos struct {
	dice  Dice
	score [2]int
	turn  Player
	state raceState
	throw Throw
	// lieAuto makes Due mark every move Auto, even a choice, to test that
	// Advance refuses to guess.
	lieAuto bool
}

func (p racePos) Due() Due {
	d := Due{Player: p.turn, Dice: p.dice}
	switch p.state {
	case raceOver:
		d.Kind = DueNothing
	case raceThrow, raceAgain:
		d.Kind, d.Auto = DueThrow, p.state == raceAgain
	case raceMove:
		d.Kind, d.Auto = DueMove, len(p.Moves()) == 1 || p.lieAuto
	}
	return d
}

// Throw takes any score at all: checking it against the dice is ThrowAs's job.
func (p racePos) Throw(t Throw) (Position, error) {
	if p.state != raceThrow && p.state != raceAgain {
		return p, fmt.Errorf("race: no throw is due: %w", ErrIllegalMove)
	}
	if t == 0 {
		p.state = raceAgain
		return p, nil
	}
	p.state, p.throw = raceMove, t
	return p, nil
}

func (p racePos) Moves() []Move {
	if p.state != raceMove {
		return nil
	}
	if p.score[p.turn]+int(p.throw) > raceGoal {
		return []Move{{Notation: "pass", Pass: true}}
	}
	return []Move{{Notation: fmt.Sprintf("add-%d", p.throw)}, {Notation: "hold"}}
}

func (p racePos) Play(move string) (Position, error) {
	switch p.state {
	case raceOver:
		return p, fmt.Errorf("race: %w", ErrGameOver)
	case raceThrow, raceAgain:
		return p, fmt.Errorf("race: throw first: %w", ErrIllegalMove)
	}
	for _, m := range p.Moves() {
		if m.Notation != move {
			continue
		}
		if n, ok := strings.CutPrefix(move, "add-"); ok {
			v, _ := strconv.Atoi(n)
			p.score[p.turn] += v
		}
		if p.score[p.turn] == raceGoal {
			p.state = raceOver
			return p, nil
		}
		p.turn, p.state, p.throw = p.turn.Other(), raceThrow, 0
		return p, nil
	}
	return p, fmt.Errorf("race: %q is not legal with a %d: %w", move, p.throw, ErrIllegalMove)
}

func (p racePos) Outcome() Outcome {
	if p.state != raceOver {
		return Outcome{}
	}
	return Outcome{Status: Won, Winner: p.turn} // no Reason: a test game has no catalog words
}

// String writes "a=3 b=5 a:throw"; the state is throw, again, won or the score to play.
func (p racePos) String() string {
	word := strconv.Itoa(int(p.throw))
	switch p.state {
	case raceThrow:
		word = "throw"
	case raceAgain:
		word = "again"
	case raceOver:
		word = "won"
	}
	return fmt.Sprintf("a=%d b=%d %s:%s", p.score[0], p.score[1], race{}.Seats()[p.turn], word)
}

// scripted is a Source that gives chosen throws of dice d, in order, and fails
// the test when asked for more. It finds a raw value for each throw by asking
// d.Draw itself, so it does not depend on how Draw turns bits into a score.
type scripted struct {
	t    *testing.T
	vals []uint64
}

func script(t *testing.T, d Dice, throws ...Throw) *scripted {
	t.Helper()
	s := &scripted{t: t}
	for _, want := range throws {
		s.vals = append(s.vals, rawFor(t, d, want))
	}
	return s
}

func rawFor(t *testing.T, d Dice, want Throw) uint64 {
	t.Helper()
	for r := uint64(0); r < 1<<16; r++ {
		if d.Draw(constSource(r)) == want {
			return r
		}
	}
	t.Fatalf("no raw value makes %v draw %d", d, want)
	return 0
}

func (s *scripted) Uint64() uint64 {
	if len(s.vals) == 0 {
		s.t.Fatal("the source was asked for more throws than the script holds")
	}
	v := s.vals[0]
	s.vals = s.vals[1:]
	return v
}

// left is how many scripted throws were not drawn.
func (s *scripted) left() int { return len(s.vals) }

type constSource uint64

func (c constSource) Uint64() uint64 { return uint64(c) }
