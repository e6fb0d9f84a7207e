package tabai

import (
	"kilab/ai"
	"kilab/games"
	"kilab/games/tab"
)

// weights is an evaluation: what a piece, a step of progress, a Christian
// still at home, an exposed piece and a threatened opponent piece are worth,
// in pieces.
type weights struct {
	piece, step, christian, threat float64
	own                            float64 // the threats the player itself makes, on move
}

// The chance that a turn holds each score (1, 2, 3, 4, 6), from T2: a turn is
// 1s, 4s and 6s (each throw 6 in 16) until a 2 or 3 (10 in 16).
var holds = [5]float64{4.0 / 14, 6.0 / 10, 4.0 / 10, 1.0 / 11, 1.0 / 11}

var (
	plain = weights{piece: 1, step: 0.01, christian: 0.05}
	tuned = weights{piece: 1, step: 0.01, christian: 0.05, threat: 0.8, own: 0.8}
)

// evaluate scores p for player me: where a turn ended, the opponent to
// throw (me's exposure counts against it), or where the opponent's turn
// ended, me to throw (the opponent's exposure counts for it), or over.
func (w weights) evaluate(p tab.Position, me games.Player) float64 {
	if s, over := ai.Settled(p, me); over {
		return 1000 * s
	}
	them := me.Other()
	v := w.piece * float64(p.Pieces(me)-p.Pieces(them))
	sm, cm := p.Progress(me)
	st, ct := p.Progress(them)
	v += w.step*float64(sm-st) + w.christian*float64(ct-cm)
	if w.threat != 0 {
		v -= w.threat * w.piece * exposure(p, me)
	}
	if w.own != 0 {
		v += w.own * w.piece * exposure(p, them)
	}
	return v
}

// exposure is how many of me's pieces the opponent can expect to capture in
// its coming turn, by the threats of each score it may hold: the most likely
// capture's chance times its size. With the opponent not on move, none.
func exposure(p tab.Position, me games.Player) float64 {
	if p.Turn() == me {
		return 0
	}
	th := p.Threats()
	e := 0.0
	for k, n := range th {
		e = max(e, holds[k]*float64(n))
	}
	return e
}

// greedyEval is greedy's evaluation, for ai.Greedy.
func greedyEval(pos games.Position, me games.Player) float64 {
	p, ok := pos.(tab.Position)
	if !ok {
		return 0
	}
	return plain.evaluate(p, me)
}
