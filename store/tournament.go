package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"kilab/games"
	"kilab/tournament"
)

// Tournament statuses.
const (
	TournamentOpen      = "open"
	TournamentRunning   = "running"
	TournamentFinished  = "finished"
	TournamentCancelled = "cancelled"
)

// Reasons a tournament pairing is decided without a game, or a tournament
// game ends, beyond those of games.
const (
	ReasonBye      = "bye"
	ReasonForfeit  = "forfeit"
	ReasonWithdrew = "withdrew from the tournament"
)

// A tournament needs MinTournamentPlayers to start and takes at most
// MaxTournamentPlayers: its standings fit one picture, and a Swiss round is
// paired within one write transaction.
const (
	MinTournamentPlayers = 3
	MaxTournamentPlayers = 64
)

var (
	// ErrTooFew: a tournament cannot start with fewer than MinTournamentPlayers.
	ErrTooFew = errors.New("store: too few players")
	// ErrFull: a tournament has MaxTournamentPlayers already.
	ErrFull = errors.New("store: tournament is full")
)

// Tournament is a server tournament as stored.
type Tournament struct {
	ID        int64
	GuildID   string
	ChannelID string
	MessageID string // the announcement with Join and Leave
	Creator   string
	Kind      string
	Config    games.Config
	Format    tournament.Format
	// Rounds is how many rounds are played: a Swiss's as asked (at most
	// tournament.MaxSwissRounds of the players at the start), a round
	// robin's once its schedule is made at the start.
	Rounds    int
	Round     int // the round in play; 0 before the start
	TimeLimit time.Duration
	Rated     bool
	Status    string
	Created   time.Time
	Started   time.Time
	Finished  time.Time
}

// SidesMatter reports whether a round robin of the game kind plays every
// pair twice, each side once: the game's own answer (games.SidesMatter),
// and no for a kind no engine is registered under.
func SidesMatter(kind string) bool {
	g, err := games.Lookup(kind)
	return err == nil && games.SidesMatter(g)
}

func (t Tournament) check() error {
	switch {
	case t.GuildID == "" || t.ChannelID == "" || t.Creator == "" || t.Kind == "":
		return fmt.Errorf("tournament needs a guild, channel, creator and game: %w", ErrInvalid)
	case !t.Format.Valid():
		return fmt.Errorf("tournament format %q: %w", t.Format, ErrInvalid)
	case t.Format == tournament.Swiss && t.Rounds < 1:
		return fmt.Errorf("swiss of %d rounds: %w", t.Rounds, ErrInvalid)
	case t.TimeLimit < time.Millisecond:
		return fmt.Errorf("tournament time limit %v: %w", t.TimeLimit, ErrInvalid)
	}
	return nil
}

// CreateTournament records an open tournament; its creator does not join by
// it.
func (db *DB) CreateTournament(ctx context.Context, t Tournament) (Tournament, error) {
	if err := t.check(); err != nil {
		return t, err
	}
	opts, err := marshalOptions(t.Config.Options)
	if err != nil {
		return t, err
	}
	if t.Format == tournament.RoundRobin {
		t.Rounds = 0
	}
	now := db.now()
	var id int64
	err = db.writeOne(ctx, func(w writer) error {
		return w.QueryRowContext(ctx, `INSERT INTO tournaments (guild_id, channel_id, creator_id, kind, variant, options,
			format, rounds, time_limit_ms, rated, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			t.GuildID, t.ChannelID, t.Creator, t.Kind, t.Config.Variant, opts, string(t.Format), t.Rounds,
			t.TimeLimit.Milliseconds(), boolInt(t.Rated), now.UnixMilli()).Scan(&id)
	})
	if err != nil {
		return t, err
	}
	return db.Tournament(ctx, id)
}

// SetTournamentMessage records the tournament's announcement message.
func (db *DB) SetTournamentMessage(ctx context.Context, id int64, message string) error {
	_, err := db.execAgain(ctx, `UPDATE tournaments SET message_id = ? WHERE id = ?`, message, id)
	return err
}

const tournamentColumns = `id, guild_id, channel_id, message_id, creator_id, kind, variant, options, format,
	rounds, round, time_limit_ms, rated, status, created_at, started_at, finished_at`

func scanTournament(s scanner) (Tournament, error) {
	var (
		t                 Tournament
		opts, format      string
		limit, created    int64
		started, finished sql.NullInt64
	)
	err := s.Scan(&t.ID, &t.GuildID, &t.ChannelID, &t.MessageID, &t.Creator, &t.Kind, &t.Config.Variant, &opts, &format,
		&t.Rounds, &t.Round, &limit, &t.Rated, &t.Status, &created, &started, &finished)
	if err != nil {
		return t, err
	}
	if err := json.Unmarshal([]byte(opts), &t.Config.Options); err != nil {
		return t, fmt.Errorf("store: tournament %d options: %w", t.ID, err)
	}
	t.Format, t.TimeLimit = tournament.Format(format), time.Duration(limit)*time.Millisecond
	t.Created, t.Started, t.Finished = time.UnixMilli(created).UTC(), fromMillis(started), fromMillis(finished)
	return t, nil
}

// Tournament returns the tournament with that id.
func (db *DB) Tournament(ctx context.Context, id int64) (Tournament, error) {
	return getTournament(ctx, db.read, id)
}

func getTournament(ctx context.Context, q rowQuerier, id int64) (Tournament, error) {
	t, err := scanTournament(q.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, fmt.Errorf("tournament %d: %w", id, ErrNotFound)
	}
	return t, err
}

// Tournaments returns a server's latest tournaments, newest first.
func (db *DB) Tournaments(ctx context.Context, guild string, limit int) ([]Tournament, error) {
	return queryAll(ctx, db.read, scanTournament, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE guild_id = ? AND status <> 'cancelled' ORDER BY id DESC LIMIT ?`, guild, limit)
}

// TournamentPlayer is one entrant.
type TournamentPlayer struct {
	User string
	Seed int  // 1 for the top seed, once started; 0 before
	Left bool // left the running tournament: what was left is forfeit
}

// TournamentPlayers lists a tournament's players: in seed order once it has
// started, in the order they joined before.
func (db *DB) TournamentPlayers(ctx context.Context, id int64) ([]TournamentPlayer, error) {
	return tournamentPlayers(ctx, db.read, id)
}

func tournamentPlayers(ctx context.Context, q rowQuerier, id int64) ([]TournamentPlayer, error) {
	rows, err := q.QueryContext(ctx, `SELECT user_id, seed, left_at IS NOT NULL FROM tournament_players
		WHERE tournament_id = ? ORDER BY seed, joined_at, user_id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TournamentPlayer
	for rows.Next() {
		var p TournamentPlayer
		if err := rows.Scan(&p.User, &p.Seed, &p.Left); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// JoinTournament adds user to an open tournament; joining twice changes
// nothing. It fails with ErrClosed once the tournament has started or ended,
// and ErrFull when MaxTournamentPlayers have joined.
func (db *DB) JoinTournament(ctx context.Context, id int64, user string) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		t, err := getTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.Status != TournamentOpen {
			return fmt.Errorf("tournament %d is %s: %w", id, t.Status, ErrClosed)
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ? AND user_id <> ?`, id, user).Scan(&n); err != nil {
			return err
		}
		if n >= MaxTournamentPlayers {
			return fmt.Errorf("tournament %d has %d players: %w", id, n, ErrFull)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO tournament_players (tournament_id, user_id, joined_at) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, id, user, db.now().UnixMilli())
		return err
	})
}

// LeaveTournament takes user out of a tournament. Before the start they are
// simply gone; in a running tournament they withdraw: their games in play are
// lost (ReasonWithdrew) and what was left for them is forfeit. It fails with
// ErrNotFound when they are not in it, and ErrClosed once it is over.
func (db *DB) LeaveTournament(ctx context.Context, id int64, user string) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		t, err := getTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		switch t.Status {
		case TournamentOpen:
			res, err := tx.ExecContext(ctx, `DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?`, id, user)
			if err != nil {
				return err
			}
			return mustAffect(res, fmt.Errorf("%s in tournament %d: %w", user, id, ErrNotFound))
		case TournamentRunning:
			return db.withdraw(ctx, tx, t, user)
		}
		return fmt.Errorf("tournament %d is %s: %w", id, t.Status, ErrClosed)
	})
}

// withdraw marks user gone from the running tournament t and ends their
// games in play as losses; each end decides its pairing, which may complete
// the round.
func (db *DB) withdraw(ctx context.Context, tx *sql.Tx, t Tournament, user string) error {
	res, err := tx.ExecContext(ctx, `UPDATE tournament_players SET left_at = ? WHERE tournament_id = ? AND user_id = ? AND left_at IS NULL`,
		db.now().UnixMilli(), t.ID, user)
	if err != nil {
		return err
	}
	if err := mustAffect(res, fmt.Errorf("%s in tournament %d: %w", user, t.ID, ErrNotFound)); err != nil {
		return err
	}
	gs, err := queryGames(ctx, tx, `SELECT `+gameColumns+` FROM games
		WHERE tournament_id = ? AND status = 'active' AND (player0 = ? OR player1 = ?) ORDER BY id`, t.ID, user, user)
	if err != nil {
		return err
	}
	for _, g := range gs {
		seat, _ := g.Seat(user)
		c := Commit{Game: g.ID, Version: g.Version, End: &End{Win(seat.Other()), ReasonWithdrew}, Announce: true}
		if _, _, err := db.commit(ctx, tx, g, c); err != nil {
			return err
		}
	}
	return nil
}

// CancelTournament calls off a tournament that is open or running. Games in
// play go on as ordinary games (rated as they were); no round follows.
func (db *DB) CancelTournament(ctx context.Context, id int64) error {
	res, err := db.exec(ctx, `UPDATE tournaments SET status = 'cancelled', finished_at = ?
		WHERE id = ? AND status IN ('open', 'running')`, db.now().UnixMilli(), id)
	if err != nil {
		return err
	}
	return mustAffect(res, fmt.Errorf("tournament %d is over: %w", id, ErrClosed))
}

// StartTournament starts an open tournament: it seeds the players (the
// highest rated in the game on this server first, then by joining), makes
// the round robin's schedule or pairs the first Swiss round, and creates the
// first round's games with their announcements. A Swiss asked for more
// rounds than its players allow gets tournament.MaxSwissRounds. It fails with
// ErrClosed when the tournament is not open and ErrTooFew below
// MinTournamentPlayers.
func (db *DB) StartTournament(ctx context.Context, id int64) (Tournament, error) {
	var t Tournament
	err := db.update(ctx, func(tx *sql.Tx) error {
		var err error
		if t, err = getTournament(ctx, tx, id); err != nil {
			return err
		}
		if t.Status != TournamentOpen {
			return fmt.Errorf("tournament %d is %s: %w", id, t.Status, ErrClosed)
		}
		players, err := seedPlayers(ctx, tx, t)
		if err != nil {
			return err
		}
		if len(players) < MinTournamentPlayers {
			return fmt.Errorf("tournament %d has %d players: %w", id, len(players), ErrTooFew)
		}
		if err := db.schedule(ctx, tx, &t, players); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = 'running', rounds = ?, started_at = ? WHERE id = ?`,
			t.Rounds, db.now().UnixMilli(), id); err != nil {
			return err
		}
		t.Status = TournamentRunning
		return db.advanceTournament(ctx, tx, t.ID)
	})
	if err != nil {
		return t, err
	}
	return db.Tournament(ctx, id)
}

// seedPlayers orders t's players, the highest rated in t's game on its
// server first (1500, a new player's rating, for the unrated), then by
// joining, and records their seeds.
func seedPlayers(ctx context.Context, tx *sql.Tx, t Tournament) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT p.user_id FROM tournament_players p
		LEFT JOIN ratings r ON r.guild_id = ? AND r.kind = ? AND r.user_id = p.user_id
		WHERE p.tournament_id = ? ORDER BY COALESCE(r.rating, 1500) DESC, p.joined_at, p.user_id`, t.GuildID, t.Kind, t.ID)
	if err != nil {
		return nil, err
	}
	var players []string
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			rows.Close()
			return nil, err
		}
		players = append(players, u)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	for i, u := range players {
		if _, err := tx.ExecContext(ctx, `UPDATE tournament_players SET seed = ? WHERE tournament_id = ? AND user_id = ?`, i+1, t.ID, u); err != nil {
			return nil, err
		}
	}
	return players, nil
}

// schedule writes a round robin's whole schedule, or caps a Swiss's rounds
// and writes nothing: Swiss rounds are paired as they come.
func (db *DB) schedule(ctx context.Context, tx *sql.Tx, t *Tournament, players []string) error {
	if t.Format == tournament.Swiss {
		t.Rounds = min(t.Rounds, tournament.MaxSwissRounds(len(players)))
		return nil
	}
	rounds := tournament.Schedule(players, SidesMatter(t.Kind))
	t.Rounds = len(rounds)
	for r, pairs := range rounds {
		if err := insertPairings(ctx, tx, t.ID, r+1, pairs); err != nil {
			return err
		}
	}
	return nil
}

func insertPairings(ctx context.Context, tx *sql.Tx, id int64, round int, pairs []tournament.Pair) error {
	for b, p := range pairs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO pairings (tournament_id, round, board, player0, player1) VALUES (?, ?, ?, ?, ?)`,
			id, round, b+1, p.First, p.Second); err != nil {
			return err
		}
	}
	return nil
}
