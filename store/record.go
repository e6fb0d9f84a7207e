package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"kilab/games"
)

// Played is one ply of a game's record as stored, with the rules revision it
// was played under (Ply.Revision, never 0 here).
type Played struct {
	games.Ply
	N  int       // the ply's number, from 1
	At time.Time // when it was last written: its throws, then its move
}

// Record returns the game's record, first ply first. Its plies replay from the
// start position with games.Replay.
func (db *DB) Record(ctx context.Context, game int64) ([]Played, error) {
	_, rec, err := db.GameRecord(ctx, game)
	return rec, err
}

// GameRecord returns the game and its record as they stood at one moment: a
// commit landing between reading one and the other cannot make them disagree.
func (db *DB) GameRecord(ctx context.Context, game int64) (g Game, rec []Played, err error) {
	err = db.view(ctx, func(tx *sql.Tx) (err error) {
		if g, err = getGame(ctx, tx, game); err != nil {
			return err
		}
		rec, err = readRecord(ctx, tx, game)
		return err
	})
	if err != nil {
		return Game{}, nil, err
	}
	return g, rec, nil
}

func readRecord(ctx context.Context, tx *sql.Tx, game int64) ([]Played, error) {
	rows, err := tx.QueryContext(ctx, `SELECT ply, player, throws, move, revision, at FROM moves WHERE game_id = ? ORDER BY ply`, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Played
	for rows.Next() {
		var (
			p      Played
			throws string
			at     int64
		)
		if err := rows.Scan(&p.N, &p.Player, &throws, &p.Move, &p.Revision, &at); err != nil {
			return nil, err
		}
		if p.Throws, err = parseThrows(throws); err != nil {
			return nil, fmt.Errorf("game %d ply %d: %w", game, p.N, err)
		}
		p.At = time.UnixMilli(at).UTC()
		out = append(out, p)
	}
	return out, rows.Err()
}

// Plies strips a record to the plies, as games.Replay and games.FormatRecord take them.
func Plies(record []Played) []games.Ply {
	out := make([]games.Ply, len(record))
	for i, p := range record {
		out[i] = p.Ply
	}
	return out
}
