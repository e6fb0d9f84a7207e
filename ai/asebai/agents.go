package asebai

import (
	"context"
	"fmt"

	"kilab/ai"
	"kilab/games"
	"kilab/games/aseb"
)

func init() {
	level := func(name, doc string, l params) {
		ai.Register("aseb", name, doc, func(cfg games.Config, src games.Source, env ai.Env) (ai.Agent, error) {
			return &agent{params: l, cfg: cfg, src: src, tables: TablesIn(env)}, nil
		})
	}
	level("easy", "the race count one move ahead, and a random move a third of the time", params{depth: 0, noise: true})
	level("medium", "the race count after every throw and reply of the next turn (expectimax, 1 throw deep)", params{depth: 1})
	level("hard", "perfect play from the solved table; 7 pieces, or until a table is solved, expectimax 3 throws deep", params{depth: 3, perfect: true})
	ai.Register("aseb", "greedy", "the move after which the race count is best for it, ties at random",
		func(_ games.Config, src games.Source, _ ai.Env) (ai.Agent, error) {
			return ai.Greedy(greedyEval, src), nil
		})
	ai.RegisterJudge("aseb", func(cfg games.Config, env ai.Env) (ai.Judge, error) { return judge{cfg, TablesIn(env)}, nil })
}

// params is what a level does.
type params struct {
	depth   int  // throws looked ahead after the move
	noise   bool // easy: a random move a third of the time
	perfect bool // hard: the table where there is one
}

type agent struct {
	params
	cfg    games.Config
	src    games.Source
	tables *Tables // nil: none, search
}

func (a *agent) Choose(ctx context.Context, pos games.Position) (string, error) {
	p, ok := pos.(aseb.Position)
	if !ok {
		return "", fmt.Errorf("asebai: not an Aseb position: %T", pos)
	}
	var buf [8]aseb.Move
	legal := p.Legal(buf[:0])
	switch {
	case p.State() != aseb.MoveDue:
		return "", fmt.Errorf("asebai: no move is due: %w", games.ErrIllegalMove)
	case len(legal) == 0:
		return p.FormatMove(aseb.Pass), nil
	case len(legal) == 1:
		return p.FormatMove(legal[0]), nil
	case a.noise && ai.Intn(a.src, 3) == 0:
		return p.FormatMove(legal[ai.Intn(a.src, len(legal))]), nil
	}
	if a.perfect {
		if t := a.tables.For(a.cfg); t != nil {
			_, m := t.best(p)
			return p.FormatMove(m), nil
		}
	}
	return p.FormatMove(a.search(ctx, p, legal)), nil
}

// search picks the move of best expectimax value, ties at random.
func (a *agent) search(ctx context.Context, p aseb.Position, legal []aseb.Move) aseb.Move {
	e := newExpectimax(ctx, p.Rules(), heuristic)
	var best []aseb.Move
	top := -1.0
	for _, m := range legal {
		q, err := p.Apply(m)
		if err != nil {
			continue
		}
		switch v := e.after(p, q, a.depth); {
		case v > top+1e-12:
			top, best = v, append(best[:0], m)
		case v > top-1e-12:
			best = append(best, m)
		}
	}
	return best[ai.Intn(a.src, len(best))]
}

// judge gives seat 0's chance: exact from the table where one is loaded, the
// 3-throw expectimax estimate otherwise.
type judge struct {
	cfg    games.Config
	tables *Tables // nil: none, estimate
}

func (j judge) WinChance(ctx context.Context, pos games.Position) (float64, bool, error) {
	if c, over := ai.Final(pos); over {
		return c, true, nil
	}
	p, ok := pos.(aseb.Position)
	if !ok {
		return 0, false, fmt.Errorf("asebai: not an Aseb position: %T", pos)
	}
	var c float64
	exact := false
	if t := j.tables.For(j.cfg); t != nil {
		c, exact = t.Chance(p), true
	} else {
		c = estimate(ctx, p)
	}
	if p.Turn() == games.Second {
		c = 1 - c
	}
	return c, exact, nil
}

// estimate is expectimax's chance for p's side on turn, in any state.
func estimate(ctx context.Context, p aseb.Position) float64 {
	e := newExpectimax(ctx, p.Rules(), heuristic)
	if p.State() != aseb.MoveDue {
		return e.value(p, 2)
	}
	var buf [8]aseb.Move
	best := 0.0
	legal := p.Legal(buf[:0])
	if len(legal) == 0 {
		legal = append(legal, aseb.Pass)
	}
	for _, m := range legal {
		if q, err := p.Apply(m); err == nil {
			best = max(best, e.after(p, q, 2))
		}
	}
	return best
}
