package store

import (
	"context"
	"reflect"
	"testing"
	"time"

	"kilab/games"
)

func TestCreateGameRoundTrips(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	want := Game{ID: g.ID, GuildID: guild, ChannelID: channel, Kind: "aseb",
		Config:  games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}},
		Players: [2]string{"ana", "bo"}, Position: "start", ToMove: games.First, Version: 1, Rated: true,
		DrawOffer: NoSeat, TimeLimit: 3 * day, Deadline: epoch.Add(3 * day),
		RemindAt: epoch.Add(time.Duration(0.8 * float64(3*day))), Created: epoch, Updated: epoch, WebToken: g.WebToken}
	if !WellFormedToken(g.WebToken) {
		t.Fatalf("the new game's web token %q is not 32 hex digits", g.WebToken)
	}
	if !reflect.DeepEqual(g, want) {
		t.Fatalf("created\n%+v\nwant\n%+v", g, want)
	}
	got, err := db.Game(ctx, g.ID)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Game(%d) = %+v, %v", g.ID, got, err)
	}
	_, err = db.Game(ctx, g.ID+100)
	wantErr(t, "missing game", err, ErrNotFound)
}

func TestCreateGameRejectsBadInput(t *testing.T) {
	db, _ := newDB(t)
	ok := NewGame{GuildID: guild, ChannelID: channel, Kind: "tab", Players: [2]string{"a", "b"},
		Position: "p", TimeLimit: day}
	bad := map[string]func(n *NewGame){
		"no guild":       func(n *NewGame) { n.GuildID = "" },
		"no position":    func(n *NewGame) { n.Position = "" },
		"same players":   func(n *NewGame) { n.Players[1] = "a" },
		"missing player": func(n *NewGame) { n.Players[0] = "" },
		"bad seat":       func(n *NewGame) { n.ToMove = 2 },
		"no time":        func(n *NewGame) { n.TimeLimit = 0 },
	}
	for name, spoil := range bad {
		n := ok
		spoil(&n)
		_, err := db.CreateGame(context.Background(), n)
		wantErr(t, name, err, ErrInvalid)
	}
	g, err := db.CreateGame(context.Background(), ok) // a variant without options
	if err != nil || len(g.Config.Options) != 0 {
		t.Fatalf("good game: %+v, %v", g.Config, err)
	}
	var stored string
	db.read.QueryRow(`SELECT options FROM games WHERE id = ?`, g.ID).Scan(&stored)
	if stored != "{}" {
		t.Fatalf("no options stored as %q, want {}", stored)
	}
}

func TestSetThreadAndBoardKeepVersion(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	if err := db.SetThread(ctx, g.ID, "th1"); err != nil {
		t.Fatal(err)
	}
	if err := db.SetBoardMessage(ctx, g.ID, "m1"); err != nil {
		t.Fatal(err)
	}
	got, _ := db.Game(ctx, g.ID)
	if got.ThreadID != "th1" || got.MessageID != "m1" || got.Version != g.Version {
		t.Fatalf("after setting ids: thread %q message %q version %d", got.ThreadID, got.MessageID, got.Version)
	}
	wantErr(t, "thread of missing game", db.SetThread(ctx, 999, "x"), ErrNotFound)
	wantErr(t, "board of missing game", db.SetBoardMessage(ctx, 999, "x"), ErrNotFound)
}

func TestSeatAndTimeoutResult(t *testing.T) {
	g := Game{Players: [2]string{"ana", "bo"}, ToMove: games.Second}
	if s, ok := g.Seat("bo"); !ok || s != games.Second {
		t.Errorf("Seat(bo) = %v, %v", s, ok)
	}
	if s, ok := g.Seat("cy"); ok || s.Valid() {
		t.Errorf("Seat(cy) = %v, %v", s, ok)
	}
	if r, why := g.TimeoutResult(); r != Aborted || why != ReasonAbort {
		t.Errorf("timeout before any move = %v %q, want an abort", r, why)
	}
	g.Moved = [2]int{1, 0}
	if r, _ := g.TimeoutResult(); r != Aborted {
		t.Errorf("timeout before the second player moved = %v, want an abort", r)
	}
	g.Moved = [2]int{2, 1}
	if r, why := g.TimeoutResult(); r != FirstWins || why != ReasonTimeout {
		t.Errorf("timeout of seat 1 = %v %q, want seat 0 to win on time", r, why)
	}
}

func TestResult(t *testing.T) {
	for _, c := range []struct {
		r      Result
		winner games.Player
		won    bool
		score0 float64
	}{
		{FirstWins, games.First, true, 1}, {SecondWins, games.Second, true, 0},
		{Draw, 0, false, 0.5}, {Aborted, 0, false, 0}, {Unfinished, 0, false, 0},
	} {
		w, ok := c.r.Winner()
		if ok != c.won || (ok && w != c.winner) || c.r.Score(games.First) != c.score0 {
			t.Errorf("%v: winner %v %v score %v", c.r, w, ok, c.r.Score(games.First))
		}
		if c.won && c.r.Score(c.winner.Other()) != 0 {
			t.Errorf("%v: loser scores %v", c.r, c.r.Score(c.winner.Other()))
		}
	}
	if Win(games.Second) != SecondWins || Win(games.First) != FirstWins {
		t.Error("Win maps seats wrongly")
	}
	if Draw.String() != "draw" || Result(9).String() != "Result(9)" {
		t.Errorf("String: %v %v", Draw, Result(9))
	}
}

func TestActiveGames(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	a := newGameOf(t, db, "ana", "bo", true) // ana to move, deadline epoch+3d
	clk.Add(time.Hour)
	b := newGameOf(t, db, "cy", "ana", true) // cy to move
	clk.Add(time.Hour)
	c := newGameOf(t, db, "bo", "ana", true) // bo to move
	c = move(t, db, c, games.First, "x")     // now ana to move, deadline later than a's
	d := newGameOf(t, db, "ana", "cy", true)
	end(t, db, d, FirstWins, ReasonResignation)
	other, _ := db.CreateGame(ctx, NewGame{GuildID: "g2", ChannelID: "c9", Kind: "tab", Players: [2]string{"ana", "dee"},
		Position: "p", ToMove: games.Second, TimeLimit: day}) // dee to move, elsewhere

	got, err := db.ActiveGames(ctx, "ana", guild)
	if err != nil {
		t.Fatal(err)
	}
	if ids := gameIDs(got); !reflect.DeepEqual(ids, []int64{a.ID, c.ID, b.ID}) {
		t.Fatalf("ana's games in %s: %v, want %v (hers to move first, by deadline)", guild, ids, []int64{a.ID, c.ID, b.ID})
	}
	all, _ := db.ActiveGames(ctx, "ana", "")
	if ids := gameIDs(all); !reflect.DeepEqual(ids, []int64{a.ID, c.ID, other.ID, b.ID}) { // other: a one-day limit
		t.Fatalf("ana's games everywhere: %v", ids)
	}
	if none, _ := db.ActiveGames(ctx, "nobody", ""); len(none) != 0 {
		t.Fatalf("a stranger has games: %v", gameIDs(none))
	}
}

func gameIDs(gs []Game) []int64 {
	ids := make([]int64, len(gs))
	for i, g := range gs {
		ids[i] = g.ID
	}
	return ids
}

// RefreshPosition rewrites the derived position at the version it was read
// at, and refuses once the game has moved on.
func TestRefreshPosition(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	if err := db.RefreshPosition(ctx, g.ID, g.Version, "re-derived"); err != nil {
		t.Fatal(err)
	}
	if now, _ := db.Game(ctx, g.ID); now.Position != "re-derived" || now.Version != g.Version {
		t.Fatalf("after a refresh: %q at version %d", now.Position, now.Version)
	}
	wantErr(t, "refresh at an old version", db.RefreshPosition(ctx, g.ID, g.Version-1, "x"), ErrConflict)
}

// GamesInPlay counts active games per kind; finished ones drop out.
func TestGamesInPlay(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	if counts, err := db.GamesInPlay(ctx); err != nil || len(counts) != 0 {
		t.Fatalf("empty database: %v, %v", counts, err)
	}
	newGame(t, db)
	done := newGameOf(t, db, "cy", "dee", true)
	end(t, db, done, FirstWins, ReasonResignation)
	if _, err := db.CreateGame(ctx, NewGame{GuildID: guild, ChannelID: channel, Kind: "tab", Players: [2]string{"ana", "dee"},
		Position: "p", TimeLimit: day}); err != nil {
		t.Fatal(err)
	}
	counts, err := db.GamesInPlay(ctx)
	if want := map[string]int{"aseb": 1, "tab": 1}; err != nil || !reflect.DeepEqual(counts, want) {
		t.Fatalf("games in play %v, %v; want %v", counts, err, want)
	}
}
