package aseb

import (
	"fmt"

	"kilab/games"
)

// Revision is the rules revision of this engine (games.Revised). Each revision
// changed which moves are legal:
//
//  1. the first rules;
//  2. royalur: a piece may land on its own cell 4 while the opponent stands on
//     the opponent's cell 4. They are different cells (A1), and an opponent is
//     safe on a house only where it can be met (A8). Revision 1 took them for
//     one cell and refused the move, so it passed for a player whose only moves
//     were such landings.
//
// Stored plies keep the revision they were played under; PlayRevision replays
// an old one as its revision played it.
const Revision = 2

// Revision is the engine's rules revision (games.Revised).
func (Game) Revision() int { return Revision }

// Revision is the rules revision the position plays by (games.Revised).
func (Position) Revision() int { return Revision }

// PlayRevision plays move as rules revision rev played it here (games.Legacy):
// only a move that rev's engine offered, or its pass where it offered none.
func (p Position) PlayRevision(rev int, move string) (games.Position, error) {
	switch {
	case rev == Revision:
		return p.Play(move)
	case rev != 1:
		return p, fmt.Errorf("aseb: rules revision %d is not one of 1-%d: %w", rev, Revision, games.ErrIllegalMove)
	}
	m, err := ParseMove(move)
	if err != nil {
		return p, err
	}
	if p.state != MoveDue {
		return p, p.check(m) // the same refusal as today's rules: nothing changed there
	}
	var buf [8]Move
	legal := p.legalRev1(buf[:0])
	switch {
	case m.IsPass() && len(legal) == 0:
		p.endTurn(false)
		return p, nil
	case m.IsPass():
		return p, fmt.Errorf("aseb: rules revision 1 had a move here too (%s), so it did not pass: %w", p.FormatMove(legal[0]), games.ErrIllegalMove)
	}
	for _, l := range legal {
		if l == m {
			p.move(m)
			return p, nil
		}
	}
	return p, fmt.Errorf("aseb: rules revision 1 did not offer %s here either: %w", move, games.ErrIllegalMove)
}

// legalRev1 is Legal as revision 1 computed it: the same moves except, in
// royalur, a piece's move onto its own cell 4 while the opponent had a piece
// on the opponent's cell 4, which revision 1 refused as a landing on a safe
// opponent. Entering on cell 4 never asked about the opponent, then as now.
func (p *Position) legalRev1(buf []Move) []Move {
	legal := p.Legal(buf)
	if p.rules.Variant != RoyalUr || p.cells[p.turn.Other()]&(1<<4) == 0 {
		return legal
	}
	out := legal[:0]
	for _, m := range legal {
		if m.From == Reserve || m.To != 4 {
			out = append(out, m)
		}
	}
	return out
}
