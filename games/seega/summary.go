package seega

// Summary explains the game to a newcomer in a few lines, for /rules: true to
// the rulebook (docs/rules.md), with the rule ids in brackets for whoever
// wants the exact wording, and the variants named where they change what a
// newcomer does.
func (Game) Summary() []string {
	return []string{
		"**Goal**: capture all your opponent's pieces, or have more of them when play stalls. [S8]",
		"**Board**: N x N cells, N = 5, 7 or 9, each player with (N x N - 1) / 2 pieces (12, 24 or 40), all off the board at the start. Cells are named A1 (bottom left) to E5 on 5x5. [S1]",
		"**Placing**: the first player (coin or challenge) starts; you take turns placing two pieces each on any empty cell but the centre, until only the centre is empty. Placing captures nothing. In the lane variant the first pieces go on the middles of the edges. [S2]",
		"**Moving**: the second player, who placed last, moves first. A move takes one of your pieces one cell up, down, left or right into an empty cell: no jumps, no diagonals. [S3]",
		"**Captures**: after your move, every opponent piece next to the piece you moved with one of your pieces directly beyond it, in line, is removed. A piece on the centre cannot be captured, and moving in between two opponents is safe. After a capture the same piece may move again while each move captures; you may stop instead. [S4, S5]",
		"**Back and forth**: a piece may go back and forth between the same two cells at most twice. [S6]",
		"**Blocked**: a player with no legal move passes. Their opponent must then open a way with their move if any move does, or else remove one of their own pieces to open one. [S7]",
		"**The end**: a player with no pieces loses. When neither player can move, or 50 quiet steps pass in a row, no piece leaving the board (70 on 7x7, 90 on 9x9; a step is one piece moving one cell; the picture counts them, as in quiet 12/50), more pieces wins and equal pieces is a draw. You may resign, or agree a draw with /draw. [S8]",
	}
}
