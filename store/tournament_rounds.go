package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"kilab/games"
	"kilab/tournament"
)

// A running tournament moves on inside the transactions that end its games:
// the end decides the game's pairing, and when that was the round's last
// undecided pairing, the next round is paired and its games created, or the
// tournament ends. So a round can never be paired twice, nor a crash leave
// one half-started.

// Pairing is one pairing of a tournament round.
type Pairing struct {
	Round, Board int
	Pair         tournament.Pair
	Game         int64  // 0 for a bye or a forfeit
	Result       Result // Unfinished until decided
	Reason       string // ReasonBye, ReasonForfeit, or the game's end
}

// Pairings lists a tournament's pairings, by round and board.
func (db *DB) Pairings(ctx context.Context, id int64) ([]Pairing, error) {
	return pairings(ctx, db.read, id, 0)
}

// pairings lists the pairings of round, or of every round for round 0.
func pairings(ctx context.Context, q rowQuerier, id int64, round int) ([]Pairing, error) {
	rows, err := q.QueryContext(ctx, `SELECT round, board, player0, player1, COALESCE(game_id, 0), result, reason
		FROM pairings WHERE tournament_id = ? AND (? = 0 OR round = ?) ORDER BY round, board`, id, round, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Pairing
	for rows.Next() {
		var (
			p      Pairing
			result string
		)
		if err := rows.Scan(&p.Round, &p.Board, &p.Pair.First, &p.Pair.Second, &p.Game, &result, &p.Reason); err != nil {
			return nil, err
		}
		if p.Result, err = parseResult(result); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// played turns the decided pairings into the tournament package's terms.
func played(ps []Pairing) []tournament.Played {
	var out []tournament.Played
	for _, p := range ps {
		var o tournament.Outcome
		switch {
		case p.Result == Draw && p.Reason == ReasonForfeit:
			continue // both players had left: nobody played, nobody scores
		}
		switch p.Result {
		case FirstWins:
			o = tournament.FirstWon
		case SecondWins:
			o = tournament.SecondWon
		case Draw:
			o = tournament.Drawn
		default:
			continue
		}
		out = append(out, tournament.Played{Round: p.Round, Pair: p.Pair, Outcome: o})
	}
	return out
}

// Standings returns the tournament, its players and their standings as the
// decided pairings leave them.
func (db *DB) Standings(ctx context.Context, id int64) (Tournament, []TournamentPlayer, []tournament.Standing, error) {
	t, err := db.Tournament(ctx, id)
	if err != nil {
		return t, nil, nil, err
	}
	players, err := db.TournamentPlayers(ctx, id)
	if err != nil {
		return t, nil, nil, err
	}
	ps, err := db.Pairings(ctx, id)
	if err != nil {
		return t, nil, nil, err
	}
	ids := make([]string, len(players))
	for i, p := range players {
		ids[i] = p.User
	}
	return t, players, tournament.Standings(t.Format, ids, played(ps)), nil
}

// pairingDecided records the end of tournament game g as its pairing's result
// and moves the tournament on.
func (db *DB) pairingDecided(ctx context.Context, tx *sql.Tx, g Game) error {
	if g.Result == Aborted { // TimeoutResult never aborts a tournament game, and a moderator only once it is called off
		t, err := getTournament(ctx, tx, g.Tournament)
		if err != nil || t.Status != TournamentRunning {
			return err // a cancelled tournament's games go on as ordinary ones, and may end as they do
		}
		return fmt.Errorf("tournament game %d aborted: a pairing needs a result: %w", g.ID, ErrInvalid)
	}
	res, err := tx.ExecContext(ctx, `UPDATE pairings SET result = ?, reason = ? WHERE game_id = ? AND result = ''`,
		resultText[g.Result], g.Reason, g.ID)
	if err != nil {
		return err
	}
	// A game whose pairing is already decided (or gone) ends all the same:
	// a tournament's bookkeeping must never hold a player's move hostage.
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	return db.advanceTournament(ctx, tx, g.Tournament)
}

// advanceTournament starts the next round whenever the round in play is
// decided, until a round has games to wait for or the tournament ends.
func (db *DB) advanceTournament(ctx context.Context, tx *sql.Tx, id int64) error {
	for {
		t, err := getTournament(ctx, tx, id)
		if err != nil || t.Status != TournamentRunning {
			return err
		}
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM pairings WHERE tournament_id = ? AND round = ? AND result = ''`,
			id, t.Round).Scan(&open); err != nil || open > 0 {
			return err
		}
		if t.Round >= t.Rounds {
			return db.finishTournament(ctx, tx, t)
		}
		paired, err := db.pairNext(ctx, tx, t)
		if err != nil || !paired {
			return err
		}
	}
}

// pairNext pairs the round after t's (a Swiss's, from the standings so far;
// a round robin's is already written) and starts it. It reports false when
// it ended the tournament instead: no Swiss pairing without a rematch was
// left.
func (db *DB) pairNext(ctx context.Context, tx *sql.Tx, t Tournament) (bool, error) {
	next := t.Round + 1
	if t.Format == tournament.Swiss {
		pairs, err := db.swissPairs(ctx, tx, t)
		if errors.Is(err, tournament.ErrNoPairing) {
			return false, db.finishTournament(ctx, tx, t)
		}
		if err != nil {
			return false, err
		}
		if err := insertPairings(ctx, tx, t.ID, next, pairs); err != nil {
			return false, err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET round = ? WHERE id = ?`, next, t.ID); err != nil {
		return false, err
	}
	t.Round = next
	return true, db.startRound(ctx, tx, t)
}

// swissPairs pairs t's next Swiss round among the players still in it.
func (db *DB) swissPairs(ctx context.Context, tx *sql.Tx, t Tournament) ([]tournament.Pair, error) {
	players, err := tournamentPlayers(ctx, tx, t.ID)
	if err != nil {
		return nil, err
	}
	var in []string
	for _, p := range players {
		if !p.Left {
			in = append(in, p.User)
		}
	}
	ps, err := pairings(ctx, tx, t.ID, 0)
	if err != nil {
		return nil, err
	}
	if len(in) < 2 {
		return nil, tournament.ErrNoPairing
	}
	return tournament.PairSwiss(in, played(ps))
}

// startRound decides t's round's byes and forfeits and creates its games,
// announcing each, and the round's notice.
func (db *DB) startRound(ctx context.Context, tx *sql.Tx, t Tournament) error {
	ps, err := pairings(ctx, tx, t.ID, t.Round)
	if err != nil {
		return err
	}
	gone, err := leftPlayers(ctx, tx, t.ID)
	if err != nil {
		return err
	}
	for _, p := range ps {
		result, reason := Unfinished, ""
		switch a, b := gone[p.Pair.First], gone[p.Pair.Second]; {
		case p.Pair.Bye():
			result, reason = FirstWins, ReasonBye
		case a && b:
			result, reason = Draw, ReasonForfeit // nobody is left to win it; both score half, as the rarest case
		case a:
			result, reason = SecondWins, ReasonForfeit
		case b:
			result, reason = FirstWins, ReasonForfeit
		}
		if result != Unfinished {
			if err := decide(ctx, tx, t.ID, p, result, reason); err != nil {
				return err
			}
			continue
		}
		if err := db.startPairing(ctx, tx, t, p); err != nil {
			return err
		}
	}
	follows, err := tournamentFollowNotices(ctx, tx, t.ID, AnnounceFollowRound, t.Round)
	if err != nil {
		return err
	}
	return db.announceTournament(ctx, tx, t.ID, append([]Notice{{Kind: AnnounceTournamentRound, Round: t.Round}}, follows...)...)
}

func decide(ctx context.Context, tx *sql.Tx, id int64, p Pairing, r Result, reason string) error {
	_, err := tx.ExecContext(ctx, `UPDATE pairings SET result = ?, reason = ? WHERE tournament_id = ? AND round = ? AND board = ?`,
		resultText[r], reason, id, p.Round, p.Board)
	return err
}

// leftPlayers are the players who left the running tournament.
func leftPlayers(ctx context.Context, tx *sql.Tx, id int64) (map[string]bool, error) {
	players, err := tournamentPlayers(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	gone := map[string]bool{}
	for _, p := range players {
		if p.Left {
			gone[p.User] = true
		}
	}
	return gone, nil
}

// startPairing creates a pairing's game, First moving first, and its
// announcements.
func (db *DB) startPairing(ctx context.Context, tx *sql.Tx, t Tournament, p Pairing) error {
	eng, err := games.Lookup(t.Kind)
	if err != nil {
		return err
	}
	start, err := eng.New(t.Config)
	if err != nil {
		return err
	}
	n := NewGame{GuildID: t.GuildID, ChannelID: t.ChannelID, Kind: t.Kind, Config: t.Config,
		Players: [2]string{p.Pair.First, p.Pair.Second}, Position: start.String(), ToMove: games.First,
		TimeLimit: t.TimeLimit, Rated: t.Rated, Tournament: t.ID} // no Opening: the pairing decided (Game.Opening)
	g, err := db.insertGame(ctx, tx, n, 0)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE pairings SET game_id = ? WHERE tournament_id = ? AND round = ? AND board = ?`,
		g.ID, t.ID, p.Round, p.Board); err != nil {
		return err
	}
	return db.announce(ctx, tx, g.ID, 0, g.Version, append([]Notice{{Kind: AnnounceStart}}, TurnNotices(g)...), nil)
}

// finishTournament ends t and records its final notice.
func (db *DB) finishTournament(ctx context.Context, tx *sql.Tx, t Tournament) error {
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?`,
		db.now().UnixMilli(), t.ID); err != nil {
		return err
	}
	follows, err := tournamentFollowNotices(ctx, tx, t.ID, AnnounceFollowFinished, t.Round)
	if err != nil {
		return err
	}
	return db.announceTournament(ctx, tx, t.ID, append([]Notice{{Kind: AnnounceTournamentFinished, Round: t.Round}}, follows...)...)
}
