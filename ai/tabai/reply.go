package tabai

import (
	"slices"

	"kilab/games"
	"kilab/games/tab"
)

// Hard looks past its own turn: of the turn's possible endings, the few
// that evaluate best are played on against the opponent's likely turns (each
// planned by the opponent on the same evaluation), and the ending whose
// expected value after the reply is best is chosen.

const (
	// candidates is how many of the turn's endings are played on.
	candidates = 4
	// replyNodes bounds the opponent's planning of each of its turns.
	replyNodes = 600
)

// scenario is an opponent's turn as thrown: its scores and their chance.
type scenario struct {
	throws []games.Throw
	p      float64
}

// scenarios are the opponent turns of at most one further throw: a 2 or a 3,
// or a 1, 4 or 6 and then a 2 or 3 (T2), 86% of all turns. Each throw: 1 in
// 4/16, 2 in 6/16, 3 in 4/16, 4 and 6 in 1/16.
var scenarios = func() []scenario {
	odds := map[games.Throw]float64{1: 4.0 / 16, 2: 6.0 / 16, 3: 4.0 / 16, 4: 1.0 / 16, 6: 1.0 / 16}
	var out []scenario
	for _, last := range []games.Throw{2, 3} {
		out = append(out, scenario{[]games.Throw{last}, odds[last]})
		for _, more := range []games.Throw{1, 4, 6} {
			out = append(out, scenario{[]games.Throw{more, last}, odds[more] * odds[last]})
		}
	}
	return out
}()

// ending is a position where the turn ends, the first move that leads
// there, and its evaluation.
type ending struct {
	pos    tab.Position
	first  tab.Act
	static float64
}

// endings lists the distinct positions the turn from p can end in.
func (pl *planner) endings(p tab.Position, acts []tab.Act) []ending {
	found := map[string]int{}
	var out []ending
	seen := map[string]bool{}
	var walk func(q tab.Position, first tab.Act)
	walk = func(q tab.Position, first tab.Act) {
		pl.nodes++
		if q.Turn() != pl.me || q.Throwing() || q.Outcome().Over() || pl.nodes > pl.limit || (pl.nodes&255 == 0 && pl.ctx.Err() != nil) {
			key := q.String()
			if _, ok := found[key]; !ok {
				found[key] = len(out)
				out = append(out, ending{q, first, pl.w.evaluate(q, pl.me)})
			}
			return
		}
		key := q.String()
		if seen[key] {
			return // its endings are found already, through an earlier first move
		}
		seen[key] = true
		for _, m := range q.Acts(nil) {
			walk(q.Do(m), first)
		}
	}
	for _, m := range acts {
		walk(p.Do(m), m)
	}
	return out
}

// bestWithReply is hard's choice: the first move of the ending that is best
// after the opponent's reply, among the best few by evaluation.
func (pl *planner) bestWithReply(p tab.Position, acts []tab.Act) tab.Act {
	ends := pl.endings(p, acts)
	slices.SortStableFunc(ends, func(a, b ending) int {
		switch {
		case a.static > b.static:
			return -1
		case a.static < b.static:
			return 1
		}
		return 0
	})
	best, top := ends[0].first, -1e18
	for _, e := range ends[:min(candidates, len(ends))] {
		if v := pl.afterReply(e.pos); v > top {
			best, top = e.first, v
		}
	}
	return best
}

// afterReply is the expected evaluation, for the planner's player, of q
// after the opponent's turn, over its likely throws.
func (pl *planner) afterReply(q tab.Position) float64 {
	if q.Outcome().Over() || q.Turn() == pl.me || !q.Throwing() {
		return pl.w.evaluate(q, pl.me)
	}
	total, mass := 0.0, 0.0
	for _, s := range scenarios {
		r, ok := thrown(q, s.throws)
		if !ok {
			continue
		}
		opp := &planner{ctx: pl.ctx, w: pl.w, me: r.Turn(), limit: pl.replyLimit, seen: map[string]float64{}}
		if acts := r.Acts(nil); len(acts) > 0 {
			r = opp.playTurn(r, acts)
		}
		total += s.p * pl.w.evaluate(r, pl.me)
		mass += s.p
	}
	if mass == 0 {
		return pl.w.evaluate(q, pl.me)
	}
	return total / mass
}

// thrown applies the throws to q; ok is false where the engine refuses them.
func thrown(q tab.Position, throws []games.Throw) (tab.Position, bool) {
	for _, t := range throws {
		var err error
		if q, err = q.WithThrow(t); err != nil {
			return q, false
		}
	}
	return q, !q.Throwing()
}

// playTurn plays the planner's whole turn from r by its best plan and
// returns where the turn ends.
func (pl *planner) playTurn(r tab.Position, acts []tab.Act) tab.Position {
	ends := pl.endings(r, acts)
	best := ends[0]
	for _, e := range ends[1:] {
		if e.static > best.static {
			best = e
		}
	}
	return best.pos
}
