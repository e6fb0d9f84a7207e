package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"kilab/games"
)

// A busy server's year, to hold a click's database time to an empty
// database's. The database is built once, where KILAB_YEAR names it (kept,
// so that later runs reuse it: building it takes minutes): a SQLite file,
// or a PostgreSQL URL, whose empty database or schema it fills (with the
// empty database's side then on KILAB_TEST_POSTGRES's server):
//
//	KILAB_YEAR=/tmp/kilab-year.db go test -run '^$' -bench Click -count 5 ./store
//
// Its year: 20,000 players on 20 servers, 200,000 finished games of 40
// plies each (8,000,000 moves) and 2,000 under way, every player's ratings,
// a week of delivered announcements (the sweep prunes older ones), an hour
// of handled interactions, 200,000 puzzle attempts and 100 finished
// tournaments.
const (
	yearUsers    = 20000
	yearGuilds   = 20
	yearFinished = 200000
	yearActive   = 2000
	yearPlies    = 40
)

// yearDB opens the year's database, building it first if it is empty.
func yearDB(b *testing.B) *DB {
	b.Helper()
	source := os.Getenv("KILAB_YEAR")
	if source == "" {
		b.Skip("a busy server's year: set KILAB_YEAR to the file (or PostgreSQL URL) to build it in (or reuse)")
	}
	ctx := context.Background()
	db, err := Open(ctx, source)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	var games int
	if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&games); err != nil {
		b.Fatal(err)
	}
	if games == 0 {
		start := time.Now()
		if err := buildYear(db); err != nil {
			b.Fatal(err)
		}
		b.Logf("built the year in %v", time.Since(start).Round(time.Second))
	}
	return db
}

func yearUser(i int) string { return fmt.Sprintf("2%017d", i) }

// buildYear fills db, new and empty, with the year, in one transaction:
// one that fails leaves it empty, to be built again.
func buildYear(db *DB) error {
	ctx := context.Background()
	now := time.Now()
	steps := []func(context.Context, *sql.Tx, *rand.Rand, time.Time) error{yearGames, yearRatings, yearBookkeeping, yearPuzzles, yearTournaments}
	err := db.update(ctx, func(tx *sql.Tx) error {
		rng := rand.New(rand.NewPCG(7, 7)) // the same year on a transaction run again
		for _, step := range steps {
			if err := step(ctx, tx, rng, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		_, err = db.write.ExecContext(ctx, `ANALYZE`)
	}
	return err
}

// yearGames writes the games and their moves.
func yearGames(ctx context.Context, tx *sql.Tx, rng *rand.Rand, now time.Time) error {
	game, err := tx.PrepareContext(ctx, `INSERT INTO games (guild_id, channel_id, thread_id, kind, variant, options,
			player0, player1, position, to_move, status, result, reason, version, rated, moved0, moved1,
			time_limit_ms, deadline, remind_at, created_at, updated_at, finished_at, web_token)
		VALUES (?, 'chan', ?, ?, 'standard', '{}', ?, ?, 'a position of about this length', 0, ?, ?, ?, ?, 1, 1, 1,
			259200000, ?, ?, ?, ?, ?, ?) RETURNING id`)
	if err != nil {
		return err
	}
	defer game.Close()
	move, err := tx.PrepareContext(ctx, `INSERT INTO moves (game_id, ply, player, throws, move, at) VALUES (?, ?, ?, '3', '12-15', ?)`)
	if err != nil {
		return err
	}
	defer move.Close()
	kinds, results := []string{"aseb", "tab", "seega"}, []string{"first", "second", "draw"}
	for i := range yearFinished + yearActive {
		p0, p1 := rng.IntN(yearUsers), rng.IntN(yearUsers-1)
		if p1 >= p0 {
			p1++
		}
		end := now.Add(-time.Duration(rng.Int64N(int64(365 * day))))
		status, result, reason, deadline, remind, finished := "finished", results[rng.IntN(3)], "rules", any(nil), any(nil), any(end.UnixMilli())
		if i >= yearFinished {
			end = now.Add(-time.Duration(rng.Int64N(int64(day))))
			status, result, reason, finished = "active", "", "", nil
			deadline, remind = end.Add(3*day).UnixMilli(), end.Add(2*day).UnixMilli()
		}
		var id int64
		err := game.QueryRowContext(ctx, fmt.Sprintf("guild%d", p0%yearGuilds), fmt.Sprint("3", i), kinds[rng.IntN(3)],
			yearUser(p0), yearUser(p1), status, result, reason, yearPlies, deadline, remind,
			end.Add(-day).UnixMilli(), end.UnixMilli(), finished, fmt.Sprintf("%032x", i)).Scan(&id)
		if err != nil {
			return err
		}
		for ply := 1; ply <= yearPlies; ply++ {
			if _, err := move.ExecContext(ctx, id, ply, ply%2, end.UnixMilli()); err != nil {
				return err
			}
		}
	}
	return nil
}

// yearRatings writes each player, with their locale, DM channel and name,
// and their rating in each game on their server.
func yearRatings(ctx context.Context, tx *sql.Tx, rng *rand.Rand, now time.Time) error {
	for u := range yearUsers {
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (user_id, updated_at, locale, dm_channel_id, name) VALUES (?, ?, 'de', ?, ?)`,
			yearUser(u), now.UnixMilli(), fmt.Sprint("5", u), fmt.Sprint("player ", u)); err != nil {
			return err
		}
		for _, k := range []string{"aseb", "tab", "seega"} {
			_, err := tx.ExecContext(ctx, `INSERT INTO ratings (guild_id, kind, user_id, rating, deviation, volatility,
					wins, losses, draws, updated_at) VALUES (?, ?, ?, ?, ?, 0.06, 10, 10, 1, 0)`,
				fmt.Sprintf("guild%d", u%yearGuilds), k, yearUser(u), 1000+rng.Float64()*1000, 50+rng.Float64()*300)
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// yearBookkeeping writes what the sweep leaves of the bookkeeping: a week
// of delivered announcements, the live boards of the games under way, and
// an hour of handled interactions.
func yearBookkeeping(ctx context.Context, tx *sql.Tx, rng *rand.Rand, now time.Time) error {
	kinds := []string{AnnounceBoard, AnnounceTurnDM, AnnounceRetire, AnnounceRefresh}
	for i := range 200000 {
		game := int64(yearFinished + 1 + rng.IntN(yearActive))
		done := now.Add(-time.Duration(rng.Int64N(int64(7 * day))))
		if _, err := tx.ExecContext(ctx, `INSERT INTO announcements (game_id, kind, user_id, version, due_at, created_at, done_at, outcome)
			VALUES (?, ?, '', ?, ?, ?, ?, 'sent')`, game, kinds[i%len(kinds)], i, done.UnixMilli(), done.UnixMilli(), done.UnixMilli()); err != nil {
			return err
		}
	}
	for g := range yearActive {
		for _, kind := range []string{"board", "dm"} {
			if _, err := tx.ExecContext(ctx, `INSERT INTO board_messages (channel_id, message_id, game_id, version, kind)
				VALUES (?, ?, ?, ?, ?)`, fmt.Sprint(kind, g), fmt.Sprint("m", kind, g), yearFinished+1+g, yearPlies, kind); err != nil {
				return err
			}
		}
	}
	for i := range 20000 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO handled_interactions (id, at_ms) VALUES (?, ?)`,
			fmt.Sprint("4", i), now.Add(-time.Duration(rng.Int64N(int64(time.Hour)))).UnixMilli()); err != nil {
			return err
		}
	}
	return nil
}

// yearPuzzles writes the players' attempts at puzzles.
func yearPuzzles(ctx context.Context, tx *sql.Tx, rng *rand.Rand, now time.Time) error {
	for i := range 200000 {
		_, err := tx.ExecContext(ctx, `INSERT INTO puzzle_attempts (user_id, puzzle_id, kind, move, solved, rating_before, rating_after, at_ms)
			VALUES (?, ?, 'aseb', '12-15', ?, 1500, 1510, ?) ON CONFLICT DO NOTHING`,
			yearUser(rng.IntN(yearUsers)), fmt.Sprint("aseb-", i%600), rng.IntN(2), now.Add(-time.Duration(rng.Int64N(int64(365*day)))).UnixMilli())
		if err != nil {
			return err
		}
	}
	return nil
}

// yearTournaments writes finished tournaments with their players.
func yearTournaments(ctx context.Context, tx *sql.Tx, rng *rand.Rand, now time.Time) error {
	for i := range 100 {
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO tournaments (guild_id, channel_id, creator_id, kind, variant, format, rounds, round,
				time_limit_ms, rated, status, created_at, started_at, finished_at)
			VALUES (?, 'chan', ?, 'tab', 'standard', 'swiss', 5, 5, 259200000, 1, 'finished', ?, ?, ?) RETURNING id`,
			fmt.Sprintf("guild%d", i%yearGuilds), yearUser(i), now.UnixMilli(), now.UnixMilli(), now.UnixMilli()).Scan(&id)
		if err != nil {
			return err
		}
		for p := range 16 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_players (tournament_id, user_id, joined_at) VALUES (?, ?, ?)`,
				id, yearUser(i*16+p), now.UnixMilli()); err != nil {
				return err
			}
		}
	}
	return nil
}

// BenchmarkClick is a click's database work on a game under way: the
// game's record read, its move committed with the announcements, the
// clicked board recorded as drawn, and the delivery (the claim, each
// announcement marked delivered, the new board recorded, the old ones
// found and retired). On an empty database and on the year's, whose ratio
// the issue holds within 2x.
func BenchmarkClick(b *testing.B) {
	b.Run("empty", func(b *testing.B) {
		db, _ := newDB(b)
		db.Now = time.Now
		benchClick(b, db)
	})
	b.Run("year", func(b *testing.B) { benchClick(b, yearDB(b)) })
}

func benchClick(b *testing.B, db *DB) {
	ctx := context.Background()
	g, err := db.CreateGame(ctx, NewGame{GuildID: "guild1", ChannelID: "chan", Kind: "aseb",
		Config:  games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}},
		Players: [2]string{yearUser(1), yearUser(2)}, Position: "start", ToMove: games.First, TimeLimit: 3 * day})
	if err != nil {
		b.Fatal(err)
	}
	owner := fmt.Sprint("bench", time.Now().UnixNano())
	board := 0
	for b.Loop() {
		if g, _, err = db.GameRecord(ctx, g.ID); err != nil {
			b.Fatal(err)
		}
		g, _, err = db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Announce: true,
			Plies: []games.Ply{{Player: g.ToMove, Throws: []games.Throw{3}, Move: "12-15"}},
			Moved: true, Position: "benchmark position", ToMove: g.ToMove.Other()})
		if err != nil {
			b.Fatal(err)
		}
		board++
		clickClaimDeliver(b, db, g, owner, board)
	}
}

// clickClaimDeliver is the delivery's part of a click.
func clickClaimDeliver(b *testing.B, db *DB, g Game, owner string, board int) {
	ctx := context.Background()
	if err := db.BoardDrawn(ctx, "thread", fmt.Sprint("board", board-1), g.Version); err != nil {
		b.Fatal(err)
	}
	// Claimed until none is left, as the delivery does: a game's DM waits
	// for its board, and its retirement for both.
	for {
		as, err := db.ClaimAnnouncements(ctx, owner, 10, time.Minute)
		if err != nil {
			b.Fatal(err)
		}
		if len(as) == 0 {
			break
		}
		for _, a := range as {
			if err := db.Delivered(ctx, a.ID, "sent"); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := db.AddBoardMessage(ctx, BoardMessage{Channel: "thread", Message: fmt.Sprint("board", board), Game: g.ID, Version: g.Version, Kind: "board"}); err != nil {
		b.Fatal(err)
	}
	old, err := db.LiveBoards(ctx, g.ID, g.Version)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range old {
		if err := db.RetireBoard(ctx, m.Channel, m.Message); err != nil {
			b.Fatal(err)
		}
	}
}
