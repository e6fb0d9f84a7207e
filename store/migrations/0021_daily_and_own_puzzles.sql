-- The daily puzzle: the channel a server's moderators chose for it, and
-- each day's puzzle of each server (day: days since 1970-01-01, UTC). The
-- row of a server's day is unique, and it is written in the transaction
-- that announces its post, so the post is announced once however many
-- copies sweep, and delivered as every announcement is. Announcements gain
-- a fourth subject, the daily puzzle (daily_id); SQLite cannot change a
-- table's CHECK, so the table is built again under its name, every row and
-- claim kept. Same change as postgres/0012_daily_and_own_puzzles.sql.
CREATE TABLE daily_puzzle_channels (
	guild_id   TEXT    PRIMARY KEY,
	channel_id TEXT    NOT NULL,
	set_by     TEXT    NOT NULL,
	set_at     INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE daily_puzzles (
	id         INTEGER PRIMARY KEY,
	guild_id   TEXT    NOT NULL,
	day        INTEGER NOT NULL,
	puzzle_id  TEXT    NOT NULL,
	channel_id TEXT    NOT NULL,
	created_at INTEGER NOT NULL,
	UNIQUE (guild_id, day)
);
CREATE TABLE outbox (
	id            INTEGER PRIMARY KEY,
	game_id       INTEGER REFERENCES games (id),
	challenge_id  INTEGER REFERENCES challenges (id),
	kind          TEXT    NOT NULL,
	user_id       TEXT    NOT NULL DEFAULT '',
	version       INTEGER NOT NULL DEFAULT 0,
	changes       TEXT    NOT NULL DEFAULT '',
	attempts      INTEGER NOT NULL DEFAULT 0,
	due_at        INTEGER NOT NULL,
	created_at    INTEGER NOT NULL,
	done_at       INTEGER,
	outcome       TEXT    NOT NULL DEFAULT '',
	until_at      INTEGER,
	claimed_until INTEGER,
	claimed_by    TEXT    NOT NULL DEFAULT '',
	tournament_id INTEGER REFERENCES tournaments (id),
	round         INTEGER NOT NULL DEFAULT 0,
	daily_id      INTEGER REFERENCES daily_puzzles (id),
	CONSTRAINT announcements_one_subject
		CHECK ((game_id IS NOT NULL) + (challenge_id IS NOT NULL) + (tournament_id IS NOT NULL) + (daily_id IS NOT NULL) = 1)
);
INSERT INTO outbox (id, game_id, challenge_id, kind, user_id, version, changes, attempts, due_at, created_at,
		done_at, outcome, until_at, claimed_until, claimed_by, tournament_id, round)
	SELECT id, game_id, challenge_id, kind, user_id, version, changes, attempts, due_at, created_at,
		done_at, outcome, until_at, claimed_until, claimed_by, tournament_id, round
	FROM announcements;
DROP TABLE announcements;
ALTER TABLE outbox RENAME TO announcements;
CREATE UNIQUE INDEX announcements_once ON announcements
	(COALESCE(game_id, 0), COALESCE(challenge_id, 0), COALESCE(tournament_id, 0), COALESCE(daily_id, 0), kind, user_id, version, round)
	WHERE kind NOT IN ('draw_offer', 'vacation');
CREATE INDEX announcements_due ON announcements (due_at) WHERE done_at IS NULL;
CREATE INDEX announcements_game ON announcements (game_id, id) WHERE done_at IS NULL;
CREATE INDEX announcements_tournament ON announcements (tournament_id, id) WHERE done_at IS NULL;
CREATE INDEX announcements_pending ON announcements (id) WHERE done_at IS NULL;
CREATE INDEX announcements_challenge ON announcements (challenge_id) WHERE done_at IS NULL;
-- A player's own puzzles: the positions of their costliest moves in a game
-- they reviewed, to try again (/puzzle mine). The puzzle is kept whole, as
-- JSON of the bot's puzzle record, since it is in no set the bot ships;
-- reviewing a game again adds none twice. solved_at: when the player found
-- the best move there; then it is not offered again.
CREATE TABLE own_puzzles (
	user_id    TEXT    NOT NULL,
	puzzle_id  TEXT    NOT NULL,
	kind       TEXT    NOT NULL,
	game_id    INTEGER NOT NULL REFERENCES games (id),
	ply        INTEGER NOT NULL,
	cost       REAL    NOT NULL,
	puzzle     TEXT    NOT NULL,
	created_at INTEGER NOT NULL,
	solved_at  INTEGER,
	PRIMARY KEY (user_id, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX own_puzzles_open ON own_puzzles (user_id, created_at) WHERE solved_at IS NULL;
