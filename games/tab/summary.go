package tab

// Summary explains the game to a newcomer in a few lines, for /rules: true to
// the rulebook (docs/rules.md), with the rule ids in brackets for whoever
// wants the exact wording, and the variants named where they change what a
// newcomer does.
func (Game) Summary() []string {
	return []string{
		"**Goal**: capture all your opponent's pieces. [T12]",
		"**Board**: 4 rows of W cells (W odd, 7 to 29, default 11). You start with one piece on every cell of your home row, row 1; row 4 is your opponent's home row. [T1]",
		"**The path**: row 1 left to right, row 2 right to left, row 3 left to right; from the end of row 3 a piece goes on into row 4 (right to left) or back round into row 2, so rows 2 and 3 form a loop. Pieces jump over any pieces on the way; no piece ever goes back into its own home row. [T3]",
		"**A turn**: press **Throw** once and the sticks are thrown until the first 2 or 3 (a 1, 4 or 6 throws again). Flat sides up score 1-4; none scores 6. Then use the scores one at a time, in any order: each moves one piece or stack that many cells. Scores are never added together. A score must be used while it has a legal move; the rest are lost. [T2, T11]",
		"**The first move**: the game's first score must be a 1 (throws before it count for nothing). A piece that has never moved may move only on a 1, one cell, and while you have such pieces every 1 must move the rightmost of them. [T4, T10]",
		"**Stacks**: landing on your own piece stacks on it, and a stack moves as one; on a 1 its top piece may split off. A stack moving from row 3 back into row 2, or from row 4 into row 3, keeps only its bottom piece: the rest leave the board. [T5, T6]",
		"**Row 4**: a piece may enter your opponent's home row only once, and only while they still have a piece there. Once in, it may move only when you have no pieces left in your own home row (and, in a stack, only when you have no single pieces left). [T8, T9]",
		"**Captures**: land exactly on a cell holding your opponent's pieces and they all leave the board; jumping over them does nothing. [T7]",
		"**The end**: a player with no pieces left loses. If 10 x W turns in a row pass with no piece leaving the board (quiet turns: the picture counts them, as in quiet 8/110), more pieces wins and equal pieces is a draw. You may resign, or agree a draw with /draw. [T12]",
	}
}
