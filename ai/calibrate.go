package ai

import (
	"context"
	"math"
	"sync"

	"kilab/games"
)

// Calibration is how well a judge's chances match what happened. Each
// position where a move was due gives two chances, the one the judge gives
// each player (seat 0's c, seat 1's 1-c), each scored by that player's
// result in the game (a draw counting half): what Kilab tells either
// player. For each tenth of chance (0-10%, ..., 90-100%) it keeps how many
// chances fell there, their mean and the mean score; a judge whose chances
// mean what they say has the two close in every tenth. Both players counted,
// the table is symmetric (tenth k mirrors tenth 9-k), and the share of games
// the first seat happened to win, which otherwise sways every tenth by
// points over a thousand games, cancels out.
//
// The table cannot show a judge that favours one seat, or the player on
// move, everywhere alike: the two players' chances of a position would be
// off by as much in opposite ways. Seat and Mover show that instead.
type Calibration struct {
	Buckets   [10]Bucket
	positions int
	games     []judged // for Sharpness and Curve
	seat0     Bucket   // every position: seat 0's chance and score
	mover     Bucket   // every position: the mover's chance and score
}

// judged is one game's chances for seat 0 and seat 0's score.
type judged struct {
	chances []float64
	score   float64
}

// Bucket is one tenth of a Calibration.
type Bucket struct {
	Chances   int
	predicted float64 // sum of the chances
	observed  float64 // sum of their players' scores
}

// Predicted is the bucket's mean chance; Observed its mean score.
func (b Bucket) Predicted() float64 { return b.predicted / math.Max(1, float64(b.Chances)) }
func (b Bucket) Observed() float64  { return b.observed / math.Max(1, float64(b.Chances)) }

// Positions is how many positions were judged (each gave two chances).
func (c Calibration) Positions() int { return c.positions }

// Worst is the largest gap between a bucket's mean chance and its mean
// score, over buckets with at least least chances.
func (c Calibration) Worst(least int) float64 {
	w := 0.0
	for _, b := range c.Buckets {
		if b.Chances >= least {
			w = math.Max(w, math.Abs(b.Predicted()-b.Observed()))
		}
	}
	return w
}

// Margin is the half-width of a 95% interval for tenth k's gap (its mean
// score less its mean chance), games taken as the units drawn: a game's
// chances move together, so its positions are not as many independent
// draws, and a thin tenth of a few hundred games swings by points from one
// run to the next. It is the sandwich (cluster-robust) variance of a
// ratio, with a factor G/(G-1) for the G games with a chance there;
// infinite below two such games.
func (c Calibration) Margin(k int) float64 {
	var ds, ns []float64 // each game's sum of score less chance in tenth k, and count
	for _, g := range c.games {
		var d, n float64
		for _, v := range g.chances {
			if bucketOf(v) == k {
				d, n = d+g.score-v, n+1
			}
			if bucketOf(1-v) == k {
				d, n = d+(1-g.score)-(1-v), n+1
			}
		}
		if n > 0 {
			ds, ns = append(ds, d), append(ns, n)
		}
	}
	if len(ds) < 2 {
		return math.Inf(1)
	}
	var sd, sn float64
	for i := range ds {
		sd, sn = sd+ds[i], sn+ns[i]
	}
	gap, sum := sd/sn, 0.0
	for i := range ds {
		r := ds[i] - gap*ns[i]
		sum += r * r
	}
	g := float64(len(ds))
	return 1.96 * math.Sqrt(g/(g-1)*sum) / sn
}

// bucketOf is the tenth a chance falls in.
func bucketOf(v float64) int { return min(int(v*10), 9) }

// Calibrate plays m's games and asks the game's judge for seat 0's chance
// at every position where a move is due, then scores each chance against
// the game's result. It returns the match's tally too.
func Calibrate(ctx context.Context, m Match) (Tally, Calibration, error) {
	judge, err := m.Env.Judge(m.Game.Name(), m.Config)
	if err != nil {
		return Tally{}, Calibration{}, err
	}
	var (
		mu    sync.Mutex
		tally Tally
		c     Calibration
	)
	err = m.each(ctx, func(i int) error {
		var chances []float64
		var movers []games.Player
		r, err := m.watched(ctx, i, func(pos games.Position) error {
			v, _, err := judge.WinChance(ctx, pos)
			chances = append(chances, v)
			movers = append(movers, pos.Due().Player)
			return err
		})
		if err != nil {
			return err // it names the game
		}
		mu.Lock()
		c.add(chances, movers, seatZeroScore(r.outcome))
		tally.add(r)
		mu.Unlock()
		return nil
	})
	return tally, c, err
}

// add scores one game's chances for seat 0 by seat 0's score in it; movers
// are the players on move at each.
func (c *Calibration) add(chances []float64, movers []games.Player, score float64) {
	c.positions += len(chances)
	c.games = append(c.games, judged{chances, score})
	for i, v := range chances {
		c.Buckets[bucketOf(v)].put(v, score)
		c.Buckets[bucketOf(1-v)].put(1-v, 1-score)
		c.seat0.put(v, score)
		if movers[i] == games.First {
			c.mover.put(v, score)
		} else {
			c.mover.put(1-v, 1-score)
		}
	}
}

func (b *Bucket) put(chance, score float64) {
	b.Chances++
	b.predicted += chance
	b.observed += score
}

// Seat is the first seat's mean chance and mean score over every position:
// apart where the judge favours one seat.
func (c Calibration) Seat() Bucket { return c.seat0 }

// Mover is the mean chance and score of the player on move over every
// position: apart where the judge favours the player on move, or the other.
func (c Calibration) Mover() Bucket { return c.mover }

// Sharpness is the factor s that makes the judge's chances fit the games
// best (the most likely, a logistic fit): each chance c taken to
// 1/(1+((1-c)/c)^s), its log-odds times s. Above 1 the chances are too
// timid, below 1 too bold; a calibrated judge has s near 1. A judge's
// chances are made to fit by applying the s found on one set of games, and
// checked on others.
func (c Calibration) Sharpness() float64 {
	var xs, scores []float64
	for _, g := range c.games {
		for _, v := range g.chances {
			xs, scores = append(xs, logit(v)), append(scores, g.score)
		}
	}
	return bestScale(xs, scores)
}

// Curve is the curve of the chances' log-odds z, sign(z) * scale *
// |z|^power, that makes them fit the games best (the most likely): a
// sharpening that may grow with the lead, for a judge timid by more the
// clearer the lead. The chances of positions the judge calls won or lost
// are left out, as a curve does not move them; Sharpness keeps them, so
// its factor may differ from the scale Curve finds at a power of 1.
func (c Calibration) Curve() (scale, power float64) {
	var zs, scores []float64
	for _, g := range c.games {
		for _, v := range g.chances {
			if z := logit(v); math.Abs(z) < decided {
				zs, scores = append(zs, z), append(scores, g.score)
			}
		}
	}
	xs := make([]float64, len(zs))
	fit := func(power float64) (scale, likelihood float64) {
		for i, z := range zs {
			xs[i] = math.Copysign(math.Pow(math.Abs(z), power), z)
		}
		scale = bestScale(xs, scores)
		return scale, logLikelihood(xs, scores, scale)
	}
	// The likelihood of the best scale for each power rises to one top:
	// narrow the powers around it by golden sections.
	lo, hi := 0.25, 4.0
	const g = 0.6180339887498949
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	_, la := fit(a)
	_, lb := fit(b)
	for range 40 {
		if la >= lb {
			hi, b, lb = b, a, la
			a = hi - g*(hi-lo)
			_, la = fit(a)
		} else {
			lo, a, la = a, b, lb
			b = lo + g*(hi-lo)
			_, lb = fit(b)
		}
	}
	power = (lo + hi) / 2
	scale, _ = fit(power)
	return scale, power
}

// decided is the size of log-odds past which a chance is the judge's word
// that the game is won or lost (logit keeps those near ±13.8).
const decided = 13

// bestScale is the s in [0, 20] that makes the scores most likely under
// chances 1/(1+e^(-s*x)). The log-likelihood is concave in s, so its slope
// falls as s grows: halve the interval where it crosses 0. 0 means the
// chances tell nothing (or less than nothing); 20 is beyond any judge worth
// fitting.
func bestScale(xs, scores []float64) float64 {
	slope := func(s float64) float64 {
		d := 0.0
		for i, x := range xs {
			d += (scores[i] - 1/(1+math.Exp(-s*x))) * x
		}
		return d
	}
	lo, hi := 0.0, 20.0
	if slope(lo) <= 0 {
		return lo
	}
	for range 50 {
		if mid := (lo + hi) / 2; slope(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// logLikelihood is the log-likelihood of the scores (a draw counting half
// a win) under chances 1/(1+e^(-s*x)).
func logLikelihood(xs, scores []float64, s float64) float64 {
	l := 0.0
	for i, x := range xs {
		y := s * x
		// log(1/(1+e^-y)) and log(1 - 1/(1+e^-y)), without overflow
		l -= scores[i]*softplus(-y) + (1-scores[i])*softplus(y)
	}
	return l
}

// softplus is log(1+e^y).
func softplus(y float64) float64 {
	if y > 0 {
		return y + math.Log1p(math.Exp(-y))
	}
	return math.Log1p(math.Exp(y))
}

// logit is v's log-odds, v kept off 0 and 1 where they are infinite.
func logit(v float64) float64 {
	v = min(max(v, 1e-6), 1-1e-6)
	return math.Log(v / (1 - v))
}

// Sharpen takes chance c to its log-odds times s: the map Sharpness fits.
func Sharpen(c, s float64) float64 {
	if c <= 0 || c >= 1 {
		return c
	}
	return 1 / (1 + math.Pow((1-c)/c, s))
}

// seatZeroScore is seat 0's points from a game's outcome.
func seatZeroScore(o games.Outcome) float64 {
	switch {
	case o.Status == games.Drawn:
		return 0.5
	case o.Winner == games.First:
		return 1
	}
	return 0
}
