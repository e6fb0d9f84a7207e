-- The languages Kilab speaks to people and in servers. users.locale is the
-- Discord locale a user's last interaction came with ("ru", "en-US"), for
-- the DMs and reminders that answer no interaction; guilds.locale is a
-- server's preferred locale, for what the bot posts in its channels and game
-- threads. Same change as postgres/0003_locale.sql.
ALTER TABLE users ADD COLUMN locale TEXT NOT NULL DEFAULT '';
CREATE TABLE guilds (
	guild_id   TEXT    PRIMARY KEY,
	locale     TEXT    NOT NULL DEFAULT '',
	updated_at INTEGER NOT NULL
);
