// Package asebai is the computer's Aseb: the game solved exactly, and the
// agents and judge it registers with package ai.
//
// Solving (Solve, kilab solve): every position of 5-piece Aseb where a side is
// to throw (41,243,781 of them, numbered densely by the index in index.go)
// gets the chance that this side wins with perfect play by both, by value
// iteration to a Bellman residual below 1e-9: Gauss-Seidel sweeps, group of
// layers by group (solve.go), each sweep's successor lists prepared by every
// core ahead of the one that updates the values in order (sweep.go), in
// under 5 minutes and 1 GiB on two cores (docs/aseb-solved.md). The values
// are kept as a Table of 16 bits a position (79 MiB), written to a file
// atomically (Table.Save) and checked whole when read (Load). The solver
// plays moves through the engine's own fast paths (aseb.Position.Afters), so
// it follows the same rules as every game; tests check it against an
// independent solve through the engine's checked API.
//
// Tables in the bot (OpenTables, passed to the agents in an ai.Env): loaded from a folder next to the database;
// one missing is solved in the background, on a thread of the lowest priority,
// the first time a game needs it, and the computer searches until it is ready.
//
// Levels:
//   - easy: the race count one move ahead, and a random move a third of the time;
//   - medium: expectimax one throw deep on the race count;
//   - hard: perfect play from the table; with 7 pieces (no table: 12 times
//     the positions of 5), or until the table is solved, expectimax 3 throws
//     deep on the race count;
//   - greedy: the race count one move ahead, for reference.
//
// Puzzles (puzzle.go, registered with package puzzles): every move valued
// exactly from the table, a puzzle where the best leads the second by 10
// points of winning chance; there are none without the table.
//
// The race count (heuristic.go) is each side's pips (a piece borne off 17),
// less a little for a piece an opponent can hit, turned into a chance by a
// logistic curve.
package asebai
