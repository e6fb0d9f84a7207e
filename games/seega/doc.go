// Package seega is the rules engine of Seega (docs/rules.md, S1-S8): boards of 5x5,
// 7x7 and 9x9, placement two pieces at a time with the centre kept empty and the
// lane opening (S2), movement started by the last placer (S3), custodian capture
// with a safe centre (S4), capture chains by the same piece (S5), the
// back-and-forth limit (S6), the blocked player's pass and the opponent's duty to
// open a way (S7), and the end of the game (S8).
//
// A Position is a value; Play and PlayMove return a new one. It implements
// games.Position, so the bot, store and CLI treat it like any game, and its
// accessors (At, InHand, Turn, Phase, Chain, MustOpen, Quiet, Shuttle) and
// Effect give a renderer what it draws. The notation is in
// docs/notation-seega.md.
//
// The board is a byte array with a wall all round, so a neighbour, or the cell
// beyond it, never needs a bounds check; cells keep the same index on every
// board size. AppendMoves and Do generate and play moves in place without
// allocating, for random playouts (Playout) and, later, the computer opponent.
//
// Lesson (lesson.go) is Seega's walk-through for /learn: a step for each rule of
// S1-S8 and D5 on the 5x5 board, each a position this engine builds.
package seega
