package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"kilab/games"
	"kilab/tournament"
)

// kindsFor are the kinds of the announcements of game for user, oldest
// first.
func kindsFor(t *testing.T, db *DB, game int64, user string) []string {
	t.Helper()
	as, _, err := db.Announcements(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range as {
		if a.User == user {
			out = append(out, a.Kind)
		}
	}
	return out
}

// A move announces a DM to those who follow every move, the end to every
// follower; a player may not follow their own game; unfollowing stops it.
func TestFollowersAreAnnounced(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	if err := db.FollowGame(ctx, "ana", g.ID, true); !errors.Is(err, ErrInvalid) {
		t.Errorf("a player following their own game: %v", err)
	}
	if err := db.FollowGame(ctx, "cy", g.ID, true); err != nil {
		t.Fatal(err)
	}
	if err := db.FollowGame(ctx, "di", g.ID, false); err != nil {
		t.Fatal(err)
	}
	g, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: games.First, Move: "pass"}},
		Moved: true, Position: "after pass", ToMove: games.Second, Announce: true})
	if err != nil {
		t.Fatal(err)
	}
	if k := kindsFor(t, db, g.ID, "cy"); len(k) != 1 || k[0] != AnnounceFollowGame {
		t.Errorf("cy, following every move, after a move: %v", k)
	}
	if k := kindsFor(t, db, g.ID, "di"); len(k) != 0 {
		t.Errorf("di, following the result, after a move: %v", k)
	}
	if was, err := db.UnfollowGame(ctx, "cy", g.ID); !was || err != nil {
		t.Fatalf("unfollowing: %v %v", was, err)
	}
	if was, _ := db.UnfollowGame(ctx, "cy", g.ID); was {
		t.Error("unfollowing twice found a follow")
	}
	if _, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, End: &End{FirstWins, ReasonResignation}, Announce: true}); err != nil {
		t.Fatal(err)
	}
	if k := kindsFor(t, db, g.ID, "di"); len(k) != 1 || k[0] != AnnounceFollowGame {
		t.Errorf("di at the end: %v", k)
	}
	if k := kindsFor(t, db, g.ID, "cy"); len(k) != 1 {
		t.Errorf("cy, who unfollowed, at the end: %v", k)
	}
}

// A tournament's followers get a DM announced as each round is paired and
// when it ends.
func TestTournamentFollowersAreAnnounced(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	tm := newTournament(t, db, tournament.Swiss, 3, "a", "b", "c", "d")
	if err := db.FollowTournament(ctx, "fan", tm.ID); err != nil {
		t.Fatal(err)
	}
	tm, _ = db.StartTournament(ctx, tm.ID)
	_, gs := roundGames(t, db, tm.ID)
	end(t, db, gs[0], FirstWins, "test")
	for _, p := range gs[1].Players {
		if err := db.LeaveTournament(ctx, tm.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	rows, err := db.read.QueryContext(ctx, `SELECT kind, round FROM announcements WHERE tournament_id = ? AND user_id = 'fan' ORDER BY id`, tm.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var kind string
		var round int
		rows.Scan(&kind, &round)
		got = append(got, fmt.Sprintf("%s %d", kind, round))
	}
	want := []string{AnnounceFollowRound + " 1", AnnounceFollowRound + " 2", AnnounceFollowFinished + " 2"}
	if !slices.Equal(got, want) {
		t.Errorf("the follower's announcements: %v, want %v", got, want)
	}
}

// /follow's autocomplete: the server's games in play the asker does not
// play, newest first, and the games they follow.
func TestGamesToFollow(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	a := newGameOf(t, db, "ana", "bo", true)
	b := newGameOf(t, db, "cy", "di", true)
	newGameOf(t, db, "cy", "ana", true)
	gs, err := db.GamesInPlayIn(ctx, guild, "ana", 10)
	if err != nil || len(gs) != 1 || gs[0].ID != b.ID {
		t.Fatalf("games ana may follow: %v, %v", gs, err)
	}
	if gs, _ := db.GamesInPlayIn(ctx, "elsewhere", "ana", 10); len(gs) != 0 {
		t.Errorf("another server's games: %v", gs)
	}
	db.FollowGame(ctx, "eve", a.ID, false)
	db.FollowGame(ctx, "eve", b.ID, false)
	gs, err = db.FollowedGames(ctx, "eve", guild, 10)
	if err != nil || len(gs) != 2 || gs[0].ID != b.ID || gs[1].ID != a.ID {
		t.Fatalf("games eve follows: %v, %v", gs, err)
	}
	if gs, _ := db.FollowedGames(ctx, "eve", "elsewhere", 10); len(gs) != 0 {
		t.Errorf("games eve follows on another server: %v", gs)
	}
	if gs, _ := db.FollowedGames(ctx, "eve", "", 10); len(gs) != 2 {
		t.Errorf("games eve follows anywhere: %v", gs)
	}
}
