package tabai

import (
	"cmp"
	"context"
	"fmt"

	"kilab/ai"
	"kilab/games"
	"kilab/games/tab"
)

func init() {
	level := func(name, doc string, l params) {
		ai.Register("tab", name, doc, func(_ games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
			return &agent{params: l, src: src}, nil
		})
	}
	level("easy", "the best-looking single move, and a random one a third of the time", params{w: plain, single: true, noise: true})
	level("medium", "plans the whole turn on material and progress", params{w: plain, nodes: 20000})
	ai.Register("tab", "hard", "plans the whole turn on the learned evaluation (kilab train), and plays its best few endings on against the opponent's likely turns",
		func(games.Config, games.Source, ai.Env) (ai.Agent, error) {
			net, err := shippedNet()
			if err != nil {
				return nil, err
			}
			np := newNetPlayer(net, turnLimit)
			np.reply = true
			return np, nil
		})
	level("classic", "hard before it learned: plans the whole turn on material, progress and threats, and plays its best few endings on against the opponent's likely turns", params{w: tuned, nodes: 40000, reply: true})
	ai.Register("tab", "greedy", "one move at a time: the one that leaves the most material and progress, ties at random",
		func(_ games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
			return ai.Greedy(greedyEval, src), nil
		})
	ai.RegisterJudge("tab", func(games.Config, ai.Env) (ai.Judge, error) {
		return shippedJudge()
	})
}

type params struct {
	w      weights
	nodes  int  // positions a turn's plan may visit
	single bool // one move ahead only
	reply  bool // hard: the best endings played on against the opponent's turn
	// replyNodes bounds the opponent's planning of each of its turns
	// (0: replyNodes).
	replyNodes int
	noise      bool // a random move a third of the time
}

type agent struct {
	params
	src games.Source
}

func (a *agent) Choose(ctx context.Context, pos games.Position) (string, error) {
	p, ok := pos.(tab.Position)
	if !ok {
		return "", fmt.Errorf("tabai: not a Tab position: %T", pos)
	}
	acts := p.Acts(nil)
	switch {
	case len(acts) == 0:
		return "", fmt.Errorf("tabai: no move is due: %w", games.ErrIllegalMove)
	case len(acts) == 1:
		return p.Notation(acts[0]), nil
	case a.noise && ai.Intn(a.src, 3) == 0:
		return p.Notation(acts[ai.Intn(a.src, len(acts))]), nil
	case a.single:
		return p.Notation(a.bestSingle(p, acts)), nil
	}
	pl := &planner{ctx: ctx, w: a.w, me: p.Turn(), limit: a.nodes, replyLimit: cmp.Or(a.replyNodes, replyNodes), seen: map[string]float64{}}
	if a.reply {
		return p.Notation(pl.bestWithReply(p, acts)), nil
	}
	return p.Notation(pl.best(p, acts, a.src)), nil
}

// bestSingle is the move that evaluates best right after it, ties at random.
func (a *agent) bestSingle(p tab.Position, acts []tab.Act) tab.Act {
	var best []tab.Act
	top := 0.0
	for _, m := range acts {
		v := a.w.evaluate(p.Do(m), p.Turn())
		switch {
		case len(best) == 0 || v > top:
			top, best = v, append(best[:0], m)
		case v == top:
			best = append(best, m)
		}
	}
	return best[ai.Intn(a.src, len(best))]
}

// planner searches the rest of a turn: every order of its scores and every
// move for each, to where the turn ends.
type planner struct {
	ctx        context.Context
	w          weights
	me         games.Player
	limit      int
	replyLimit int // the opponent's planning of each reply (bestWithReply)
	nodes      int
	seen       map[string]float64 // positions mid-turn already valued
}

// best is the first move of the best plan for the turn, ties at random.
func (pl *planner) best(p tab.Position, acts []tab.Act, src games.Source) tab.Act {
	var best []tab.Act
	top := 0.0
	for _, m := range acts {
		v := pl.value(p.Do(m))
		switch {
		case len(best) == 0 || v > top+1e-9:
			top, best = v, append(best[:0], m)
		case v > top-1e-9:
			best = append(best, m)
		}
	}
	return best[ai.Intn(src, len(best))]
}

// value is the best the mover can make of the rest of its turn from p.
func (pl *planner) value(p tab.Position) float64 {
	pl.nodes++
	if p.Turn() != pl.me || p.Throwing() || p.Outcome().Over() || pl.nodes > pl.limit || (pl.nodes&255 == 0 && pl.ctx.Err() != nil) {
		return pl.w.evaluate(p, pl.me)
	}
	key := p.String()
	if v, ok := pl.seen[key]; ok {
		return v
	}
	best := -1e9
	for _, m := range p.Acts(nil) {
		best = max(best, pl.value(p.Do(m)))
	}
	pl.seen[key] = best
	return best
}
