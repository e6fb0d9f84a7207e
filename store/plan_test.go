package store

import (
	"strings"
	"testing"
)

// Every query that grows with the number of games must find its rows through
// an index: a full scan of games would be fine in tests and slow at 100,000
// games. SQLite says "SCAN t" for a full scan and "SEARCH t USING ..." otherwise.
func TestQueriesUseIndexes(t *testing.T) {
	sqliteOnly(t) // PostgreSQL's planner scans the small tables of a test, rightly
	db, _ := newDB(t)
	queries := map[string]string{
		"active games": qActiveGames, "due deadlines": qDueDeadlines, "due reminders": qDueReminders,
		"resume deadlines": qResumeDeadlines, "last sweep": qLastSweep,
		"leaderboard count": qLeaderboardCount, "leaderboard page": qLeaderboardPage,
		"recent games": qRecentGames, "kind stats": qKindStats, "expire challenges": qExpireChallenges,
		"last ply": qLastPly, "due for a challenge": qDueForChallenge, "due for a challenge's game": qDueForChallengeGame,
		"claim announcements": qClaimAnnouncements,
		"prune interactions":  qPruneInteractions, "prune announcements": qPruneAnnouncements, "handled interaction": qHandled,
		"solved puzzles": qSolvedPuzzles, "puzzle ratings": qPuzzleRatings, "puzzle standings": qPuzzleStandings,
		"puzzle player": qPuzzlePlayer, "puzzle rating": qPuzzleRating, "first attempt": qFirstAttempt,
		"solve own puzzle": qSolveOwnPuzzle, "game by token": qGameByToken, "game version by token": qGameVersion, "ply count": qPlyCount, "rating history": qRatingHistory,
	}
	for name, q := range queries {
		rows, err := db.read.Query("EXPLAIN QUERY PLAN "+q, 1, 2, 3, 4, 5)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		text := strings.Join(plan, "; ")
		if strings.Contains(text, "SCAN ") || !strings.Contains(text, "SEARCH ") {
			t.Errorf("%s scans a whole table: %s", name, text)
		}
	}
}

// On PostgreSQL, claiming announcements, and checking whether a newer one
// replaces one, read only those not yet delivered, however many were
// delivered before: its planner, left to itself, walks the primary key past
// every delivered one, which made each claim slower the longer a bot had
// run, and each check slower the further deliveries lagged.
func TestClaimReadsOnlyPending(t *testing.T) {
	if testDialect() != postgresDialect {
		t.Skip("PostgreSQL's plan; SQLite's is in TestQueriesUseIndexes")
	}
	db, _ := newDB(t)
	g := newGame(t, db)
	for _, q := range []string{
		`INSERT INTO announcements (game_id, kind, user_id, version, due_at, created_at, done_at, outcome)
			SELECT ?, 'board', '', v, 0, 0, 1, 'sent' FROM generate_series(1, 20000) v`,
		`INSERT INTO announcements (game_id, kind, user_id, version, due_at, created_at)
			SELECT ?, 'board', '', v, 0, 0 FROM generate_series(20001, 20010) v`,
		`ANALYZE announcements`,
	} {
		args := []any{g.ID}
		if !strings.Contains(q, "?") {
			args = nil
		}
		if _, err := db.write.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	if plan := explain(t, db, db.lockRows(qClaimAnnouncements), 1, "a", 2, 20, "~a"); !strings.Contains(plan, "announcements_pending on announcements a") {
		t.Errorf("the claim does not read the pending announcements' index:\n%s", plan)
	}
	// The check for a newer announcement of a kind reads the newer ones of
	// that game, kind and recipient alone, delivered or not, along the
	// announcements_once: not the 20,000 older ones.
	if plan := explain(t, db, qSuperseded, g.ID, "board", "", 20001); !strings.Contains(plan, "announcements_once") || !strings.Contains(plan, "version >") {
		t.Errorf("the check for a newer announcement does not read announcements_once by version:\n%s", plan)
	}
}

// explain is PostgreSQL's plan for query with args.
func explain(t *testing.T, db *DB, query string, args ...any) string {
	t.Helper()
	rows, err := db.write.Query("EXPLAIN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, line)
	}
	return strings.Join(plan, "\n")
}
