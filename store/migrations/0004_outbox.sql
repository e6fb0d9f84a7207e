-- Announcements: what the bot must tell players once a change is committed.
-- Each row is written in the same transaction as the change it announces, so
-- a crash after the commit delays an announcement but never loses it; the bot
-- delivers rows in id order per game, retries failed ones with backoff, and
-- marks each delivered (or given up) once. One row per game version, kind and
-- recipient: the unique index is what keeps one version from being announced
-- twice. Draw offers are the exception: an offer declined and made again at
-- the same version is a new offer, with its own message.
CREATE TABLE announcements (
	id           INTEGER PRIMARY KEY,
	game_id      INTEGER REFERENCES games (id),
	challenge_id INTEGER REFERENCES challenges (id),
	kind         TEXT    NOT NULL,
	user_id      TEXT    NOT NULL DEFAULT '', -- a DM's recipient
	version      INTEGER NOT NULL DEFAULT 0,  -- the game version it announces
	changes      TEXT    NOT NULL DEFAULT '', -- JSON rating changes, for the end of a rated game
	attempts     INTEGER NOT NULL DEFAULT 0,
	due_at       INTEGER NOT NULL,
	created_at   INTEGER NOT NULL,
	done_at      INTEGER,                     -- NULL until delivered or given up
	outcome      TEXT    NOT NULL DEFAULT '', -- 'sent', 'skipped: ...', 'failed: ...'
	CHECK ((game_id IS NULL) <> (challenge_id IS NULL))
);
CREATE UNIQUE INDEX announcements_once ON announcements (COALESCE(game_id, 0), COALESCE(challenge_id, 0), kind, user_id, version)
	WHERE kind <> 'draw_offer';
CREATE INDEX announcements_due ON announcements (due_at) WHERE done_at IS NULL;
CREATE INDEX announcements_game ON announcements (game_id, id) WHERE done_at IS NULL;

-- Every message that showed a game's controls: the thread's boards, their DM
-- copies and draw offers. When a newer board is out, the older ones lose their
-- buttons, so only the live board looks live.
CREATE TABLE board_messages (
	channel_id TEXT    NOT NULL,
	message_id TEXT    NOT NULL,
	game_id    INTEGER NOT NULL REFERENCES games (id),
	version    INTEGER NOT NULL,
	kind       TEXT    NOT NULL CHECK (kind IN ('board', 'dm', 'offer')),
	live       INTEGER NOT NULL DEFAULT 1 CHECK (live IN (0, 1)),
	PRIMARY KEY (channel_id, message_id)
);
CREATE INDEX board_messages_live ON board_messages (game_id, version) WHERE live = 1;
