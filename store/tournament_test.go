package store

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"kilab/games"
	"kilab/tournament"
)

func newTournament(t *testing.T, db *DB, f tournament.Format, rounds int, players ...string) Tournament {
	t.Helper()
	ctx := context.Background()
	tm, err := db.CreateTournament(ctx, Tournament{GuildID: guild, ChannelID: channel, Creator: "admin", Kind: "aseb",
		Config: games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}},
		Format: f, Rounds: rounds, TimeLimit: 3 * day, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		if err := db.JoinTournament(ctx, tm.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	return tm
}

// roundGames returns the games in play of the tournament's current round.
func roundGames(t *testing.T, db *DB, id int64) (Tournament, []Game) {
	t.Helper()
	ctx := context.Background()
	tm, err := db.Tournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := pairings(ctx, db.read, id, tm.Round)
	if err != nil {
		t.Fatal(err)
	}
	var gs []Game
	for _, p := range ps {
		if p.Game == 0 {
			continue
		}
		g, err := db.Game(ctx, p.Game)
		if err != nil {
			t.Fatal(err)
		}
		if g.Active() {
			gs = append(gs, g)
		}
	}
	return tm, gs
}

func TestRoundRobinPlaysEveryPairingEachSide(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	tm := newTournament(t, db, tournament.RoundRobin, 0, "a", "b", "c", "d")
	if err := db.JoinTournament(ctx, tm.ID, "a"); err != nil {
		t.Fatalf("joining twice: %v", err)
	}
	tm, err := db.StartTournament(ctx, tm.ID)
	if err != nil || tm.Status != TournamentRunning || tm.Rounds != 6 || tm.Round != 1 {
		t.Fatalf("started: %+v, %v; want 6 rounds, round 1", tm, err)
	}
	wantErr(t, "joining a running tournament", db.JoinTournament(ctx, tm.ID, "e"), ErrClosed)
	_, err = db.StartTournament(ctx, tm.ID)
	wantErr(t, "starting twice", err, ErrClosed)
	met := map[[2]string]int{}
	for r := 1; r <= 6; r++ {
		cur, gs := roundGames(t, db, tm.ID)
		if cur.Round != r || len(gs) != 2 {
			t.Fatalf("round %d: tournament at round %d with %d games", r, cur.Round, len(gs))
		}
		for _, g := range gs {
			if g.Tournament != tm.ID || !g.Rated || g.TimeLimit != 3*day {
				t.Fatalf("tournament game %+v", g)
			}
			met[g.Players]++
			end(t, db, g, FirstWins, "test")
		}
	}
	for _, a := range []string{"a", "b", "c", "d"} {
		for _, b := range []string{"a", "b", "c", "d"} {
			if a != b && met[[2]string{a, b}] != 1 {
				t.Fatalf("%s moved first against %s %d times, want once", a, b, met[[2]string{a, b}])
			}
		}
	}
	tm, _ = db.Tournament(ctx, tm.ID)
	if tm.Status != TournamentFinished || tm.Finished.IsZero() {
		t.Fatalf("after the last game: %+v", tm)
	}
	_, _, st, err := db.Standings(ctx, tm.ID)
	if err != nil || len(st) != 4 {
		t.Fatal(st, err)
	}
	for _, s := range st {
		if s.Points != 3 || s.Games() != 6 { // every first player won: 3 each
			t.Fatalf("standing %+v, want 3 points of 6 games", s)
		}
	}
	var kinds []string
	for {
		due, _ := db.DueAnnouncements(ctx, 50)
		if len(due) == 0 {
			break
		}
		for _, n := range due {
			if n.Tournament == tm.ID {
				kinds = append(kinds, fmt.Sprintf("%s%d", strings.TrimPrefix(n.Kind, "tournament_"), n.Round))
			}
			db.Delivered(ctx, n.ID, "sent")
		}
	}
	if fmt.Sprint(kinds) != "[round1 round2 round3 round4 round5 round6 finished6]" {
		t.Fatalf("notices %v", kinds)
	}
}

func TestSwissByeWithdrawalAndTimeout(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	tm := newTournament(t, db, tournament.Swiss, 9, "a", "b", "c", "d", "e")
	tm, err := db.StartTournament(ctx, tm.ID)
	if err != nil || tm.Rounds != tournament.MaxSwissRounds(5) {
		t.Fatalf("started: %+v, %v; want rounds capped at %d", tm, err, tournament.MaxSwissRounds(5))
	}
	ps, _ := db.Pairings(ctx, tm.ID)
	if len(ps) != 3 || !ps[2].Pair.Bye() || ps[2].Pair.First != "e" || ps[2].Result != FirstWins || ps[2].Reason != ReasonBye {
		t.Fatalf("round 1 pairings %+v: want two games and a bye for the lowest seed, decided", ps)
	}
	// A tournament game lost on time before anyone moved is a loss, not an abort.
	_, gs := roundGames(t, db, tm.ID)
	clk.Add(3 * day)
	due, _ := db.DueDeadlines(ctx, 10)
	if len(due) != 2 {
		t.Fatalf("%d games due", len(due))
	}
	r, why := due[0].TimeoutResult()
	if r != Win(due[0].ToMove.Other()) || why != ReasonTimeout {
		t.Fatalf("tournament timeout: %v %q", r, why)
	}
	end(t, db, due[0], r, why)
	// b withdraws while its game (if any) is in play: the game is lost and b
	// is paired no more.
	leaver := gs[1].Players[0]
	if err := db.LeaveTournament(ctx, tm.ID, leaver); err != nil {
		t.Fatal(err)
	}
	if g, _ := db.Game(ctx, gs[1].ID); g.Active() || g.Reason != ReasonWithdrew || g.Result != SecondWins {
		t.Fatalf("the leaver's game: %v %q", g.Result, g.Reason)
	}
	tm, gs2 := roundGames(t, db, tm.ID)
	if tm.Round != 2 || len(gs2) != 2 {
		t.Fatalf("round 2: at round %d with %d games", tm.Round, len(gs2))
	}
	for _, g := range gs2 {
		if g.Players[0] == leaver || g.Players[1] == leaver {
			t.Fatalf("the leaver was paired again: %v", g.Players)
		}
	}
	wantErr(t, "leaving twice", db.LeaveTournament(ctx, tm.ID, leaver), ErrNotFound)
}

func TestTournamentStartNeedsPlayers(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	tm := newTournament(t, db, tournament.RoundRobin, 0, "a", "b")
	_, err := db.StartTournament(ctx, tm.ID)
	wantErr(t, "two players", err, ErrTooFew)
	if err := db.LeaveTournament(ctx, tm.ID, "b"); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "leaving again", db.LeaveTournament(ctx, tm.ID, "b"), ErrNotFound)
	if ps, _ := db.TournamentPlayers(ctx, tm.ID); len(ps) != 1 {
		t.Fatalf("players %v", ps)
	}
	if err := db.CancelTournament(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "joining a cancelled one", db.JoinTournament(ctx, tm.ID, "c"), ErrClosed)
	_, err = db.CreateTournament(ctx, Tournament{GuildID: guild, ChannelID: channel, Creator: "x", Kind: "aseb", Format: "knockout", TimeLimit: day})
	wantErr(t, "an unknown format", err, ErrInvalid)
}

// Withdrawals in a round robin: the leavers' games in play are lost, what is
// left of theirs is forfeit, and a pairing of two leavers scores nobody;
// rounds made only of forfeits and rests pass by themselves.
func TestRoundRobinWithdrawals(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	tm := newTournament(t, db, tournament.RoundRobin, 0, "a", "b", "c", "d")
	tm, _ = db.StartTournament(ctx, tm.ID)
	if err := db.LeaveTournament(ctx, tm.ID, "c"); err != nil {
		t.Fatal(err)
	}
	if err := db.LeaveTournament(ctx, tm.ID, "d"); err != nil {
		t.Fatal(err)
	}
	games := 0
	for {
		cur, gs := roundGames(t, db, tm.ID)
		if cur.Status != TournamentRunning {
			break
		}
		for _, g := range gs {
			games++
			// An agreed draw decides a pairing like any end.
			end(t, db, g, Draw, ReasonAgreement)
		}
	}
	if games != 2 {
		t.Fatalf("%d games played after round 1; want 2 (a and b, each side once: the rest is forfeit)", games)
	}
	_, _, st, _ := db.Standings(ctx, tm.ID)
	for _, s := range st {
		switch s.Player {
		case "a", "b": // round 1's game lost or won by withdrawal, then forfeits
			if s.Drawn != 2 || s.Games() != 6 {
				t.Fatalf("%s: %+v, want the two draws played among six results", s.Player, s)
			}
		case "c", "d":
			if s.Drawn != 0 || s.Won != 0 {
				t.Fatalf("leaver %s: %+v: a double forfeit scored", s.Player, s)
			}
		}
	}
}

func TestTournamentLimitsAndCancel(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	var players []string
	for i := range MaxTournamentPlayers {
		players = append(players, fmt.Sprintf("p%d", i))
	}
	tm := newTournament(t, db, tournament.Swiss, 3, players...)
	wantErr(t, "joining a full tournament", db.JoinTournament(ctx, tm.ID, "late"), ErrFull)
	if err := db.JoinTournament(ctx, tm.ID, "p0"); err != nil {
		t.Fatalf("joining again, full: %v", err)
	}
	tm, err := db.StartTournament(ctx, tm.ID)
	if err != nil || tm.Round != 1 {
		t.Fatalf("start of 64: %+v %v", tm, err)
	}
	if err := db.CancelTournament(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	// A game of the cancelled tournament ends as an ordinary game; nothing follows.
	_, gs := roundGames(t, db, tm.ID)
	end(t, db, gs[0], FirstWins, "test")
	if after, _ := db.Tournament(ctx, tm.ID); after.Status != TournamentCancelled || after.Round != 1 {
		t.Fatalf("after a game of the cancelled tournament: %+v", after)
	}
	wantErr(t, "cancelling twice", db.CancelTournament(ctx, tm.ID), ErrClosed)
}

// A Swiss whose players left so that no pairing without a rematch remains
// ends early rather than waiting for a round that cannot be paired.
func TestSwissEndsWhenNoPairingIsLeft(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	tm := newTournament(t, db, tournament.Swiss, 3, "a", "b", "c", "d")
	tm, _ = db.StartTournament(ctx, tm.ID)
	if tm.Rounds != 3 {
		t.Fatalf("rounds %d", tm.Rounds)
	}
	_, gs := roundGames(t, db, tm.ID)
	end(t, db, gs[0], FirstWins, "test")
	// Both players of the other game leave, one after the other: the second
	// is paired once more (round 2, three players), then the two left have
	// met and round 3 cannot be paired.
	for _, p := range gs[1].Players {
		if err := db.LeaveTournament(ctx, tm.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	tm, _ = db.Tournament(ctx, tm.ID)
	if tm.Status != TournamentFinished || tm.Round != 2 {
		t.Fatalf("after the leavers: %+v; want finished early, after round 2", tm)
	}
}
