package ai

import (
	"context"
	"math"
	"sync"

	"kilab/games"
)

// Calibration is how well a judge's chances match what happened: for each
// tenth of predicted chance (0-10%, ..., 90-100%), the positions whose
// chance for seat 0 fell there, the mean of those chances and seat 0's mean
// score in their games (a draw counting half). A judge whose chances mean
// what they say has the two close in every tenth.
type Calibration struct {
	Buckets [10]Bucket
}

// Bucket is one tenth of a Calibration.
type Bucket struct {
	Positions int
	predicted float64 // sum of the chances
	observed  float64 // sum of seat 0's scores
}

// Predicted is the bucket's mean chance; Observed its mean score.
func (b Bucket) Predicted() float64 { return b.predicted / math.Max(1, float64(b.Positions)) }
func (b Bucket) Observed() float64  { return b.observed / math.Max(1, float64(b.Positions)) }

// Positions is the count over every bucket.
func (c Calibration) Positions() int {
	n := 0
	for _, b := range c.Buckets {
		n += b.Positions
	}
	return n
}

// Worst is the largest gap between a bucket's mean chance and its mean
// score, over buckets with at least least positions.
func (c Calibration) Worst(least int) float64 {
	w := 0.0
	for _, b := range c.Buckets {
		if b.Positions >= least {
			w = math.Max(w, math.Abs(b.Predicted()-b.Observed()))
		}
	}
	return w
}

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
		r, err := m.watched(ctx, i, func(pos games.Position) error {
			v, _, err := judge.WinChance(ctx, pos)
			chances = append(chances, v)
			return err
		})
		if err != nil {
			return err // it names the game
		}
		mu.Lock()
		c.add(chances, seatZeroScore(r.outcome))
		tally.add(r)
		mu.Unlock()
		return nil
	})
	return tally, c, err
}

func (c *Calibration) add(chances []float64, score float64) {
	for _, v := range chances {
		k := min(int(v*10), 9)
		b := &c.Buckets[k]
		b.Positions++
		b.predicted += v
		b.observed += score
	}
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
