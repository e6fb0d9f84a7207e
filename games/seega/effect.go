package seega

import "kilab/games"

// Effect is what a move does on the board, for drawing the last move.
type Effect struct {
	Move     Move
	Player   games.Player // who made it
	From     Cell         // a step's starting cell; NoCell otherwise
	To       []Cell       // a placement's two cells, or a step's destination
	Captured []Cell       // the opponent's pieces a step captured (S4)
	Removed  Cell         // the mover's own piece taken off under S7; NoCell otherwise
}

// Effect says what move, in notation, does from p: which cells it goes from
// and to, and which pieces leave the board. An illegal move is an error, as in
// Play.
func (p Position) Effect(move string) (Effect, error) {
	m, err := ParseMove(move, p.g.size)
	if err != nil {
		return Effect{}, err
	}
	after, err := p.PlayMove(m)
	if err != nil {
		return Effect{}, err
	}
	e := Effect{Move: m, Player: p.side}
	switch m.Kind {
	case Place:
		e.To = []Cell{m.From, m.To}
	case Step:
		e.From, e.To = m.From, []Cell{m.To}
		e.Captured = p.lost(after, pieceOf(p.side.Other()))
	case Remove:
		e.Removed = m.From
	}
	return e, nil
}

// lost lists the cells where p had a piece of kind that after has not.
func (p Position) lost(after Position, kind int8) []Cell {
	var out []Cell
	for _, c := range p.g.cells {
		if p.board[c] == kind && after.board[c] != kind {
			out = append(out, c)
		}
	}
	return out
}
