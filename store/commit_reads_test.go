package store

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"kilab/games"
)

// movesMayRun are the statements a move's transaction runs, each checked to
// read only what commitTx's comment lists: its game's row (locked first), its
// game's plies, the next player's vacations, and its own announcements. A
// move runs REPEATABLE READ on PostgreSQL, which is right only while that
// holds; a statement added to a move must be checked the same way, and added
// here, or the move must lock what it reads.
//
// An entry ending in VALUES stands for an INSERT of any number of rows.
var movesMayRun = []string{
	"SELECT " + gameColumns + " FROM games WHERE id = ? FOR UPDATE",
	"SELECT ply, player, throws, move FROM moves WHERE game_id = ? ORDER BY ply DESC LIMIT 1",
	"UPDATE moves SET throws = ?, move = ?, revision = ?, at = ? WHERE game_id = ? AND ply = ?",
	"SELECT time_zone, quiet_from, quiet_to FROM users WHERE user_id = ?",
	"SELECT user_id, every_move FROM follows_games WHERE game_id = ?",
	"SELECT id, starts_at, ends_at FROM vacations WHERE user_id = ? AND starts_at <= ? AND ends_at > ? ORDER BY ends_at DESC LIMIT 1",
	"UPDATE games SET position = ?, to_move = ?, status = ?, result = ?, reason = ?, version = ?, moved0 = ?, moved1 = ?, draw_offer = ?, deadline = ?, remind_at = ?, rating_delta0 = ?, rating_delta1 = ?, rating_dev0 = ?, rating_dev1 = ?, updated_at = ?, finished_at = ? WHERE id = ? AND version = ?",
	"SAVEPOINT announce",
	"INSERT INTO announcements (game_id, challenge_id, tournament_id, daily_id, kind, user_id, version, round, changes, until_at, due_at, created_at, claimed_by, claimed_until) VALUES",
	"RELEASE SAVEPOINT announce",
	"SELECT txid_current_if_assigned()", // reads no table: the transaction's own id (DB.finish)
	qRecordInteraction,
}

// checked reports whether q is one of movesMayRun.
func checked(q string) bool {
	return slices.ContainsFunc(movesMayRun, func(ok string) bool {
		ok = strings.TrimSpace(spaces.ReplaceAllString(ok, " "))
		return q == ok || strings.HasSuffix(ok, " VALUES") && strings.HasPrefix(q, ok+" (")
	})
}

var spaces = regexp.MustCompile(`\s+`)

// moveStatements are the statements a move's Commit runs on PostgreSQL.
func moveStatements(t *testing.T) []string {
	t.Helper()
	db, _ := newDB(t)
	g := newGame(t, db)
	var mu sync.Mutex
	var ran []string
	// A click's move: it records its interaction (Once).
	ctx := Once(context.WithValue(context.Background(), traceKey{}, func(q string) {
		mu.Lock()
		defer mu.Unlock()
		ran = append(ran, strings.TrimSpace(spaces.ReplaceAllString(q, " ")))
	}), "click")
	// A throw, then the move it allows: the move's commit reads the throw.
	g, _, err := db.Commit(context.Background(), Commit{Game: g.ID, Version: g.Version,
		Plies: []games.Ply{{Player: games.First, Throws: []games.Throw{2}}}, Position: "thrown 2", ToMove: games.First})
	if err != nil {
		t.Fatal(err)
	}
	c := Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: games.First, Move: "1-3"}},
		Moved: true, Position: "after 1-3", ToMove: games.Second, Announce: true}
	if _, _, err := db.Commit(ctx, c); err != nil {
		t.Fatal(err)
	}
	return ran
}

// A move reads nothing but what commitTx's comment lists: a statement no one
// has checked against that list fails the test.
func TestMoveReadsOnlyItsGame(t *testing.T) {
	if testDialect() != postgresDialect {
		t.Skip("PostgreSQL only: moves run REPEATABLE READ there")
	}
	t.Parallel()
	for _, q := range moveStatements(t) {
		if !checked(q) {
			t.Errorf("a move runs %q,\nwhich no one has checked is safe under REPEATABLE READ (see commitTx)", q)
		}
	}
}
