package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// Every interaction is applied once. Discord may deliver one interaction
// more than once (a load balancer retrying a POST it thought lost, a gateway
// resume), and each copy is as validly signed as the first. So the first
// write transaction an interaction runs records the interaction's id in
// handled_interactions, in the same transaction as the change it makes: the
// change and the record commit together or not at all. A copy that comes
// again finds the id there, and its transaction is rolled back with
// ErrRepeat before anything of it is kept. The database is the authority:
// copies of the bot sharing PostgreSQL refuse each other's repeats, and two
// copies running at once are ordered by the primary key (the second waits
// for the first to commit, then finds the id, or, under REPEATABLE READ and
// SERIALIZABLE, fails to serialize and runs again to find it).
//
// An interaction whose handler writes in several transactions is recorded by
// the first that commits; the later ones carry no record. A repeat is
// therefore refused at its first write, before any of its changes, even
// where its first copy stopped half-way (a crash between a challenge's
// commit and its post): what the first copy committed stands, and what it
// left undone is for the outbox and the sweep, as after any crash.

// InteractionMemory is how long an interaction's id is kept: Discord may
// redeliver an interaction while its token lives (15 minutes), and the
// sweep prunes ids older than this (PruneInteractions).
const InteractionMemory = time.Hour

// once is one interaction's record, carried in its context.
type once struct {
	id string
	// mu is held by the transaction that records id until it ends, so
	// that another write of the same interaction waits to learn whether
	// the record was kept rather than recording it a second time.
	mu    sync.Mutex
	state onceState
}

type onceState int

const (
	oncePending  onceState = iota // no transaction of the interaction committed yet
	onceRecorded                  // committed with its id: later writes carry no record
	onceRepeat                    // the id was there already: every write is refused
)

type onceKey struct{}

// Once returns ctx carrying interaction, the id of the interaction whose
// change the writes made with ctx are: the first write transaction that
// commits records it, and if a copy of the interaction already did, every
// write fails with ErrRepeat instead (see above). "" carries nothing.
func Once(ctx context.Context, interaction string) context.Context {
	if interaction == "" {
		return ctx
	}
	return context.WithValue(ctx, onceKey{}, &once{id: interaction})
}

// Repeated reports whether a write made with ctx was refused because its
// interaction had been applied already.
func Repeated(ctx context.Context) bool {
	o, _ := ctx.Value(onceKey{}).(*once)
	if o == nil {
		return false
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.state == onceRepeat
}

// Applied reports whether a write made with ctx recorded its interaction:
// this copy's change is the one that counts.
func Applied(ctx context.Context) bool {
	o, _ := ctx.Value(onceKey{}).(*once)
	if o == nil {
		return false
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.state == onceRecorded
}

// bookkeeping is ctx without its interaction: for writes that keep track of
// what the bot did about a change (a DM refused, a message posted) rather
// than being the change, which must not record the interaction in its stead.
func bookkeeping(ctx context.Context) context.Context {
	return context.WithValue(ctx, onceKey{}, (*once)(nil))
}

// startOnce is called as a write transaction begins. It returns the record
// the transaction must make, holding its lock until finish, or nil when
// there is none to make; and ErrRepeat when the interaction is a repeat.
func startOnce(ctx context.Context) (*once, error) {
	o, _ := ctx.Value(onceKey{}).(*once)
	if o == nil {
		return nil, nil
	}
	o.mu.Lock()
	switch o.state {
	case onceRecorded:
		o.mu.Unlock()
		return nil, nil
	case onceRepeat:
		o.mu.Unlock()
		return nil, o.repeat()
	}
	return o, nil
}

// record inserts o's id in tx. A nil o records nothing. An id already there
// is a repeat: the transaction must be rolled back.
func (o *once) record(ctx context.Context, tx *sql.Tx, now time.Time) error {
	if o == nil {
		return nil
	}
	res, err := tx.ExecContext(ctx, qRecordInteraction, o.id, now.UnixMilli())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err != nil {
			return err
		}
		o.state = onceRepeat
		return o.repeat()
	}
	return nil
}

// finish ends what startOnce began: committed says the transaction that
// recorded o committed. A nil o does nothing.
func (o *once) finish(committed bool) {
	if o == nil {
		return
	}
	if committed {
		o.state = onceRecorded
	}
	o.mu.Unlock()
}

func (o *once) repeat() error {
	return fmt.Errorf("interaction %s: %w", o.id, ErrRepeat)
}

// writer is what writeOne hands its statement: a transaction.
type writer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// writeOne runs fn, a write of one statement that is an interaction's
// change (a setting, a tournament created), in a transaction that records
// the interaction where ctx carries one not yet recorded. It is a
// transaction even where nothing is to be recorded: one whose connection
// was lost runs again on another (update), where a statement on its own
// could have been kept or not, and the player would have been told it
// failed. fn may run more than once (see update).
func (db *DB) writeOne(ctx context.Context, fn func(w writer) error) error {
	return db.update(ctx, func(tx *sql.Tx) error { return fn(tx) })
}

// exec is ExecContext through writeOne.
func (db *DB) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var res sql.Result
	err := db.writeOne(ctx, func(w writer) error {
		var err error
		res, err = w.ExecContext(ctx, query, args...)
		return err
	})
	return res, err
}

// Handled reports whether interaction was applied: its id is recorded.
func (db *DB) Handled(ctx context.Context, interaction string) (bool, error) {
	var n int
	err := db.read.QueryRowContext(ctx, qHandled, interaction).Scan(&n)
	return n > 0, err
}

// PruneInteractions forgets the interactions recorded more than
// InteractionMemory ago, when Discord no longer redelivers them, and
// returns how many it forgot.
func (db *DB) PruneInteractions(ctx context.Context) (int64, error) {
	res, err := db.execAgain(ctx, qPruneInteractions, db.now().Add(-InteractionMemory).UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

const (
	qRecordInteraction = `INSERT INTO handled_interactions (id, at_ms) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`
	qHandled           = `SELECT COUNT(*) FROM handled_interactions WHERE id = ?`
	qPruneInteractions = `DELETE FROM handled_interactions WHERE at_ms < ?`
)
