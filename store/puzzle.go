package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"kilab/store/glicko"
)

// Puzzle ratings are Lichess's: a player's first attempt at a puzzle is a
// rated game between the player and the puzzle, won by the player who finds
// the best move. The attempt, the player's rating and the puzzle's rating
// change in one transaction; the attempt's primary key (player, puzzle)
// makes every later attempt, or a second click racing the first, change
// nothing and read back what the first did. The store keeps no puzzle
// itself: the bot's set names them by their stable ids.

// PuzzleAttempt is a player's answer to a puzzle.
type PuzzleAttempt struct {
	User   string
	Puzzle string // the puzzle's stable id (puzzles.PuzzleID)
	Kind   string
	Move   string // the move played, in the game's notation
	Solved bool
	// Start is the puzzle's rating while nobody has tried it.
	Start glicko.Rating
}

// PuzzleRater rates a first attempt: the player's and the puzzle's ratings
// after it (puzzles.Rate). It must be a pure function: a transaction that
// runs it may run again.
type PuzzleRater func(player, puzzle glicko.Rating, solved bool) (glicko.Rating, glicko.Rating)

// PuzzleOutcome is what an attempt did.
type PuzzleOutcome struct {
	// First says the attempt was the player's first at the puzzle: it was
	// rated. Otherwise it changed nothing, and the rest is the first's.
	First bool
	// Solved is whether the first attempt found the best move.
	Solved bool
	// Change is what the first attempt did to the player's rating.
	Change RatingChange
}

// AttemptPuzzle records a's attempt and, if it is the player's first at the
// puzzle, rates it with rate, in one transaction.
func (db *DB) AttemptPuzzle(ctx context.Context, a PuzzleAttempt, rate PuzzleRater) (PuzzleOutcome, error) {
	if a.User == "" || a.Puzzle == "" || a.Kind == "" || a.Move == "" {
		return PuzzleOutcome{}, fmt.Errorf("puzzle attempt %+v: %w", a, ErrInvalid)
	}
	var out PuzzleOutcome
	err := db.update(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = db.attempt(ctx, tx, a, rate)
		return err
	})
	return out, err
}

// attempt is AttemptPuzzle's transaction.
func (db *DB) attempt(ctx context.Context, tx *sql.Tx, a PuzzleAttempt, rate PuzzleRater) (PuzzleOutcome, error) {
	player, err := puzzlePlayer(ctx, tx, a.User, a.Kind)
	if err != nil {
		return PuzzleOutcome{}, err
	}
	puzzle, err := puzzleRating(ctx, tx, a.Puzzle, a.Start)
	if err != nil {
		return PuzzleOutcome{}, err
	}
	after, puzzleAfter := rate(player, puzzle, a.Solved)
	now := db.now().UnixMilli()
	res, err := tx.ExecContext(ctx, qInsertAttempt, a.User, a.Puzzle, a.Kind, a.Move, boolInt(a.Solved), player.Rating, after.Rating, now)
	if err != nil {
		return PuzzleOutcome{}, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err != nil {
			return PuzzleOutcome{}, err
		}
		return firstAttempt(ctx, tx, a.User, a.Puzzle)
	}
	solved := boolInt(a.Solved)
	if _, err := tx.ExecContext(ctx, qSavePuzzlePlayer, a.User, a.Kind, after.Rating, after.Deviation, after.Volatility, solved, now); err != nil {
		return PuzzleOutcome{}, err
	}
	if _, err := tx.ExecContext(ctx, qSavePuzzleRating, a.Puzzle, a.Kind, puzzleAfter.Rating, puzzleAfter.Deviation, puzzleAfter.Volatility, solved); err != nil {
		return PuzzleOutcome{}, err
	}
	if a.Solved { // the same position may be one of the player's own puzzles too (own.go)
		if _, err := tx.ExecContext(ctx, qSolveOwnPuzzle, now, a.User, a.Puzzle); err != nil {
			return PuzzleOutcome{}, err
		}
	}
	return PuzzleOutcome{First: true, Solved: a.Solved, Change: RatingChange{User: a.User, Before: player, After: after}}, nil
}

// firstAttempt is what user's first attempt at puzzle did, as kept.
func firstAttempt(ctx context.Context, q rowQuerier, user, puzzle string) (PuzzleOutcome, error) {
	out := PuzzleOutcome{Change: RatingChange{User: user}}
	var solved int
	err := q.QueryRowContext(ctx, qFirstAttempt, user, puzzle).Scan(&solved, &out.Change.Before.Rating, &out.Change.After.Rating)
	out.Solved = solved == 1
	return out, err
}

// puzzlePlayer is user's puzzle rating in kind, a new player's if they have
// none.
func puzzlePlayer(ctx context.Context, q rowQuerier, user, kind string) (glicko.Rating, error) {
	var r glicko.Rating
	err := q.QueryRowContext(ctx, qPuzzlePlayer, user, kind).Scan(&r.Rating, &r.Deviation, &r.Volatility)
	if errors.Is(err, sql.ErrNoRows) {
		return glicko.New(), nil
	}
	return r, err
}

// puzzleRating is puzzle's rating, start if nobody has tried it.
func puzzleRating(ctx context.Context, q rowQuerier, puzzle string, start glicko.Rating) (glicko.Rating, error) {
	var r glicko.Rating
	err := q.QueryRowContext(ctx, qPuzzleRating, puzzle).Scan(&r.Rating, &r.Deviation, &r.Volatility)
	if errors.Is(err, sql.ErrNoRows) {
		return start, nil
	}
	return r, err
}

// PuzzleStanding is a player's puzzle rating in one game.
type PuzzleStanding struct {
	Kind string
	glicko.Rating
	Attempts int // puzzles tried, each counted once
	Solved   int // of those, solved at the first attempt
}

// PuzzlePlayer returns user's puzzle standing in kind: a new player's
// rating, with no attempts, if they have tried none.
func (db *DB) PuzzlePlayer(ctx context.Context, user, kind string) (PuzzleStanding, error) {
	s := PuzzleStanding{Kind: kind, Rating: glicko.New()}
	err := db.read.QueryRowContext(ctx, qPuzzleStanding, user, kind).Scan(&s.Rating.Rating, &s.Deviation, &s.Volatility, &s.Attempts, &s.Solved)
	if errors.Is(err, sql.ErrNoRows) {
		return s, nil
	}
	return s, err
}

// PuzzleStandings returns user's puzzle ratings, one per game they have
// tried a puzzle of, by game.
func (db *DB) PuzzleStandings(ctx context.Context, user string) ([]PuzzleStanding, error) {
	return puzzleStandings(ctx, db.read, user)
}

func puzzleStandings(ctx context.Context, q rowQuerier, user string) ([]PuzzleStanding, error) {
	return queryAll(ctx, q, func(s scanner) (PuzzleStanding, error) {
		var p PuzzleStanding
		err := s.Scan(&p.Kind, &p.Rating.Rating, &p.Deviation, &p.Volatility, &p.Attempts, &p.Solved)
		return p, err
	}, qPuzzleStandings, user)
}

// PuzzleRatings returns the ratings of kind's puzzles that someone has
// tried, by puzzle id; the others still have their starting rating.
func (db *DB) PuzzleRatings(ctx context.Context, kind string) (map[string]glicko.Rating, error) {
	rows, err := db.read.QueryContext(ctx, qPuzzleRatings, kind)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]glicko.Rating{}
	for rows.Next() {
		var id string
		var r glicko.Rating
		if err := rows.Scan(&id, &r.Rating, &r.Deviation, &r.Volatility); err != nil {
			return nil, err
		}
		out[id] = r
	}
	return out, rows.Err()
}

// SolvedPuzzles returns the ids of kind's puzzles user solved at the first
// attempt: those /puzzle never offers them again.
func (db *DB) SolvedPuzzles(ctx context.Context, user, kind string) (map[string]bool, error) {
	ids, err := queryAll(ctx, db.read, func(s scanner) (string, error) {
		var id string
		return id, s.Scan(&id)
	}, qSolvedPuzzles, user, kind)
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

const (
	qPuzzlePlayer   = `SELECT rating, deviation, volatility FROM puzzle_players WHERE user_id = ? AND kind = ?`
	qPuzzleStanding = `SELECT rating, deviation, volatility, attempts, solved FROM puzzle_players WHERE user_id = ? AND kind = ?`
	qPuzzleRating   = `SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = ?`
	qInsertAttempt  = `INSERT INTO puzzle_attempts (user_id, puzzle_id, kind, move, solved, rating_before, rating_after, at_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, puzzle_id) DO NOTHING`
	qFirstAttempt     = `SELECT solved, rating_before, rating_after FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?`
	qSavePuzzlePlayer = `INSERT INTO puzzle_players (user_id, kind, rating, deviation, volatility, attempts, solved, updated_at)
		VALUES (?, ?, ?, ?, ?, 1, ?, ?)
		ON CONFLICT (user_id, kind) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
			volatility = excluded.volatility, attempts = puzzle_players.attempts + 1,
			solved = puzzle_players.solved + excluded.solved, updated_at = excluded.updated_at`
	qSavePuzzleRating = `INSERT INTO puzzle_ratings (puzzle_id, kind, rating, deviation, volatility, attempts, solved)
		VALUES (?, ?, ?, ?, ?, 1, ?)
		ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
			volatility = excluded.volatility, attempts = puzzle_ratings.attempts + 1,
			solved = puzzle_ratings.solved + excluded.solved`
	qPuzzleStandings = `SELECT kind, rating, deviation, volatility, attempts, solved FROM puzzle_players WHERE user_id = ? ORDER BY kind`
	qPuzzleRatings   = `SELECT puzzle_id, rating, deviation, volatility FROM puzzle_ratings WHERE kind = ?`
	qSolvedPuzzles   = `SELECT puzzle_id FROM puzzle_attempts WHERE user_id = ? AND kind = ? AND solved = 1`
)
