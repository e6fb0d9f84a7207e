-- Server tournaments (/tournament): players join while it is open; once
-- started, each round's games are created by themselves, and the next round
-- is paired when the last game of one ends.
CREATE TABLE tournaments (
	id            INTEGER PRIMARY KEY,
	guild_id      TEXT    NOT NULL,
	channel_id    TEXT    NOT NULL,
	message_id    TEXT    NOT NULL DEFAULT '', -- the announcement with Join and Leave
	creator_id    TEXT    NOT NULL,
	kind          TEXT    NOT NULL,
	variant       TEXT    NOT NULL,
	options       TEXT    NOT NULL DEFAULT '{}',
	format        TEXT    NOT NULL CHECK (format IN ('round-robin', 'swiss')),
	rounds        INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0), -- Swiss: as asked; round robin: set at the start
	round         INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),  -- the round in play; 0 before the start
	time_limit_ms INTEGER NOT NULL CHECK (time_limit_ms > 0),
	rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
	status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
	created_at    INTEGER NOT NULL,
	started_at    INTEGER,
	finished_at   INTEGER
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, id);

-- Who plays. left_at is set when a player leaves a running tournament: what
-- is left of theirs is forfeit. Leaving before the start deletes the row.
CREATE TABLE tournament_players (
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	user_id       TEXT    NOT NULL,
	seed          INTEGER NOT NULL DEFAULT 0, -- the order at the start: the highest rated first
	joined_at     INTEGER NOT NULL,
	left_at       INTEGER,
	PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- Each round's pairings: player0 moves first; player1 is '' for a bye. A
-- round robin's pairings are all written at the start, a Swiss round's when
-- it is paired. result is set once the pairing is decided: by its game, a
-- forfeit or a bye.
CREATE TABLE pairings (
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	round         INTEGER NOT NULL CHECK (round >= 1),
	board         INTEGER NOT NULL CHECK (board >= 1),
	player0       TEXT    NOT NULL,
	player1       TEXT    NOT NULL DEFAULT '',
	game_id       INTEGER UNIQUE REFERENCES games (id),
	result        TEXT    NOT NULL DEFAULT '' CHECK (result IN ('', 'first', 'second', 'draw')),
	reason        TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (tournament_id, round, board)
);

-- A tournament game knows its tournament, so its end can decide its pairing.
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);

-- What the bot must post in a tournament's channel: a round's pairings, the
-- final standings. Written with the change, delivered after, like the
-- announcements of games.
CREATE TABLE tournament_notices (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	kind          TEXT    NOT NULL CHECK (kind IN ('round', 'finished')),
	round         INTEGER NOT NULL,
	attempts      INTEGER NOT NULL DEFAULT 0,
	due_at        INTEGER NOT NULL,
	created_at    INTEGER NOT NULL,
	done_at       INTEGER,
	outcome       TEXT    NOT NULL DEFAULT '',
	UNIQUE (tournament_id, kind, round)
);
CREATE INDEX tournament_notices_due ON tournament_notices (due_at) WHERE done_at IS NULL;
