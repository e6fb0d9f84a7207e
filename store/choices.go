package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"kilab/quiet"
)

// A player's choices about when and how Kilab speaks to them (their time
// zone, quiet hours, daily digest, language, muted games), read with their
// other Settings; and a server's defaults for new challenges.

// SetLanguage sets the language of the user's DMs, answers and pictures:
// a language's code, or "" to follow their Discord client's locale.
func (db *DB) SetLanguage(ctx context.Context, user, language string) error {
	return db.setColumn(ctx, user, "language", language)
}

// SetTimeZone sets the user's time zone, a name quiet.Zone knows, in one
// transaction with what follows from it: their next digest, if they take
// one, moves to its hour in the new zone (on a day, there, other than the
// last digest's), and the reminders of the games
// where they are on move are planned again around their quiet hours there.
func (db *DB) SetTimeZone(ctx context.Context, user, zone string) error {
	loc, err := quiet.Zone(zone)
	if err != nil {
		return err
	}
	now := db.now()
	return db.update(ctx, func(tx *sql.Tx) error {
		var at, last sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT digest_at, digest_last FROM users WHERE user_id = ?`, user).Scan(&at, &last)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var due sql.NullInt64
		if at.Valid {
			due = millis(quiet.NextAtAfter(now, int(at.Int64), loc, fromMillis(last)))
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (user_id, time_zone, digest_due, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, digest_due = excluded.digest_due, updated_at = excluded.updated_at`,
			user, zone, due, now.UnixMilli()); err != nil {
			return err
		}
		return db.replanReminders(ctx, tx, user)
	})
}

// SetQuiet sets the user's quiet hours (from and to, minutes after midnight
// in their zone), or with from == to turns them off. The reminders of their
// games on move are planned again around the new hours.
func (db *DB) SetQuiet(ctx context.Context, user string, from, to int) error {
	f, t := sql.NullInt64{Int64: int64(from), Valid: from != to}, sql.NullInt64{Int64: int64(to), Valid: from != to}
	return db.update(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (user_id, quiet_from, quiet_to, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, updated_at = excluded.updated_at`,
			user, f, t, db.now().UnixMilli()); err != nil {
			return err
		}
		return db.replanReminders(ctx, tx, user)
	})
}

// replanReminders plans again, around user's quiet hours as they now are,
// the reminders not yet sent of the games where they are on move: each at
// its usual point of the turn (ReminderAt of the time per move before the
// deadline), moved out of quiet hours (quiet.Hours.Remind).
func (db *DB) replanReminders(ctx context.Context, tx *sql.Tx, user string) error {
	q, err := quietOf(ctx, tx, user)
	if err != nil {
		return err
	}
	gs, err := queryGames(ctx, tx, qRemindersOf, user)
	if err != nil {
		return err
	}
	now := db.now()
	for _, g := range gs {
		at := g.Deadline.Add(-time.Duration(float64(g.TimeLimit) * (1 - ReminderAt)))
		at = q.Remind(at, g.Deadline, now)
		if _, err := tx.ExecContext(ctx, `UPDATE games SET remind_at = ? WHERE id = ? AND version = ?`, at.UnixMilli(), g.ID, g.Version); err != nil {
			return err
		}
	}
	return nil
}

// qRemindersOf lists the games where user is on move with a reminder still
// to come, through the index on active games.
const qRemindersOf = `SELECT ` + gameColumns + ` FROM games
	WHERE status = 'active' AND remind_at IS NOT NULL AND (CASE to_move WHEN 0 THEN player0 ELSE player1 END) = ?1
		AND (player0 = ?1 OR player1 = ?1)`

// quietOf reads user's quiet hours in tx; none where they chose none or no
// zone.
func quietOf(ctx context.Context, tx *sql.Tx, user string) (quiet.Hours, error) {
	var zone string
	var from, to sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT time_zone, quiet_from, quiet_to FROM users WHERE user_id = ?`, user).Scan(&zone, &from, &to)
	if errors.Is(err, sql.ErrNoRows) {
		return quiet.Hours{}, nil
	}
	if err != nil {
		return quiet.Hours{}, err
	}
	return hours(zone, from, to), nil
}

// hours is the quiet hours stored as zone, from and to; none where any is
// missing or the zone is no longer known.
func hours(zone string, from, to sql.NullInt64) quiet.Hours {
	loc, err := quiet.Zone(zone)
	if err != nil || !from.Valid || !to.Valid {
		return quiet.Hours{}
	}
	return quiet.Hours{Zone: loc, From: int(from.Int64), To: int(to.Int64)}
}

// SetDigest turns the user's daily digest on, at minute of the day in
// their zone, or off (on false): with it, their turns come in one DM a day
// instead of one DM each. The next one falls due at the next such minute,
// on a day other than the last digest's: one a day, whatever they change.
// Reading the zone and writing the digest are one transaction, so that a
// change of zone at the same moment cannot leave the digest on with no due
// time, or a due time with the digest off.
func (db *DB) SetDigest(ctx context.Context, user string, on bool, minute int) error {
	now := db.now()
	return db.update(ctx, func(tx *sql.Tx) error {
		var at, due sql.NullInt64
		if on {
			var zone string
			var last sql.NullInt64
			err := tx.QueryRowContext(ctx, `SELECT time_zone, digest_last FROM users WHERE user_id = ?`, user).Scan(&zone, &last)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			loc, err := quiet.Zone(zone)
			if err != nil {
				return err
			}
			at, due = sql.NullInt64{Int64: int64(minute), Valid: true}, millis(quiet.NextAtAfter(now, minute, loc, fromMillis(last)))
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO users (user_id, digest_at, digest_due, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET digest_at = excluded.digest_at, digest_due = excluded.digest_due, updated_at = excluded.updated_at`,
			user, at, due, now.UnixMilli())
		return err
	})
}

// ClaimDigests writes the digest announcements due now, up to limit: for
// each user whose digest is due, in one transaction, the announcement
// (whose version is the digest's due time, so announcements_once holds one
// per user and day) and the move of digest_due to the next day's. Two
// copies, or a sweep run again after a crash, find the due time moved and
// write nothing: each digest is announced once, and the outbox delivers it.
// It returns how many it wrote.
func (db *DB) ClaimDigests(ctx context.Context, limit int) (int, error) {
	now := db.now()
	type due struct {
		user, zone string
		at         int
		due        int64
	}
	dues, err := queryAll(ctx, db.read, func(s scanner) (d due, err error) {
		err = s.Scan(&d.user, &d.zone, &d.at, &d.due)
		return d, err
	}, `SELECT user_id, time_zone, digest_at, digest_due FROM users
		WHERE digest_due IS NOT NULL AND digest_due <= ? AND digest_at IS NOT NULL ORDER BY digest_due LIMIT ?`, now.UnixMilli(), limit)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range dues {
		loc, err := quiet.Zone(d.zone)
		if err != nil {
			loc = time.UTC // a zone the database no longer knows: the hour in UTC beats none
		}
		// The next on another day than this one goes out: a digest
		// claimed late, after downtime, is the day's.
		next := quiet.NextAtAfter(now, d.at, loc, now)
		claimed, err := db.claimDigest(ctx, d.user, d.due, next)
		if err != nil {
			return n, err
		}
		if claimed {
			n++
		}
	}
	return n, nil
}

// claimDigest moves user's digest due at due to next and announces it, in
// one transaction, unless another claim moved it first; digest_last
// becomes now, the day it goes out.
func (db *DB) claimDigest(ctx context.Context, user string, due int64, next time.Time) (bool, error) {
	claimed := false
	err := db.update(ctx, func(tx *sql.Tx) error {
		claimed = false
		res, err := tx.ExecContext(ctx, `UPDATE users SET digest_due = ?, digest_last = ? WHERE user_id = ? AND digest_due = ?`, next.UnixMilli(), db.now().UnixMilli(), user, due)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		claimed = true
		return db.record(ctx, tx, subject{}, due, []Notice{{Kind: AnnounceDigest, User: user}}, nil)
	})
	return claimed, err
}

// Mute turns off the user's DMs about game, and with reminders its
// reminders too; Unmute turns them on again.
func (db *DB) Mute(ctx context.Context, user string, game int64, reminders bool) error {
	_, err := db.exec(ctx, `INSERT INTO muted_games (user_id, game_id, reminders) VALUES (?, ?, ?)
		ON CONFLICT (user_id, game_id) DO UPDATE SET reminders = excluded.reminders`, user, game, boolInt(reminders))
	return err
}

// Unmute turns on again the DMs (and reminders) of a game the user muted.
func (db *DB) Unmute(ctx context.Context, user string, game int64) error {
	_, err := db.exec(ctx, `DELETE FROM muted_games WHERE user_id = ? AND game_id = ?`, user, game)
	return err
}

// Muted reports whether user muted game's DMs, and whether its reminders too.
func (db *DB) Muted(ctx context.Context, user string, game int64) (dms, reminders bool, err error) {
	var r bool
	err = db.read.QueryRowContext(ctx, `SELECT reminders FROM muted_games WHERE user_id = ? AND game_id = ?`, user, game).Scan(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return false, false, nil
	}
	return err == nil, r, err
}
