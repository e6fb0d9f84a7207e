package seegaai

import (
	"context"
	"fmt"
	"slices"

	"kilab/ai"
	"kilab/games"
	"kilab/games/seega"
	"kilab/puzzles"
)

// A Seega puzzle is a move that starts a turn and beats every other, in one
// of two ways:
//
//   - by material: after it the mover is at least minGain pieces up at the
//     end of its turn (its capture chain included, S5) and of the opponent's
//     reply, with the best play of both, when no other move keeps that gain;
//     and a search deeper than hard's (deepDepth plies within deepNodes
//     positions, hard: 12 and 40,000) agrees that it is the best move and
//     that the gain holds;
//   - failing that, by winning chance, as Aseb's are, where the judge's
//     chances are calibrated (5 x 5 and 7 x 7, on the shipped networks): the chance
//     after it leads every other move's by at least margin.

const (
	minGain   = 2
	deepDepth = 16
	deepNodes = 400_000
	// turnNodes bounds the turn-and-reply search of one examination; a
	// position that needs more is not made a puzzle.
	turnNodes = 2_000_000
	// margin is the least lead of a puzzle's best move over the next in
	// winning chance, where no material decides: Aseb's and Tab's 10 points.
	margin = 0.10
)

func init() {
	puzzles.Register("seega", func(cfg games.Config, env ai.Env) (puzzles.Examiner, error) {
		j, err := judgeFor(cfg, env)
		if err != nil {
			return nil, err
		}
		return examiner{judge: j.(judge)}, nil
	})
}

// examiner examines the positions of one board; judge gives the chances.
type examiner struct{ judge judge }

var errTooBig = fmt.Errorf("seegaai: the position is too big to examine")

func (e examiner) Examine(ctx context.Context, pos games.Position) (puzzles.Finding, bool, error) {
	p, ok := pos.(seega.Position)
	if !ok {
		return puzzles.Finding{}, false, fmt.Errorf("seegaai: not a Seega position: %T", pos)
	}
	moves := p.AppendMoves(nil)
	if _, mid := p.Chain(); mid || len(moves) < 2 || p.Phase() != seega.Movement {
		// Placing captures nothing; in the middle of a chain, going on
		// capturing is no puzzle: a puzzle starts a turn.
		return puzzles.Finding{}, false, nil
	}
	gains := gainsOf(ctx, p, moves)
	if gains == nil && !e.judge.Calibrated() {
		return puzzles.Finding{}, false, nil
	}
	f, err := e.withChances(ctx, p, gains)
	if err != nil {
		return f, false, err
	}
	if puzzles.ClearGain(f.Moves, minGain) == nil {
		return f, confirmed(ctx, p, f.Moves[0].Move), nil
	}
	if !e.judge.Calibrated() {
		return f, false, nil
	}
	slices.SortStableFunc(f.Moves, puzzles.ByChance)
	return f, puzzles.ClearChance(f.Moves, margin) == nil, nil
}

// gainsOf is what each move of p gains, in pieces, by the end of the
// opponent's reply; nil where the turn cannot win minGain (no deep search
// then) or the search would be too big.
func gainsOf(ctx context.Context, p seega.Position, moves []seega.Move) map[string]float64 {
	x := &exam{ctx: ctx, me: p.Turn(), base: balance(&p, p.Turn())}
	if x.turnMax(p) < minGain {
		return nil
	}
	gains := map[string]float64{}
	for _, m := range moves {
		q := p
		q.Do(m)
		g, err := x.bestEnding(q)
		if err != nil {
			return nil // too big to value by material
		}
		gains[m.String()] = float64(g - x.base)
	}
	return gains
}

// confirmed says whether the deep search from p plays best and ends at
// least minGain pieces up, give or take the centre's bonus on both sides.
func confirmed(ctx context.Context, p seega.Position, best string) bool {
	s := newSearcher(ctx, deepNodes)
	defer s.done()
	m, v := s.best(&p, deepDepth)
	return m.String() == best && v-evaluate(&p) >= minGain*pieceValue-2*centreBonus
}

// withChances adds the judge's chance to every move's gain and orders the
// moves by gain, then chance.
func (e examiner) withChances(ctx context.Context, p seega.Position, gains map[string]float64) (puzzles.Finding, error) {
	vals, _, err := ai.Analyse(ctx, e.judge, p)
	if err != nil {
		return puzzles.Finding{}, err
	}
	f := puzzles.Finding{Calibrated: e.judge.Calibrated()}
	for _, v := range vals {
		f.Moves = append(f.Moves, puzzles.Value{Move: v.Move, Chance: v.Chance, Gain: gains[v.Move]})
	}
	slices.SortStableFunc(f.Moves, puzzles.ByGain)
	return f, nil
}

// Clear holds for moves in order of gain whose best wins at least minGain
// pieces where no other does, or else, where the judge's chances are
// calibrated, in order of chance whose best leads the next by margin.
func (e examiner) Clear(vals []puzzles.Value) error {
	byGain := puzzles.ClearGain(vals, minGain)
	if byGain == nil || !e.judge.Calibrated() {
		return byGain
	}
	if err := puzzles.ClearChance(vals, margin); err != nil {
		return fmt.Errorf("by material: %v; by chance: %v", byGain, err)
	}
	return nil
}

// balance is me's pieces (on the board and in hand) less the opponent's.
func balance(p *seega.Position, me games.Player) int {
	return p.OnBoard(me) + p.InHand(me) - p.OnBoard(me.Other()) - p.InHand(me.Other())
}

// exam is one examination's mover, starting balance and count of positions.
type exam struct {
	ctx   context.Context
	me    games.Player
	base  int
	nodes int
}

// turnEnds calls end with every position the turn of p's side on move can
// end in: after its move and every way its capture chain can go on.
func (x *exam) turnEnds(p seega.Position, end func(*seega.Position) error) error {
	if x.nodes++; x.nodes > turnNodes || x.ctx.Err() != nil {
		return errTooBig
	}
	side := p.Turn()
	for _, m := range p.AppendMoves(nil) {
		q := p
		q.Do(m)
		var err error
		if q.Turn() == side && !q.Over() {
			err = x.turnEnds(q, end)
		} else {
			x.nodes++
			err = end(&q)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// rest is where p's side's turn can end from p, which is mid-turn (the same
// side on move) or already ended.
func (x *exam) rest(p seega.Position, side games.Player, end func(*seega.Position) error) error {
	if p.Turn() != side || p.Over() {
		return end(&p)
	}
	return x.turnEnds(p, end)
}

// turnMax is the most the mover can be up at the end of its turn from p.
func (x *exam) turnMax(p seega.Position) int {
	best := -1 << 30
	if err := x.turnEnds(p, func(q *seega.Position) error {
		best = max(best, balance(q, x.me))
		return nil
	}); err != nil {
		return 0
	}
	return best - x.base
}

// bestEnding is the mover's best balance after the rest of its turn from q
// and the opponent's reply, the reply chosen to leave it the least.
func (x *exam) bestEnding(q seega.Position) (int, error) {
	best := -1 << 30
	err := x.rest(q, x.me, func(e *seega.Position) error {
		worst := balance(e, x.me)
		if !e.Over() && len(e.AppendMoves(nil)) > 0 {
			worst = 1 << 30
			if err := x.turnEnds(*e, func(r *seega.Position) error {
				worst = min(worst, balance(r, x.me))
				return nil
			}); err != nil {
				return err
			}
		}
		best = max(best, worst)
		return nil
	})
	return best, err
}

// Theme keys of Seega's puzzles, by what the move does.
const (
	ThemeDouble  = "double"  // one step captures two or more pieces (S4)
	ThemeChain   = "chain"   // a capture that lets the piece go on capturing (S5)
	ThemeCapture = "capture" // captures one piece, and the turn ends
	ThemeDefence = "defence" // captures nothing: the gain is in what the reply can no longer take
)

func (examiner) Theme(pos games.Position, move string) (string, error) {
	p, ok := pos.(seega.Position)
	if !ok {
		return "", fmt.Errorf("seegaai: not a Seega position: %T", pos)
	}
	eff, err := p.Effect(move)
	if err != nil {
		return "", err
	}
	after, err := p.Play(move)
	if err != nil {
		return "", err
	}
	switch n := len(eff.Captured); {
	case n >= 2:
		return ThemeDouble, nil
	case n == 1 && after.(seega.Position).Turn() == p.Turn() && after.Outcome().Status == games.Ongoing:
		return ThemeChain, nil
	case n == 1:
		return ThemeCapture, nil
	}
	return ThemeDefence, nil
}

func (examiner) Throw(games.Position) string { return "" }
