package store

import (
	"context"
	"fmt"
	"sort"
	"testing"

	"kilab/store/glicko"
)

// play has p0 and p1 play a rated game in guild g and kind, ending in r.
func play(t *testing.T, db *DB, g, kind, p0, p1 string, r Result) {
	t.Helper()
	ctx := context.Background()
	gm, err := db.CreateGame(ctx, NewGame{GuildID: g, ChannelID: channel, Kind: kind, Players: [2]string{p0, p1},
		Position: "p", TimeLimit: day, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	end(t, db, gm, r, "rules")
}

func TestLeaderboardPages(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	// Seven players; p0 beats everyone, p1 everyone but p0, and so on: the
	// order of the board is known, and the ratings are replayed by hand.
	want := map[string]glicko.Rating{}
	rating := func(u string) glicko.Rating {
		if r, ok := want[u]; ok {
			return r
		}
		return glicko.New()
	}
	const n = 7
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := fmt.Sprintf("p%d", i), fmt.Sprintf("p%d", j)
			play(t, db, guild, "tab", a, b, FirstWins)
			want[a], want[b] = glicko.Game(rating(a), rating(b), glicko.Win)
		}
	}
	play(t, db, guild, "aseb", "p6", "p0", FirstWins)  // another game
	play(t, db, "g2", "tab", "p6", "p0", FirstWins)    // another server
	play(t, db, guild, "tab", "zed", "p0", SecondWins) // a newcomer
	want["zed"], want["p0"] = glicko.Game(rating("zed"), rating("p0"), glicko.Loss)

	var all []Standing
	for off := 0; ; off += 3 {
		page, total, err := db.Leaderboard(ctx, guild, "tab", off, 3)
		if err != nil || total != n+1 {
			t.Fatalf("page at %d: total %d, %v", off, total, err)
		}
		if len(page) == 0 {
			break
		}
		all = append(all, page...)
	}
	users := make([]string, 0, len(want))
	for u := range want {
		users = append(users, u)
	}
	sort.Slice(users, func(i, j int) bool { return want[users[i]].Rating > want[users[j]].Rating })
	if len(all) != len(users) {
		t.Fatalf("board has %d players, want %d", len(all), len(users))
	}
	for i, s := range all {
		if s.User != users[i] || s.Rank != i+1 || s.Rating != want[s.User] || s.Kind != "tab" || s.Guild != guild {
			t.Errorf("place %d: %s rank %d %+v, want %s %+v", i+1, s.User, s.Rank, s.Rating, users[i], want[users[i]])
		}
	}
	if p0 := all[0]; p0.User != "p0" || p0.Wins != n || p0.Losses != 0 || p0.Games() != n {
		t.Errorf("top of the board: %+v", p0)
	}
	if zed, _ := db.Standing(ctx, guild, "tab", "zed"); !zed.Provisional() || zed.Games() != 1 {
		t.Errorf("newcomer: %+v, want provisional", zed)
	}
	if _, _, err := db.Leaderboard(ctx, guild, "tab", -1, 3); err == nil {
		t.Error("negative offset accepted")
	}
	if page, total, err := db.Leaderboard(ctx, guild, "seega", 0, 10); err != nil || len(page) != 0 || total != 0 {
		t.Errorf("empty board: %v %d %v", page, total, err)
	}
}
