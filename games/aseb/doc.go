// Package aseb is the rules engine of Aseb, the Game of Twenty Squares (docs/rules.md
// section 1): the variants standard, twenty-squares and royalur with their options,
// the start procedure (A3), legal moves for a position and a throw, and a text
// notation for positions and moves (docs/notation.md).
//
// Cells are numbered by path position, as the players see them: 1-4 are the
// player's own private cells, 5-16 the shared middle row, run by both players in
// the same direction (A1). Because both sides number the shared cells alike, a
// side's pieces fit in one bit mask and an opponent on the same shared cell is the
// same bit in the other mask: move generation is a few mask operations and
// allocates nothing, which keeps random playouts (the computer opponent's future
// search) fast.
//
// A Position is a value; WithThrow and Apply return a new one. Position also
// implements games.Position, so the bot, store and CLI handle it like any game.
//
// Lesson (lesson.go) is Aseb's walk-through for /learn: a step for each rule of
// A1-A12 and D1-D5, each a position this engine builds.
package aseb
