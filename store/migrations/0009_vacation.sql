-- Vacations (/vacation): a player's time away, while the clocks of their games
-- wait. ends_at is when the vacation ends: as asked at its start, or earlier
-- when the player comes back early. One user's vacations never overlap: the
-- store refuses a second while one runs.
CREATE TABLE vacations (
	id        INTEGER PRIMARY KEY,
	user_id   TEXT    NOT NULL,
	starts_at INTEGER NOT NULL,
	ends_at   INTEGER NOT NULL,
	CHECK (ends_at >= starts_at)
);
CREATE INDEX vacations_user ON vacations (user_id, ends_at);

-- A vacation's notice in a game's thread says until when the player is away
-- (until_at, NULL once they are back). A player may go, come back and go again
-- while a game stays at one version, so these notices, like draw offers, are
-- not one per version.
ALTER TABLE announcements ADD COLUMN until_at INTEGER;
DROP INDEX announcements_once;
CREATE UNIQUE INDEX announcements_once ON announcements (COALESCE(game_id, 0), COALESCE(challenge_id, 0), kind, user_id, version)
	WHERE kind NOT IN ('draw_offer', 'vacation');
