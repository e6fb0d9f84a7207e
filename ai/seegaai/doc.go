// Package seegaai is the computer's Seega: an alpha-beta search for the moving
// phase, a placement plan for the placing phase, a learned evaluation for
// both, and the agents and judge it registers with package ai.
//
// The search is negamax with alpha-beta, iterative deepening, a transposition
// table keyed on seega.Position.Key, captures tried first (then the table's
// move), and capture chains (S5) searched to their end at the horizon, since a
// position in the middle of a chain is not quiet. A chain keeps the same
// player on move, so a child's value is negated only where the side on move
// changes.
//
// Placing (S2) has hundreds of choices a turn and captures nothing, so it is
// not searched: classic and the levels below it place by a plan
// (placement.go) that values the cells a piece will be safe on and the lines
// it makes toward the centre, where moving begins; hard, where it has a
// network, places where the network likes best.
//
// Levels:
//   - easy: one ply ahead, and a random move among those within a pawn of the
//     best a third of the time; random placements.
//   - medium: 2 plies, the placement plan.
//   - classic: iterative deepening to 12 plies within 40,000 nodes a move (and
//     the time limit) on material, the placement plan.
//   - hard: classic's search with the log-odds of the network shipped for
//     the board (shipped.go: one for each size) as its evaluation, placing
//     where the network likes best one placement ahead; on a board without
//     one, classic.
//   - learned: hard's way on the network kilab arena --net gives, to try a
//     network before it is shipped.
//   - greedy: ai.Greedy on material, for reference.
//
// The learned evaluation (features.go, learned.go): kilab train --game seega
// learns a network by self-play and TD(λ), one for each board size, every
// move the network's best but one in ten at random (Seega has no dice).
//
// The judge (agents.go, judgeFor in learned.go) scores on the network kilab
// arena --net gives, else on the one shipped for the board, else on
// material. On a network with a curve fitted (fitted, by the SHA-256 of its
// file) it takes the log-odds through that curve, fitted on games of hard
// against hard, and once the curve has passed a check on other games it
// says its chances are calibrated (docs/ai.md has the tables).
//
// Puzzles (puzzle.go, registered with package puzzles): a move after which
// the mover is two pieces up at the end of the opponent's reply (chains
// included, both sides playing their best), where no other move keeps that
// gain, and which a search deeper than hard's (16 plies within 400,000
// positions) also plays and finds the gain holding; failing that, where the
// judge is calibrated, a move whose chance leads every other's by 10 points.
package seegaai
