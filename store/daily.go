package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The daily puzzle. A server's moderators choose a channel for it; every
// sweep of every copy of the bot plans the day's puzzle of each server that
// has a channel and none for the day yet: in one transaction it writes the
// day's row, unique per server and day, and the announcement of its post.
// A copy that plans a day another already planned finds the row and writes
// nothing, so the post is announced once however many copies sweep, and,
// being an announcement, is delivered as every one is: claimed by one copy,
// retried after a crash, sent with its nonce. A day is a UTC day.

// DailyPuzzle is one server's puzzle of one day.
type DailyPuzzle struct {
	ID      int64
	Guild   string
	Channel string
	Puzzle  string // the puzzle's stable id
	Day     int    // DayOf when it was planned
	Created time.Time
}

// DayOf is t's day: whole days since 1970-01-01, UTC.
func DayOf(t time.Time) int { return int(t.UTC().Unix() / 86400) }

// SetDailyPuzzleChannel has guild's daily puzzle posted in channel from
// now on, by moderator by, and logs it. Today's puzzle, if already posted
// elsewhere, stays; the next is posted there.
func (db *DB) SetDailyPuzzleChannel(ctx context.Context, guild, channel, by string) error {
	if guild == "" || channel == "" {
		return fmt.Errorf("daily puzzle channel %q of %q: %w", channel, guild, ErrInvalid)
	}
	return db.update(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, qSetDailyChannel, guild, channel, by, db.now().UnixMilli()); err != nil {
			return err
		}
		return db.logAction(ctx, tx, ModAction{GuildID: guild, Moderator: by, Action: ModDailyPuzzle, Target: channel})
	})
}

// StopDailyPuzzle stops guild's daily puzzle, by moderator by, and logs
// it. It reports false, and logs nothing, when there was none.
func (db *DB) StopDailyPuzzle(ctx context.Context, guild, by string) (bool, error) {
	return db.changeAndLog(ctx, ModAction{GuildID: guild, Moderator: by, Action: ModDailyPuzzleOff},
		`DELETE FROM daily_puzzle_channels WHERE guild_id = ?`, guild)
}

// DailyPuzzleChannel is the channel of guild's daily puzzle; "" for none.
func (db *DB) DailyPuzzleChannel(ctx context.Context, guild string) (string, error) {
	var ch string
	err := db.read.QueryRowContext(ctx, `SELECT channel_id FROM daily_puzzle_channels WHERE guild_id = ?`, guild).Scan(&ch)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return ch, err
}

// dailyBatch bounds the servers one call plans, so that one transaction
// stays short; the next sweep plans the rest.
const dailyBatch = 100

// PlanDailyPuzzles plans today's puzzle of every server that has a daily
// channel and no puzzle for today, choose naming the puzzle of a server and
// day ("" for none), and announces each post with it. choose must be a pure
// function: the transaction may run again. It returns what it planned.
func (db *DB) PlanDailyPuzzles(ctx context.Context, choose func(guild string, day int) string) ([]DailyPuzzle, error) {
	now := db.now()
	day := DayOf(now)
	// Every sweep of every copy asks; most days the answer is no, and a
	// read says so without taking the one writer (SQLite) or a
	// serializable transaction (PostgreSQL).
	switch err := db.read.QueryRowContext(ctx, qUnplannedDays, day, 1).Scan(new(string), new(string)); {
	case errors.Is(err, sql.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, err
	}
	var planned []DailyPuzzle
	err := db.update(ctx, func(tx *sql.Tx) error {
		planned = nil
		due, err := queryAll(ctx, tx, func(s scanner) (DailyPuzzle, error) {
			d := DailyPuzzle{Day: day, Created: now}
			return d, s.Scan(&d.Guild, &d.Channel)
		}, qUnplannedDays, day, dailyBatch)
		if err != nil {
			return err
		}
		for _, d := range due {
			if d.Puzzle = choose(d.Guild, day); d.Puzzle == "" {
				continue
			}
			err := tx.QueryRowContext(ctx, qPlanDay, d.Guild, day, d.Puzzle, d.Channel, now.UnixMilli()).Scan(&d.ID)
			if errors.Is(err, sql.ErrNoRows) {
				continue // planned meanwhile, by another copy
			}
			if err != nil {
				return err
			}
			if err := db.record(ctx, tx, subject{daily: d.ID}, 0, []Notice{{Kind: AnnounceDailyPuzzle}}, nil); err != nil {
				return err
			}
			planned = append(planned, d)
		}
		return nil
	})
	return planned, err
}

// Daily returns the daily puzzle id.
func (db *DB) Daily(ctx context.Context, id int64) (DailyPuzzle, error) {
	d, err := scanDaily(db.read.QueryRowContext(ctx, `SELECT `+dailyColumns+` FROM daily_puzzles WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return d, fmt.Errorf("daily puzzle %d: %w", id, ErrNotFound)
	}
	return d, err
}

// PreviousDaily returns the daily puzzle of d's server before d, and how
// many players solved it at their first attempt between its post and d's;
// ok is false when d is the server's first.
func (db *DB) PreviousDaily(ctx context.Context, d DailyPuzzle) (prev DailyPuzzle, solved int, ok bool, err error) {
	err = db.view(ctx, func(tx *sql.Tx) (err error) {
		prev, solved, ok, err = previousDaily(ctx, tx, d)
		return err
	})
	return prev, solved, ok, err
}

func previousDaily(ctx context.Context, tx *sql.Tx, d DailyPuzzle) (prev DailyPuzzle, solved int, ok bool, err error) {
	prev, err = scanDaily(tx.QueryRowContext(ctx, `SELECT `+dailyColumns+` FROM daily_puzzles
		WHERE guild_id = ? AND day < ? ORDER BY day DESC LIMIT 1`, d.Guild, d.Day))
	if errors.Is(err, sql.ErrNoRows) {
		return prev, 0, false, nil
	}
	if err != nil {
		return prev, 0, false, err
	}
	err = tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM puzzle_attempts
		WHERE puzzle_id = ? AND solved = 1 AND at_ms >= ? AND at_ms < ?`,
		prev.Puzzle, prev.Created.UnixMilli(), d.Created.UnixMilli()).Scan(&solved)
	return prev, solved, err == nil, err
}

const dailyColumns = `id, guild_id, channel_id, puzzle_id, day, created_at`

func scanDaily(s scanner) (DailyPuzzle, error) {
	var d DailyPuzzle
	var created int64
	err := s.Scan(&d.ID, &d.Guild, &d.Channel, &d.Puzzle, &d.Day, &created)
	d.Created = time.UnixMilli(created).UTC()
	return d, err
}

const (
	qSetDailyChannel = `INSERT INTO daily_puzzle_channels (guild_id, channel_id, set_by, set_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, set_by = excluded.set_by, set_at = excluded.set_at`
	qUnplannedDays = `SELECT c.guild_id, c.channel_id FROM daily_puzzle_channels c
		WHERE NOT EXISTS (SELECT 1 FROM daily_puzzles d WHERE d.guild_id = c.guild_id AND d.day = ?)
		ORDER BY c.guild_id LIMIT ?`
	qPlanDay = `INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (guild_id, day) DO NOTHING RETURNING id`
)
