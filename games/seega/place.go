package seega

import "kilab/games"

// Placing reports whether the turn places two pieces from the hand (S2): the
// game is on and a piece is still in hand.
func (p Position) Placing() bool { return !p.Over() && p.Phase() == Placement }

// RandomPlacement picks one of the turn's legal placements (S2: a pair of
// empty cells other than the centre, or lane's prescribed first pair), each
// as likely as any other, with randomness from src; ok is false when the
// turn is no placement. It is what a player gets who asks for their pieces
// to be placed for them.
func (p Position) RandomPlacement(src games.Source) (move string, ok bool) {
	if !p.Placing() {
		return "", false
	}
	var buf [3160]Move // every pair of 9x9's 80 free cells: the most a turn has
	legal := p.appendPlacements(buf[:0])
	if len(legal) == 0 {
		return "", false
	}
	return legal[games.Uniform(src, uint64(len(legal)))].String(), true
}
