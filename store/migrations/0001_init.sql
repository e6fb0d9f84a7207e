-- Kilab's first schema. Times are Unix milliseconds (UTC); Discord ids are text,
-- as Discord and discordgo give them; '' means "not set" for ids, NULL means
-- "none" for times. Each migration runs in one transaction, so a file either
-- applies whole or not at all.

-- A challenge posted in a channel: direct (opponent_id set) or open to anyone.
CREATE TABLE challenges (
	id            INTEGER PRIMARY KEY,
	guild_id      TEXT    NOT NULL,
	channel_id    TEXT    NOT NULL,
	message_id    TEXT    NOT NULL DEFAULT '',
	challenger_id TEXT    NOT NULL,
	opponent_id   TEXT    NOT NULL DEFAULT '',
	kind          TEXT    NOT NULL,
	variant       TEXT    NOT NULL,
	options       TEXT    NOT NULL DEFAULT '{}', -- JSON object, games.Config.Options
	first         TEXT    NOT NULL CHECK (first IN ('random', 'challenger', 'opponent')),
	time_limit_ms INTEGER NOT NULL CHECK (time_limit_ms > 0),
	rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
	rematch_of    INTEGER REFERENCES games (id),
	status        TEXT    NOT NULL DEFAULT 'open'
		CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
	created_at    INTEGER NOT NULL,
	expires_at    INTEGER NOT NULL,
	closed_at     INTEGER,
	CHECK (opponent_id <> challenger_id),
	CHECK ((status = 'open') = (closed_at IS NULL))
);

-- The scheduler's sweep for challenges past their expiry.
CREATE INDEX challenges_expiry ON challenges (expires_at) WHERE status = 'open';

-- A game in play or finished. players are in seat order (seat 0 moves first).
CREATE TABLE games (
	id            INTEGER PRIMARY KEY,
	challenge_id  INTEGER UNIQUE REFERENCES challenges (id),
	guild_id      TEXT    NOT NULL,
	channel_id    TEXT    NOT NULL,
	thread_id     TEXT    NOT NULL DEFAULT '',
	message_id    TEXT    NOT NULL DEFAULT '', -- the latest board message
	kind          TEXT    NOT NULL,
	variant       TEXT    NOT NULL,
	options       TEXT    NOT NULL DEFAULT '{}',
	player0       TEXT    NOT NULL,
	player1       TEXT    NOT NULL,
	position      TEXT    NOT NULL,            -- the game's notation (Position.String)
	to_move       INTEGER NOT NULL CHECK (to_move IN (0, 1)),
	status        TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
	result        TEXT    NOT NULL DEFAULT ''
		CHECK (result IN ('', 'first', 'second', 'draw', 'aborted')),
	reason        TEXT    NOT NULL DEFAULT '',
	version       INTEGER NOT NULL DEFAULT 1,  -- bumped by every commit; buttons carry it
	rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
	moved0        INTEGER NOT NULL DEFAULT 0,  -- moves seat 0 chose itself (the abort rule)
	moved1        INTEGER NOT NULL DEFAULT 0,
	draw_offer    INTEGER CHECK (draw_offer IN (0, 1)), -- the seat offering a draw
	time_limit_ms INTEGER NOT NULL CHECK (time_limit_ms > 0),
	deadline      INTEGER,                     -- when the player on move loses on time
	remind_at     INTEGER,                     -- when to remind them; NULL once sent
	rating_delta0 REAL,                        -- rating points won or lost, rated games
	rating_delta1 REAL,
	created_at    INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL,
	finished_at   INTEGER,
	CHECK (player0 <> player1),
	CHECK ((status = 'active') = (result = '')),
	CHECK ((status = 'active') = (finished_at IS NULL))
);

-- A user's games in play (/games, /move autocomplete), one index per seat so
-- that the query's OR becomes two index lookups; partial, so finished games,
-- the great majority, cost these lookups nothing.
CREATE INDEX games_active_player0 ON games (player0) WHERE status = 'active';
CREATE INDEX games_active_player1 ON games (player1) WHERE status = 'active';
-- A user's finished games in a server, newest first (/stats).
CREATE INDEX games_player0 ON games (player0, guild_id, finished_at);
CREATE INDEX games_player1 ON games (player1, guild_id, finished_at);
-- The scheduler's sweeps.
CREATE INDEX games_deadline ON games (deadline) WHERE status = 'active' AND deadline IS NOT NULL;
CREATE INDEX games_remind ON games (remind_at) WHERE status = 'active' AND remind_at IS NOT NULL;

-- The record: one row per ply (games.Ply), numbered from 1. throws is the
-- scores in order, comma-separated ("2,3"); move is '' while the move that
-- follows the throws is still to come.
CREATE TABLE moves (
	game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	ply     INTEGER NOT NULL CHECK (ply >= 1),
	player  INTEGER NOT NULL CHECK (player IN (0, 1)),
	throws  TEXT    NOT NULL DEFAULT '',
	move    TEXT    NOT NULL DEFAULT '',
	at      INTEGER NOT NULL,
	PRIMARY KEY (game_id, ply),
	CHECK (throws <> '' OR move <> '')
) WITHOUT ROWID;

-- Glicko-2 ratings per server and game, with the tally of rated games.
CREATE TABLE ratings (
	guild_id   TEXT    NOT NULL,
	kind       TEXT    NOT NULL,
	user_id    TEXT    NOT NULL,
	rating     REAL    NOT NULL,
	deviation  REAL    NOT NULL CHECK (deviation > 0),
	volatility REAL    NOT NULL CHECK (volatility > 0),
	wins       INTEGER NOT NULL DEFAULT 0,
	losses     INTEGER NOT NULL DEFAULT 0,
	draws      INTEGER NOT NULL DEFAULT 0,
	updated_at INTEGER NOT NULL,
	PRIMARY KEY (guild_id, kind, user_id)
) WITHOUT ROWID;

-- Leaderboard pages (/leaderboard).
CREATE INDEX ratings_board ON ratings (guild_id, kind, rating DESC, user_id);

-- Per-user settings; a user without a row has the defaults (DMs and reminders on).
CREATE TABLE users (
	user_id       TEXT    PRIMARY KEY,
	dms           INTEGER NOT NULL DEFAULT 1 CHECK (dms IN (0, 1)),
	reminders     INTEGER NOT NULL DEFAULT 1 CHECK (reminders IN (0, 1)),
	dms_closed_at INTEGER,                     -- Discord refused a DM (50007)
	updated_at    INTEGER NOT NULL
) WITHOUT ROWID;
