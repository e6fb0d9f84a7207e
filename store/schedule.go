package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The scheduler's queries. It sweeps every minute; each sweep takes what is due
// by DB.Now and acts on it through a version-guarded call (Commit for a
// timeout, MarkReminded for a reminder), so that two sweeps, or a sweep and a
// player's move, never both act on the same turn.

// DueDeadlines returns up to limit games in play whose player on move has run
// out of time (never the computer, which plays when the bot runs), the longest overdue first. The caller ends each with a Commit
// at the game's version (Game.TimeoutResult says how).
func (db *DB) DueDeadlines(ctx context.Context, limit int) ([]Game, error) {
	return queryGames(ctx, db.read, qDueDeadlines, db.now().UnixMilli(), limit)
}

const qDueDeadlines = `SELECT ` + gameColumns + ` FROM games
	WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= ? AND to_move <> computer_seat
	ORDER BY deadline, id LIMIT ?`

// DueReminders returns up to limit games in play whose player on move is due
// a reminder, the earliest first. Whether that user wants reminders is theirs
// to say (Settings); the caller calls MarkReminded either way.
func (db *DB) DueReminders(ctx context.Context, limit int) ([]Game, error) {
	return queryGames(ctx, db.read, qDueReminders, db.now().UnixMilli(), limit)
}

const qDueReminders = `SELECT ` + gameColumns + ` FROM games
	WHERE status = 'active' AND remind_at IS NOT NULL AND remind_at <= ? AND to_move <> computer_seat
	ORDER BY remind_at, id LIMIT ?`

// MarkReminded claims the reminder of g (as DueReminders read it), and
// when notify says the player is to hear it, writes its announcement
// (AnnounceReminder) in the same transaction: a process that dies after the
// claim leaves the reminder in the outbox, which delivers it after the
// restart, rather than claimed and never sent. It succeeds for one caller
// only, and fails with ErrConflict if the reminder was already claimed, is
// no longer due (a vacation moved it), or the game moved on (the reminder
// is then moot). The version stays as it is, so the board's buttons stay
// valid. It is a transaction, so that a claim whose connection was lost
// runs again (update) and is still taken once.
func (db *DB) MarkReminded(ctx context.Context, g Game, notify bool) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET remind_at = NULL
			WHERE id = ? AND version = ? AND status = 'active' AND remind_at <= ?`, g.ID, g.Version, db.now().UnixMilli())
		if err != nil {
			return err
		}
		if err := mustAffect(res, fmt.Errorf("reminder of game %d at version %d: %w", g.ID, g.Version, ErrConflict)); err != nil || !notify {
			return err
		}
		// Its version is when it fell due, so that a reminder a vacation
		// brought back at the same game version is a new one
		// (announcements_once); Until is the deadline it warns of.
		return db.record(ctx, tx, subject{game: g.ID}, g.RemindAt.UnixMilli(),
			[]Notice{{Kind: AnnounceReminder, User: g.Players[g.ToMove], Until: g.Deadline}}, nil)
	})
}

// Swept records that a sweep of deadlines and reminders ended now, so that
// a copy starting later can tell how long nobody swept (ResumeDeadlines).
func (db *DB) Swept(ctx context.Context) error {
	_, err := db.execAgain(ctx, qSwept, db.now().UnixMilli())
	return err
}

// ResumeDeadlines is for start-up: a player could not move while no copy of
// the bot was up, so every deadline that passed since the last sweep moves to
// grace from now. The reminders that fell due in that time stay due: sent
// late, they still come before their deadline (moved or not), which is the
// promise (docs/playing.md, Settings); the sweep holds them for quiet hours
// as any other. A last sweep within up (another copy sweeping, or a
// quick restart) is no downtime: nothing moves, and the next sweep sends what
// is due. With no sweep recorded (a new database) everything past counts. It
// returns how many deadlines moved. Versions stay as they are.
func (db *DB) ResumeDeadlines(ctx context.Context, grace, up time.Duration) (int64, error) {
	now := db.now()
	var moved int64
	err := db.update(ctx, func(tx *sql.Tx) error {
		var last int64
		switch err := tx.QueryRowContext(ctx, qLastSweep).Scan(&last); {
		case errors.Is(err, sql.ErrNoRows):
			last = 0
		case err != nil:
			return err
		case now.Sub(time.UnixMilli(last)) <= up:
			return nil
		}
		res, err := tx.ExecContext(ctx, qResumeDeadlines, now.Add(grace).UnixMilli(), last, now.UnixMilli())
		if err != nil {
			return err
		}
		moved, err = res.RowsAffected()
		return err
	})
	return moved, err
}

const (
	qSwept = `INSERT INTO sweeps (id, at_ms) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms`
	qLastSweep       = `SELECT at_ms FROM sweeps WHERE id = 1`
	qResumeDeadlines = `UPDATE games SET deadline = ? WHERE status = 'active' AND deadline > ? AND deadline <= ?`
)

// ComputerOnMove returns the games in play that wait for the computer, oldest
// first. The bot plays them after every commit and at start-up: the query is
// the computer's to-do list, so a move due when the bot stopped is not lost.
func (db *DB) ComputerOnMove(ctx context.Context, limit int) ([]Game, error) {
	return queryGames(ctx, db.read, qComputerOnMove, limit)
}

const qComputerOnMove = `SELECT ` + gameColumns + ` FROM games
	WHERE status = 'active' AND computer_seat >= 0 AND to_move = computer_seat ORDER BY updated_at, id LIMIT ?`

// PostponeReminder moves the reminder of game at version, due now, to at:
// the sweep found its player in their quiet hours, and the deadline after
// them. It fails with ErrConflict where the game moved on or another sweep
// took the reminder.
func (db *DB) PostponeReminder(ctx context.Context, game, version int64, at time.Time) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET remind_at = ?
			WHERE id = ? AND version = ? AND status = 'active' AND remind_at <= ?`, at.UnixMilli(), game, version, db.now().UnixMilli())
		if err != nil {
			return err
		}
		return mustAffect(res, fmt.Errorf("reminder of game %d at version %d: %w", game, version, ErrConflict))
	})
}
