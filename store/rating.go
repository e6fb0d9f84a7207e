package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"kilab/games"
	"kilab/store/glicko"
)

// Standing is a user's rating in one game on one server, with the tally of
// their rated games there.
type Standing struct {
	Guild string
	Kind  string
	User  string
	glicko.Rating
	Wins    int
	Losses  int
	Draws   int
	Updated time.Time
	// Rank is the place on the leaderboard, from 1; set by Leaderboard only.
	Rank int
}

// Games is how many rated games the standing counts.
func (s Standing) Games() int { return s.Wins + s.Losses + s.Draws }

// RatingChange is what one rated game did to a player's rating.
type RatingChange struct {
	User   string
	Before glicko.Rating
	After  glicko.Rating
}

// Delta is the rating points won (positive) or lost.
func (c RatingChange) Delta() float64 { return c.After.Rating - c.Before.Rating }

// rate updates both players' ratings for g's kind on g's server after result,
// the game being its own rating period (see package glicko).
func (db *DB) rate(ctx context.Context, tx *sql.Tx, g Game, result Result) ([]RatingChange, error) {
	var before [2]glicko.Rating
	for seat, user := range g.Players {
		s, err := standing(ctx, tx, g.GuildID, g.Kind, user)
		switch {
		case errors.Is(err, ErrNotFound):
			before[seat] = glicko.New()
		case err != nil:
			return nil, err
		default:
			before[seat] = s.Rating
		}
	}
	a, b := glicko.Game(before[0], before[1], result.Score(games.First))
	changes := []RatingChange{{g.Players[0], before[0], a}, {g.Players[1], before[1], b}}
	for seat, c := range changes {
		if err := db.saveRating(ctx, tx, g, c, result.Score(games.Player(seat))); err != nil {
			return nil, err
		}
	}
	return changes, nil
}

func (db *DB) saveRating(ctx context.Context, tx *sql.Tx, g Game, c RatingChange, score float64) error {
	var win, loss, draw int
	switch score {
	case 1:
		win = 1
	case 0:
		loss = 1
	default:
		draw = 1
	}
	r := c.After
	_, err := tx.ExecContext(ctx, `INSERT INTO ratings
			(guild_id, kind, user_id, rating, deviation, volatility, wins, losses, draws, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET rating = excluded.rating,
			deviation = excluded.deviation, volatility = excluded.volatility,
			wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses, draws = ratings.draws + excluded.draws,
			updated_at = excluded.updated_at`,
		g.GuildID, g.Kind, c.User, r.Rating, r.Deviation, r.Volatility, win, loss, draw, db.now().UnixMilli())
	return err
}

const standingColumns = `guild_id, kind, user_id, rating, deviation, volatility, wins, losses, draws, updated_at`

func scanStanding(s scanner) (Standing, error) {
	var (
		st      Standing
		updated sql.NullInt64
	)
	err := s.Scan(&st.Guild, &st.Kind, &st.User, &st.Rating.Rating, &st.Deviation, &st.Volatility,
		&st.Wins, &st.Losses, &st.Draws, &updated)
	st.Updated = fromMillis(updated)
	return st, err
}

func standing(ctx context.Context, q rowQuerier, guild, kind, user string) (Standing, error) {
	s, err := scanStanding(q.QueryRowContext(ctx, `SELECT `+standingColumns+` FROM ratings
		WHERE guild_id = ? AND kind = ? AND user_id = ?`, guild, kind, user))
	if errors.Is(err, sql.ErrNoRows) {
		return s, fmt.Errorf("no %s rating for %s in %s: %w", kind, user, guild, ErrNotFound)
	}
	return s, err
}

// Standing returns user's rating in kind on guild; ErrNotFound if they have
// played no rated game of it there (their rating would be glicko.New()).
func (db *DB) Standing(ctx context.Context, guild, kind, user string) (Standing, error) {
	return standing(ctx, db.read, guild, kind, user)
}

// Leaderboard returns a page of guild's ratings in kind, highest first, from
// place offset+1, at most limit of them, and how many rated players there are in
// all. Provisional ratings are included (Standing.Provisional says which), as
// the bot marks them rather than hiding them.
func (db *DB) Leaderboard(ctx context.Context, guild, kind string, offset, limit int) ([]Standing, int, error) {
	if offset < 0 || limit <= 0 {
		return nil, 0, fmt.Errorf("leaderboard page from %d, %d long: %w", offset, limit, ErrInvalid)
	}
	var (
		page  []Standing
		total int
	)
	err := db.view(ctx, func(tx *sql.Tx) (err error) { // the count and the page from one snapshot
		page, total, err = leaderboardPage(ctx, tx, guild, kind, offset, limit)
		return err
	})
	if err != nil {
		return nil, 0, err
	}
	return page, total, nil
}

func leaderboardPage(ctx context.Context, tx *sql.Tx, guild, kind string, offset, limit int) ([]Standing, int, error) {
	var total int
	err := tx.QueryRowContext(ctx, qLeaderboardCount, guild, kind).Scan(&total)
	if err != nil {
		return nil, 0, err
	}
	rows, err := tx.QueryContext(ctx, qLeaderboardPage, guild, kind, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var page []Standing
	for rows.Next() {
		s, err := scanStanding(rows)
		if err != nil {
			return nil, 0, err
		}
		s.Rank = offset + len(page) + 1
		page = append(page, s)
	}
	return page, total, rows.Err()
}

const (
	qLeaderboardCount = `SELECT count(*) FROM ratings WHERE guild_id = ? AND kind = ?`
	qLeaderboardPage  = `SELECT ` + standingColumns + ` FROM ratings
		WHERE guild_id = ? AND kind = ? ORDER BY rating DESC, user_id LIMIT ? OFFSET ?`
)
