// Package seegaai is the computer's Seega: an alpha-beta search for the moving
// phase, a placement plan for the placing phase, and the agents and judge it
// registers with package ai.
//
// The search is negamax with alpha-beta, iterative deepening, a transposition
// table keyed on seega.Position.Key, captures tried first (then the table's
// move), and capture chains (S5) searched to their end at the horizon, since a
// position in the middle of a chain is not quiet. A chain keeps the same
// player on move, so a child's value is negated only where the side on move
// changes.
//
// Placing (S2) has hundreds of choices a turn and captures nothing, so it is
// not searched: each level places by a plan (placement.go) that values the
// cells a piece will be safe on and the lines it makes toward the centre,
// where moving begins.
//
// Levels:
//   - easy: one ply ahead, and a random move among those within a pawn of the
//     best a third of the time; random placements.
//   - medium: 2 plies, the placement plan.
//   - hard: iterative deepening to 12 plies within 40,000 nodes a move (and
//     the time limit), the placement plan.
//   - greedy: ai.Greedy on material, for reference.
//
// A learned evaluation is under way (features.go, learned.go): kilab train
// --game seega learns a network by self-play and TD(λ), one for each board
// size, every move the network's best but one in ten at random (Seega has no
// dice). No network is shipped yet. The arena's learned level (hard's search
// with the network's log-odds as the evaluation) and the judge play from one
// that kilab arena --net gives; players are offered neither.
//
// Puzzles (puzzle.go, registered with package puzzles): a move after which
// the mover is two pieces up at the end of the opponent's reply (chains
// included, both sides playing their best), where no other move keeps that
// gain, and which a search deeper than hard's (16 plies within 400,000
// positions) also plays and finds the gain holding.
package seegaai
