package ai

import (
	"context"
	"fmt"

	"kilab/games"
)

// Eval scores a position for player me: higher is better for me. A finished game
// should score above (won) or below (lost) anything still in play.
type Eval func(pos games.Position, me games.Player) float64

// Greedy returns the agent that looks one move ahead: it plays the move after
// which eval scores best for the mover, breaking ties at random. It is the
// reference the levels are measured against.
func Greedy(eval Eval, src games.Source) Agent { return greedy{eval, src} }

type greedy struct {
	eval Eval
	src  games.Source
}

func (g greedy) Choose(_ context.Context, pos games.Position) (string, error) {
	moves := pos.Moves()
	if len(moves) == 0 {
		return "", fmt.Errorf("ai: no legal move: %w", games.ErrIllegalMove)
	}
	me := pos.Due().Player
	var best []string
	bestScore := 0.0
	for _, m := range moves {
		next, err := pos.Play(m.Notation)
		if err != nil {
			return "", fmt.Errorf("ai: the engine refused its own move %s: %w", m.Notation, err)
		}
		s := g.eval(next, me)
		switch {
		case len(best) == 0 || s > bestScore:
			best, bestScore = append(best[:0], m.Notation), s
		case s == bestScore:
			best = append(best, m.Notation)
		}
	}
	return best[Intn(g.src, len(best))], nil
}
