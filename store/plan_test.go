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
		"resume deadlines": qResumeDeadlines, "drop reminders": qDropReminders,
		"leaderboard count": qLeaderboardCount, "leaderboard page": qLeaderboardPage,
		"recent games": qRecentGames, "kind stats": qKindStats, "expire challenges": qExpireChallenges,
		"last ply": qLastPly, "due for a challenge": qDueForChallenge, "due for a challenge's game": qDueForChallengeGame,
	}
	for name, q := range queries {
		rows, err := db.read.Query("EXPLAIN QUERY PLAN "+q, 1, 2, 3, 4)
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
