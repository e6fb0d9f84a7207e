package store

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
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
// a tournament's strictly in order. It only lists them; a deliverer claims
// them with ClaimTournamentNotices.
func (db *DB) DueTournamentNotices(ctx context.Context, limit int) ([]TournamentNotice, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, tournament_id, kind, round, attempts FROM tournament_notices n
		WHERE n.done_at IS NULL AND n.due_at <= ?
			AND NOT EXISTS (SELECT 1 FROM tournament_notices p
				WHERE p.done_at IS NULL AND p.tournament_id = n.tournament_id AND p.id < n.id)
		ORDER BY n.id LIMIT ?`, db.now().UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	return scanTournamentNotices(rows)
}

// ClaimTournamentNotices claims for owner, until lease from now, up to limit
// of the notices DueTournamentNotices would list that nobody holds a claim
// on, and returns them oldest first, as ClaimAnnouncements does for
// announcements.
func (db *DB) ClaimTournamentNotices(ctx context.Context, owner string, limit int, lease time.Duration) ([]TournamentNotice, error) {
	now := db.now()
	rows, err := db.write.QueryContext(ctx, db.lockRows(qClaimTournamentNotices), now.Add(lease).UnixMilli(), owner, now.UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	out, err := scanTournamentNotices(rows)
	slices.SortFunc(out, func(a, b TournamentNotice) int { return cmp.Compare(a.ID, b.ID) })
	return out, err
}

const qClaimTournamentNotices = `UPDATE tournament_notices SET claimed_until = ?1, claimed_by = ?2
	WHERE id IN (SELECT n.id FROM tournament_notices n
		WHERE n.done_at IS NULL AND n.due_at <= ?3 AND (n.claimed_until IS NULL OR n.claimed_until <= ?3)
			AND NOT EXISTS (SELECT 1 FROM tournament_notices p
				WHERE p.done_at IS NULL AND p.tournament_id = n.tournament_id AND p.id < n.id)
		ORDER BY n.id LIMIT ?4 ` + lockRowsMark + `)
	RETURNING id, tournament_id, kind, round, attempts`

func scanTournamentNotices(rows *sql.Rows) ([]TournamentNotice, error) {
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

// RetryTournamentNotice puts a notice off until at, counting the attempt,
// and ends its claim.
func (db *DB) RetryTournamentNotice(ctx context.Context, id int64, at time.Time) error {
	_, err := db.write.ExecContext(ctx, `UPDATE tournament_notices SET attempts = attempts + 1, due_at = ?, claimed_until = NULL
		WHERE id = ? AND done_at IS NULL`,
		at.UnixMilli(), id)
	return err
}
