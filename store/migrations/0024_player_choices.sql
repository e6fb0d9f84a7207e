-- A player's choices about when and how Kilab speaks to them, and a server's
-- defaults for new challenges (issue: turn notices on their terms).
--   language: "" follows the Discord client's locale (users.locale), else
--     one of the bot's languages ("de"), for DMs, answers and pictures.
--   time_zone: an IANA name ("Europe/Berlin"), "" for none chosen.
--   quiet_from, quiet_to: quiet hours, minutes after midnight in time_zone;
--     NULL for none.
--   digest_at: the minute of the day, in time_zone, of the daily digest
--     that replaces turn DMs; NULL for none. digest_due is when the next
--     one is due (UTC milliseconds), claimed by the sweep (ClaimDigests).
--   board_fixed: the boards only the player sees (DM copies, private
--     answers) drawn from the fixed side, as the thread's, rather than
--     from their own (the default).
--   muted_games: the games whose DMs a player turned off, and whether
--     their reminders too.
--   follows_games, follows_tournaments: who follows a game they do not
--     play (its result by DM, or with every_move each move too), or a
--     tournament (its rounds and result).
--   games.rating_dev0, rating_dev1: each player's rating deviation after a
--     rated game, so that a rating's history can tell its provisional
--     stretches (RatingHistory); NULL for games rated before.
--   moderation.default_days, default_rated: a server's defaults, chosen by
--     its moderators, for the /challenge options a challenger leaves out;
--     NULL for the bot's own (3 days, rated).
-- A digest is an announcement about no game, challenge, tournament or daily
-- puzzle, but its player (user_id): announcements_one_subject allows a
-- 'digest' none. SQLite cannot change a table's CHECK, so the table is
-- built again under its name, every row and claim kept, as in 0021.
-- Same change as postgres/0015_player_choices.sql.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN quiet_from INTEGER;
ALTER TABLE users ADD COLUMN quiet_to INTEGER;
ALTER TABLE users ADD COLUMN digest_at INTEGER;
ALTER TABLE users ADD COLUMN board_fixed INTEGER NOT NULL DEFAULT 0 CHECK (board_fixed IN (0, 1));
ALTER TABLE users ADD COLUMN digest_due INTEGER;
CREATE INDEX users_digest ON users (digest_due) WHERE digest_due IS NOT NULL;
CREATE TABLE muted_games (
	user_id   TEXT    NOT NULL,
	game_id   INTEGER NOT NULL REFERENCES games (id),
	reminders INTEGER NOT NULL DEFAULT 0 CHECK (reminders IN (0, 1)),
	PRIMARY KEY (user_id, game_id)
) WITHOUT ROWID;
CREATE TABLE follows_games (
	game_id    INTEGER NOT NULL REFERENCES games (id),
	user_id    TEXT    NOT NULL,
	every_move INTEGER NOT NULL DEFAULT 0 CHECK (every_move IN (0, 1)),
	created_at INTEGER NOT NULL,
	PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE TABLE follows_tournaments (
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	user_id       TEXT    NOT NULL,
	created_at    INTEGER NOT NULL,
	PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;
CREATE INDEX follows_games_user ON follows_games (user_id);
-- A server's games in play, newest first, for /follow's autocomplete.
CREATE INDEX games_active_guild ON games (guild_id, id) WHERE status = 'active';
ALTER TABLE games ADD COLUMN rating_dev0 REAL;
ALTER TABLE games ADD COLUMN rating_dev1 REAL;
ALTER TABLE moderation ADD COLUMN default_days INTEGER;
ALTER TABLE moderation ADD COLUMN default_rated INTEGER CHECK (default_rated IN (0, 1));
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
		CHECK ((game_id IS NOT NULL) + (challenge_id IS NOT NULL) + (tournament_id IS NOT NULL) + (daily_id IS NOT NULL)
			= (CASE kind WHEN 'digest' THEN 0 ELSE 1 END))
);
INSERT INTO outbox (id, game_id, challenge_id, kind, user_id, version, changes, attempts, due_at, created_at,
		done_at, outcome, until_at, claimed_until, claimed_by, tournament_id, round, daily_id)
	SELECT id, game_id, challenge_id, kind, user_id, version, changes, attempts, due_at, created_at,
		done_at, outcome, until_at, claimed_until, claimed_by, tournament_id, round, daily_id
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
CREATE INDEX announcements_done ON announcements (done_at) WHERE done_at IS NOT NULL;
