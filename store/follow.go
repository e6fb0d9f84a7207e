package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Following: a member who does not play a game may follow it, to hear of
// its end by DM (and of every move, if they ask); anyone may follow a
// tournament, to hear of its rounds and its end. The DMs are announcements
// like the players' own, written with the change they tell of, so a
// follower misses nothing across a crash; a follow added while a move is
// being committed may miss that one move, never a later one.

// FollowGame has user follow game, every move with everyMove; following it
// again changes only that choice. A player of the game is refused
// (ErrInvalid): they hear of it as its player.
func (db *DB) FollowGame(ctx context.Context, user string, game int64, everyMove bool) error {
	g, err := db.Game(ctx, game)
	if err != nil {
		return err
	}
	if _, plays := g.Seat(user); plays {
		return fmt.Errorf("user %s plays game %d: %w", user, game, ErrInvalid)
	}
	_, err = db.exec(ctx, `INSERT INTO follows_games (game_id, user_id, every_move, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, user_id) DO UPDATE SET every_move = excluded.every_move`,
		game, user, boolInt(everyMove), db.now().UnixMilli())
	return err
}

// UnfollowGame stops user following game; false if they did not.
func (db *DB) UnfollowGame(ctx context.Context, user string, game int64) (bool, error) {
	res, err := db.exec(ctx, `DELETE FROM follows_games WHERE game_id = ? AND user_id = ?`, game, user)
	return affected(res, err)
}

// FollowTournament has user follow tournament.
func (db *DB) FollowTournament(ctx context.Context, user string, tournament int64) error {
	_, err := db.exec(ctx, `INSERT INTO follows_tournaments (tournament_id, user_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT (tournament_id, user_id) DO NOTHING`, tournament, user, db.now().UnixMilli())
	return err
}

// UnfollowTournament stops user following tournament; false if they did not.
func (db *DB) UnfollowTournament(ctx context.Context, user string, tournament int64) (bool, error) {
	res, err := db.exec(ctx, `DELETE FROM follows_tournaments WHERE tournament_id = ? AND user_id = ?`, tournament, user)
	return affected(res, err)
}

// FollowsGame reports whether user follows game, and every move of it.
func (db *DB) FollowsGame(ctx context.Context, user string, game int64) (follows, everyMove bool, err error) {
	err = db.read.QueryRowContext(ctx, `SELECT every_move FROM follows_games WHERE game_id = ? AND user_id = ?`, game, user).Scan(&everyMove)
	if errors.Is(err, sql.ErrNoRows) {
		return false, false, nil
	}
	return err == nil, everyMove, err
}

// FollowsTournament reports whether user follows tournament.
func (db *DB) FollowsTournament(ctx context.Context, user string, tournament int64) (bool, error) {
	var one int
	err := db.read.QueryRowContext(ctx, `SELECT 1 FROM follows_tournaments WHERE tournament_id = ? AND user_id = ?`, tournament, user).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// followNotices are the DMs g's followers get for a commit that leaves g as
// it is: its end for all of them, a move for those who follow every move.
func followNotices(ctx context.Context, tx *sql.Tx, g Game) ([]Notice, error) {
	type follower struct {
		user  string
		every bool
	}
	fs, err := queryAll(ctx, tx, func(s scanner) (f follower, err error) {
		err = s.Scan(&f.user, &f.every)
		return f, err
	}, `SELECT user_id, every_move FROM follows_games WHERE game_id = ?`, g.ID)
	var out []Notice
	for _, f := range fs {
		if !g.Active() || f.every {
			out = append(out, Notice{Kind: AnnounceFollowGame, User: f.user})
		}
	}
	return out, err
}

// tournamentFollowNotices are the DMs of kind to tournament's followers.
func tournamentFollowNotices(ctx context.Context, tx *sql.Tx, tournament int64, kind string, round int) ([]Notice, error) {
	return queryAll(ctx, tx, func(s scanner) (Notice, error) {
		n := Notice{Kind: kind, Round: round}
		err := s.Scan(&n.User)
		return n, err
	}, `SELECT user_id FROM follows_tournaments WHERE tournament_id = ?`, tournament)
}

// GamesInPlayIn are up to limit of guild's games in play that user does
// not play, newest first (games_active_guild).
func (db *DB) GamesInPlayIn(ctx context.Context, guild, user string, limit int) ([]Game, error) {
	return queryGames(ctx, db.read, `SELECT `+gameColumns+` FROM games
		WHERE status = 'active' AND guild_id = ?1 AND player0 <> ?2 AND player1 <> ?2 ORDER BY id DESC LIMIT ?3`, guild, user, limit)
}

// FollowedGames are up to limit of the games user follows, in guild or,
// with guild "", everywhere, newest first.
func (db *DB) FollowedGames(ctx context.Context, user, guild string, limit int) ([]Game, error) {
	return queryGames(ctx, db.read, `SELECT `+gameColumns+` FROM games
		WHERE id IN (SELECT game_id FROM follows_games WHERE user_id = ?1) AND (?2 = '' OR guild_id = ?2) ORDER BY id DESC LIMIT ?3`, user, guild, limit)
}
