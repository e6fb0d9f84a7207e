package store

import (
	"context"
	"database/sql"
	"errors"
)

// SetUserLocale records the Discord locale a user's interaction came with, so
// that DMs and reminders, which answer no interaction, speak their language.
func (db *DB) SetUserLocale(ctx context.Context, user, locale string) error {
	_, err := db.execAgain(ctx, `INSERT INTO users (user_id, locale, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`,
		user, locale, db.now().UnixMilli())
	return err
}

// SetUserName records the display name a user's interaction came with, so
// that the web pages, which see no interaction, can call them by it.
func (db *DB) SetUserName(ctx context.Context, user, name string) error {
	_, err := db.execAgain(ctx, `INSERT INTO users (user_id, name, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at`,
		user, name, db.now().UnixMilli())
	return err
}

// SetGuildLocale records a server's preferred locale, the language of what
// the bot posts in its channels and game threads.
func (db *DB) SetGuildLocale(ctx context.Context, guild, locale string) error {
	_, err := db.execAgain(ctx, `INSERT INTO guilds (guild_id, locale, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`,
		guild, locale, db.now().UnixMilli())
	return err
}

// GuildLocale returns the server's preferred locale, or "" if none was seen.
func (db *DB) GuildLocale(ctx context.Context, guild string) (string, error) {
	var locale string
	err := db.read.QueryRowContext(ctx, `SELECT locale FROM guilds WHERE guild_id = ?`, guild).Scan(&locale)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return locale, err
}
