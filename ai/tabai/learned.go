package tabai

import (
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"

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
	reply  bool            // play the best endings on against the opponent's turns
	ctx    context.Context // Choose's: past its deadline, the turn's search stops where it is
	late   bool            // the deadline has passed
}

// stop reports whether the turn's search must end: past its limit of
// positions, or its time (looked at every 256 positions, and kept).
func (np *netPlayer) stop() bool {
	if !np.late && np.nodes&255 == 0 && np.ctx != nil && np.ctx.Err() != nil {
		np.late = true
	}
	return np.late || np.nodes > np.limit
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

// ended reports whether me's turn is over at q: the other player's turn,
// a throw due, or the game over.
func ended(q tab.Position, me games.Player) bool {
	return q.Turn() != me || q.Throwing() || q.Outcome().Over()
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
	whole := false // top is a turn's ending, not a turn cut short
	var walk func(q tab.Position)
	walk = func(q tab.Position) {
		np.nodes++
		key := q.String()
		if np.seen[key] {
			return
		}
		np.seen[key] = true
		if over := ended(q, me); over || np.stop() {
			// A turn cut short by the limit or the deadline counts only
			// where no ending was found: the network values it as if its
			// player were to throw again, which flatters it.
			if v := np.value(q, me); (over && (!whole || v > top)) || (!over && !whole && v > top) {
				top, end, first, whole = v, q, root, over
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
	var out, cut []ending
	var walk func(q tab.Position, first tab.Act)
	walk = func(q tab.Position, first tab.Act) {
		np.nodes++
		key := q.String()
		if np.seen[key] {
			return
		}
		np.seen[key] = true
		if ended(q, me) || np.stop() {
			e := ending{q, first, np.value(q, me)}
			if ended(q, me) {
				out = append(out, e)
			} else {
				cut = append(cut, e) // see best: only where no turn ended
			}
			return
		}
		for _, a := range q.Acts(nil) {
			walk(q.Do(a), first)
		}
	}
	for _, a := range p.Acts(nil) {
		walk(p.Do(a), a)
	}
	if len(out) == 0 {
		return cut
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
	opp.ctx = np.ctx
	for _, e := range ends[:min(candidates, len(ends))] {
		if np.ctx != nil && np.ctx.Err() != nil {
			break // out of time: the best so far, or the network's first choice
		}
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
	np.ctx = ctx
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
	Workers  int     // games played at once (learn.Trainer.SelfPlay); 0 is 1
	Progress func(done int, mse float64)
}

// Train learns a network by self-play: each game's positions at the start
// of every turn are learned from by TD(λ) once it is over, the network
// choosing both sides' turns as it goes, the games played Workers at a time
// (learn.Trainer.SelfPlay). It stops early, with the network as it is, when
// ctx ends.
func Train(ctx context.Context, o TrainOptions) (*learn.Net, error) {
	starts := make([]tab.Position, len(o.Widths))
	for i, w := range o.Widths {
		var err error
		if starts[i], err = tab.Start(w); err != nil {
			return nil, err
		}
	}
	net := learn.New(netKind, inputs, o.Hidden, o.Seed)
	tr := &learn.Trainer{Net: net, Rate: o.Rate, Lambda: o.Lambda}
	players := make([]learn.Player, max(o.Workers, 1))
	for i := range players {
		players[i] = &trainee{np: newNetPlayer(net, o.Limit), starts: starts}
	}
	tr.SelfPlay(ctx, o.Games, o.Seed, players, o.Progress)
	return net, nil
}

// trainee plays Train's games, with buffers of its own: game g on the
// board of starts[g % len(starts)].
type trainee struct {
	np     *netPlayer
	starts []tab.Position
	ps     []learn.Position
	xs     [][]float64 // the inputs' buffers, kept from game to game
}

func (tr *trainee) Play(g int, src games.Source) ([]learn.Position, float64) {
	tr.ps = tr.ps[:0]
	result := selfPlay(tr.starts[g%len(tr.starts)], tr.np, src, func(p tab.Position) {
		if len(tr.ps) == len(tr.xs) {
			tr.xs = append(tr.xs, make([]float64, inputs))
		}
		x := tr.xs[len(tr.ps)]
		tr.np.buf = features(p, x, tr.np.buf)
		tr.ps = append(tr.ps, learn.Position{X: x, First: p.Turn() == games.First})
	})
	return tr.ps, result
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

// shipped is the network hard plays from, made by kilab train (docs/ai.md
// says with which command).
//
//go:embed tab.knn
var shipped []byte

// shippedNet is shipped, read once.
var shippedNet = sync.OnceValues(func() (*learn.Net, error) { return learn.Load(shipped, netKind) })

// The shipped network's settings: 40 hidden units, TD(λ) with λ = 0.7 and a
// rate of 0.1 as TD-Gammon, a turn's choice visiting at most 20,000
// positions as hard's.
const (
	hiddenUnits = 40
	trainRate   = 0.1
	trainLambda = 0.7
	turnLimit   = 20000
)

// train is kilab train for Tab: on the default board of 11, or with a
// width given on that one. The shipped network learned on 11 alone (the
// board most games are played on): the inputs bin each row's cells, so
// the other widths play from it too (docs/ai.md has each width's
// measure).
func train(ctx context.Context, t ai.Training, out io.Writer) error {
	width := 11
	if t.Config.Variant != "" {
		w, err := strconv.Atoi(t.Config.Options["width"])
		if err != nil {
			return fmt.Errorf("tabai: width %q: %w", t.Config.Options["width"], games.ErrBadConfig)
		}
		width = w
	}
	net, err := Train(ctx, TrainOptions{Widths: []int{width}, Games: t.Games, Seed: t.Seed, Hidden: hiddenUnits,
		Rate: trainRate, Lambda: trainLambda, Limit: turnLimit, Workers: t.Workers,
		Progress: t.ReportTD})
	if err != nil {
		return err
	}
	return net.Save(out)
}

// chance is the chance that the player on move in p wins: at the start of
// a turn the network's; with the turn's scores thrown, the best ending's;
// between throws, the mean over the next throw (three deep at most, then
// the network's, which does not see the scores kept).
func (np *netPlayer) chance(p tab.Position, depth int) float64 {
	me := p.Turn()
	switch {
	case p.Outcome().Over():
		return np.value(p, me)
	case !p.Throwing():
		if len(p.Acts(nil)) == 0 {
			return np.value(p, me)
		}
		_, _, v := np.best(p)
		return v
	case len(p.Scores()) == 0 || depth == 0:
		return np.value(p, me)
	}
	v := 0.0
	for _, o := range games.TabSticks.Odds() {
		q, err := p.WithThrow(o.Throw)
		if err != nil {
			return np.value(p, me)
		}
		c := np.chance(q, depth-1)
		if q.Turn() != me {
			c = 1 - c
		}
		v += float64(o.Num) / float64(o.Den) * c
	}
	return v
}

// netJudge is the judge on the learned network: seat 0's chance from
// chance, sharpened by sharpness (1: as the network says).
type netJudge struct {
	net        *learn.Net
	sharpness  float64
	calibrated bool // sharpness was fitted to net and checked (ai.Checked)
}

// The network learned from its own games' ends, and its chances come out too
// timid: the judge takes their log-odds times judgeSharpness, fitted with
//
//	kilab arena --game tab -a hard -b hard --games 1500 --seed 100000 --calibrate
//
// on the network's own chances (judgeSharpness 1), and checked on other
// games: docs/ai.md has the table. The fit and the check hold for one
// network, calibratedNet (its SHA-256): the judge of any other says its
// chances are estimates until they are fitted and checked again.
const (
	judgeSharpness = 1.189
	calibratedNet  = "259f3ef4e075cf0d68a65db9cfd1334c87fb6ce7c8b7519fcf0b84a17c5ea305"
)

// shippedJudge is the judge on the shipped network.
func shippedJudge() (netJudge, error) {
	net, err := shippedNet()
	if err != nil {
		return netJudge{}, err
	}
	return judgeOf(net, shippedSum()), nil
}

// shippedSum is the shipped network's SHA-256, in hex, reckoned once.
var shippedSum = sync.OnceValue(func() string { return learn.File(shipped).SHA256() })

// judgeOf is the judge on net, whose file has the SHA-256 sum: calibrated
// where that is the network the sharpening was fitted to.
func judgeOf(net *learn.Net, sum string) netJudge {
	if sum != calibratedNet {
		return netJudge{net: net, sharpness: 1}
	}
	return netJudge{net: net, sharpness: judgeSharpness, calibrated: true}
}

// Calibrated says whether the judge's chances passed the check (ai.Checked).
func (j netJudge) Calibrated() bool { return j.calibrated }

func (j netJudge) WinChance(ctx context.Context, pos games.Position) (float64, bool, error) {
	if c, over := ai.Final(pos); over {
		return c, true, nil
	}
	p, ok := pos.(tab.Position)
	if !ok {
		return 0, false, fmt.Errorf("tabai: not a Tab position: %T", pos)
	}
	np := newNetPlayer(j.net, turnLimit)
	np.ctx = ctx
	c := ai.Sharpen(np.chance(p, 3), j.sharpness)
	if p.Turn() != games.First {
		c = 1 - c
	}
	return c, false, ctx.Err()
}
