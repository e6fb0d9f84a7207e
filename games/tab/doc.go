// Package tab is the rules engine for Tab, the race-and-capture game of Egypt and
// the Levant played on a board of four rows (docs/rules.md, T1-T12).
//
// A Position is an immutable value implementing games.Position and
// games.ScoreLister; Game registers the engine under the name "tab", with one
// variant, "standard", and its option "width" (odd, 7 to 29, default 11).
//
// A turn runs as the rulebook says: the player on move throws (the first throw a
// click, further ones drawn by the server, T2 and T10), then uses the scores one at
// a time in any order (T11); a score with nothing but stack reductions may be
// passed (T6), and the scores left with no legal move end the turn with a "pass"
// that the server plays (D5).
//
// Notation (docs/notation.md): cells are a row letter a-d from white's side and a
// column number from white's left ("b7"); moves are "3b5-b8", "1c7^c8" (the top
// piece of a stack), "pass3" and "pass"; a position is five fields, for the start
// of a 4x7 board "ccccccc/7/7/CCCCCCC w - t10 0".
//
// Inside, a position is a fixed-size state with per-player counters and tables
// per width, so that generating moves allocates nothing and random playouts (see
// Playout) run tens of thousands of games a second.
//
// Lesson (lesson.go) is Tab's walk-through for /learn: a step for each rule of
// T1-T12 and D1-D5 on the 4x7 board, each a position this engine builds.
package tab
