package aseb

// Summary explains the game to a newcomer in a few lines, for /rules: true to
// the rulebook (docs/rules.md), with the rule ids in brackets for whoever
// wants the exact wording, and the variants named where they change what a
// newcomer does.
func (Game) Summary() []string {
	return []string{
		"**Goal**: be the first to bear off all your pieces (5, or 7 with the `pieces` option). A race: there are no draws. [A12]",
		"**Board**: 20 cells. Each of your pieces runs a 16-cell path: your 4 private cells (1-4), then 12 cells shared with your opponent (5-16), both of you running them the same way; after cell 16 a piece leaves the board. Houses are the marked cells 4, 8, 12 and 16 (twenty-squares: 8, 12, 16 unless `house4`). [A1, A2]",
		"**Who starts**: in standard both players throw until exactly one of them scores a 1; that player starts. In the other variants a coin decides. A challenge may name the first player instead. [A3]",
		"**A turn**: press **Throw**. The score is the number of sticks landing flat side up, 1-4 (or a four-sided die's, with the `dice` option). A 0 is thrown again in standard; in twenty-squares and royalur it ends your turn. Then make one move: enter a new piece on your private cell of that number, or move one piece that many cells on. With no legal move the turn passes. [A4, A5]",
		"**Your own pieces**: you never land on one. In standard a piece whose way is blocked by your own piece stops on the cell just before it; in twenty-squares it may not pass it at all; in royalur it may jump it. [A5-A8]",
		"**Houses**: landing on a house gives you another throw, again and again. [A11]",
		"**Captures**: land on an opponent's piece on a shared cell and it goes back to its owner's reserve. Your private cells are out of reach; in royalur a piece on a house is safe too. [A8, A9]",
		"**The end**: bearing off needs the exact throw, from cell p a score of 17 - p (in standard a piece with your own piece ahead stops short of it instead). The first to bear off every piece wins at once. [A10, A12]",
	}
}
