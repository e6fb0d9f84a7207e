package store

import (
	"context"
	"database/sql"
	"time"
)

// Tournament notice kinds: what the bot posts in a tournament's channel.
const (
	// TournamentRoundNotice: a round's pairings (and the standings so far).
	TournamentRoundNotice = "round"
	// TournamentFinishedNotice: the final standings and the winner.
	TournamentFinishedNotice = "finished"
)

// TournamentNotice is a tournament message waiting to be posted.
type TournamentNotice struct {
	ID         int64
	Tournament int64
	Kind       string
	Round      int
	Attempts   int
}

// tournamentNotice records a notice in tx; the same notice twice is one.
func (db *DB) tournamentNotice(ctx context.Context, tx *sql.Tx, id int64, kind string, round int) error {
	now := db.now().UnixMilli()
	_, err := tx.ExecContext(ctx, `INSERT INTO tournament_notices (tournament_id, kind, round, due_at, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, kind, round, now, now)
	return err
}

// DueTournamentNotices returns up to limit notices due now, oldest first,
// a tournament's strictly in order.
func (db *DB) DueTournamentNotices(ctx context.Context, limit int) ([]TournamentNotice, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT n.id, n.tournament_id, n.kind, n.round, n.attempts FROM tournament_notices n
		WHERE n.done_at IS NULL AND n.due_at <= ?
			AND NOT EXISTS (SELECT 1 FROM tournament_notices p
				WHERE p.done_at IS NULL AND p.tournament_id = n.tournament_id AND p.id < n.id)
		ORDER BY n.id LIMIT ?`, db.now().UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TournamentNotice
	for rows.Next() {
		var n TournamentNotice
		if err := rows.Scan(&n.ID, &n.Tournament, &n.Kind, &n.Round, &n.Attempts); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// TournamentNoticeDone marks a notice posted, or given up, for good.
func (db *DB) TournamentNoticeDone(ctx context.Context, id int64, outcome string) error {
	_, err := db.write.ExecContext(ctx, `UPDATE tournament_notices SET done_at = ?, outcome = ? WHERE id = ? AND done_at IS NULL`,
		db.now().UnixMilli(), outcome, id)
	return err
}

// RetryTournamentNotice puts a notice off until at, counting the attempt.
func (db *DB) RetryTournamentNotice(ctx context.Context, id int64, at time.Time) error {
	_, err := db.write.ExecContext(ctx, `UPDATE tournament_notices SET attempts = attempts + 1, due_at = ? WHERE id = ? AND done_at IS NULL`,
		at.UnixMilli(), id)
	return err
}
