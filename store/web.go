package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"kilab/store/glicko"
	"time"
)

// What of a server the web shows, as its moderators chose (/mod web).
const (
	// WebOff shows nothing: no link in Discord, and every page of the
	// server's games answers "not found".
	WebOff = "off"
	// WebLink, the default, shows a game's page to whoever has its link.
	WebLink = "link"
	// WebPublic shows games by link, and lists the server's players and
	// tournaments too.
	WebPublic = "public"
)

// ValidWeb says whether mode is one of the Web modes.
func ValidWeb(mode string) bool { return mode == WebOff || mode == WebLink || mode == WebPublic }

// newWebToken is a new game's WebToken: 128 bits from the operating
// system's random source, as 32 hex digits.
func newWebToken() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// WellFormedToken says whether token looks like a WebToken: 32 lowercase
// hex digits. Anything else is answered "not found" without a query.
func WellFormedToken(token string) bool {
	if len(token) != 32 {
		return false
	}
	for _, c := range []byte(token) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// GameByToken returns the game whose WebToken is token; ErrNotFound for a
// token no game has, or one that is not well formed.
func (db *DB) GameByToken(ctx context.Context, token string) (Game, error) {
	if !WellFormedToken(token) {
		return Game{}, fmt.Errorf("game by token: %w", ErrNotFound)
	}
	g, err := scanGame(db.read.QueryRowContext(ctx, qGameByToken, token))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("game by token: %w", ErrNotFound)
	}
	return g, err
}

const qGameByToken = `SELECT ` + gameColumns + ` FROM games WHERE web_token = ? AND web_token <> ''`

// GameVersion returns the version of the game whose WebToken is token, for
// a page that follows the game live: the cheapest read that tells it moved.
func (db *DB) GameVersion(ctx context.Context, token string) (int64, error) {
	var v int64
	err := db.read.QueryRowContext(ctx, qGameVersion, token).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("game version by token: %w", ErrNotFound)
	}
	return v, err
}

const qGameVersion = `SELECT version FROM games WHERE web_token = ? AND web_token <> ''`

// Web returns what of the server guild the web shows (a Web mode).
func (db *DB) Web(ctx context.Context, guild string) (string, error) {
	mode := WebLink
	err := db.read.QueryRowContext(ctx, `SELECT web FROM moderation WHERE guild_id = ?`, guild).Scan(&mode)
	if errors.Is(err, sql.ErrNoRows) {
		return WebLink, nil
	}
	return mode, err
}

// SetWeb sets what of the server the web shows, by moderator by. It
// reports false, and logs nothing, when it showed that already.
func (db *DB) SetWeb(ctx context.Context, guild, mode, by string) (bool, error) {
	if !ValidWeb(mode) {
		return false, fmt.Errorf("web mode %q: %w", mode, ErrInvalid)
	}
	return db.changeAndLog(ctx, ModAction{GuildID: guild, Moderator: by, Action: ModWeb, Target: mode},
		`INSERT INTO moderation (guild_id, web) VALUES (?, ?)
			ON CONFLICT (guild_id) DO UPDATE SET web = excluded.web WHERE moderation.web <> excluded.web`, guild, mode)
}

// PlyCount is how many plies game's record holds: what a page needs to
// know of a record to tell its last board from the finished ones.
func (db *DB) PlyCount(ctx context.Context, game int64) (int, error) {
	var n int
	err := db.read.QueryRowContext(ctx, qPlyCount, game).Scan(&n)
	return n, err
}

const qPlyCount = `SELECT COUNT(*) FROM moves WHERE game_id = ?`

// RatingPoint is a player's rating in a game on a server as one of their
// rated games left it.
type RatingPoint struct {
	Game   int64
	At     time.Time
	Rating float64
	// Provisional: the rating was still provisional after that game
	// (glicko.Rating.Provisional): from the deviation the game kept, or,
	// for a game rated before games kept it, as estimated by provisionalFrom.
	Provisional bool
}

// RatingHistory is user's rating in kind on guild after each of their rated
// games, oldest first: worked back from their rating now through each
// game's rating change, which every rated game keeps, so it needs no
// bookkeeping of its own. Nil for a player not rated there.
func (db *DB) RatingHistory(ctx context.Context, guild, kind, user string) ([]RatingPoint, error) {
	var out []RatingPoint
	err := db.view(ctx, func(tx *sql.Tx) error {
		out = nil
		st, err := standing(ctx, tx, guild, kind, user)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, qRatingHistory, user, guild, kind)
		if err != nil {
			return err
		}
		defer rows.Close()
		var deltas []float64
		var devs []sql.NullFloat64
		for rows.Next() {
			var p RatingPoint
			var at int64
			var delta float64
			var dev sql.NullFloat64
			if err := rows.Scan(&p.Game, &at, &delta, &dev); err != nil {
				return err
			}
			p.At = time.UnixMilli(at).UTC()
			out, deltas, devs = append(out, p), append(deltas, delta), append(devs, dev)
		}
		rating := st.Rating.Rating
		for i := len(out) - 1; i >= 0; i-- {
			out[i].Rating = rating
			rating -= deltas[i]
		}
		provisionalFrom(out, devs)
		return rows.Err()
	})
	return out, err
}

// qRatingHistory is a player's rated games of a kind on a server, with the
// rating change each brought them, in the order they ended: one part per
// seat, so that each reads its seat's index (games_player0, games_player1).
const qRatingHistory = `SELECT id, finished_at, rating_delta0, rating_dev0 FROM games
		WHERE player0 = ?1 AND guild_id = ?2 AND kind = ?3 AND status = 'finished' AND rated = 1 AND rating_delta0 IS NOT NULL
	UNION ALL
	SELECT id, finished_at, rating_delta1, rating_dev1 FROM games
		WHERE player1 = ?1 AND guild_id = ?2 AND kind = ?3 AND status = 'finished' AND rated = 1 AND rating_delta1 IS NOT NULL
	ORDER BY 2, 1`

// settledOpponent is the deviation provisionalFrom takes an opponent to
// have: a player with some twenty rated games behind them.
const settledOpponent = 60.0

// provisionalFrom marks each point of a rating's history provisional or
// not: from the deviation its game kept (devs, one per point), or, for a
// game rated before games kept it, from the deviation Glicko-2 gives a
// player after as many games against settled opponents of their own
// rating. The estimate is the honest best without the opponents' own
// histories; from the first game that kept its deviation on, it is exact.
func provisionalFrom(points []RatingPoint, devs []sql.NullFloat64) {
	est := glicko.New()
	for i := range points {
		if devs[i].Valid {
			est.Deviation = devs[i].Float64
		} else {
			est.Rating = points[i].Rating
			est, _ = glicko.Game(est, glicko.Rating{Rating: est.Rating, Deviation: settledOpponent, Volatility: glicko.DefaultVolatility}, 0.5)
		}
		points[i].Provisional = est.Provisional()
	}
}
