package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"kilab/quiet"
)

// Settings are one user's choices about being contacted.
type Settings struct {
	User string
	// DMs: turn notifications by DM (on unless the user turned them off).
	DMs bool
	// Reminders: a DM before a move's deadline.
	Reminders bool
	// AutoMove: the bot plays the user's move when only one is possible.
	AutoMove bool
	// AutoThrow: the bot throws for the user when a throw of theirs is due
	// (off unless the user turned it on).
	AutoThrow bool
	// AutoPlace: the bot places the user's Seega pieces at random on each of
	// their placement turns (S2) (off unless the user turned it on).
	AutoPlace bool
	// DMsClosed is when Discord last refused a DM to the user (error 50007);
	// zero if it has not. The bot stops trying DMs until the user turns them
	// on again with SetDMs.
	DMsClosed time.Time
	// Locale is the Discord locale of the user's last interaction ("ru",
	// "en-US"), empty if none was seen: the language of their DMs.
	Locale string
	// DMChannel is the user's DM channel with the bot, "" until the bot
	// first opened it: it never changes, so it is opened once (SetDMChannel).
	DMChannel string
	// Name is the display name the user's last interaction came with, ""
	// if none was seen: what the web pages call them.
	Name string
	// Language is the language the user chose for what Kilab says to them
	// ("de"), "" to follow Locale (SetLanguage).
	Language string
	// TimeZone is the IANA zone the user chose, "" if none (SetTimeZone).
	TimeZone string
	// Quiet is the user's quiet hours in TimeZone, the zero Hours for none
	// (SetQuiet): DMs that can wait, wait for their end.
	Quiet quiet.Hours
	// Digest: the user's turns come in one DM a day, at DigestAt (minutes
	// after midnight in TimeZone), instead of a DM each (SetDigest).
	Digest   bool
	DigestAt int
	// FixedSide: the boards only the user sees are drawn from the same side
	// as the thread's; else (the default) from their own side (SetFixedSide).
	FixedSide bool
}

// Speaks is the locale what Kilab says to the user is in: the language
// they chose, or their client's.
func (s Settings) Speaks() string {
	if s.Language != "" {
		return s.Language
	}
	return s.Locale
}

// CanDM reports whether the bot should try to DM the user at all.
func (s Settings) CanDM() bool { return s.DMs && s.DMsClosed.IsZero() }

// Settings returns the user's settings; a user who never changed any has the
// defaults: DMs, reminders and automatic only moves on, automatic throws and
// placements off.
func (db *DB) Settings(ctx context.Context, user string) (Settings, error) {
	s := Settings{User: user, DMs: true, Reminders: true, AutoMove: true}
	var closed, from, to, digest sql.NullInt64
	err := db.read.QueryRowContext(ctx, `SELECT dms, reminders, dms_closed_at, auto_move, auto_throw, auto_place, locale, dm_channel_id, name,
			language, time_zone, quiet_from, quiet_to, digest_at, board_fixed FROM users WHERE user_id = ?`, user).
		Scan(&s.DMs, &s.Reminders, &closed, &s.AutoMove, &s.AutoThrow, &s.AutoPlace, &s.Locale, &s.DMChannel, &s.Name,
			&s.Language, &s.TimeZone, &from, &to, &digest, &s.FixedSide)
	if errors.Is(err, sql.ErrNoRows) {
		return s, nil
	}
	s.DMsClosed = fromMillis(closed)
	s.Quiet = hours(s.TimeZone, from, to)
	s.Digest, s.DigestAt = digest.Valid, int(digest.Int64)
	return s, err
}

// SetDMs turns turn DMs on or off. Turning them on also forgets that Discord
// refused one: the user says they opened their DMs again.
func (db *DB) SetDMs(ctx context.Context, user string, on bool) error {
	return db.upsertUser(ctx, user, `dms = excluded.dms, dms_closed_at = NULL`, boolInt(on), 1, nil)
}

// SetReminders turns reminder DMs on or off.
func (db *DB) SetReminders(ctx context.Context, user string, on bool) error {
	return db.upsertUser(ctx, user, `reminders = excluded.reminders`, 1, boolInt(on), nil)
}

// SetAutoMove turns on or off the playing of the user's only possible moves.
func (db *DB) SetAutoMove(ctx context.Context, user string, on bool) error {
	return db.setFlag(ctx, user, "auto_move", on)
}

// SetAutoThrow turns on or off the throwing of the user's throws.
func (db *DB) SetAutoThrow(ctx context.Context, user string, on bool) error {
	return db.setFlag(ctx, user, "auto_throw", on)
}

// SetAutoPlace turns on or off the placing of the user's Seega pieces at
// random.
func (db *DB) SetAutoPlace(ctx context.Context, user string, on bool) error {
	return db.setFlag(ctx, user, "auto_place", on)
}

// SetFixedSide has the boards only the user sees drawn from the thread's
// fixed side (on) or from their own (off).
func (db *DB) SetFixedSide(ctx context.Context, user string, on bool) error {
	return db.setFlag(ctx, user, "board_fixed", on)
}

// setFlag sets one of the user's on/off columns (setColumn).
func (db *DB) setFlag(ctx context.Context, user, column string, on bool) error {
	return db.setColumn(ctx, user, column, boolInt(on))
}

// setColumn sets one of the user's columns, the others keeping their
// values or defaults. column is a name written in the store, never input.
func (db *DB) setColumn(ctx context.Context, user, column string, value any) error {
	_, err := db.exec(ctx, `INSERT INTO users (user_id, `+column+`, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET `+column+` = excluded.`+column+`, updated_at = excluded.updated_at`,
		user, value, db.now().UnixMilli())
	return err
}

// MarkDMsClosed records that Discord refused a DM to the user, so the bot stops
// trying until they turn DMs on again.
func (db *DB) MarkDMsClosed(ctx context.Context, user string) error {
	return db.upsertUser(bookkeeping(ctx), user, `dms_closed_at = excluded.dms_closed_at`, 1, 1, millis(db.now()))
}

// SetDMChannel records the user's DM channel with the bot, as Discord opened
// it; "" forgets it (Discord says it is gone), so that the next DM opens one
// again. The user's other settings keep their values or defaults.
func (db *DB) SetDMChannel(ctx context.Context, user, channel string) error {
	_, err := db.exec(bookkeeping(ctx), `INSERT INTO users (user_id, dm_channel_id, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET dm_channel_id = excluded.dm_channel_id, updated_at = excluded.updated_at`,
		user, channel, db.now().UnixMilli())
	return err
}

// upsertUser inserts the user's row with the given values, or, if it exists,
// applies set (which names the columns to take from the new values).
func (db *DB) upsertUser(ctx context.Context, user, set string, dms, reminders int, closed any) error {
	now := db.now().UnixMilli()
	_, err := db.exec(ctx, `INSERT INTO users (user_id, dms, reminders, dms_closed_at, updated_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET `+set+`, updated_at = excluded.updated_at`,
		user, dms, reminders, closed, now)
	return err
}
