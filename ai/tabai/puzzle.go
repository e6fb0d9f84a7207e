package tabai

import (
	"context"
	"fmt"
	"slices"

	"kilab/ai"
	"kilab/games"
	"kilab/games/tab"
	"kilab/puzzles"
)

// A Tab puzzle is the first move of a turn (its throws all made, T2) that
// beats every other, in one of two ways:
//
//   - by material: the mover can end its turn at least minGain pieces up,
//     counting the opponent's reply, and no other first move keeps that
//     gain. The check searches deeper than hard: every plan of the turn
//     (hard plans within 40,000 positions), every ending of it played on
//     (hard: its best four) against the reply's turns of up to three throws
//     (95% of all turns; hard: two), each reply planned in full by the
//     opponent for material;
//   - failing that, by winning chance, as Aseb's are: the judge's chance
//     after it leads every other first move's by at least margin.

// minGain is the least material gain of a puzzle, in pieces.
const minGain = 2

// margin is the least lead of a puzzle's best move over the next in winning
// chance, where no material decides: Aseb's 10 points, now that the judge's
// chances are calibrated (docs/ai.md).
const margin = 0.10

// maxScores is the most scores a puzzle's turn may have left to play: a
// longer turn is more than a player can see at once, and costs the search
// the most.
const maxScores = 3

// puzzleNodes bounds the positions one examination may visit; a position
// whose search would visit more is not made a puzzle, so every check of a
// stored one finishes.
const puzzleNodes = 3_000_000

// deepScenarios are the reply turns the examination averages over: up to
// two throws of 1, 4 or 6 and then a 2 or 3.
var deepScenarios = func() []scenario {
	odds := map[games.Throw]float64{1: 4.0 / 16, 2: 6.0 / 16, 3: 4.0 / 16, 4: 1.0 / 16, 6: 1.0 / 16}
	var out []scenario
	var walk func(prefix []games.Throw, p float64)
	walk = func(prefix []games.Throw, p float64) {
		for _, last := range []games.Throw{2, 3} {
			out = append(out, scenario{append(slices.Clone(prefix), last), p * odds[last]})
		}
		if len(prefix) < 2 {
			for _, more := range []games.Throw{1, 4, 6} {
				walk(append(slices.Clone(prefix), more), p*odds[more])
			}
		}
	}
	walk(nil, 1)
	return out
}()

func init() {
	puzzles.Register("tab", func(games.Config, ai.Env) (puzzles.Examiner, error) { return examiner{}, nil })
}

type examiner struct{}

// errTooBig stops an examination that would visit more than puzzleNodes.
var errTooBig = fmt.Errorf("tabai: the position is too big to examine")

func (e examiner) Examine(ctx context.Context, pos games.Position) (puzzles.Finding, bool, error) {
	p, ok := pos.(tab.Position)
	if !ok {
		return puzzles.Finding{}, false, fmt.Errorf("tabai: not a Tab position: %T", pos)
	}
	if len(p.Acts(nil)) < 2 || len(p.Scores()) > maxScores {
		return puzzles.Finding{}, false, nil
	}
	f, err := withChances(ctx, p, gainsOf(ctx, p))
	if err != nil {
		return f, false, err
	}
	if puzzles.ClearGain(f.Moves, minGain) == nil {
		return f, true, nil
	}
	slices.SortStableFunc(f.Moves, puzzles.ByChance)
	return f, puzzles.ClearChance(f.Moves, margin) == nil, nil
}

// gainsOf is what each first move of p gains, in pieces, by the end of the
// opponent's reply; nil where the turn cannot win minGain (no deep search
// then) or the search would be too big.
func gainsOf(ctx context.Context, p tab.Position) map[string]float64 {
	x := &exam{ctx: ctx, me: p.Turn(), base: balance(p, p.Turn()), reply: map[string]float64{}}
	if x.turnMax(p) < minGain {
		return nil
	}
	gains := map[string]float64{}
	for _, a := range p.Acts(nil) {
		g, err := x.bestEnding(p.Do(a))
		if err != nil {
			return nil // too big to value by material
		}
		gains[p.Notation(a)] = g - x.base
	}
	return gains
}

// withChances adds the judge's chance to every move's gain and orders the
// moves by gain, then chance.
func withChances(ctx context.Context, p tab.Position, gains map[string]float64) (puzzles.Finding, error) {
	judge, err := shippedJudge()
	if err != nil {
		return puzzles.Finding{}, err
	}
	vals, _, err := ai.Analyse(ctx, judge, p)
	if err != nil {
		return puzzles.Finding{}, err
	}
	f := puzzles.Finding{Calibrated: judge.Calibrated()}
	for _, v := range vals {
		f.Moves = append(f.Moves, puzzles.Value{Move: v.Move, Chance: v.Chance, Gain: gains[v.Move]})
	}
	slices.SortStableFunc(f.Moves, puzzles.ByGain)
	return f, nil
}

// Clear holds for moves in order of gain whose best wins at least minGain
// pieces where no other does, or else in order of chance whose best leads
// the next by margin.
func (examiner) Clear(vals []puzzles.Value) error {
	byGain := puzzles.ClearGain(vals, minGain)
	if byGain == nil {
		return nil
	}
	if err := puzzles.ClearChance(vals, margin); err != nil {
		return fmt.Errorf("by material: %v; by chance: %v", byGain, err)
	}
	return nil
}

// balance is me's pieces less the opponent's.
func balance(p tab.Position, me games.Player) float64 {
	return float64(p.Pieces(me) - p.Pieces(me.Other()))
}

// exam is one examination: the mover, the balance it starts from, and the
// reply values already found, by the position the turn ends in.
type exam struct {
	ctx   context.Context
	me    games.Player
	base  float64
	nodes int
	reply map[string]float64
}

// turnEnds calls end for every distinct position the turn of the side on
// move in p can end in, walking every plan.
func (x *exam) turnEnds(p tab.Position, end func(tab.Position) error) error {
	side := p.Turn()
	seen := map[string]bool{}
	var walk func(q tab.Position) error
	walk = func(q tab.Position) error {
		key := q.String()
		if seen[key] {
			return nil
		}
		seen[key] = true
		if x.nodes++; x.nodes > puzzleNodes || x.ctx.Err() != nil {
			return errTooBig
		}
		if q.Turn() != side || q.Throwing() || q.Outcome().Over() {
			return end(q)
		}
		for _, a := range q.Acts(nil) {
			if err := walk(q.Do(a)); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(p)
}

// turnMax is the best balance the mover can end its turn with, reply not
// counted, less the balance it starts from.
func (x *exam) turnMax(p tab.Position) float64 {
	best := -1e9
	err := x.turnEnds(p, func(q tab.Position) error {
		best = max(best, balance(q, x.me))
		return nil
	})
	if err != nil {
		return 0
	}
	return best - x.base
}

// bestEnding is the best balance, after the reply, of the turn's endings
// from p, which is mid-turn.
func (x *exam) bestEnding(p tab.Position) (float64, error) {
	best := -1e9
	err := x.turnEnds(p, func(q tab.Position) error {
		v, err := x.afterReply(q)
		best = max(best, v)
		return err
	})
	return best, err
}

// afterReply is the mover's balance after the opponent's turn from q,
// averaged over the reply's throws, each turn planned by the opponent to
// leave the mover the least.
func (x *exam) afterReply(q tab.Position) (float64, error) {
	if q.Outcome().Over() || q.Turn() == x.me || !q.Throwing() {
		return balance(q, x.me), nil
	}
	key := q.String()
	if v, ok := x.reply[key]; ok {
		return v, nil
	}
	total, mass := 0.0, 0.0
	for _, s := range deepScenarios {
		r, ok := thrown(q, s.throws)
		if !ok {
			continue
		}
		worst := balance(r, x.me)
		if err := x.turnEnds(r, func(e tab.Position) error {
			worst = min(worst, balance(e, x.me))
			return nil
		}); err != nil {
			return 0, err
		}
		total += s.p * worst
		mass += s.p
	}
	v := balance(q, x.me)
	if mass > 0 {
		v = total / mass
	}
	x.reply[key] = v
	return v, nil
}

// Theme keys of Tab's puzzles, by what the first move does.
const (
	ThemeStack   = "stack"   // captures two or more pieces at once, a stack (T7)
	ThemeCapture = "capture" // captures one piece
	ThemeOrder   = "order"   // captures nothing itself, but lets the turn's later scores capture
	ThemeQuiet   = "quiet"   // captures nothing this turn: what it wins is in the reply's captures, the race or the position
)

func (examiner) Theme(pos games.Position, move string) (string, error) {
	p, ok := pos.(tab.Position)
	if !ok {
		return "", fmt.Errorf("tabai: not a Tab position: %T", pos)
	}
	for _, a := range p.Acts(nil) {
		if p.Notation(a) != move {
			continue
		}
		switch n := p.Captures(a); {
		case n >= 2:
			return ThemeStack, nil
		case n == 1:
			return ThemeCapture, nil
		}
		x := &exam{ctx: context.Background(), me: p.Turn(), base: balance(p, p.Turn())}
		if x.turnMax(p.Do(a)) > 0 {
			return ThemeOrder, nil
		}
		return ThemeQuiet, nil
	}
	return "", fmt.Errorf("tabai: %s is not a legal move: %w", move, games.ErrIllegalMove)
}

// Throw is the turn's scores not yet played, as a record writes throws.
func (examiner) Throw(pos games.Position) string {
	p, ok := pos.(tab.Position)
	if !ok {
		return ""
	}
	var out []byte
	for i, s := range p.Scores() {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, byte('0'+s))
	}
	return string(out)
}
