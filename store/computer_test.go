package store

import (
	"context"
	"errors"
	"testing"

	"kilab/games"
)

const botID = "kilab"

func computerGame(t *testing.T, db *DB, seat games.Player, toMove games.Player) (Challenge, Game) {
	t.Helper()
	players := [2]string{"ana", botID}
	if seat == 0 {
		players = [2]string{botID, "ana"}
	}
	c, g, err := db.StartComputerGame(context.Background(), Challenge{GuildID: guild, ChannelID: channel,
		Challenger: "ana", Opponent: botID, Kind: "aseb", Config: games.Config{Variant: "standard"}, TimeLimit: 3 * day, Rated: true},
		Start{Players: players, Position: "start", ToMove: toMove}, Computer{Level: "hard", Seat: seat})
	if err != nil {
		t.Fatal(err)
	}
	return c, g
}

// A game against the computer starts at once, unrated, from a challenge that
// is accepted as it is made; the computer gets no DMs.
func TestStartComputerGame(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	c, g := computerGame(t, db, 1, 0)
	if c.Status != ChallengeAccepted || c.Opponent != botID || g.ChallengeID != c.ID || c.Rated {
		t.Errorf("challenge %+v", c)
	}
	if g.Rated || g.Computer != (Computer{Level: "hard", Seat: 1}) || !g.Human(0) || g.Human(1) || g.ComputerOnMove() {
		t.Errorf("game %+v", g)
	}
	as, _, _ := db.Announcements(ctx, g.ID)
	if kinds := kindsOf(as); kinds != "start board turn_dm:ana retire" {
		t.Errorf("announcements %q", kinds)
	}
	_, g2 := computerGame(t, db, 0, 0)
	as, _, _ = db.Announcements(ctx, g2.ID)
	if kinds := kindsOf(as); kinds != "start board retire" || !g2.ComputerOnMove() {
		t.Errorf("computer first: announcements %q, on move %v", kinds, g2.ComputerOnMove())
	}
	// At the end, only the person hears the result by DM.
	if _, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, End: &End{FirstWins, "all pieces borne off"}, Announce: true}); err != nil {
		t.Fatal(err)
	}
	as, _, _ = db.Announcements(ctx, g.ID)
	if kinds := kindsOf(as[4:]); kinds != "board result_dm:ana retire" {
		t.Errorf("end announcements %q", kinds)
	}
}

func kindsOf(as []Announcement) string {
	s := ""
	for i, a := range as {
		if i > 0 {
			s += " "
		}
		s += a.Kind
		if a.User != "" {
			s += ":" + a.User
		}
	}
	return s
}

func TestStartComputerGameRejectsBadSeats(t *testing.T) {
	db, _ := newDB(t)
	_, _, err := db.StartComputerGame(context.Background(), Challenge{GuildID: guild, ChannelID: channel,
		Challenger: "ana", Opponent: botID, Kind: "aseb", TimeLimit: day},
		Start{Players: [2]string{"ana", botID}, Position: "start"}, Computer{Level: "hard", Seat: 0})
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("computer seated as the person: %v", err)
	}
	_, err = db.CreateGame(context.Background(), NewGame{GuildID: guild, ChannelID: channel, Kind: "aseb",
		Players: [2]string{"ana", botID}, Position: "start", TimeLimit: day, Rated: true, Computer: Computer{Level: "easy", Seat: 1}})
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("rated game against the computer: %v", err)
	}
}

// The computer's to-do list holds exactly the games waiting for it; its turns
// never time out and it is never reminded.
func TestComputerOnMove(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	_, mine := computerGame(t, db, 0, 0)
	_, theirs := computerGame(t, db, 1, 0)
	people := newGame(t, db)
	due, err := db.ComputerOnMove(ctx, 10)
	if err != nil || len(due) != 1 || due[0].ID != mine.ID {
		t.Fatalf("computer on move: %v, %v; want [%d]", gameIDs(due), err, mine.ID)
	}
	clk.Add(4 * day)
	late, _ := db.DueDeadlines(ctx, 10)
	if ids := gameIDs(late); len(ids) != 2 || ids[0] == mine.ID || ids[1] == mine.ID {
		t.Errorf("due deadlines %v: want %d and %d, never the computer's turn in %d", ids, theirs.ID, people.ID, mine.ID)
	}
	rem, _ := db.DueReminders(ctx, 10)
	for _, g := range rem {
		if g.ID == mine.ID {
			t.Errorf("the computer is reminded")
		}
	}
	end(t, db, mine, SecondWins, ReasonResignation)
	if due, _ = db.ComputerOnMove(ctx, 10); len(due) != 0 {
		t.Errorf("finished game still due: %v", gameIDs(due))
	}
}

// /stats keeps games against the computer apart from games between people.
func TestStatsCountComputerGamesApart(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	_, g := computerGame(t, db, 1, 0)
	end(t, db, g, FirstWins, "all pieces borne off")
	_, g = computerGame(t, db, 0, 0)
	end(t, db, g, FirstWins, "all pieces borne off")
	play(t, db, guild, "aseb", "ana", "bo", FirstWins)
	st, err := db.Stats(ctx, guild, "ana", 5)
	if err != nil || len(st.Kinds) != 1 {
		t.Fatalf("stats %+v, %v", st, err)
	}
	k := st.Kinds[0]
	if k.Wins != 1 || k.Losses != 0 || k.Computer != (Tally{Wins: 1, Losses: 1}) {
		t.Errorf("kind stats %+v", k)
	}
}
