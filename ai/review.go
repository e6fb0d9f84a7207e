package ai

import (
	"context"
	"fmt"
	"sort"

	"kilab/games"
)

// MoveValue is one legal move and what it leaves its mover: the chance that
// the mover wins after it, with best play from there.
type MoveValue struct {
	Move   string
	Chance float64
}

// Analyse values every legal move of the player on move in pos, best first
// (ties in the engine's order).
func Analyse(ctx context.Context, j Judge, pos games.Position) ([]MoveValue, bool, error) {
	out, _, exact, err := analyse(ctx, j, pos)
	return out, exact, err
}

// analyse is Analyse, with seat 0's chance after each move as the judge
// gave it, by move: a review takes the played move's from there rather
// than asking the judge again.
func analyse(ctx context.Context, j Judge, pos games.Position) ([]MoveValue, map[string]float64, bool, error) {
	due := pos.Due()
	if due.Kind != games.DueMove {
		return nil, nil, false, fmt.Errorf("ai: nothing to analyse: no move is due: %w", games.ErrIllegalMove)
	}
	moves := pos.Moves()
	out := make([]MoveValue, 0, len(moves))
	first := make(map[string]float64, len(moves))
	exact := true
	for _, m := range moves {
		next, err := pos.Play(m.Notation)
		if err != nil {
			return nil, nil, false, err
		}
		c, ex, err := j.WinChance(ctx, next)
		if err != nil {
			return nil, nil, false, err
		}
		exact = exact && ex
		first[m.Notation] = c
		out = append(out, MoveValue{m.Notation, forSeat(c, due.Player)})
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Chance > out[b].Chance })
	return out, first, exact, nil
}

// forSeat turns seat 0's chance into seat's.
func forSeat(chance0 float64, seat games.Player) float64 {
	if seat == games.First {
		return chance0
	}
	return 1 - chance0
}

// PlyReview is one ply of a reviewed game.
type PlyReview struct {
	N      int // from 1
	Ply    games.Ply
	Chance float64 // seat 0's winning chance after the ply
	// A move chosen among several is judged against the best one: Choices
	// counts the legal moves, Best is the best of them, and Cost what the
	// played move gave away, in the mover's winning chance (0 for the best).
	Choices int
	Best    string
	Cost    float64
}

// Review is a finished (or unfinished) game judged ply by ply.
type Review struct {
	Start float64 // seat 0's chance at the start
	Plies []PlyReview
	Trust Trust // of the figures as a whole: exact only where every one is
}

// ReviewGame judges every ply of a record played from start.
func ReviewGame(ctx context.Context, j Judge, start games.Position, plies []games.Ply) (Review, error) {
	c, exact, err := j.WinChance(ctx, start)
	if err != nil {
		return Review{}, err
	}
	r := Review{Start: c, Trust: TrustOf(j, exact)}
	pos := start
	for i, p := range plies {
		p.Player = pos.Due().Player
		pr, next, ex, err := reviewPly(ctx, j, pos, p)
		if err != nil {
			return r, fmt.Errorf("ply %d (%s): %w", i+1, p, err)
		}
		pr.N = i + 1
		r.Plies = append(r.Plies, pr)
		exact = exact && ex
		r.Trust = TrustOf(j, exact)
		pos = next
	}
	return r, nil
}

// reviewPly plays one ply from pos and judges it. The chance after a move
// chosen among several is the one the judge gave it among the others.
func reviewPly(ctx context.Context, j Judge, pos games.Position, p games.Ply) (PlyReview, games.Position, bool, error) {
	pr := PlyReview{Ply: p}
	for _, t := range p.Throws {
		next, err := games.ThrowAs(pos, p.Player, t)
		if err != nil {
			return pr, pos, false, err
		}
		pos = next
	}
	exact, known := true, false
	if p.Move != "" {
		if n := len(pos.Moves()); n > 1 {
			vals, first, ex, err := analyse(ctx, j, pos)
			if err != nil {
				return pr, pos, false, err
			}
			pr.Choices, pr.Best, exact = n, vals[0].Move, ex
			pr.Cost = vals[0].Chance - valueOf(vals, p.Move)
			pr.Chance, known = first[p.Move]
		}
		next, _, err := games.PlayRecorded(pos, p)
		if err != nil {
			return pr, pos, false, err
		}
		pos = next
	}
	if known {
		return pr, pos, exact, nil
	}
	c, ex, err := j.WinChance(ctx, pos)
	pr.Chance = c
	return pr, pos, exact && ex, err
}

// valueOf is the value of move among vals; a move written otherwise than the
// engine writes it (an old record) counts as the best, costing nothing.
func valueOf(vals []MoveValue, move string) float64 {
	for _, v := range vals {
		if v.Move == move {
			return v.Chance
		}
	}
	return vals[0].Chance
}

// Costliest returns seat's n costliest moves, the costliest first; moves that
// cost nothing are left out.
func (r Review) Costliest(seat games.Player, n int) []PlyReview {
	var out []PlyReview
	for _, p := range r.Plies {
		if p.Ply.Player == seat && p.Choices > 1 && p.Cost > 1e-9 {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Cost > out[b].Cost })
	if len(out) > n {
		out = out[:n]
	}
	return out
}
