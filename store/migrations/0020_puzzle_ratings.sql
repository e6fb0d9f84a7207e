-- Puzzle ratings, as on Lichess: each player's Glicko-2 puzzle rating per
-- game, each puzzle's own rating (a puzzle nobody has tried has none here:
-- its rating is the one its difficulty gives), and each player's attempts.
-- Only a first attempt is kept and rated: its row's primary key is what
-- makes a second click on the same puzzle, or two at once, change nothing.
-- Puzzle ratings are the player's, not a server's: a puzzle is solved
-- alone, in a server or in a DM.
CREATE TABLE puzzle_players (
	user_id    TEXT    NOT NULL,
	kind       TEXT    NOT NULL,
	rating     REAL    NOT NULL,
	deviation  REAL    NOT NULL CHECK (deviation > 0),
	volatility REAL    NOT NULL CHECK (volatility > 0),
	attempts   INTEGER NOT NULL DEFAULT 0,
	solved     INTEGER NOT NULL DEFAULT 0,
	updated_at INTEGER NOT NULL,
	PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;
CREATE TABLE puzzle_ratings (
	puzzle_id  TEXT    PRIMARY KEY,
	kind       TEXT    NOT NULL,
	rating     REAL    NOT NULL,
	deviation  REAL    NOT NULL CHECK (deviation > 0),
	volatility REAL    NOT NULL CHECK (volatility > 0),
	attempts   INTEGER NOT NULL DEFAULT 0,
	solved     INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX puzzle_ratings_kind ON puzzle_ratings (kind);
CREATE TABLE puzzle_attempts (
	user_id       TEXT    NOT NULL,
	puzzle_id     TEXT    NOT NULL,
	kind          TEXT    NOT NULL,
	move          TEXT    NOT NULL,
	solved        INTEGER NOT NULL CHECK (solved IN (0, 1)),
	rating_before REAL    NOT NULL,
	rating_after  REAL    NOT NULL,
	at_ms         INTEGER NOT NULL,
	PRIMARY KEY (user_id, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX puzzle_attempts_puzzle ON puzzle_attempts (puzzle_id, solved);
