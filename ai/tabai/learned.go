package tabai

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"kilab/ai"
	"kilab/ai/learn"
	"kilab/games"
	"kilab/games/tab"
)

// netPlayer chooses a turn's moves on a learned network: every way the
// turn can end is valued by the network from the opponent's view, who
// throws next, and the ending the opponent likes least is played.
type netPlayer struct {
	net    *learn.Net
	x, hid []float64
	buf    []tab.Piece
	seen   map[string]bool // positions of the turn already expanded or valued
	limit  int             // positions a turn may visit
	nodes  int
	reply  bool // play the best endings on against the opponent's turns
}

func newNetPlayer(net *learn.Net, limit int) *netPlayer {
	return &netPlayer{net: net, x: make([]float64, net.In), hid: make([]float64, net.Hidden), seen: map[string]bool{}, limit: limit}
}

// value is the chance that me wins from p, where p is a turn's end (or
// the game's): the network's for the player to throw there, turned to me.
func (np *netPlayer) value(p tab.Position, me games.Player) float64 {
	if s, over := ai.Settled(p, me); over {
		return (s + 1) / 2
	}
	np.buf = features(p, np.x, np.buf)
	v := np.net.Eval(np.x, np.hid)
	if p.Turn() != me {
		v = 1 - v
	}
	return v
}

// best is the ending of the turn that begins at p (all its scores thrown)
// with the most value for the player on move, the first move toward it,
// and that value. Orders of the scores that meet again are followed once.
func (np *netPlayer) best(p tab.Position) (tab.Act, tab.Position, float64) {
	clear(np.seen)
	np.nodes = 0
	me := p.Turn()
	top, end := math.Inf(-1), p
	var first, root tab.Act
	var walk func(q tab.Position)
	walk = func(q tab.Position) {
		np.nodes++
		key := q.String()
		if np.seen[key] {
			return
		}
		np.seen[key] = true
		if q.Turn() != me || q.Throwing() || q.Outcome().Over() || np.nodes > np.limit {
			if v := np.value(q, me); v > top {
				top, end, first = v, q, root
			}
			return
		}
		for _, a := range q.Acts(nil) {
			walk(q.Do(a))
		}
	}
	for _, a := range p.Acts(nil) {
		root = a
		walk(p.Do(a))
	}
	return first, end, top
}

// endingsOf lists the distinct endings of the turn from p with their
// value for the player on move.
func (np *netPlayer) endingsOf(p tab.Position) []ending {
	clear(np.seen)
	np.nodes = 0
	me := p.Turn()
	var out []ending
	var walk func(q tab.Position, first tab.Act)
	walk = func(q tab.Position, first tab.Act) {
		np.nodes++
		key := q.String()
		if np.seen[key] {
			return
		}
		np.seen[key] = true
		if q.Turn() != me || q.Throwing() || q.Outcome().Over() || np.nodes > np.limit {
			out = append(out, ending{q, first, np.value(q, me)})
			return
		}
		for _, a := range q.Acts(nil) {
			walk(q.Do(a), first)
		}
	}
	for _, a := range p.Acts(nil) {
		walk(p.Do(a), a)
	}
	return out
}

// bestWithReply plays the few endings the network likes best on against
// the opponent's likely turns (scenarios), the opponent choosing by the
// network too, and takes the one best on average after them.
func (np *netPlayer) bestWithReply(p tab.Position) tab.Act {
	me := p.Turn()
	ends := np.endingsOf(p)
	slices.SortStableFunc(ends, func(a, b ending) int { return cmp.Compare(b.static, a.static) })
	best, top := ends[0].first, math.Inf(-1)
	opp := newNetPlayer(np.net, replyNodes)
	for _, e := range ends[:min(candidates, len(ends))] {
		if e.pos.Outcome().Over() || !e.pos.Throwing() {
			if e.static > top {
				best, top = e.first, e.static
			}
			continue
		}
		total, mass := 0.0, 0.0
		for _, sc := range scenarios {
			r, ok := thrown(e.pos, sc.throws)
			if !ok {
				continue
			}
			v := 0.0
			if len(r.Acts(nil)) > 0 {
				_, _, v = opp.best(r)
				v = 1 - v
			} else {
				v = np.value(r, me)
			}
			total += sc.p * v
			mass += sc.p
		}
		if mass > 0 && total/mass > top {
			best, top = e.first, total/mass
		}
	}
	return best
}

// Choose is the first move of the best ending: an ai.Agent.
func (np *netPlayer) Choose(ctx context.Context, pos games.Position) (string, error) {
	p, ok := pos.(tab.Position)
	if !ok {
		return "", fmt.Errorf("tabai: not a Tab position: %T", pos)
	}
	acts := p.Acts(nil)
	switch len(acts) {
	case 0:
		return "", fmt.Errorf("tabai: no move is due: %w", games.ErrIllegalMove)
	case 1:
		return p.Notation(acts[0]), nil
	}
	if np.reply {
		return p.Notation(np.bestWithReply(p)), nil
	}
	a, _, _ := np.best(p)
	return p.Notation(a), nil
}

// TrainOptions are a training run's settings (kilab train).
type TrainOptions struct {
	Widths   []int   // the board widths its games are played on, in turn
	Games    int     // self-played games
	Seed     uint64  // of the network's first weights and of every throw
	Hidden   int     // hidden units
	Rate     float64 // learning rate
	Lambda   float64 // TD(λ)'s λ
	Limit    int     // positions a turn's choice may visit
	Progress func(done int, mse float64)
}

// Train learns a network by self-play: each game's positions at the start
// of every turn are learned from by TD(λ) once it is over, the network
// choosing both sides' turns as it goes. It stops early, with the network as
// it is, when ctx ends.
func Train(ctx context.Context, o TrainOptions) (*learn.Net, error) {
	net := learn.New(netKind, inputs, o.Hidden, o.Seed)
	tr := &learn.Trainer{Net: net, Rate: o.Rate, Lambda: o.Lambda}
	np := newNetPlayer(net, o.Limit)
	src := games.Seeded(o.Seed)
	var ps []learn.Position
	var xs [][]float64 // the inputs' buffers, kept from game to game
	mse := 0.0
	for g := 0; g < o.Games && ctx.Err() == nil; g++ {
		start, err := tab.Start(o.Widths[g%len(o.Widths)])
		if err != nil {
			return nil, err
		}
		ps = ps[:0]
		result := selfPlay(start, np, src, func(p tab.Position) {
			if len(ps) == len(xs) {
				xs = append(xs, make([]float64, inputs))
			}
			x := xs[len(ps)]
			np.buf = features(p, x, np.buf)
			ps = append(ps, learn.Position{X: x, First: p.Turn() == games.First})
		})
		mse = 0.99*mse + 0.01*tr.Game(ps, result)
		if o.Progress != nil && (g+1)%100 == 0 {
			o.Progress(g+1, mse)
		}
	}
	return net, nil
}

// selfPlay plays a game from start with np choosing every turn, throws
// drawn from src, and calls seen at the start of every turn. It returns
// the first seat's score.
func selfPlay(start tab.Position, np *netPlayer, src games.Source, seen func(tab.Position)) float64 {
	p := start
	turnStart := true
	for !p.Outcome().Over() {
		switch {
		case p.Throwing():
			if turnStart {
				seen(p)
				turnStart = false
			}
			q, err := p.WithThrow(games.TabSticks.Draw(src))
			if err != nil {
				panic(err) // a throw is due: the engine takes every score
			}
			p = q
		default:
			_, p, _ = np.best(p)
			turnStart = true
		}
	}
	s, _ := ai.Settled(p, games.First)
	return (s + 1) / 2
}

func init() { ai.RegisterTraining("tab", train) }

// The shipped network's settings: 40 hidden units, TD(λ) with λ = 0.7 and a
// rate of 0.1 as TD-Gammon, a turn's choice visiting at most 20,000
// positions as hard's.
const (
	hiddenUnits = 40
	trainRate   = 0.1
	trainLambda = 0.7
	turnLimit   = 20000
)

// train is kilab train for Tab: one network for every width (the inputs
// bin each row's cells, so that what is learned on one board carries to
// the others), every other game on the default board of 11 and the rest
// on each other width in turn; or, with a width given, that width alone.
func train(ctx context.Context, t ai.Training, out io.Writer) error {
	widths := schedule()
	if t.Config.Variant != "" {
		w, err := strconv.Atoi(t.Config.Options["width"])
		if err != nil {
			return fmt.Errorf("tabai: width %q: %w", t.Config.Options["width"], games.ErrBadConfig)
		}
		widths = []int{w}
	}
	net, err := Train(ctx, TrainOptions{Widths: widths, Games: t.Games, Seed: t.Seed, Hidden: hiddenUnits,
		Rate: trainRate, Lambda: trainLambda, Limit: turnLimit,
		Progress: func(done int, mse float64) {
			if t.Progress != nil {
				t.Progress(done, fmt.Sprintf("mean squared TD error %.4f", mse))
			}
		}})
	if err != nil {
		return err
	}
	return net.Save(out)
}

// schedule is the widths of the training games in turn: 11, then another.
func schedule() []int {
	var out []int
	for w := 7; w <= 29; w += 2 {
		if w != 11 {
			out = append(out, 11, w)
		}
	}
	return out
}
