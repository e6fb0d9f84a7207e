package seegaai

import (
	"kilab/ai"
	"kilab/games"
	"kilab/games/seega"
)

// Scores are in hundredths of a piece, from the side on move's view.
const (
	pieceValue = 100
	winScore   = 1 << 20
	// centreBonus rewards the piece on the centre, which cannot be captured
	// (S4) and is where every capture of the opening starts.
	centreBonus = 20
)

// terminal is the value of a finished game for the side on move, ply plies
// from the root: a quicker win is better, a later loss less bad.
func terminal(p *seega.Position, ply int) int {
	o := p.Outcome()
	switch {
	case o.Status == games.Drawn:
		return 0
	case o.Winner == p.Turn():
		return winScore - ply
	}
	return -winScore + ply
}

// evaluate scores a position in play for the side on move: material, and the
// centre.
func evaluate(p *seega.Position) int {
	me, them := p.Turn(), p.Turn().Other()
	s := pieceValue * (p.OnBoard(me) + p.InHand(me) - p.OnBoard(them) - p.InHand(them))
	if owner, ok := p.At(p.Centre()).Owner(); ok {
		if owner == me {
			s += centreBonus
		} else {
			s -= centreBonus
		}
	}
	return s
}

// material is greedy's evaluation: pieces, for player me.
func material(pos games.Position, me games.Player) float64 {
	p, ok := pos.(seega.Position)
	if !ok {
		return 0
	}
	if s, over := ai.Settled(p, me); over {
		return 1000 * s
	}
	return float64(p.OnBoard(me) + p.InHand(me) - p.OnBoard(me.Other()) - p.InHand(me.Other()))
}
