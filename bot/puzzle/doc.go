// Package puzzle is /puzzle solve: a puzzle of the starter set (package puzzles)
// shown to the player alone, the throw already made and the legal moves as
// buttons in words; a click answers it: right or wrong, the best move, and
// every move's winning chance (exact in Aseb, the engine's estimate in Tab
// and Seega, said as such), and what the answer did to the player's puzzle
// rating.
//
// The way in is Puzzles: Puzzle answers the command and Answer a move's
// button, whose custom_id (kit.PuzzleCID) names the puzzle by its stable id
// and the move by its place in the puzzle's list, so the feature keeps no
// state and a button survives restarts; a button naming a puzzle the set no
// longer has, or a move it does not have, gets a message and changes
// nothing. Of the store it takes the puzzle ratings: the player's per game,
// each puzzle's, and the player's first attempts (a first attempt is rated,
// later ones are not; a puzzle solved is not offered again), so a puzzle is
// picked near the player's rating (puzzles.Pick). Of Discord it only answers
// the interaction.
//
// Once a server's moderator has chosen a channel with /mod daily (in
// bot/moderation: Discord's permissions are per top-level command, and
// /puzzle is every player's), the server's puzzle of the day is posted
// there once a day (daily.go): planned by every sweep (Plan; the store
// plans a server's day once, with the announcement of its post), posted by
// the delivery (Deliver, a kind of Config.Kinds), its buttons
// (kit.DailyPuzzleCID) answering each player privately (AnswerDaily) and
// the next day's post saying how many solved the last. Of Discord it then
// also sends the post.
//
// /puzzle mine offers the player's own puzzles (mine.go): the positions of
// their costliest moves in the games they reviewed, which bot/info keeps in
// the store; a move button of one names it by id like any puzzle's, Answer
// finding it among the clicker's own when the set lacks it. They are
// unrated; the best move found marks one solved.
package puzzle
