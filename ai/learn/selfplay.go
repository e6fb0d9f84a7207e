package learn

import (
	"context"
	"sync"

	"kilab/games"
)

// A Player plays games against itself for SelfPlay, on the Trainer's
// network. Each Player keeps its own buffers: SelfPlay runs several at once.
type Player interface {
	// Play plays game g from its start, drawing every throw and random
	// move from src, and returns the positions to learn from, in the order
	// they came (valid until the Player's next Play), and the first seat's
	// score: 1 a win, 0.5 a draw, 0 a loss.
	Play(g int, src games.Source) ([]Position, float64)
}

// SelfPlay plays n games and learns from each by TD(λ) (Game), stopping
// early when ctx ends. progress, if set, hears every 100th game with the
// running mean of the squared TD errors.
//
// With one player every game is played on the network as the games before
// it left it, all from one source seeded by seed. With more, the games are
// played in rounds of one per player, side by side on the network as the
// rounds before left it, each from its own source whose seed is drawn from
// that one in the order of the games, and learned from in that order: the
// same seed and number of players write the same network however the
// rounds are scheduled. A round's games do not see each other's lessons,
// which changes little when the rounds are short beside the run.
func (t *Trainer) SelfPlay(ctx context.Context, n int, seed uint64, players []Player, progress func(done int, mse float64)) {
	src := games.Seeded(seed)
	mse := 0.0
	learn := func(g int, ps []Position, result float64) {
		mse = 0.99*mse + 0.01*t.Game(ps, result)
		if progress != nil && (g+1)%100 == 0 {
			progress(g+1, mse)
		}
	}
	if len(players) == 1 {
		for g := 0; g < n && ctx.Err() == nil; g++ {
			ps, result := players[0].Play(g, src)
			learn(g, ps, result)
		}
		return
	}
	played := make([]struct {
		ps     []Position
		result float64
	}, len(players))
	for round := 0; round < n && ctx.Err() == nil; round += len(players) {
		k := min(len(players), n-round)
		seeds := make([]uint64, k)
		for i := range seeds {
			seeds[i] = src.Uint64()
		}
		var wg sync.WaitGroup
		for i := range k {
			wg.Go(func() {
				played[i].ps, played[i].result = players[i].Play(round+i, games.Seeded(seeds[i]))
			})
		}
		wg.Wait()
		for i := range k {
			learn(round+i, played[i].ps, played[i].result)
		}
	}
}
