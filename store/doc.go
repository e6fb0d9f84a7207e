// Package store keeps Kilab's games, their records, challenges, ratings and
// user settings in SQLite (modernc.org/sqlite: pure Go, no cgo), so games can
// run for days and survive any restart.
//
// Durability: the database runs in WAL mode with synchronous=FULL, so a commit
// that returned nil is on disk and survives a power cut, not only a crash. The
// schema is the numbered files in migrations/, embedded and applied in order by
// Open, each in its own transaction.
//
// Concurrency: every change to a game is one transaction guarded by the game's
// version, the number a board's buttons carry. A commit made against an older
// version fails with ErrConflict and changes nothing, so two clicks on the same
// turn apply once. Writes share one connection and begin IMMEDIATE, so they
// queue instead of failing with SQLITE_BUSY; reads run on their own
// connections beside them.
//
// The store keeps positions as the games' notation strings and never
// interprets them: the bot plays the rules (kilab/games) and hands the store
// what was played and where that led. Time comes from DB.Now, never from the
// wall clock directly, so tests can run the scheduler's queries on a fake clock.
// Ratings are Glicko-2, computed by the sub-package glicko.
package store
