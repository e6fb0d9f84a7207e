package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"kilab/games"
)

// Announcement kinds: what the bot tells players after a change. The store
// only keeps them; the bot decides what each looks like.
const (
	// AnnounceStart opens a new game's thread and posts how the first player
	// was decided.
	AnnounceStart = "start"
	// AnnounceBoard posts the game's board in its thread, mentioning the
	// player on move (or both players at the end).
	AnnounceBoard = "board"
	// AnnounceTurnDM sends the player on move their board by DM.
	AnnounceTurnDM = "turn_dm"
	// AnnounceResultDM tells a player by DM how their game ended.
	AnnounceResultDM = "result_dm"
	// AnnounceRetire takes the controls off the game's boards older than the
	// announced version.
	AnnounceRetire = "retire"
	// AnnounceDrawOffer posts a draw offer with its buttons in the thread.
	AnnounceDrawOffer = "draw_offer"
	// AnnounceChallengeDM sends a direct challenge to its opponent by DM.
	AnnounceChallengeDM = "challenge_dm"
	// AnnounceVacation tells a game's thread that a player went on vacation
	// (Until is its end) or came back (Until is zero), and has the game's
	// live boards drawn again with the new due time and mark. A game
	// against the computer gets it too, for its boards; the thread hears
	// nothing.
	AnnounceVacation = "vacation"
	// AnnounceTournamentRound posts a round's pairings (and the standings so
	// far) in its tournament's channel.
	AnnounceTournamentRound = "tournament_round"
	// AnnounceTournamentFinished posts a tournament's final standings and
	// its winner.
	AnnounceTournamentFinished = "tournament_finished"
	// AnnounceDailyPuzzle posts a server's puzzle of the day in the channel
	// its moderators chose, with how many solved the day before's.
	AnnounceDailyPuzzle = "daily_puzzle"
	// AnnounceRefresh draws again, as the game stands, its live boards
	// that still show an older version: a commit that keeps the turn (a
	// throw) writes it, due RefreshAfter later. The clicked board is
	// normally drawn by the click's own answer (BoardDrawn records it), so
	// the refresh finds only the other copies (the thread's board after a
	// throw from the DM, or the DM's after one from the thread), and the
	// clicked board too where the process died between the click's
	// deferral and its edit. Being in the outbox, it survives any crash.
	AnnounceRefresh = "refresh"
	// AnnounceDigest DMs a player who chose a daily digest the list of
	// their games where it is their turn; its Version is the digest's due
	// time (UTC milliseconds), one a day (ClaimDigests).
	AnnounceDigest = "digest"
	// AnnounceFollowGame DMs a game's follower (User) its end, or, to one
	// who follows every move, the board after a move.
	AnnounceFollowGame = "follow_game"
	// AnnounceFollowRound and AnnounceFollowFinished DM a tournament's
	// follower that a round (Round) is paired, and that it is over.
	AnnounceFollowRound    = "follow_round"
	AnnounceFollowFinished = "follow_finished"
	// AnnounceReminder DMs the player on move (User) that their deadline
	// (Until) nears; its Version is when it fell due (MarkReminded). It
	// says nothing once that turn is over or its deadline moved.
	AnnounceReminder = "reminder"
)

// RefreshAfter is how long after a commit that keeps the turn its refresh
// falls due: long enough that the click's own answer (a deferral, then an
// edit with the picture, which on a saturated machine takes seconds) has
// drawn the clicked board and recorded it, so the refresh does not draw it
// a second time; short enough that a board left behind by a crash is
// current again before its player is likely to look.
const RefreshAfter = 10 * time.Second

// Notice asks for one announcement, written with the change it announces.
type Notice struct {
	Kind  string
	User  string    // the recipient of a DM; the player of a vacation notice
	Until time.Time // a vacation notice's end; zero for coming back
	Round int       // a tournament notice's round
	// After puts off when the announcement falls due; zero is at once.
	After time.Duration
}

// Announcement is a notice waiting to be delivered. It is about one game,
// challenge, tournament or daily puzzle: the others are 0.
type Announcement struct {
	ID         int64
	Game       int64
	Challenge  int64
	Tournament int64
	Daily      int64 // a daily puzzle's id (DailyPuzzle)
	Round      int   // Notice.Round
	Kind       string
	User       string
	Version    int64 // the game's version the notice was written at (a digest's and a reminder's: when it fell due)
	Changes    []RatingChange
	Until      time.Time // Notice.Until
	Attempts   int
	Created    time.Time
}

// TurnNotices are what a commit that hands the move to g's player on move,
// or ends g, announces: the thread's board, the DMs, then the retirement of
// the older boards.
// The computer gets no DMs: it is the bot itself.
func TurnNotices(g Game) []Notice {
	ns := []Notice{{Kind: AnnounceBoard}}
	switch {
	case g.Active() && g.Human(g.ToMove):
		ns = append(ns, Notice{Kind: AnnounceTurnDM, User: g.Players[g.ToMove]})
	case !g.Active():
		for seat := range games.Player(2) {
			if g.Human(seat) {
				ns = append(ns, Notice{Kind: AnnounceResultDM, User: g.Players[seat]})
			}
		}
	}
	return append(ns, Notice{Kind: AnnounceRetire})
}

// announce writes notices for game (or challenge) at version, in tx, in
// their order. One already written for that version, kind and recipient is
// not written again (announcements_once).
func (db *DB) announce(ctx context.Context, tx *sql.Tx, game, challenge, version int64, ns []Notice, changes []RatingChange) error {
	return db.record(ctx, tx, subject{game: game, challenge: challenge}, version, ns, changes)
}

// announceTournament writes notices for a tournament in tx, in their order,
// through the same outbox as a game's: one already written for that
// tournament, kind and round is not written again (announcements_once).
func (db *DB) announceTournament(ctx context.Context, tx *sql.Tx, tournament int64, ns ...Notice) error {
	return db.record(ctx, tx, subject{tournament: tournament}, 0, ns, nil)
}

// subject is what announcements are about: one of the four is set.
type subject struct{ game, challenge, tournament, daily int64 }

// record writes announcements about s.
//
// The notices go in as one plain INSERT inside a savepoint, and only if one
// of them turns out to be written already are they written one by one with
// ON CONFLICT DO NOTHING. The order matters with PostgreSQL: ON CONFLICT
// first reads the unique index, and in a serializable transaction that read
// locks the index page, which every transaction announcing at the same time
// writes to (new games' ids are neighbours), so that they fail one another.
// A plain INSERT only writes.
func (db *DB) record(ctx context.Context, tx *sql.Tx, s subject, version int64, ns []Notice, changes []RatingChange) error {
	if len(ns) == 0 {
		return nil
	}
	text := ""
	if len(changes) > 0 {
		b, err := json.Marshal(changes)
		if err != nil {
			return err
		}
		text = string(b)
	}
	now := db.now()
	dibs, dibsUntil := db.dibs(now)
	rows := make([][]any, len(ns))
	for i, n := range ns {
		rows[i] = []any{s.game, s.challenge, s.tournament, s.daily, n.Kind, n.User, version, n.Round, text, millis(n.Until),
			now.Add(n.After).UnixMilli(), now.UnixMilli(), dibs, dibsUntil}
	}
	if err := db.insertAnnouncements(ctx, tx, rows); err != nil {
		return fmt.Errorf("recording %s announcements: %w", ns[0].Kind, err)
	}
	return nil
}

// insertAnnouncements writes rows in one INSERT within a savepoint, or, when
// one of them was written already, rolls back to it and writes them one by
// one, skipping those.
func (db *DB) insertAnnouncements(ctx context.Context, tx *sql.Tx, rows [][]any) error {
	if _, err := tx.ExecContext(ctx, `SAVEPOINT announce`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, qInsertAnnouncements(len(rows), ""), slices.Concat(rows...)...)
	if err == nil {
		_, err = tx.ExecContext(ctx, `RELEASE SAVEPOINT announce`)
		return err
	}
	if !db.dialect.unique(err) {
		return err
	}
	if _, err := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT announce`); err != nil {
		return err
	}
	for _, row := range rows {
		if _, err := tx.ExecContext(ctx, qInsertAnnouncements(1, " ON CONFLICT DO NOTHING"), row...); err != nil {
			return err
		}
	}
	return nil
}

// qInsertAnnouncements is the INSERT of n announcements, then suffix.
func qInsertAnnouncements(n int, suffix string) string {
	const values = `(NULLIF(CAST(? AS BIGINT), 0), NULLIF(CAST(? AS BIGINT), 0), NULLIF(CAST(? AS BIGINT), 0), NULLIF(CAST(? AS BIGINT), 0), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	return `INSERT INTO announcements (game_id, challenge_id, tournament_id, daily_id, kind, user_id, version, round, changes, until_at,
			due_at, created_at, claimed_by, claimed_until)
		VALUES ` + strings.Repeat(values+", ", n-1) + values + suffix
}

// firstDibs is how long the copy that wrote an announcement has it to
// itself (DB.Owner). A copy kicks its delivery after each commit and takes
// its own within moments; one that stopped takes them back at once when it
// restarts under its name. Another copy takes over only after firstDibs,
// which is long on purpose: it has not drawn the board, and drawing it
// again is what a copy lagging behind a burst can least afford, so taking
// over sooner made a lag grow rather than shrink.
const firstDibs = 30 * time.Second

// dibsMark marks a claim that is an owner's first dibs rather than a claim
// taken by ClaimAnnouncements: the owner may take it, once.
const dibsMark = "~"

// dibs is the claim an announcement written now starts with: the owner's
// first dibs, or none.
func (db *DB) dibs(now time.Time) (string, sql.NullInt64) {
	if db.Owner == "" {
		return "", sql.NullInt64{}
	}
	return dibsMark + db.Owner, millis(now.Add(firstDibs))
}

// DueAnnouncements returns up to limit announcements due now, oldest first.
// Within a game, and within a tournament, they come in order: one waits
// while an older one of its game or tournament is undelivered (a retry
// waiting out its backoff included), so a board never overtakes the thread
// it belongs in, nor a round's pairings the round before; only a board or
// DM goes past an older retirement of old boards (inTurn). It only lists
// them; a deliverer claims them with ClaimAnnouncements.
func (db *DB) DueAnnouncements(ctx context.Context, limit int) ([]Announcement, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+announcementColumns+` FROM announcements a
		WHERE a.done_at IS NULL AND a.due_at <= ? AND `+inTurn+`
		ORDER BY a.id LIMIT ?`, db.now().UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	return scanAnnouncements(rows)
}

// ClaimAnnouncements claims for owner, until lease from now, up to limit of
// the announcements DueAnnouncements would list that nobody holds a claim on,
// and returns them oldest first. Two copies of Kilab delivering at once never
// get the same announcement: SQLite's one writer takes the claims one call
// after the other; on PostgreSQL each call locks the rows it takes and skips
// those another holds. A claim ends when the announcement is delivered or put
// off (Retry, Later), or when its lease runs out: what a copy that stopped
// had claimed is taken over then (or at once by the copy restarted under the
// same owner name, with ReleaseClaims). Delivery stays at least once. The
// owner's first dibs (DB.Owner) count as a claim for everyone but the owner.
// A claim whose answer was lost with its connection is undone (unclaim),
// and made again on another connection.
func (db *DB) ClaimAnnouncements(ctx context.Context, owner string, limit int, lease time.Duration) ([]Announcement, error) {
	for attempt := 1; ; attempt++ {
		out, err := db.claim(ctx, owner, limit, lease)
		if err == nil || db.dialect.fault(err) != faultLost || attempt == maxTxAttempts {
			return out, err
		}
		db.faults.counted(faultLost)
		select {
		case <-ctx.Done():
			return nil, errors.Join(err, ctx.Err())
		case <-time.After(retryWait(attempt)):
		}
	}
}

// claim is one attempt of ClaimAnnouncements. Its error is the claim's,
// joined with the undoing's where that failed too; the rows of a claim
// whose undoing failed wait out their lease, as they did before claims
// were undone.
func (db *DB) claim(ctx context.Context, owner string, limit int, lease time.Duration) ([]Announcement, error) {
	now := db.now()
	until := now.Add(lease).UnixMilli()
	rows, err := db.write.QueryContext(ctx, db.lockRows(qClaimAnnouncements), until, owner, now.UnixMilli(), limit, dibsMark+owner)
	if err != nil {
		return nil, db.unclaim(ctx, owner, until, err)
	}
	out, err := scanAnnouncements(rows)
	if err != nil {
		return nil, db.unclaim(ctx, owner, until, err)
	}
	slices.SortFunc(out, func(a, b Announcement) int { return cmp.Compare(a.ID, b.ID) }) // RETURNING keeps no order
	return out, nil
}

// unclaim undoes a claim (owner's, until the lease's end until) that failed
// with err, where the connection was lost: the server may have taken the
// claims and lost only their answer, and the announcements would then wait
// for the lease to lapse, each holding back the rest of its game. The lease's
// end, to the millisecond, tells that claim's rows from those of the owner's
// earlier claims still being delivered. It returns err.
func (db *DB) unclaim(ctx context.Context, owner string, until int64, err error) error {
	if db.dialect.fault(err) != faultLost {
		return err
	}
	_, rerr := db.execAgain(ctx, `UPDATE announcements SET claimed_until = NULL
		WHERE claimed_by = ? AND claimed_until = ? AND done_at IS NULL`, owner, until)
	return errors.Join(err, rerr)
}

const qClaimAnnouncements = `UPDATE announcements SET claimed_until = ?1, claimed_by = ?2
	WHERE id IN (SELECT a.id FROM announcements a
		WHERE a.done_at IS NULL AND a.due_at <= ?3 AND (a.claimed_until IS NULL OR a.claimed_until <= ?3 OR a.claimed_by = ?5)
			AND ` + inTurn + `
		ORDER BY a.id LIMIT ?4 ` + lockRowsMark + `)
	RETURNING ` + announcementColumns

// inTurn says that no older announcement of a's game or tournament is still
// undelivered, but for two exceptions: the next move's board and DMs do not
// wait for the retirement of the boards before them (a retirement touches
// only boards older than its version, and waits for everything older
// itself), so that under load the tidying of a move never holds back the
// next; and nothing waits for a refresh, which falls due seconds after the
// throw that wrote it, while the thrower's move may come at once (a refresh
// the game has moved past says nothing); and nothing waits for a DM held
// past it for its reader's quiet hours (put off with no attempt counted),
// which speaks only to its reader, and says nothing when it goes if a newer
// one of its kind came meanwhile (Superseded). A DM waiting out a retry
// still holds its game's later ones back, so that they keep their order. Each is its own NOT EXISTS, so that each reads its own index
// (announcements_game, announcements_tournament); an announcement about
// neither (a challenge's) finds nothing in either.
const inTurn = `NOT EXISTS (SELECT 1 FROM announcements p
				WHERE p.done_at IS NULL AND p.game_id = a.game_id AND p.id < a.id AND p.kind <> '` + AnnounceRefresh + `'
					AND (p.kind NOT IN (` + dmKinds + `) OR p.due_at <= a.due_at OR p.attempts > 0)
					AND (p.kind <> '` + AnnounceRetire + `' OR a.kind NOT IN ('` + AnnounceBoard + `', '` + AnnounceTurnDM + `', '` + AnnounceResultDM + `')))
			AND NOT EXISTS (SELECT 1 FROM announcements p
				WHERE p.done_at IS NULL AND p.tournament_id = a.tournament_id AND p.id < a.id
					AND (p.kind NOT IN (` + dmKinds + `) OR p.due_at <= a.due_at OR p.attempts > 0))`

// dmKinds are the announcements that speak only to their reader by DM: one
// held for quiet hours holds back nothing of its game or tournament.
const dmKinds = `'` + AnnounceTurnDM + `', '` + AnnounceResultDM + `', '` + AnnounceFollowGame + `', '` +
	AnnounceFollowRound + `', '` + AnnounceFollowFinished + `'`

// announcementColumns are what scanAnnouncements reads, in its order.
const announcementColumns = `id, COALESCE(game_id, 0), COALESCE(challenge_id, 0), COALESCE(tournament_id, 0), COALESCE(daily_id, 0), round, kind,
	user_id, version, changes, until_at, attempts, created_at`

func scanAnnouncements(rows *sql.Rows) ([]Announcement, error) {
	defer rows.Close()
	var out []Announcement
	for rows.Next() {
		a, err := scanAnnouncement(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// scanAnnouncement reads one row of announcementColumns, then extra.
func scanAnnouncement(rows *sql.Rows, extra ...any) (Announcement, error) {
	var (
		a       Announcement
		changes string
		until   sql.NullInt64
		created int64
	)
	if err := rows.Scan(append([]any{&a.ID, &a.Game, &a.Challenge, &a.Tournament, &a.Daily, &a.Round, &a.Kind, &a.User, &a.Version, &changes, &until, &a.Attempts, &created}, extra...)...); err != nil {
		return a, err
	}
	a.Created, a.Until = time.UnixMilli(created).UTC(), fromMillis(until)
	if changes != "" {
		if err := json.Unmarshal([]byte(changes), &a.Changes); err != nil {
			return a, fmt.Errorf("announcement %d: rating changes: %w", a.ID, err)
		}
	}
	return a, nil
}

// ReleaseClaims gives up the claims owner holds on announcements (tournament
// notices included) not yet delivered. A copy of Kilab calls it as it
// starts: under the same owner name as before a crash, what it held then is
// due again at once instead of when the claims lapse.
func (db *DB) ReleaseClaims(ctx context.Context, owner string) error {
	_, err := db.execAgain(ctx, `UPDATE announcements SET claimed_until = NULL
		WHERE claimed_by = ? AND done_at IS NULL AND claimed_until IS NOT NULL`, owner)
	return err
}

// NextAnnouncement is when the earliest undelivered announcement falls due;
// false when none waits.
func (db *DB) NextAnnouncement(ctx context.Context) (time.Time, bool, error) {
	var at sql.NullInt64
	err := db.read.QueryRowContext(ctx, `SELECT MIN(due_at) FROM announcements WHERE done_at IS NULL`).Scan(&at)
	if err != nil || !at.Valid {
		return time.Time{}, false, err
	}
	return fromMillis(at), true, nil
}

// Superseded reports whether a newer announcement of the same kind, for the
// same recipient, exists for a's game: then a has nothing left to say.
func (db *DB) Superseded(ctx context.Context, a Announcement) (bool, error) {
	if a.Game == 0 {
		return false, nil
	}
	var n int
	err := db.read.QueryRowContext(ctx, qSuperseded, a.Game, a.Kind, a.User, a.Version).Scan(&n)
	return n > 0, err
}

// qSuperseded counts the announcements like a written at a later version,
// delivered or not: a DM put off (held for quiet hours) may be overtaken by
// a newer one that is delivered first, and must then say nothing. It reads
// announcements_once, whose expressions and condition it repeats.
const qSuperseded = `SELECT COUNT(*) FROM announcements
	WHERE COALESCE(game_id, 0) = ? AND COALESCE(challenge_id, 0) = 0 AND COALESCE(tournament_id, 0) = 0 AND COALESCE(daily_id, 0) = 0
		AND kind = ? AND user_id = ? AND version > ? AND kind NOT IN ('draw_offer', 'vacation')`

// Pending reports whether an announcement of one of kinds, newer than a,
// waits to be delivered for a's game: one that will say what a would, as
// the game then stands.
func (db *DB) Pending(ctx context.Context, a Announcement, kinds ...string) (bool, error) {
	if a.Game == 0 || len(kinds) == 0 {
		return false, nil
	}
	args := []any{a.Game, a.ID}
	for _, k := range kinds {
		args = append(args, k)
	}
	var n int
	err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM announcements
		WHERE game_id = ? AND id > ? AND done_at IS NULL AND kind IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(kinds)), ", ")+`)`,
		args...).Scan(&n)
	return n > 0, err
}

// Delivered marks an announcement done for good: sent, skipped or given up,
// as outcome says. ErrNotFound: it was marked already, by another copy, or by
// this call's first run where its connection was lost after it committed.
func (db *DB) Delivered(ctx context.Context, id int64, outcome string) error {
	res, err := db.execAgain(ctx, `UPDATE announcements SET done_at = ?, outcome = ? WHERE id = ? AND done_at IS NULL`,
		db.now().UnixMilli(), outcome, id)
	if err != nil {
		return err
	}
	return mustAffect(res, fmt.Errorf("announcement %d: %w", id, ErrNotFound))
}

// Retry puts an announcement off until at, counting the failed attempt, and
// ends its claim: once due, any copy may take it. Run again after a lost
// connection (execAgain), it may count one attempt twice, which only
// brings the announcement's last try a little nearer.
func (db *DB) Retry(ctx context.Context, id int64, at time.Time) error {
	_, err := db.execAgain(ctx, `UPDATE announcements SET attempts = attempts + 1, due_at = ?, claimed_until = NULL
		WHERE id = ? AND done_at IS NULL`,
		at.UnixMilli(), id)
	return err
}

// PutOff puts an announcement off until at without counting an attempt,
// and ends its claim: a DM held for its reader's quiet hours. Run again, it
// writes the same.
func (db *DB) PutOff(ctx context.Context, id int64, at time.Time) error {
	_, err := db.execAgain(ctx, `UPDATE announcements SET due_at = ?, claimed_until = NULL WHERE id = ? AND done_at IS NULL`,
		at.UnixMilli(), id)
	return err
}

// Later puts off, until at, an announcement that waits for its challenge's
// message to be recorded (a challenge DM links to it), unless the message was
// recorded meanwhile: then it stays due now. SetChallengeMessage makes such
// announcements due, but it may run between the delivery finding no message
// and this call, and a plain Retry would then undo it.
func (db *DB) Later(ctx context.Context, id int64, at time.Time) error {
	_, err := db.execAgain(ctx, `UPDATE announcements SET attempts = attempts + 1, claimed_until = NULL,
			due_at = CASE WHEN EXISTS (SELECT 1 FROM challenges c
				WHERE c.id = announcements.challenge_id AND c.message_id <> '') THEN CAST(?1 AS BIGINT) ELSE CAST(?2 AS BIGINT) END
		WHERE id = ?3 AND done_at IS NULL`, db.now().UnixMilli(), at.UnixMilli(), id)
	return err
}

// Announcements lists a game's announcements, delivered or not, oldest first,
// with their outcomes (for tests and diagnosis).
func (db *DB) Announcements(ctx context.Context, game int64) ([]Announcement, []string, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+announcementColumns+`, outcome
		FROM announcements WHERE game_id = ? ORDER BY id`, game)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var (
		out      []Announcement
		outcomes []string
	)
	for rows.Next() {
		var o string
		a, err := scanAnnouncement(rows, &o)
		if err != nil {
			return nil, nil, err
		}
		out, outcomes = append(out, a), append(outcomes, o)
	}
	return out, outcomes, rows.Err()
}

// BoardMessage is a message that showed a game's controls.
type BoardMessage struct {
	Channel, Message string
	Game, Version    int64
	Kind             string // "board", "dm" or "offer"
	// Kept is what the message keeps once retired, as its sender wrote it
	// down (JSON of its embeds without the picture): retiring it then needs
	// no read of the message. "" where nothing was written down.
	Kept string
	// Lang is the language it was written in, which it is retired in: ""
	// for one sent before that was written down.
	Lang string
}

// AddBoardMessage records a message showing game's controls at version.
func (db *DB) AddBoardMessage(ctx context.Context, m BoardMessage) error {
	_, err := db.execAgain(ctx, `INSERT INTO board_messages (channel_id, message_id, game_id, version, kind, kept, lang)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, m.Channel, m.Message, m.Game, m.Version, m.Kind, m.Kept, m.Lang)
	return err
}

// KeepBoardText records that a live message was drawn again at version (a
// vacation's new due time, a refresh): what it keeps once retired, and the
// version it shows.
func (db *DB) KeepBoardText(ctx context.Context, channel, message, kept string, version int64) error {
	_, err := db.execAgain(ctx, `UPDATE board_messages SET kept = ?1, version = CASE WHEN version < ?2 THEN ?2 ELSE version END
		WHERE channel_id = ?3 AND message_id = ?4 AND live = 1`,
		kept, version, channel, message)
	return err
}

// BoardDrawn records that a live board was drawn at version in place, by
// the answer to a click on it, with its controls: a refresh then leaves it
// alone. A board's version only goes forward (an answer that arrives late
// draws no newer board than one drawn since), and one not recorded, or
// retired meanwhile, is left as it is.
func (db *DB) BoardDrawn(ctx context.Context, channel, message string, version int64) error {
	_, err := db.execAgain(ctx, `UPDATE board_messages SET version = ? WHERE channel_id = ? AND message_id = ? AND live = 1 AND version < ?`,
		version, channel, message, version)
	return err
}

// LiveBoards returns game's messages still showing controls from before version.
func (db *DB) LiveBoards(ctx context.Context, game, before int64) ([]BoardMessage, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT channel_id, message_id, version, kind, kept, lang FROM board_messages
		WHERE game_id = ? AND live = 1 AND version < ? ORDER BY version`, game, before)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []BoardMessage
	for rows.Next() {
		m := BoardMessage{Game: game}
		if err := rows.Scan(&m.Channel, &m.Message, &m.Version, &m.Kind, &m.Kept, &m.Lang); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// RetireBoard records that a message no longer shows live controls: its
// row is deleted, since nothing asks about a retired board again (a message
// is recorded once, when it is posted), and keeping them made the table grow
// with every move.
func (db *DB) RetireBoard(ctx context.Context, channel, message string) error {
	_, err := db.execAgain(ctx, `DELETE FROM board_messages WHERE channel_id = ? AND message_id = ?`, channel, message)
	return err
}
