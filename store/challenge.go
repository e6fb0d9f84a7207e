package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"kilab/games"
)

// ChallengeTTL is how long a challenge can be accepted when its creator does
// not say otherwise.
const ChallengeTTL = 24 * time.Hour

// ChallengeStatus is where a challenge stands.
type ChallengeStatus string

// Challenge statuses: open until accepted, declined, cancelled or expired.
const (
	ChallengeOpen      ChallengeStatus = "open"
	ChallengeAccepted  ChallengeStatus = "accepted"
	ChallengeDeclined  ChallengeStatus = "declined"
	ChallengeCancelled ChallengeStatus = "cancelled"
	ChallengeExpired   ChallengeStatus = "expired"
)

// First is who a challenge says moves first.
type First string

// The choices of the challenge's `first` option (the challenger's "me" is
// FirstChallenger).
const (
	FirstRandom     First = "random"
	FirstChallenger First = "challenger"
	FirstOpponent   First = "opponent"
)

// Challenge is an invitation to play, posted in a channel.
type Challenge struct {
	ID        int64
	GuildID   string
	ChannelID string
	MessageID string // the challenge message, once posted
	// DMChannel and DMMessage are the DM that put a direct challenge to its
	// opponent, once sent (SetChallengeDM).
	DMChannel, DMMessage string
	Challenger           string
	Opponent             string // "" for an open challenge anyone but the challenger may accept
	Kind                 string
	Config               games.Config
	First                First
	TimeLimit            time.Duration // per move
	Rated                bool
	RematchOf            int64 // the finished game this is a rematch of, or 0
	Status               ChallengeStatus
	GameID               int64 // the game it became, once accepted
	Created              time.Time
	Expires              time.Time
	Closed               time.Time // when it stopped being open
}

// Direct reports whether the challenge names its opponent.
func (c Challenge) Direct() bool { return c.Opponent != "" }

func (c Challenge) check() error {
	switch {
	case c.GuildID == "" || c.ChannelID == "" || c.Challenger == "" || c.Kind == "":
		return fmt.Errorf("challenge needs a guild, channel, challenger and kind: %w", ErrInvalid)
	case c.Opponent == c.Challenger:
		return fmt.Errorf("challenge to oneself: %w", ErrForbidden)
	case c.First != FirstRandom && c.First != FirstChallenger && c.First != FirstOpponent:
		return fmt.Errorf("challenge first %q: %w", c.First, ErrInvalid)
	case c.TimeLimit < time.Millisecond:
		return fmt.Errorf("challenge time limit %v: %w", c.TimeLimit, ErrInvalid)
	}
	return nil
}

// CreateChallenge stores a new open challenge and returns it with its id. An
// unset First is FirstRandom; an unset Expires is ChallengeTTL from now.
func (db *DB) CreateChallenge(ctx context.Context, c Challenge) (Challenge, error) {
	if c.First == "" {
		c.First = FirstRandom
	}
	if err := c.check(); err != nil {
		return Challenge{}, err
	}
	now := db.now()
	if c.Expires.IsZero() {
		c.Expires = now.Add(ChallengeTTL)
	}
	opts, err := marshalOptions(c.Config.Options)
	if err != nil {
		return Challenge{}, err
	}
	var id int64
	err = db.update(ctx, func(tx *sql.Tx) error {
		if id, err = insertChallenge(ctx, tx, c, opts, now); err != nil || !c.Direct() {
			return err
		}
		// The opponent hears of it by DM, even if the process stops right now.
		return db.announce(ctx, tx, 0, id, 0, []Notice{{Kind: AnnounceChallengeDM, User: c.Opponent}}, nil)
	})
	if db.dialect.unique(err) && c.RematchOf != 0 {
		return Challenge{}, fmt.Errorf("game %d already has its rematch: %w", c.RematchOf, ErrConflict)
	}
	if err != nil {
		return Challenge{}, err
	}
	return db.Challenge(ctx, id)
}

const challengeColumns = `c.id, c.guild_id, c.channel_id, c.message_id, c.challenger_id, c.opponent_id,
	c.kind, c.variant, c.options, c.first, c.time_limit_ms, c.rated, COALESCE(c.rematch_of, 0), c.status,
	COALESCE(g.id, 0), c.created_at, c.expires_at, c.closed_at, c.dm_channel, c.dm_message`

const challengeFrom = ` FROM challenges c LEFT JOIN games g ON g.challenge_id = c.id`

func insertChallenge(ctx context.Context, tx *sql.Tx, c Challenge, opts string, now time.Time) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO challenges (guild_id, channel_id, message_id,
			challenger_id, opponent_id, kind, variant, options, first, time_limit_ms, rated, rematch_of,
			created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULLIF(CAST(? AS BIGINT), 0), ?, ?) RETURNING id`,
		c.GuildID, c.ChannelID, c.MessageID, c.Challenger, c.Opponent, c.Kind, c.Config.Variant, opts,
		c.First, c.TimeLimit.Milliseconds(), boolInt(c.Rated), c.RematchOf, now.UnixMilli(), c.Expires.UnixMilli()).Scan(&id)
	return id, err
}

// StartComputerGame records a challenge to the computer and starts its game at
// once, in one transaction: the challenge, accepted as it is made (its message
// is where the game's thread opens), the game with the computer in seat
// comp.Seat, and the game's first announcements. c.Opponent is the bot's own
// user id; s seats it too.
func (db *DB) StartComputerGame(ctx context.Context, c Challenge, s Start, comp Computer) (Challenge, Game, error) {
	c.First, c.Rated = cmp.Or(c.First, FirstRandom), false
	if err := c.check(); err != nil {
		return c, Game{}, err
	}
	if !comp.Plays() || !c.Direct() || s.Players[comp.Seat&1] != c.Opponent {
		return c, Game{}, fmt.Errorf("computer game: the computer %+v must sit as the opponent %q in %q: %w", comp, c.Opponent, s.Players, ErrInvalid)
	}
	opts, err := marshalOptions(c.Config.Options)
	if err != nil {
		return c, Game{}, err
	}
	now := db.now()
	c.Expires = now
	var g Game
	err = db.update(ctx, func(tx *sql.Tx) error {
		id, err := insertChallenge(ctx, tx, c, opts, now)
		if err != nil {
			return err
		}
		if err := db.closeChallenge(ctx, tx, id, ChallengeAccepted); err != nil {
			return err
		}
		n := NewGame{GuildID: c.GuildID, ChannelID: c.ChannelID, Kind: c.Kind, Config: c.Config,
			Players: s.Players, Position: s.Position, ToMove: s.ToMove, TimeLimit: c.TimeLimit, Opening: s.Opening, Computer: comp}
		if g, err = db.insertGame(ctx, tx, n, id); err != nil {
			return err
		}
		return db.announce(ctx, tx, g.ID, 0, g.Version, append([]Notice{{Kind: AnnounceStart}}, TurnNotices(g)...), nil)
	})
	if db.dialect.unique(err) && c.RematchOf != 0 {
		return c, g, fmt.Errorf("game %d already has its rematch: %w", c.RematchOf, ErrConflict)
	}
	if err != nil {
		return c, g, err
	}
	c, err = db.Challenge(ctx, g.ChallengeID)
	return c, g, err
}

func scanChallenge(s scanner) (Challenge, error) {
	var (
		c                        Challenge
		opts                     string
		limit                    int64
		created, expires, closed sql.NullInt64
	)
	err := s.Scan(&c.ID, &c.GuildID, &c.ChannelID, &c.MessageID, &c.Challenger, &c.Opponent,
		&c.Kind, &c.Config.Variant, &opts, &c.First, &limit, &c.Rated, &c.RematchOf, &c.Status,
		&c.GameID, &created, &expires, &closed, &c.DMChannel, &c.DMMessage)
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal([]byte(opts), &c.Config.Options); err != nil {
		return c, fmt.Errorf("store: challenge %d options: %w", c.ID, err)
	}
	c.TimeLimit = time.Duration(limit) * time.Millisecond
	c.Created, c.Expires, c.Closed = fromMillis(created), fromMillis(expires), fromMillis(closed)
	return c, nil
}

// Challenge returns the challenge with that id.
func (db *DB) Challenge(ctx context.Context, id int64) (Challenge, error) {
	return getChallenge(ctx, db.read, id)
}

func getChallenge(ctx context.Context, q rowQuerier, id int64) (Challenge, error) {
	c, err := scanChallenge(q.QueryRowContext(ctx, `SELECT `+challengeColumns+challengeFrom+` WHERE c.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("challenge %d: %w", id, ErrNotFound)
	}
	return c, err
}

// SetChallengeDM records the DM that put challenge id to its opponent, so
// that its end is shown there too.
func (db *DB) SetChallengeDM(ctx context.Context, id int64, channel, message string) error {
	res, err := db.execAgain(ctx, `UPDATE challenges SET dm_channel = ?, dm_message = ? WHERE id = ?`, channel, message, id)
	if err != nil {
		return err
	}
	return mustAffect(res, fmt.Errorf("challenge %d: %w", id, ErrNotFound))
}

// SetChallengeMessage records the message that shows the challenge. The
// opponent's DM links to it, and a game's thread opens from it: what waits
// for it is made due now. Neither statement needs a serializable
// transaction (a message id is written blindly, and what waits for it puts
// itself off with Later, which looks again), and with PostgreSQL one would
// conflict with every challenge made or accepted meanwhile.
func (db *DB) SetChallengeMessage(ctx context.Context, id int64, messageID string) error {
	res, err := db.execAgain(ctx, `UPDATE challenges SET message_id = ? WHERE id = ?`, messageID, id)
	if err != nil {
		return err
	}
	if err := mustAffect(res, fmt.Errorf("challenge %d: %w", id, ErrNotFound)); err != nil {
		return err
	}
	now := db.Now().UnixMilli()
	if _, err := db.execAgain(ctx, qDueForChallenge, now, id); err != nil {
		return err
	}
	_, err = db.execAgain(ctx, qDueForChallengeGame, now, id)
	return err
}

const (
	qDueForChallenge     = `UPDATE announcements SET due_at = ? WHERE done_at IS NULL AND challenge_id = ?`
	qDueForChallengeGame = `UPDATE announcements SET due_at = ? WHERE done_at IS NULL
		AND game_id = (SELECT id FROM games WHERE challenge_id = ?)`
)

// Start is how the game an accepted challenge becomes begins: the seats (the
// caller settled who moves first from Challenge.First, with Game.DrawFirst
// where it is left to chance), the start position and the seat on move.
type Start struct {
	Players  [2]string
	Position string
	ToMove   games.Player
	Opening  string // how the first player was decided (Game.Opening)
}

// AcceptChallenge lets user accept challenge id and starts its game, in one
// transaction: of two users accepting an open challenge at once, one gets the
// game and the other ErrClosed. It fails with ErrForbidden for the challenger
// or, on a direct challenge, anyone but the opponent; ErrExpired past its
// expiry; ErrClosed once it is no longer open.
func (db *DB) AcceptChallenge(ctx context.Context, id int64, user string, s Start) (Game, error) {
	var g Game
	err := db.update(ctx, func(tx *sql.Tx) error {
		c, err := db.openChallenge(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := c.mayAccept(user, s); err != nil {
			return err
		}
		n := NewGame{GuildID: c.GuildID, ChannelID: c.ChannelID, Kind: c.Kind, Config: c.Config,
			Players: s.Players, Position: s.Position, ToMove: s.ToMove, TimeLimit: c.TimeLimit, Rated: c.Rated, Opening: s.Opening}
		if g, err = db.insertGame(ctx, tx, n, c.ID); err != nil {
			return err
		}
		if err := db.closeChallenge(ctx, tx, c.ID, ChallengeAccepted); err != nil {
			return err
		}
		return db.announce(ctx, tx, g.ID, 0, g.Version, append([]Notice{{Kind: AnnounceStart}}, TurnNotices(g)...), nil)
	})
	return g, err
}

func (c Challenge) mayAccept(user string, s Start) error {
	switch {
	case user == c.Challenger:
		return fmt.Errorf("%s cannot accept their own challenge %d: %w", user, c.ID, ErrForbidden)
	case c.Direct() && user != c.Opponent:
		return fmt.Errorf("challenge %d is for %s, not %s: %w", c.ID, c.Opponent, user, ErrForbidden)
	case s.Players != [2]string{c.Challenger, user} && s.Players != [2]string{user, c.Challenger}:
		return fmt.Errorf("challenge %d seats %q, not its two players: %w", c.ID, s.Players, ErrInvalid)
	}
	return nil
}

// openChallenge reads a challenge that must still be open and unexpired.
func (db *DB) openChallenge(ctx context.Context, tx *sql.Tx, id int64) (Challenge, error) {
	c, err := getChallenge(ctx, tx, id)
	switch {
	case err != nil:
		return c, err
	case c.Status != ChallengeOpen:
		return c, fmt.Errorf("challenge %d is %s: %w", id, c.Status, ErrClosed)
	case !db.now().Before(c.Expires):
		return c, fmt.Errorf("challenge %d expired at %v: %w", id, c.Expires, ErrExpired)
	}
	return c, nil
}

func (db *DB) closeChallenge(ctx context.Context, tx *sql.Tx, id int64, status ChallengeStatus) error {
	_, err := tx.ExecContext(ctx, `UPDATE challenges SET status = ?, closed_at = ? WHERE id = ? AND status = 'open'`,
		status, db.now().UnixMilli(), id)
	return err
}

// DeclineChallenge lets the opponent of a direct challenge turn it down.
func (db *DB) DeclineChallenge(ctx context.Context, id int64, user string) (Challenge, error) {
	return db.endChallenge(ctx, id, user, ChallengeDeclined, func(c Challenge) bool {
		return c.Direct() && user == c.Opponent
	})
}

// CancelChallenge lets the challenger withdraw their challenge.
func (db *DB) CancelChallenge(ctx context.Context, id int64, user string) (Challenge, error) {
	return db.endChallenge(ctx, id, user, ChallengeCancelled, func(c Challenge) bool {
		return user == c.Challenger
	})
}

func (db *DB) endChallenge(ctx context.Context, id int64, user string, to ChallengeStatus, may func(Challenge) bool) (Challenge, error) {
	var c Challenge
	err := db.update(ctx, func(tx *sql.Tx) error {
		var err error
		if c, err = db.openChallenge(ctx, tx, id); err != nil {
			return err
		}
		if !may(c) {
			return fmt.Errorf("%s may not make challenge %d %s: %w", user, id, to, ErrForbidden)
		}
		if err := db.closeChallenge(ctx, tx, id, to); err != nil {
			return err
		}
		c, err = getChallenge(ctx, tx, id)
		return err
	})
	return c, err
}

// ExpireChallenges closes every open challenge whose expiry has passed and
// returns them, so the scheduler can update their messages. Each is returned
// by exactly one call.
//
// The expiry is one statement, not a transaction: it changes each challenge
// once, whoever runs it at the same time, and PostgreSQL re-checks its WHERE
// against a row another writer just changed. In a serializable transaction
// its scan of the open challenges, every minute on every copy, would fail
// the transactions that make and accept challenges meanwhile.
func (db *DB) ExpireChallenges(ctx context.Context) ([]Challenge, error) {
	var ids []int64
	err := db.update(ctx, func(tx *sql.Tx) error { // run again where the connection was lost
		rows, err := tx.QueryContext(ctx, qExpireChallenges, db.now().UnixMilli())
		if err != nil {
			return err
		}
		ids, err = scanIDs(rows)
		return err
	})
	if err != nil {
		return nil, err
	}
	var out []Challenge
	for _, id := range ids {
		c, err := getChallenge(ctx, db.read, id)
		if err != nil {
			return out, err
		}
		out = append(out, c)
	}
	return out, nil
}

const qExpireChallenges = `UPDATE challenges SET status = 'expired', closed_at = ?1
	WHERE status = 'open' AND expires_at <= ?1 RETURNING id`

func scanIDs(rows *sql.Rows) ([]int64, error) {
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
