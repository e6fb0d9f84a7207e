-- Puzzle ratings: each player's per game, each puzzle's, and each player's
-- first attempts. Same change as ../0020_puzzle_ratings.sql.
CREATE TABLE puzzle_players (
	user_id    TEXT             NOT NULL,
	kind       TEXT             NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	deviation  DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
	volatility DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
	attempts   INTEGER          NOT NULL DEFAULT 0,
	solved     INTEGER          NOT NULL DEFAULT 0,
	updated_at BIGINT           NOT NULL,
	PRIMARY KEY (user_id, kind)
);
CREATE TABLE puzzle_ratings (
	puzzle_id  TEXT             PRIMARY KEY,
	kind       TEXT             NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	deviation  DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
	volatility DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
	attempts   INTEGER          NOT NULL DEFAULT 0,
	solved     INTEGER          NOT NULL DEFAULT 0
);
CREATE INDEX puzzle_ratings_kind ON puzzle_ratings (kind);
CREATE TABLE puzzle_attempts (
	user_id       TEXT             NOT NULL,
	puzzle_id     TEXT             NOT NULL,
	kind          TEXT             NOT NULL,
	move          TEXT             NOT NULL,
	solved        INTEGER          NOT NULL CHECK (solved IN (0, 1)),
	rating_before DOUBLE PRECISION NOT NULL,
	rating_after  DOUBLE PRECISION NOT NULL,
	at_ms         BIGINT           NOT NULL,
	PRIMARY KEY (user_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_puzzle ON puzzle_attempts (puzzle_id, solved);
