package store

import (
	"context"
	"database/sql"
	"errors"
)

// Stats is what /stats shows of a user on one server.
type Stats struct {
	User   string
	Kinds  []KindStats // one per game the user has played or plays there, by name
	Recent []Game      // their latest finished games there, newest first
	// Puzzles are their puzzle ratings, one per game they have tried a
	// puzzle of, by game: the player's own, not the server's.
	Puzzles []PuzzleStanding
}

// KindStats is a user's record in one game on one server. Wins, Losses and
// Draws take in every game between people, rated or not; Standing's own tally
// counts rated games only; games against the computer have their own counts.
type KindStats struct {
	Kind     string
	Standing *Standing // nil until their first rated game ends
	Wins     int
	Losses   int
	Draws    int
	Aborted  int
	Active   int
	Computer Tally // finished games against the computer, any level
}

// Tally counts finished games from one player's side.
type Tally struct{ Wins, Losses, Draws int }

// Stats returns user's record on guild, with up to recent finished games.
func (db *DB) Stats(ctx context.Context, guild, user string, recent int) (st Stats, err error) {
	err = db.view(ctx, func(tx *sql.Tx) (err error) { // counts, ratings and games from one snapshot
		st, err = stats(ctx, tx, guild, user, recent)
		return err
	})
	return st, err
}

func stats(ctx context.Context, tx *sql.Tx, guild, user string, recent int) (st Stats, err error) {
	st = Stats{User: user}
	if st.Kinds, err = kindStats(ctx, tx, guild, user); err != nil {
		return st, err
	}
	for i := range st.Kinds {
		s, err := standing(ctx, tx, guild, st.Kinds[i].Kind, user)
		if err == nil {
			st.Kinds[i].Standing = &s
		} else if !errors.Is(err, ErrNotFound) {
			return st, err
		}
	}
	if st.Recent, err = queryGames(ctx, tx, qRecentGames, user, guild, recent); err != nil {
		return st, err
	}
	st.Puzzles, err = puzzleStandings(ctx, tx, user)
	return st, err
}

const qRecentGames = `SELECT ` + gameColumns + ` FROM games
	WHERE (player0 = ?1 OR player1 = ?1) AND guild_id = ?2 AND status = 'finished'
	ORDER BY finished_at DESC, id DESC LIMIT ?3`

func kindStats(ctx context.Context, q rowQuerier, guild, user string) ([]KindStats, error) {
	rows, err := q.QueryContext(ctx, qKindStats, user, guild)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []KindStats
	for rows.Next() {
		var k KindStats
		if err := rows.Scan(&k.Kind, &k.Wins, &k.Losses, &k.Draws, &k.Aborted, &k.Active,
			&k.Computer.Wins, &k.Computer.Losses, &k.Computer.Draws); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// The counts are count(*) FILTER, which both SQLite and PostgreSQL read
// (PostgreSQL has no sum of booleans).
const qKindStats = `SELECT kind,
		count(*) FILTER (WHERE computer_seat < 0 AND ((result = 'first' AND player0 = ?1) OR (result = 'second' AND player1 = ?1))),
		count(*) FILTER (WHERE computer_seat < 0 AND ((result = 'second' AND player0 = ?1) OR (result = 'first' AND player1 = ?1))),
		count(*) FILTER (WHERE computer_seat < 0 AND result = 'draw'), count(*) FILTER (WHERE result = 'aborted'),
		count(*) FILTER (WHERE status = 'active'),
		count(*) FILTER (WHERE computer_seat >= 0 AND ((result = 'first' AND player0 = ?1) OR (result = 'second' AND player1 = ?1))),
		count(*) FILTER (WHERE computer_seat >= 0 AND ((result = 'second' AND player0 = ?1) OR (result = 'first' AND player1 = ?1))),
		count(*) FILTER (WHERE computer_seat >= 0 AND result = 'draw')
	FROM games WHERE (player0 = ?1 OR player1 = ?1) AND guild_id = ?2
	GROUP BY kind ORDER BY kind`
