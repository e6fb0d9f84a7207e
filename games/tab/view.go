package tab

import "kilab/games"

// What a renderer needs to draw a position and its last move.

// Piece is one piece of a stack.
type Piece struct {
	Owner     games.Player // white is seat 0 (games.First)
	Christian bool         // has never moved (T4)
	Flipped   bool         // has been in row 4 (T8)
}

// Width returns the number of columns (T1).
func (p Position) Width() int { return p.s.g.w }

// Stack returns the pieces on cell c, bottom first; nil for an empty cell or one
// off the board.
func (p Position) Stack(c Cell) []Piece {
	if !c.on(p.s.g.w) {
		return nil
	}
	st := p.s.cells[c.abs(p.s.g.w)]
	out := make([]Piece, st.n)
	for k := range out {
		out[k] = Piece{Owner: games.Player(st.owner), Christian: st.christ, Flipped: st.flip>>k&1 != 0}
	}
	return out
}

// AppendStack appends the pieces on cell c to buf, bottom first, and returns
// the extended buf: Stack without a slice of its own, for the pictures,
// which look at every cell on every move.
func (p Position) AppendStack(buf []Piece, c Cell) []Piece {
	if !c.on(p.s.g.w) {
		return buf
	}
	st := p.s.cells[c.abs(p.s.g.w)]
	for k := range int(st.n) {
		buf = append(buf, Piece{Owner: games.Player(st.owner), Christian: st.christ, Flipped: st.flip>>k&1 != 0})
	}
	return buf
}

// Turn returns the player on move: the one to throw or to move.
func (p Position) Turn() games.Player { return games.Player(p.s.turn) }

// Throwing reports whether the turn is still throwing (T2): nothing thrown yet, or
// the last throw a 1, 4 or 6.
func (p Position) Throwing() bool { return p.s.phase != phaseMoving }

// Scores returns the turn's scores, lowest first: while throwing, those kept so far;
// then those still to be moved (T11).
func (p Position) Scores() []games.Throw {
	var out []games.Throw
	for _, t := range scoreList {
		for k := uint8(0); k < p.s.scores[t]; k++ {
			out = append(out, games.Throw(t))
		}
	}
	return out
}

// Opening reports whether the game's first 1 is still to come (T10): until then
// every throw of the first player that is not a 1 is void.
func (p Position) Opening() bool { return p.s.opening }

// Quiet returns how many turns in a row, before the current one, no piece left
// the board (T12); QuietLimit is the count that ends the game.
func (p Position) Quiet() int { return int(p.s.quiet) }

// QuietLimit returns 10 x W, the quiet turns that end the game (T12).
func (p Position) QuietLimit() int { return p.s.quietLimit() }

// Departed reports whether a piece has left the board during the current turn,
// so that it will not count as quiet (T12).
func (p Position) Departed() bool { return p.s.departed }

// Pieces returns how many pieces player pl has on the board; the rest of the W it
// started with have been captured or reduced away.
func (p Position) Pieces(pl games.Player) int {
	if !pl.Valid() {
		return 0
	}
	return int(p.s.total[pl])
}

// Path returns the cells of player pl's path in order (T3): row 1, row 2, row 3,
// then row 4; from the end of row 3 a piece may also go back to the start of row 2,
// and from the end of row 4 it goes on to the start of row 3.
func (p Position) Path(pl games.Player) []Cell {
	if !pl.Valid() {
		return nil
	}
	g := p.s.g
	out := make([]Cell, g.n)
	for i := range out {
		out[i] = cellAt(g.w, int(g.cell[pl][i]))
	}
	return out
}

// Row returns the row of cell c as player pl counts it, 1 (pl's home row) to 4
// (the opponent's); 0 for a cell off the board.
func (p Position) Row(pl games.Player, c Cell) int {
	if !pl.Valid() || !c.on(p.s.g.w) {
		return 0
	}
	return p.s.g.row(p.s.g.idx[pl][c.abs(p.s.g.w)])
}
