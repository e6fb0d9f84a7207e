package ai

import (
	"context"
	"fmt"

	"kilab/games"
)

// Random returns the agent that picks uniformly among the legal moves: the floor
// every other agent is measured from.
func Random(src games.Source) Agent { return randomAgent{src} }

type randomAgent struct{ src games.Source }

func (r randomAgent) Choose(_ context.Context, pos games.Position) (string, error) {
	moves := pos.Moves()
	if len(moves) == 0 {
		return "", fmt.Errorf("ai: no legal move: %w", games.ErrIllegalMove)
	}
	return moves[Intn(r.src, len(moves))].Notation, nil
}

// Intn draws a uniform integer in [0, n) from src, without modulo bias.
func Intn(src games.Source, n int) int {
	if n <= 1 {
		return 0
	}
	limit := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		if v := src.Uint64(); v < limit {
			return int(v % uint64(n))
		}
	}
}
