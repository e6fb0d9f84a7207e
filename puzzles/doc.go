// Package puzzles finds, stores and checks puzzles: positions that arose in
// play where one move is clearly right.
//
// A puzzle is a position with a choice (a move due, the throw already made)
// where the best move beats every other by a clear margin. The margin is
// each game's own (Examiner, registered by the game's computer package in
// ai/...): in Aseb at least 10 points of winning chance under the solved
// table; in Tab and Seega a gain of at least two pieces within the turn and
// the opponent's reply, which a search deeper than the computer's hard level
// confirms and no other move keeps. The examiner also names the puzzle's
// theme (a capture, safety on a house, a capture chain...), since that is
// knowledge of the game; this package knows none of the rules.
//
// Generate plays games between the computer's levels and examines every
// position where a choice was due; the difficulty of a puzzle found is how
// many of the weaker agents (greedy, then medium) miss its best move. A
// Checker checks a puzzle again: Cheap what needs no search (the position
// reads back, the moves are its legal moves, the throw, theme and margin are
// right), Full the whole of it by examining the position again. The starter set
// (Starter) is embedded in the binary; kilab puzzles writes and verifies
// such files.
//
// Ratings (rating.go) are Lichess's: a Glicko-2 rating for each player per
// game and for each puzzle (StartRating, from its difficulty), a first
// attempt being a rated game between the two (Rate); Pick chooses among the
// unsolved puzzles nearest a player's rating.
//
// FromMistake (own.go) makes a puzzle of a player's own costly move, found
// by a review: the position before it, every move valued by the review's
// judge; it need not have a clear answer, being the player's practice.
package puzzles
