package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"kilab/games"
)

// NoSeat is the seat of nobody, in Game.DrawOffer.
const NoSeat games.Player = -1

// ReminderAt is the share of a move's time limit after which the player on
// move gets a reminder, as on Lichess.
const ReminderAt = 0.8

// Game is a game as stored: where it is played, who plays it, and where it stands.
type Game struct {
	ID          int64
	ChallengeID int64 // 0 when the game did not come from a challenge
	GuildID     string
	ChannelID   string
	ThreadID    string // the game's thread; "" if the bot could not make one
	MessageID   string // the latest board message
	Kind        string // the games registry name: "aseb", "tab", "seega"
	Config      games.Config
	Players     [2]string // user ids in seat order: Players[0] moves first
	Position    string    // the game's notation; Game.Parse(Config, Position) reads it
	ToMove      games.Player
	Result      Result
	Reason      string
	// Version is bumped by every commit; components carry it so that a stale
	// click is recognised.
	Version int64
	Rated   bool
	// Moved counts the moves each seat chose itself (Commit.Moved), not throws
	// or forced passes: a game is aborted on time while either count is 0.
	Moved     [2]int
	DrawOffer games.Player // the seat offering a draw, or NoSeat
	TimeLimit time.Duration
	// Deadline is when the player on move loses on time; RemindAt when they are
	// reminded (zero once the reminder went out). Both are zero once finished.
	Deadline    time.Time
	RemindAt    time.Time
	RatingDelta [2]float64 // rating points each seat won or lost; 0 unless rated and over
	// RatingDeviation is each seat's rating deviation after the game, set by
	// the commit that rates it (and written with it), not read back.
	RatingDeviation [2]float64
	// Opening is how the first player was decided, as the bot wrote it: a
	// coin, the challenge's choice, or a throw-off with its throws. A
	// tournament's game has none: its pairing decided, and the bot says so
	// in each reader's language.
	Opening string
	// Computer says which seat, if any, Kilab itself plays, and at what level.
	Computer Computer
	// Tournament is the tournament the game is part of; 0 for none.
	Tournament int64
	// WebToken is the game's address on the web: 128 random bits as 32 hex
	// digits, which nobody can guess from anything else about the game.
	WebToken string
	Created  time.Time
	Updated  time.Time
	Finished time.Time
}

// Computer is the computer's part in a game: its level and the seat it plays.
// The zero value, with no level, is a game between people.
type Computer struct {
	Level string
	Seat  games.Player
}

// Plays reports whether the computer plays in the game at all.
func (c Computer) Plays() bool { return c.Level != "" }

// seat is the computer's seat as stored: -1 in a game between people.
func (c Computer) seat() games.Player {
	if !c.Plays() {
		return NoSeat
	}
	return c.Seat
}

// Human reports whether seat is a person's.
func (g Game) Human(seat games.Player) bool { return !g.Computer.Plays() || seat != g.Computer.Seat }

// ComputerOnMove reports whether the game waits for the computer.
func (g Game) ComputerOnMove() bool {
	return g.Active() && g.Computer.Plays() && g.ToMove == g.Computer.Seat
}

// Active reports whether the game goes on.
func (g Game) Active() bool { return g.Result == Unfinished }

// Seat returns the seat of user in the game, and false if they do not play in it.
func (g Game) Seat(user string) (games.Player, bool) {
	switch user {
	case g.Players[0]:
		return games.First, true
	case g.Players[1]:
		return games.Second, true
	}
	return NoSeat, false
}

// TimeoutResult is how the game ends when the player on move runs out of time:
// a loss for them, or an abort while either player has yet to choose a move
// (correspondence play's abort rule). A tournament game is never aborted: its
// pairing must have a result, and a player who never moves has lost it.
func (g Game) TimeoutResult() (Result, string) {
	if g.Tournament == 0 && (g.Moved[0] == 0 || g.Moved[1] == 0) {
		return Aborted, ReasonAbort
	}
	return Win(g.ToMove.Other()), ReasonTimeout
}

// NewGame is what starting a game needs.
type NewGame struct {
	GuildID   string
	ChannelID string
	Kind      string
	Config    games.Config
	Players   [2]string // seat order
	Position  string    // the start position, in the game's notation
	ToMove    games.Player
	TimeLimit time.Duration
	Rated     bool
	Opening   string // how the first player was decided (Game.Opening)
	// Computer is the level and seat of Kilab itself in a game against the
	// computer; the zero value for a game between people.
	Computer Computer
	// Tournament is the tournament the game is part of; 0 for none.
	Tournament int64
}

func (n NewGame) check() error {
	switch {
	case n.GuildID == "" || n.ChannelID == "" || n.Kind == "" || n.Position == "":
		return fmt.Errorf("new game needs a guild, channel, kind and position: %w", ErrInvalid)
	case n.Players[0] == "" || n.Players[1] == "" || n.Players[0] == n.Players[1]:
		return fmt.Errorf("new game needs two different players, got %q: %w", n.Players, ErrInvalid)
	case !n.ToMove.Valid():
		return fmt.Errorf("new game: %v cannot be on move: %w", n.ToMove, ErrInvalid)
	case n.TimeLimit < time.Millisecond:
		return fmt.Errorf("new game: time limit %v: %w", n.TimeLimit, ErrInvalid)
	case n.Computer.Plays() && (n.Rated || !n.Computer.Seat.Valid()):
		return fmt.Errorf("new game against the computer must be unrated and give its seat, got %+v: %w", n.Computer, ErrInvalid)
	}
	return nil
}

// CreateGame starts a game that comes from no challenge (a rematch accepted
// elsewhere, a game against the computer, tests). Its first move's deadline runs
// from now.
func (db *DB) CreateGame(ctx context.Context, n NewGame) (Game, error) {
	var g Game
	err := db.update(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = db.insertGame(ctx, tx, n, 0)
		return err
	})
	return g, err
}

// The ids that may be 0 are cast to BIGINT before NULLIF: PostgreSQL would
// otherwise type the placeholder as NULLIF's other argument, 0, an INTEGER.
// insertGame starts a game and returns it as stored. The row comes back
// from the INSERT itself: reading it again by id would, on PostgreSQL, lock
// the index page new games share, and two serializable transactions starting
// games at once would then fail each other.
func (db *DB) insertGame(ctx context.Context, tx *sql.Tx, n NewGame, challenge int64) (Game, error) {
	if err := n.check(); err != nil {
		return Game{}, err
	}
	opts, err := marshalOptions(n.Config.Options)
	if err != nil {
		return Game{}, err
	}
	now := db.now()
	start, err := turnStart(ctx, tx, n.Players[n.ToMove], now)
	if err != nil {
		return Game{}, err
	}
	deadline, remind := deadlines(start, n.TimeLimit)
	if remind, err = plannedReminder(ctx, tx, n.Players[n.ToMove], remind, deadline, now); err != nil {
		return Game{}, err
	}
	return scanGame(tx.QueryRowContext(ctx, `INSERT INTO games (challenge_id, guild_id, channel_id, kind, variant, options,
			player0, player1, position, to_move, rated, time_limit_ms, deadline, remind_at, created_at, updated_at, opening,
			computer_seat, computer_level, tournament_id, web_token)
		VALUES (NULLIF(CAST(? AS BIGINT), 0), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULLIF(CAST(? AS BIGINT), 0), ?)
		RETURNING `+gameColumns,
		challenge, n.GuildID, n.ChannelID, n.Kind, n.Config.Variant, opts,
		n.Players[0], n.Players[1], n.Position, n.ToMove, boolInt(n.Rated), n.TimeLimit.Milliseconds(),
		deadline.UnixMilli(), remind.UnixMilli(), now.UnixMilli(), now.UnixMilli(), n.Opening,
		n.Computer.seat(), n.Computer.Level, n.Tournament, newWebToken()))
}

// plannedReminder is when to remind user, on move, of their deadline: at,
// moved out of their quiet hours (quiet.Hours.Remind).
func plannedReminder(ctx context.Context, tx *sql.Tx, user string, at, deadline, now time.Time) (time.Time, error) {
	q, err := quietOf(ctx, tx, user)
	return q.Remind(at, deadline, now), err
}

// deadlines gives a turn that starts at now its deadline and reminder time.
func deadlines(now time.Time, limit time.Duration) (deadline, remind time.Time) {
	return now.Add(limit), now.Add(time.Duration(float64(limit) * ReminderAt))
}

// Game returns the game with that id.
func (db *DB) Game(ctx context.Context, id int64) (Game, error) {
	return getGame(ctx, db.read, id)
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func getGame(ctx context.Context, q rowQuerier, id int64) (Game, error) {
	return readGame(ctx, q, id, "")
}

// lockGame reads the game with that id in tx, locking its row for the write
// to come (dialect.forUpdate).
func (db *DB) lockGame(ctx context.Context, tx *sql.Tx, id int64) (Game, error) {
	return readGame(ctx, tx, id, db.dialect.forUpdate)
}

func readGame(ctx context.Context, q rowQuerier, id int64, suffix string) (Game, error) {
	g, err := scanGame(q.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`+suffix, id))
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	return g, err
}

// gameColumns are the columns scanGame reads, in its order.
const gameColumns = `id, COALESCE(challenge_id, 0), guild_id, channel_id, thread_id, message_id,
	kind, variant, options, player0, player1, position, to_move, result, reason, version, rated,
	moved0, moved1, COALESCE(draw_offer, -1), time_limit_ms, deadline, remind_at,
	COALESCE(rating_delta0, 0), COALESCE(rating_delta1, 0), created_at, updated_at, finished_at, opening,
	computer_seat, computer_level, COALESCE(tournament_id, 0), web_token`

func scanGame(s scanner) (Game, error) {
	var (
		g                                            Game
		opts, result                                 string
		limit                                        int64
		deadline, remind, created, updated, finished sql.NullInt64
	)
	err := s.Scan(&g.ID, &g.ChallengeID, &g.GuildID, &g.ChannelID, &g.ThreadID, &g.MessageID,
		&g.Kind, &g.Config.Variant, &opts, &g.Players[0], &g.Players[1], &g.Position, &g.ToMove,
		&result, &g.Reason, &g.Version, &g.Rated, &g.Moved[0], &g.Moved[1], &g.DrawOffer, &limit,
		&deadline, &remind, &g.RatingDelta[0], &g.RatingDelta[1], &created, &updated, &finished, &g.Opening,
		&g.Computer.Seat, &g.Computer.Level, &g.Tournament, &g.WebToken)
	if err != nil {
		return g, err
	}
	if g.Result, err = parseResult(result); err != nil {
		return g, err
	}
	if err := json.Unmarshal([]byte(opts), &g.Config.Options); err != nil {
		return g, fmt.Errorf("store: game %d options: %w", g.ID, err)
	}
	if !g.Computer.Plays() {
		g.Computer = Computer{} // stored as seat -1; the zero value in Go
	}
	g.TimeLimit = time.Duration(limit) * time.Millisecond
	g.Deadline, g.RemindAt = fromMillis(deadline), fromMillis(remind)
	g.Created, g.Updated, g.Finished = fromMillis(created), fromMillis(updated), fromMillis(finished)
	return g, nil
}

// queryGames runs a query that selects gameColumns.
func queryGames(ctx context.Context, q rowQuerier, query string, args ...any) ([]Game, error) {
	return queryAll(ctx, q, scanGame, query, args...)
}

// queryAll runs a query and reads every row it returns with scan.
func queryAll[T any](ctx context.Context, q rowQuerier, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// SetThread records the thread the bot opened for the game.
func (db *DB) SetThread(ctx context.Context, id int64, threadID string) error {
	return db.setText(ctx, id, "thread_id", threadID)
}

// SetBoardMessage records the game's latest board message. It leaves the
// version alone: posting a board is not a move, and its buttons must stay valid.
func (db *DB) SetBoardMessage(ctx context.Context, id int64, messageID string) error {
	return db.setText(ctx, id, "message_id", messageID)
}

// RefreshPosition rewrites the stored position of game at version with the
// one its record replays to. The record (the plies, each with the rules
// revision it was played under) is the truth; the stored position is derived
// from it, kept for listings and checks, and is re-derived when a newer
// program writes positions differently. The version stays: boards stay valid.
func (db *DB) RefreshPosition(ctx context.Context, id, version int64, position string) error {
	res, err := db.execAgain(ctx, `UPDATE games SET position = ? WHERE id = ? AND version = ?`, position, id, version)
	if err != nil {
		return err
	}
	return mustAffect(res, fmt.Errorf("game %d at version %d: %w", id, version, ErrConflict))
}

func (db *DB) setText(ctx context.Context, id int64, column, value string) error {
	res, err := db.execAgain(ctx, `UPDATE games SET `+column+` = ? WHERE id = ?`, value, id)
	if err != nil {
		return err
	}
	return mustAffect(res, fmt.Errorf("game %d: %w", id, ErrNotFound))
}

// mustAffect returns orElse if res changed no row.
func mustAffect(res sql.Result, orElse error) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return orElse
	}
	return nil
}

// ActiveGames returns the games user plays that are still going on, in guild
// or, with guild "", everywhere: those where it is their turn first, then by
// deadline, soonest first.
func (db *DB) ActiveGames(ctx context.Context, user, guild string) ([]Game, error) {
	return queryGames(ctx, db.read, qActiveGames, user, guild)
}

const qActiveGames = `SELECT ` + gameColumns + ` FROM games
	WHERE status = 'active' AND (player0 = ?1 OR player1 = ?1) AND (?2 = '' OR guild_id = ?2)
	ORDER BY (CASE to_move WHEN 0 THEN player0 ELSE player1 END) <> ?1, deadline, id`

// GamesInPlay counts the games in play by kind; kinds with none are absent.
// It reads only active rows, through the partial index on them, so it stays
// cheap however many finished games the database holds.
func (db *DB) GamesInPlay(ctx context.Context) (map[string]int, error) {
	rows, err := db.read.QueryContext(ctx, qGamesInPlay)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	counts := map[string]int{}
	for rows.Next() {
		var kind string
		var n int
		if err := rows.Scan(&kind, &n); err != nil {
			return nil, err
		}
		counts[kind] = n
	}
	return counts, rows.Err()
}

const qGamesInPlay = `SELECT kind, count(*) FROM games WHERE status = 'active' GROUP BY kind`
