-- One outbox for everything announced: a tournament's notices (a round's
-- pairings, the final standings) become announcements of their own kinds,
-- about a tournament (tournament_id, round) as the others are about a game or
-- a challenge. They gain what announcements had and they lacked: the first
-- dibs of the copy that wrote them, the metrics, the one claim loop; and
-- announcements_once now says what the notices' UNIQUE said. Every notice
-- moves, delivered ones too, so that one posted before the upgrade is still
-- never written again; the undelivered keep their attempts, due times and
-- claims, in their order. SQLite cannot change a table's CHECK, so the table
-- is built again under its name. Same change as postgres/0005_one_outbox.sql.
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
	round         INTEGER NOT NULL DEFAULT 0, -- a tournament notice's round
	CONSTRAINT announcements_one_subject
		CHECK ((game_id IS NOT NULL) + (challenge_id IS NOT NULL) + (tournament_id IS NOT NULL) = 1)
);
INSERT INTO outbox (id, game_id, challenge_id, kind, user_id, version, changes, attempts, due_at, created_at,
		done_at, outcome, until_at, claimed_until, claimed_by)
	SELECT id, game_id, challenge_id, kind, user_id, version, changes, attempts, due_at, created_at,
		done_at, outcome, until_at, claimed_until, claimed_by
	FROM announcements;
INSERT INTO outbox (tournament_id, kind, round, attempts, due_at, created_at, done_at, outcome, claimed_until, claimed_by)
	SELECT tournament_id, 'tournament_' || kind, round, attempts, due_at, created_at, done_at, outcome, claimed_until, claimed_by
	FROM tournament_notices ORDER BY id;
DROP TABLE tournament_notices;
DROP TABLE announcements;
ALTER TABLE outbox RENAME TO announcements;
CREATE UNIQUE INDEX announcements_once ON announcements
	(COALESCE(game_id, 0), COALESCE(challenge_id, 0), COALESCE(tournament_id, 0), kind, user_id, version, round)
	WHERE kind NOT IN ('draw_offer', 'vacation');
CREATE INDEX announcements_due ON announcements (due_at) WHERE done_at IS NULL;
CREATE INDEX announcements_game ON announcements (game_id, id) WHERE done_at IS NULL;
CREATE INDEX announcements_tournament ON announcements (tournament_id, id) WHERE done_at IS NULL;
CREATE INDEX announcements_pending ON announcements (id) WHERE done_at IS NULL;
CREATE INDEX announcements_challenge ON announcements (challenge_id) WHERE done_at IS NULL;
