package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Vacations pause the clocks of a player's games. Rather than a paused flag
// every query would have to know, a vacation moves deadlines: at its start,
// the deadline and reminder of each game where the player is on move move
// later by the vacation's length; a turn that comes to them while away runs
// from the vacation's end (turnStart); coming back early moves their
// deadlines earlier by the time not taken. The sweeps and boards then need
// nothing new to honour it.

const (
	// Day is a vacation's unit: players ask for whole days.
	Day = 24 * time.Hour
	// VacationAllowance is how much vacation a player may take in any 365
	// days, as on Chess.com. Time taken counts, not time asked for: coming
	// back early gives the rest back.
	VacationAllowance = 30 * Day
	vacationYear      = 365 * Day
)

var (
	// ErrOnVacation: the player is on vacation already.
	ErrOnVacation = errors.New("store: already on vacation")
	// ErrAllowance: the vacation asked for would take more than
	// VacationAllowance in some 365 days.
	ErrAllowance = errors.New("store: vacation allowance exceeded")
)

// Vacation is one stretch of a player's time away.
type Vacation struct {
	ID         int64
	User       string
	Start, End time.Time
}

// StartVacation sends user on vacation for days days from now, moves the
// deadlines of the games where they are on move by as much, and announces it
// to each of their games in play (AnnounceVacation). It fails with ErrOnVacation
// while a vacation runs, and with ErrAllowance when days is more than
// VacationDaysLeft allows.
func (db *DB) StartVacation(ctx context.Context, user string, days int) (Vacation, error) {
	now := db.now()
	v := Vacation{User: user, Start: now, End: now.Add(time.Duration(days) * Day)}
	if days < 1 {
		return v, fmt.Errorf("vacation of %d days: %w", days, ErrInvalid)
	}
	err := db.update(ctx, func(tx *sql.Tx) error {
		switch cur, on, err := currentVacation(ctx, tx, user, now); {
		case err != nil:
			return err
		case on:
			return fmt.Errorf("%s is on vacation until %v: %w", user, cur.End, ErrOnVacation)
		}
		left, err := daysLeft(ctx, tx, user, now)
		if err != nil {
			return err
		}
		if days > left {
			return fmt.Errorf("%s asked for %d days of vacation, %d left: %w", user, days, left, ErrAllowance)
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO vacations (user_id, starts_at, ends_at) VALUES (?, ?, ?) RETURNING id`,
			user, v.Start.UnixMilli(), v.End.UnixMilli()).Scan(&v.ID); err != nil {
			return err
		}
		return db.shiftTurns(ctx, tx, user, now, v.End.Sub(now), v.End)
	})
	return v, err
}

// EndVacation brings user back from the vacation they are on: it ends now,
// and the deadlines of the games where they are on move come back by the time
// they did not take. It fails with ErrNotFound when they are not away.
func (db *DB) EndVacation(ctx context.Context, user string) (Vacation, error) {
	now := db.now()
	var v Vacation
	err := db.update(ctx, func(tx *sql.Tx) error {
		cur, on, err := currentVacation(ctx, tx, user, now)
		switch {
		case err != nil:
			return err
		case !on:
			return fmt.Errorf("%s is not on vacation: %w", user, ErrNotFound)
		}
		unused := cur.End.Sub(now)
		v, v.End = cur, now
		if _, err := tx.ExecContext(ctx, `UPDATE vacations SET ends_at = ? WHERE id = ?`, now.UnixMilli(), v.ID); err != nil {
			return err
		}
		return db.shiftTurns(ctx, tx, user, now, -unused, time.Time{})
	})
	return v, err
}

// shiftTurns moves the deadline and reminder of every game in play where user
// is on move by d, and writes a vacation notice (until, or zero for coming
// back) for each of their games in play: their boards show the new due time
// and mark, and the threads of their games against people say it. A deadline already past is
// left for the sweep: the time was up before the vacation began. A reminder
// already sent comes again when the vacation ends, as the move is then
// nearly due.
func (db *DB) shiftTurns(ctx context.Context, tx *sql.Tx, user string, now time.Time, d time.Duration, until time.Time) error {
	ms := d.Milliseconds()
	_, err := tx.ExecContext(ctx, `UPDATE games SET deadline = deadline + ?, remind_at = COALESCE(remind_at + ?, ?)
		WHERE status = 'active' AND to_move <> computer_seat AND deadline > ?
			AND ((to_move = 0 AND player0 = ?) OR (to_move = 1 AND player1 = ?))`, ms, ms, millis(until), now.UnixMilli(), user, user)
	if err != nil {
		return err
	}
	// A commit that hands user a turn reads their vacations to start the
	// clock, and runs REPEATABLE READ (commitTx), beside this transaction's
	// deciding which games to shift from where user is on move now. Writing
	// every game of theirs in play makes the two write one row, so that one
	// of them fails, runs again and sees the other.
	if _, err := tx.ExecContext(ctx, `UPDATE games SET version = version
		WHERE status = 'active' AND (player0 = ? OR player1 = ?)`, user, user); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, version FROM games
		WHERE status = 'active' AND (player0 = ? OR player1 = ?) ORDER BY id`, user, user)
	if err != nil {
		return err
	}
	var ids, versions []int64
	for rows.Next() {
		var id, version int64
		if err := rows.Scan(&id, &version); err != nil {
			rows.Close()
			return err
		}
		ids, versions = append(ids, id), append(versions, version)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return err
	}
	for i, id := range ids {
		if err := db.announce(ctx, tx, id, 0, versions[i], []Notice{{Kind: AnnounceVacation, User: user, Until: until}}, nil); err != nil {
			return err
		}
	}
	return nil
}

// CurrentVacation returns the vacation user is on, and false when they are
// not away.
func (db *DB) CurrentVacation(ctx context.Context, user string) (Vacation, bool, error) {
	return currentVacation(ctx, db.read, user, db.now())
}

func currentVacation(ctx context.Context, q rowQuerier, user string, now time.Time) (Vacation, bool, error) {
	v := Vacation{User: user}
	var start, end int64
	err := q.QueryRowContext(ctx, `SELECT id, starts_at, ends_at FROM vacations
		WHERE user_id = ? AND starts_at <= ? AND ends_at > ? ORDER BY ends_at DESC LIMIT 1`,
		user, now.UnixMilli(), now.UnixMilli()).Scan(&v.ID, &start, &end)
	if errors.Is(err, sql.ErrNoRows) {
		return v, false, nil
	}
	v.Start, v.End = time.UnixMilli(start).UTC(), time.UnixMilli(end).UTC()
	return v, err == nil, err
}

// turnStart is when the clock of a turn of user's that begins now starts:
// now, or the end of the vacation they are on.
func turnStart(ctx context.Context, q rowQuerier, user string, now time.Time) (time.Time, error) {
	v, on, err := currentVacation(ctx, q, user, now)
	if err != nil || !on {
		return now, err
	}
	return v.End, nil
}

// Away returns, for those of users on vacation now, when it ends. Every
// board the bot loads asks it, so it is one query whatever the number of
// users.
func (db *DB) Away(ctx context.Context, users ...string) (map[string]time.Time, error) {
	away := map[string]time.Time{}
	if len(users) == 0 {
		return away, nil
	}
	now := db.now().UnixMilli()
	args := []any{now, now}
	for _, u := range users {
		args = append(args, u)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(users)), ", ")
	rows, err := db.read.QueryContext(ctx, `SELECT user_id, MAX(ends_at) FROM vacations
		WHERE starts_at <= ? AND ends_at > ? AND user_id IN (`+marks+`) GROUP BY user_id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			u   string
			end int64
		)
		if err := rows.Scan(&u, &end); err != nil {
			return nil, err
		}
		away[u] = time.UnixMilli(end).UTC()
	}
	return away, rows.Err()
}

// VacationDaysLeft is the longest vacation, in whole days, user may start
// now: the most that keeps every 365 days within VacationAllowance.
func (db *DB) VacationDaysLeft(ctx context.Context, user string) (int, error) {
	return daysLeft(ctx, db.read, user, db.now())
}

// daysLeft finds the most days n such that a vacation of n days from now,
// with what user took before, stays within the allowance. The 365 days ending
// with the new vacation's end are the ones to check: a window ending earlier
// loses a day of the new vacation for each older day it gains, and one ending
// later holds less of both. While a vacation runs, the new one is taken to
// follow it, so the answer is what is left after it.
func daysLeft(ctx context.Context, q rowQuerier, user string, now time.Time) (int, error) {
	past, err := recentVacations(ctx, q, user, now)
	if err != nil {
		return 0, err
	}
	from := now
	for _, v := range past {
		if v.End.After(from) {
			from = v.End
		}
	}
	for n := int(VacationAllowance / Day); n > 0; n-- {
		end := from.Add(time.Duration(n) * Day)
		if taken(past, end.Add(-vacationYear), end)+time.Duration(n)*Day <= VacationAllowance {
			return n, nil
		}
	}
	return 0, nil
}

// recentVacations are user's vacations that end within the year before now
// or later.
func recentVacations(ctx context.Context, q rowQuerier, user string, now time.Time) ([]Vacation, error) {
	rows, err := q.QueryContext(ctx, `SELECT starts_at, ends_at FROM vacations WHERE user_id = ? AND ends_at > ?`,
		user, now.Add(-vacationYear).UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Vacation
	for rows.Next() {
		var start, end int64
		if err := rows.Scan(&start, &end); err != nil {
			return nil, err
		}
		out = append(out, Vacation{User: user, Start: time.UnixMilli(start).UTC(), End: time.UnixMilli(end).UTC()})
	}
	return out, rows.Err()
}

// taken is how much of the vacations falls between from and to.
func taken(vs []Vacation, from, to time.Time) time.Duration {
	var sum time.Duration
	for _, v := range vs {
		s, e := v.Start, v.End
		if s.Before(from) {
			s = from
		}
		if e.After(to) {
			e = to
		}
		if e.After(s) {
			sum += e.Sub(s)
		}
	}
	return sum
}
