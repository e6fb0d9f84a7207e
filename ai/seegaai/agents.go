package seegaai

import (
	"context"
	"fmt"
	"math"

	"kilab/ai"
	"kilab/ai/learn"
	"kilab/games"
	"kilab/games/seega"
)

func init() {
	level := func(name, doc string, l params) {
		ai.Register("seega", name, doc, func(_ games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
			return &agent{params: l, src: src}, nil
		})
	}
	level("easy", "looks one move ahead, plays a near-best move at random a third of the time, places at random", params{depth: 1, nodes: 5000, noise: true, randomPlace: true})
	level("medium", "searches 2 moves ahead; places by the placement plan", params{depth: 2, nodes: 20000})
	ai.Register("seega", "hard", "classic's search with the evaluation learned for the board (a network shipped for each size), placing near where the network likes best",
		func(cfg games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
			net, _, err := shippedNet(cfg)
			if err != nil {
				return nil, err
			}
			return &agent{params: params{depth: 12, nodes: 40000, net: net}, src: src}, nil
		})
	level("classic", "hard before it learned: alpha-beta to 12 moves ahead within 40,000 positions a move on material; places by the placement plan", params{depth: 12, nodes: 40000})
	ai.Register("seega", "learned", "as hard on a network: the one kilab arena --net gives, or the one shipped for the board",
		func(cfg games.Config, src games.Source, env ai.Env) (ai.Agent, error) {
			net, err := netIn(cfg, env)
			if err != nil {
				return nil, err
			}
			return &agent{params: params{depth: 12, nodes: 40000, net: net}, src: src}, nil
		})
	ai.Register("seega", "greedy", "the move that leaves it the most pieces against the opponent's, ties at random",
		func(_ games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
			return ai.Greedy(material, src), nil
		})
	ai.RegisterJudge("seega", judgeFor)
}

// params is what a level may do.
type params struct {
	depth, nodes int
	noise        bool // easy: sometimes a near-best move instead of the best
	randomPlace  bool
	net          *learn.Net // the search's evaluation and the placements' judge; nil: material (evaluate) and the plan
}

type agent struct {
	params
	src games.Source
}

func (a *agent) Choose(ctx context.Context, pos games.Position) (string, error) {
	p, ok := pos.(seega.Position)
	if !ok {
		return "", fmt.Errorf("seegaai: not a Seega position: %T", pos)
	}
	moves := p.AppendMoves(nil)
	switch {
	case len(moves) == 0:
		return "", fmt.Errorf("seegaai: no legal move: %w", games.ErrIllegalMove)
	case len(moves) == 1:
		return moves[0].String(), nil
	case p.Phase() == seega.Placement && a.randomPlace:
		return moves[ai.Intn(a.src, len(moves))].String(), nil
	case p.Phase() == seega.Placement && a.net != nil:
		// The network places as it learned to in self-play, one placement
		// ahead: against classic's plan that decided most games (docs/ai.md).
		return newNetChooser(a.net).nearBest(&p, placeSlack, a.src).String(), nil
	case p.Phase() == seega.Placement:
		return planPlacement(&p, a.src).String(), nil
	case a.noise && ai.Intn(a.src, 3) == 0:
		return a.nearBest(ctx, &p).String(), nil
	}
	s := newSearcher(ctx, a.nodes)
	defer s.done()
	if a.net != nil {
		ns := takeScorer(a.net)
		defer ns.done()
		s.eval = ns.score
	}
	m, _ := s.best(&p, a.depth)
	return m.String(), nil
}

// nearBest is a random move among those within a piece of the best, one ply
// deep: easy's mistakes, which are small ones.
func (a *agent) nearBest(ctx context.Context, p *seega.Position) seega.Move {
	s := newSearcher(ctx, a.nodes)
	defer s.done()
	kids := s.expand(p, 0)
	vals := make([]int, len(kids))
	top := math.MinInt
	for i := range kids {
		vals[i] = s.childValue(p, &kids[i].pos, 0, 1, -winScore-1, winScore+1)
		top = max(top, vals[i])
	}
	var near []seega.Move
	for i, v := range vals {
		if v >= top-pieceValue {
			near = append(near, kids[i].move)
		}
	}
	return near[ai.Intn(a.src, len(near))]
}

// judge estimates seat 0's chance from a short search's score, through a
// logistic curve: with material as the evaluation, a piece up is about a 73%
// chance (scale: one piece = 1); with a network, the score is its log-odds,
// which the curve takes through curve (none: the network's own chance).
type judge struct {
	net   *learn.Net // nil: material
	curve *curve     // fitted to net; nil: the log-odds as they are
}

// curve maps log-odds z to sign(z) * scale * |z|^power: a sharpening that
// sharpens a clear lead more than a slight one. Below a knee (0: none) it
// bends with a power of its own, inner, meeting the outer curve at the knee:
// a near-even position's chance may be bolder or gentler than the lead's
// curve would make it. checked says the curve's chances were then checked
// on other games and passed (ai.Checked).
type curve struct {
	scale, power float64
	knee, inner  float64
	checked      bool
}

func (c *curve) apply(z float64) float64 {
	if c == nil {
		return z
	}
	a := math.Abs(z)
	if a < c.knee {
		return math.Copysign(c.scale*math.Pow(c.knee, c.power)*math.Pow(a/c.knee, c.inner), z)
	}
	return math.Copysign(c.scale*math.Pow(a, c.power), z)
}

// judgeNodes bounds the search behind each estimate: /review asks for one per
// legal move of every ply.
const judgeNodes = 3000

func (j judge) WinChance(ctx context.Context, pos games.Position) (float64, bool, error) {
	if c, over := ai.Final(pos); over {
		return c, true, nil
	}
	p, ok := pos.(seega.Position)
	if !ok {
		return 0, false, fmt.Errorf("seegaai: not a Seega position: %T", pos)
	}
	s := newSearcher(ctx, judgeNodes)
	defer s.done()
	if j.net != nil {
		ns := takeScorer(j.net)
		defer ns.done()
		s.eval = ns.score
	}
	v := s.value(&p) // placing: no search, the evaluation's word
	if p.Phase() == seega.Movement {
		_, v = s.best(&p, 4)
	}
	chance := 1 / (1 + math.Exp(-j.curve.apply(float64(v)/pieceValue)))
	switch {
	case v >= winScore-maxPly:
		chance = 1
	case v <= -winScore+maxPly:
		chance = 0
	}
	if p.Turn() == games.Second {
		chance = 1 - chance
	}
	return chance, false, nil
}

// Calibrated says whether the judge's chances passed the check (ai.Checked):
// its curve was fitted to the network and checked on other games.
func (j judge) Calibrated() bool { return j.curve != nil && j.curve.checked }
