// Package store keeps Kilab's games, their records, challenges, ratings and
// user settings in SQLite (modernc.org/sqlite: pure Go, no cgo), so games can
// run for days and survive any restart; or in PostgreSQL (pgx through
// database/sql), which several copies of Kilab may share. Open picks the
// database from what it is given: a file path or a postgres:// URL. What
// differs between the two lives in one dialect value (dialect.go); the
// queries and transactions are the same code.
//
// Durability: SQLite runs in WAL mode with synchronous=FULL, so a commit
// that returned nil is on disk and survives a power cut, not only a crash;
// PostgreSQL gives the same with its default synchronous_commit. The schema
// is the numbered files in migrations/ (SQLite) and migrations/postgres/,
// embedded and applied in order by Open, each in its own transaction.
//
// Speed: each SQLite connection keeps the statements it has run, by their
// text, so a query runs again without being parsed again (stmtcache.go);
// pgx keeps PostgreSQL's itself.
//
// Concurrency: every change to a game is one transaction guarded by the game's
// version, the number a board's buttons carry. A commit made against an older
// version fails with ErrConflict and changes nothing, so two clicks on the same
// turn apply once. With SQLite, writes share one connection and begin
// IMMEDIATE, so they queue instead of failing with SQLITE_BUSY; reads run on
// their own connections beside them. With PostgreSQL, write transactions run
// SERIALIZABLE and are run again when the server fails one for overlapping
// another, so a transaction that reads and then writes may rely on nothing
// changing between the two, as with SQLite's single writer. They are run
// again too when their connection was lost before COMMIT; a COMMIT whose
// connection was lost is settled by asking the server (fault.go).
//
// Repeats: a context made by Once carries an interaction's id, and the first
// write transaction run with it records the id with its change; a copy of
// the interaction delivered again fails with ErrRepeat and changes nothing
// (once.go).
//
// The store keeps positions as the games' notation strings and never
// interprets them: the bot plays the rules (kilab/games) and hands the store
// what was played and where that led. Time comes from DB.Now, never from the
// wall clock directly, so tests can run the scheduler's queries on a fake clock.
// Ratings are Glicko-2, computed by the sub-package glicko. Puzzle ratings
// (puzzle.go) are the player's own, per game, beside each puzzle's: a first
// attempt rates both in one transaction, and the attempt's key makes any
// later one, or a double click, change nothing. A server's daily puzzle
// (daily.go) is planned once a day, with the announcement of its post, and
// a player's own puzzles (own.go) are the positions of their costly moves
// that a review found.
package store
