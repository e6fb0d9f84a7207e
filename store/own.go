package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Own puzzles: after a review, the reviewer's costliest moves of the game
// become puzzles of their own, kept whole (the bot's JSON of the puzzle:
// they are in no set the bot ships). /puzzle mine offers them oldest first,
// until the player finds the best move in each.

// A first attempt that solves a puzzle of the set solves it as an own
// puzzle too, where the player has its position among theirs
// (AttemptPuzzle): the bot answers a puzzle of its set as such.

// OwnPuzzle is one of a player's own puzzles.
type OwnPuzzle struct {
	User   string
	ID     string // the puzzle's stable id
	Kind   string
	Game   int64   // the game it comes from
	Ply    int     // the ply, from 1, that was the mistake
	Cost   float64 // the winning chance the move gave away
	Puzzle string  // the puzzle, as the bot wrote it (JSON)
}

// AddOwnPuzzles keeps ps as their players' own puzzles; one a player has
// already (the same position, from this game or another) is not added
// again, solved or not. It returns how many it added.
func (db *DB) AddOwnPuzzles(ctx context.Context, ps []OwnPuzzle) (int, error) {
	added := 0
	err := db.update(ctx, func(tx *sql.Tx) error {
		added = 0
		for _, p := range ps {
			if p.User == "" || p.ID == "" || p.Puzzle == "" {
				return fmt.Errorf("own puzzle %+v: %w", p, ErrInvalid)
			}
			res, err := tx.ExecContext(ctx, qAddOwnPuzzle, p.User, p.ID, p.Kind, p.Game, p.Ply, p.Cost, p.Puzzle, db.now().UnixMilli())
			if err != nil {
				return err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			added += int(n)
		}
		return nil
	})
	return added, err
}

// NextOwnPuzzle is user's oldest own puzzle not yet solved, and how many
// such they have in all; ok is false when they have none.
func (db *DB) NextOwnPuzzle(ctx context.Context, user string) (p OwnPuzzle, open int, ok bool, err error) {
	err = db.view(ctx, func(tx *sql.Tx) (err error) {
		p, open, ok, err = nextOwnPuzzle(ctx, tx, user)
		return err
	})
	return p, open, ok, err
}

func nextOwnPuzzle(ctx context.Context, tx *sql.Tx, user string) (p OwnPuzzle, open int, ok bool, err error) {
	p, err = scanOwnPuzzle(tx.QueryRowContext(ctx, `SELECT `+ownColumns+` FROM own_puzzles
		WHERE user_id = ? AND solved_at IS NULL ORDER BY created_at, game_id, ply LIMIT 1`, user))
	if errors.Is(err, sql.ErrNoRows) {
		return p, 0, false, nil
	}
	if err != nil {
		return p, 0, false, err
	}
	err = tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM own_puzzles WHERE user_id = ? AND solved_at IS NULL`, user).Scan(&open)
	return p, open, err == nil, err
}

// OwnPuzzleOf is user's own puzzle id; ErrNotFound if they have none such.
func (db *DB) OwnPuzzleOf(ctx context.Context, user, id string) (OwnPuzzle, error) {
	p, err := scanOwnPuzzle(db.read.QueryRowContext(ctx, `SELECT `+ownColumns+` FROM own_puzzles WHERE user_id = ? AND puzzle_id = ?`, user, id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("own puzzle %s of %s: %w", id, user, ErrNotFound)
	}
	return p, err
}

// SolveOwnPuzzle records that user found the best move of their own puzzle
// id: it is not offered again. It reports false when there was no such
// puzzle still open (none, or solved already).
func (db *DB) SolveOwnPuzzle(ctx context.Context, user, id string) (bool, error) {
	res, err := db.exec(ctx, qSolveOwnPuzzle, db.now().UnixMilli(), user, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

const ownColumns = `user_id, puzzle_id, kind, game_id, ply, cost, puzzle`

func scanOwnPuzzle(s scanner) (OwnPuzzle, error) {
	var p OwnPuzzle
	err := s.Scan(&p.User, &p.ID, &p.Kind, &p.Game, &p.Ply, &p.Cost, &p.Puzzle)
	return p, err
}

const qSolveOwnPuzzle = `UPDATE own_puzzles SET solved_at = ? WHERE user_id = ? AND puzzle_id = ? AND solved_at IS NULL`

const qAddOwnPuzzle = `INSERT INTO own_puzzles (user_id, puzzle_id, kind, game_id, ply, cost, puzzle, created_at)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, puzzle_id) DO NOTHING`
