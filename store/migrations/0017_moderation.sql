-- Server moderation (/mod). A server's moderators are its members with
-- Manage Server (or Administrator) and, when the server names one, the
-- members of its moderator role (moderation.moderator_role, '' for none).
CREATE TABLE moderation (
	guild_id       TEXT NOT NULL PRIMARY KEY,
	moderator_role TEXT NOT NULL DEFAULT ''
);

-- The channels new challenges may be made in, per server; a server with
-- none listed allows them anywhere.
CREATE TABLE challenge_channels (
	guild_id   TEXT    NOT NULL,
	channel_id TEXT    NOT NULL,
	PRIMARY KEY (guild_id, channel_id)
);

-- Members a server's moderators keep from starting or accepting games
-- there, and who did it.
CREATE TABLE guild_bans (
	guild_id  TEXT    NOT NULL,
	user_id   TEXT    NOT NULL,
	banned_by TEXT    NOT NULL,
	banned_at INTEGER NOT NULL,
	PRIMARY KEY (guild_id, user_id)
);

-- Every moderator action: who did what, to whom or to which game,
-- challenge or tournament (item, 0 for none), and when.
CREATE TABLE moderation_log (
	id        INTEGER PRIMARY KEY,
	guild_id  TEXT    NOT NULL,
	moderator TEXT    NOT NULL,
	action    TEXT    NOT NULL,
	target    TEXT    NOT NULL DEFAULT '',
	item      INTEGER NOT NULL DEFAULT 0,
	at        INTEGER NOT NULL
);
CREATE INDEX moderation_log_guild ON moderation_log (guild_id, id);
