-- One outbox for everything announced: a tournament's notices (a round's
-- pairings, the final standings) become announcements of their own kinds,
-- about a tournament (tournament_id, round) as the others are about a game or
-- a challenge. They gain what announcements had and they lacked: the first
-- dibs of the copy that wrote them, the metrics, the one claim loop; and
-- announcements_once now says what the notices' UNIQUE said. Every notice
-- moves, delivered ones too, so that one posted before the upgrade is still
-- never written again; the undelivered keep their attempts, due times and
-- claims, in their order. Same change as ../0014_one_outbox.sql.
ALTER TABLE announcements ADD COLUMN tournament_id BIGINT REFERENCES tournaments (id);
ALTER TABLE announcements ADD COLUMN round INTEGER NOT NULL DEFAULT 0;
ALTER TABLE announcements DROP CONSTRAINT announcements_check;
ALTER TABLE announcements ADD CONSTRAINT announcements_one_subject
	CHECK (num_nonnulls(game_id, challenge_id, tournament_id) = 1);
DROP INDEX announcements_once;
CREATE UNIQUE INDEX announcements_once ON announcements
	(COALESCE(game_id, 0), COALESCE(challenge_id, 0), COALESCE(tournament_id, 0), kind, user_id, version, round)
	WHERE kind NOT IN ('draw_offer', 'vacation');
CREATE INDEX announcements_tournament ON announcements (tournament_id, id) WHERE done_at IS NULL;
INSERT INTO announcements (tournament_id, kind, round, attempts, due_at, created_at, done_at, outcome, claimed_until, claimed_by)
	SELECT tournament_id, 'tournament_' || kind, round, attempts, due_at, created_at, done_at, outcome, claimed_until, claimed_by
	FROM tournament_notices ORDER BY id;
DROP TABLE tournament_notices;
