package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"kilab/games"
)

// Commit is one change to a game in play: what a click, a command or the
// scheduler did. Everything in it is applied in one transaction or not at all.
type Commit struct {
	Game int64
	// Version is the version the caller's view of the game had (the one the
	// clicked button carries). If the game has moved on since, Commit fails with
	// ErrConflict and nothing changes.
	Version int64
	// Plies are what was played, in order, as games.Recorder collects them: a
	// throw, a chosen move, then whatever the server played by itself. A first
	// ply by the player whose last stored ply still waits for its move completes
	// that ply, as games.Recorder would.
	Plies []games.Ply
	// Moved says the first ply's player chose a move themselves (not a throw,
	// not a forced pass). It counts for the abort rule (Game.Moved) and lapses a
	// draw offer by their opponent.
	Moved bool
	// Revision is the rules revision the plies were played under (see
	// games.Revised). 0, as the bot leaves it, is the current revision of the
	// game's engine, which must then be registered (games.CurrentRevision).
	Revision int
	// Position is the position after the plies and ToMove the seat on move
	// there; both are kept as they were when Position is "" (a resignation, a
	// timeout). When the player on move changes, their deadline starts afresh.
	Position string
	ToMove   games.Player
	// End, when set, ends the game. Rated games that end in a win or a draw
	// update both players' ratings in the same transaction.
	End *End
	// Timeout says the scheduler ends the turn because its deadline passed: it
	// is refused with ErrConflict if the deadline is no longer past (a
	// vacation moved it since the sweep read the game), though the version
	// did not change.
	Timeout bool
	// Announce records, in the same transaction, the announcements of the
	// game as the commit leaves it (TurnNotices): set it when the player on
	// move changes or the game ends, so that a crash right after the commit
	// delays telling the players but cannot lose it. A commit that does
	// not announce writes a refresh of the game's boards instead
	// (AnnounceRefresh).
	Announce bool
}

// End is how a game ends.
type End struct {
	Result Result
	Reason string // the engine's words, or one of the Reason constants
}

func (c Commit) check() error {
	switch {
	case len(c.Plies) == 0 && c.Position == "" && c.End == nil:
		return fmt.Errorf("commit to game %d changes nothing: %w", c.Game, ErrInvalid)
	case len(c.Plies) > 0 && c.Position == "":
		return fmt.Errorf("commit to game %d has plies but no position: %w", c.Game, ErrInvalid)
	case c.Moved && len(c.Plies) == 0:
		return fmt.Errorf("commit to game %d is a move without plies: %w", c.Game, ErrInvalid)
	case c.Position != "" && !c.ToMove.Valid():
		return fmt.Errorf("commit to game %d: %v cannot be on move: %w", c.Game, c.ToMove, ErrInvalid)
	case c.Revision < 0:
		return fmt.Errorf("commit to game %d: rules revision %d: %w", c.Game, c.Revision, ErrInvalid)
	case c.End != nil && (c.End.Result <= Unfinished || c.End.Result > Aborted):
		return fmt.Errorf("commit to game %d: result %v: %w", c.Game, c.End.Result, ErrInvalid)
	}
	for i, p := range c.Plies {
		if err := checkPly(p); err != nil {
			return fmt.Errorf("commit to game %d, ply %d: %w", c.Game, i+1, err)
		}
	}
	return nil
}

func checkPly(p games.Ply) error {
	if !p.Player.Valid() || (len(p.Throws) == 0 && p.Move == "") {
		return fmt.Errorf("%+v is not a ply: %w", p, ErrInvalid)
	}
	for _, t := range p.Throws {
		if t < 0 || t > 6 {
			return fmt.Errorf("throw %d is not a score: %w", t, ErrInvalid)
		}
	}
	return nil
}

// Commit applies c and returns the game as it now stands and, when c ended a
// rated game with a winner or a draw, both players' rating changes in seat order.
func (db *DB) Commit(ctx context.Context, c Commit) (Game, []RatingChange, error) {
	if err := c.check(); err != nil {
		return Game{}, nil, err
	}
	var (
		g       Game
		changes []RatingChange
	)
	err := db.updateWith(ctx, db.commitTx(c), func(tx *sql.Tx) error {
		old, err := db.lockGame(ctx, tx, c.Game)
		if err != nil {
			return err
		}
		g, changes, err = db.commit(ctx, tx, old, c)
		return err
	})
	if err != nil {
		return Game{}, nil, err
	}
	return g, changes, nil
}

// commitTx are the options of c's transaction. A commit that ends its game
// may rate players and advance a tournament, deciding on rows other games'
// commits write (a round is over when every pairing has a result): it runs
// serializable, like every other write. A commit that plays on needs less,
// and on PostgreSQL it runs REPEATABLE READ, because under load serializable
// moves fail one another far more often than they really conflict: PostgreSQL
// locks what they read by index page, and the games and moves of neighbouring
// ids share pages. What such a commit reads and decides on is:
//   - its game's row, which it locks first (forUpdate) and writes, so that a
//     second commit to the game waits and then fails and runs again, and so
//     finds the version moved on (ErrConflict): a move is applied once;
//   - its game's last ply, which only commits to the game write;
//   - the next player's vacation (turnStart), which StartVacation and
//     EndVacation decide on from the games where that player is on move:
//     they write every active game of the player (shiftTurns), so that they
//     and a commit handing that player a turn cannot both go ahead;
//   - the next player's quiet hours (quietOf), to plan their reminder; a
//     change of them committed meanwhile may be missed, which only leaves
//     that reminder planned by the hours as they were: the sweep still
//     moves one that falls inside the new hours (Bot.remind);
//   - the game's followers (followNotices); one who starts following
//     meanwhile may miss this move's DM, and hears of the next;
//   - the click's own interaction id (Once), which it inserts: a copy of the
//     click inserting it too waits on the primary key and then finds it,
//     whatever the isolation.
//
// Nothing else: no other game's row, ply or announcement. A read added here
// that another commit may change concurrently (another game's state, a
// tournament's) needs a lock of its own, or the commit must run
// serializable. TestMoveReadsOnlyItsGame, on PostgreSQL, lists the
// statements a move runs, each checked against this list, and fails when a
// move runs one that is not on it.
func (db *DB) commitTx(c Commit) *sql.TxOptions {
	if c.End != nil {
		return db.dialect.writeTx
	}
	return db.dialect.moveTx
}

// commit applies c to the game as it stood, old, and returns the game as it
// now stands.
func (db *DB) commit(ctx context.Context, tx *sql.Tx, old Game, c Commit) (Game, []RatingChange, error) {
	switch {
	case !old.Active():
		return old, nil, fmt.Errorf("game %d ended (%v): %w", old.ID, old.Result, ErrFinished)
	case old.Version != c.Version:
		return old, nil, fmt.Errorf("game %d is at version %d, not %d: %w", old.ID, old.Version, c.Version, ErrConflict)
	case len(c.Plies) > 0 && c.Plies[0].Player != old.ToMove:
		return old, nil, fmt.Errorf("game %d: first ply by %v, but %v is on move: %w",
			old.ID, c.Plies[0].Player, old.ToMove, ErrInvalid)
	}
	now := db.now()
	if c.Timeout && (old.Deadline.IsZero() || old.Deadline.After(now)) {
		return old, nil, fmt.Errorf("game %d is due %v, not yet at %v: %w", old.ID, old.Deadline, now, ErrConflict)
	}
	rev, err := revision(old, c)
	if err != nil {
		return old, nil, err
	}
	if err := appendPlies(ctx, tx, old.ID, c.Plies, rev, now.UnixMilli()); err != nil {
		return old, nil, err
	}
	start, err := turnStart(ctx, tx, old.Players[nextOnMove(old, c)], now)
	if err != nil {
		return old, nil, err
	}
	g := advance(old, c, now, start)
	if newTurn(old, c, g) {
		if g.RemindAt, err = plannedReminder(ctx, tx, g.Players[g.ToMove], g.RemindAt, g.Deadline, now); err != nil {
			return old, nil, err
		}
	}
	var changes []RatingChange
	if c.End != nil && old.Rated && c.End.Result != Aborted {
		if changes, err = db.rate(ctx, tx, old, c.End.Result); err != nil {
			return old, nil, err
		}
		g.RatingDelta = [2]float64{changes[0].Delta(), changes[1].Delta()}
		g.RatingDeviation = [2]float64{changes[0].After.Deviation, changes[1].After.Deviation}
	}
	if err := saveGame(ctx, tx, g, old.Version); err != nil {
		return old, nil, err
	}
	if c.End != nil && g.Tournament != 0 {
		if err := db.pairingDecided(ctx, tx, g); err != nil {
			return old, nil, err
		}
	}
	notices := []Notice{{Kind: AnnounceRefresh, After: RefreshAfter}}
	if c.Announce {
		follows, err := followNotices(ctx, tx, g)
		if err != nil {
			return old, nil, err
		}
		notices = append(TurnNotices(g), follows...)
	}
	if err := db.announce(ctx, tx, g.ID, 0, g.Version, notices, changes); err != nil {
		return old, nil, err
	}
	return g, changes, nil
}

// revision is the rules revision c's plies are stored with: c.Revision, or
// the engine's current one. A revision the engine does not know is refused.
func revision(old Game, c Commit) (int, error) {
	if len(c.Plies) == 0 {
		return 0, nil
	}
	cur, err := games.CurrentRevision(old.Kind)
	switch {
	case err != nil:
		return 0, fmt.Errorf("game %d: %w: %w", old.ID, err, ErrInvalid)
	case c.Revision > cur:
		return 0, fmt.Errorf("game %d: plies of rules revision %d, %s knows up to %d: %w", old.ID, c.Revision, old.Kind, cur, ErrInvalid)
	case c.Revision > 0:
		return c.Revision, nil
	}
	return cur, nil
}

// nextOnMove is the seat on move once c is applied to old.
func nextOnMove(old Game, c Commit) games.Player {
	if c.Position != "" {
		return c.ToMove
	}
	return old.ToMove
}

// advance returns old as c leaves it at time now, apart from the record and
// ratings. A turn c starts runs from start: now, or the end of the vacation
// the player on move is on.
func advance(old Game, c Commit, now, start time.Time) Game {
	g := old
	g.Version++
	g.Updated = now
	if c.Position != "" {
		g.Position, g.ToMove = c.Position, c.ToMove
	}
	if c.Moved {
		g.Moved[c.Plies[0].Player]++
	}
	if g.DrawOffer.Valid() && movedBy(g.DrawOffer.Other(), c.Plies) {
		g.DrawOffer = NoSeat
	}
	switch {
	case c.End != nil:
		g.Result, g.Reason, g.Finished = c.End.Result, c.End.Reason, now
		g.Deadline, g.RemindAt, g.DrawOffer = time.Time{}, time.Time{}, NoSeat
	case newTurn(old, c, g):
		g.Deadline, g.RemindAt = deadlines(start, g.TimeLimit)
	}
	return g
}

// newTurn reports whether c, leaving old as g, starts a turn: the game goes
// on and the move passed to the other player, or through them and back.
func newTurn(old Game, c Commit, g Game) bool {
	return c.End == nil && (g.ToMove != old.ToMove || turnPassed(old.ToMove, c.Plies))
}

// movedBy reports whether seat made a move among the plies, a pass the server
// played for it included (D5): that is how a player answers a draw offer by
// playing on, and an offer lapses once the offered player's turn has passed.
func movedBy(seat games.Player, plies []games.Ply) bool {
	for _, p := range plies {
		if p.Player == seat && p.Move != "" {
			return true
		}
	}
	return false
}

// turnPassed reports whether the plies went through the other player: a
// Seega player blocked by the move passes in the same commit (S7), and the
// mover, on move again, starts a new turn with a new deadline.
func turnPassed(mover games.Player, plies []games.Ply) bool {
	for _, p := range plies {
		if p.Player != mover {
			return true
		}
	}
	return false
}

// saveGame writes what a commit changes in the game's row. The version
// condition is what the transaction already checked; it stays as a guard
// should anyone write a game outside one.
func saveGame(ctx context.Context, tx *sql.Tx, g Game, oldVersion int64) error {
	status, drawOffer := "active", sql.NullInt64{Int64: int64(g.DrawOffer), Valid: g.DrawOffer.Valid()}
	if !g.Active() {
		status = "finished"
	}
	res, err := tx.ExecContext(ctx, `UPDATE games SET position = ?, to_move = ?, status = ?, result = ?,
			reason = ?, version = ?, moved0 = ?, moved1 = ?, draw_offer = ?, deadline = ?, remind_at = ?,
			rating_delta0 = ?, rating_delta1 = ?, rating_dev0 = ?, rating_dev1 = ?, updated_at = ?, finished_at = ?
		WHERE id = ? AND version = ?`,
		g.Position, g.ToMove, status, resultText[g.Result], g.Reason, g.Version, g.Moved[0], g.Moved[1],
		drawOffer, millis(g.Deadline), millis(g.RemindAt), deltaValue(g, 0), deltaValue(g, 1), devValue(g, 0), devValue(g, 1),
		g.Updated.UnixMilli(), millis(g.Finished), g.ID, oldVersion)
	if err != nil {
		return err
	}
	return mustAffect(res, fmt.Errorf("game %d changed under a write transaction: %w", g.ID, ErrConflict))
}

// devValue is seat's rating deviation after g, NULL unless g was rated now.
func devValue(g Game, seat int) sql.NullFloat64 {
	return sql.NullFloat64{Float64: g.RatingDeviation[seat], Valid: g.RatingDeviation[seat] > 0}
}

func deltaValue(g Game, seat int) sql.NullFloat64 {
	return sql.NullFloat64{Float64: g.RatingDelta[seat], Valid: !g.Active() && g.Rated && g.Result != Aborted}
}

// appendPlies adds plies to the game's record, played under rules revision
// rev, completing its last ply first when that still waits for a move by the
// same player: the move decides under which rules the ply was played, so the
// completed ply takes rev too.
func appendPlies(ctx context.Context, tx *sql.Tx, game int64, plies []games.Ply, rev int, at int64) error {
	if len(plies) == 0 {
		return nil
	}
	n, last, err := lastPly(ctx, tx, game)
	if err != nil {
		return err
	}
	if n > 0 && last.Move == "" && last.Player == plies[0].Player {
		last.Throws = append(last.Throws, plies[0].Throws...)
		last.Move = plies[0].Move
		if _, err := tx.ExecContext(ctx, `UPDATE moves SET throws = ?, move = ?, revision = ?, at = ? WHERE game_id = ? AND ply = ?`,
			formatThrows(last.Throws), last.Move, rev, at, game, n); err != nil {
			return err
		}
		plies = plies[1:]
	}
	for i, p := range plies {
		if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, ply, player, throws, move, revision, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			game, n+1+i, p.Player, formatThrows(p.Throws), p.Move, rev, at); err != nil {
			return err
		}
	}
	return nil
}

// lastPly returns how many plies the game's record has, and the last one.
func lastPly(ctx context.Context, tx *sql.Tx, game int64) (int, games.Ply, error) {
	var (
		n      int
		p      games.Ply
		throws string
	)
	err := tx.QueryRowContext(ctx, qLastPly, game).Scan(&n, &p.Player, &throws, &p.Move)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, p, nil
	}
	if err != nil {
		return 0, p, err
	}
	p.Throws, err = parseThrows(throws)
	return n, p, err
}

const qLastPly = `SELECT ply, player, throws, move FROM moves WHERE game_id = ? ORDER BY ply DESC LIMIT 1`

func formatThrows(ts []games.Throw) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = strconv.Itoa(int(t))
	}
	return strings.Join(parts, ",")
}

func parseThrows(s string) ([]games.Throw, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	ts := make([]games.Throw, len(parts))
	for i, f := range parts {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("store: throws %q in database: %w", s, err)
		}
		ts[i] = games.Throw(n)
	}
	return ts, nil
}

// OfferDraw records that seat by offers a draw, at the version the player saw,
// and the offer's announcement with it. It does not bump the version: the
// board's buttons stay valid. The offer lapses when the offered player's turn
// passes (movedBy) and ends with the game.
func (db *DB) OfferDraw(ctx context.Context, game, version int64, by games.Player) error {
	if !by.Valid() {
		return fmt.Errorf("draw offer by %v: %w", by, ErrInvalid)
	}
	return db.update(ctx, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, game)
		switch {
		case err != nil:
			return err
		case !g.Active():
			return fmt.Errorf("game %d ended: %w", game, ErrFinished)
		case g.Version != version:
			return fmt.Errorf("game %d is at version %d, not %d: %w", game, g.Version, version, ErrConflict)
		}
		if _, err = tx.ExecContext(ctx, `UPDATE games SET draw_offer = ? WHERE id = ?`, by, game); err != nil {
			return err
		}
		return db.announce(ctx, tx, game, 0, version, []Notice{{Kind: AnnounceDrawOffer, User: g.Players[by]}}, nil)
	})
}

// DeclineDraw withdraws or declines the game's draw offer, if there is one.
func (db *DB) DeclineDraw(ctx context.Context, game int64) error {
	res, err := db.exec(ctx, `UPDATE games SET draw_offer = NULL WHERE id = ?`, game)
	if err != nil {
		return err
	}
	return mustAffect(res, fmt.Errorf("game %d: %w", game, ErrNotFound))
}
