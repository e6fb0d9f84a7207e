package store

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"kilab/games"
	"kilab/store/glicko"
)

func TestCommitMove(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	g := newGame(t, db)
	clk.Add(time.Hour)
	g2 := move(t, db, g, games.First, "1-5")
	if g2.Version != g.Version+1 || g2.Position != "after 1-5" || g2.ToMove != games.Second {
		t.Fatalf("after a move: version %d position %q to move %v", g2.Version, g2.Position, g2.ToMove)
	}
	if g2.Moved != [2]int{1, 0} || !g2.Updated.Equal(epoch.Add(time.Hour)) {
		t.Fatalf("after a move: moved %v updated %v", g2.Moved, g2.Updated)
	}
	// The player on move changed, so the new player's clock starts now.
	if !g2.Deadline.Equal(epoch.Add(time.Hour+3*day)) || !g2.RemindAt.Before(g2.Deadline) || !g2.RemindAt.After(epoch.Add(time.Hour)) {
		t.Fatalf("deadline %v remind %v after the turn passed", g2.Deadline, g2.RemindAt)
	}
	rec, err := db.Record(ctx, g.ID)
	if err != nil || len(rec) != 1 || rec[0].Move != "1-5" || rec[0].Player != games.First || rec[0].N != 1 ||
		!rec[0].At.Equal(epoch.Add(time.Hour)) {
		t.Fatalf("record %+v, %v", rec, err)
	}
}

// A retried or doubled click carries the old version: it changes nothing.
func TestCommitStaleVersion(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	g2 := move(t, db, g, games.First, "a")
	_, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: 0, Move: "b"}},
		Moved: true, Position: "other", ToMove: 1})
	wantErr(t, "commit at the old version", err, ErrConflict)
	now, _ := db.Game(ctx, g.ID)
	rec, _ := db.Record(ctx, g.ID)
	if !reflect.DeepEqual(now, g2) || len(rec) != 1 {
		t.Fatalf("a stale commit changed the game: %+v, record %+v", now, rec)
	}
	_, _, err = db.Commit(ctx, Commit{Game: 999, Version: 1, Position: "p", ToMove: 0})
	wantErr(t, "commit to a missing game", err, ErrNotFound)
}

func TestCommitToFinishedGame(t *testing.T) {
	db, _ := newDB(t)
	g, _ := end(t, db, newGame(t, db), SecondWins, ReasonResignation)
	_, _, err := db.Commit(context.Background(), Commit{Game: g.ID, Version: g.Version, Position: "p", ToMove: 0})
	wantErr(t, "commit after the end", err, ErrFinished)
}

func TestCommitRejectsBadInput(t *testing.T) {
	db, _ := newDB(t)
	g := newGame(t, db)
	ply := []games.Ply{{Player: 0, Move: "m"}}
	for name, c := range map[string]Commit{
		"nothing":          {},
		"plies, no pos":    {Plies: ply},
		"moved, no plies":  {Moved: true, Position: "p"},
		"bad seat on move": {Plies: ply, Position: "p", ToMove: 3},
		"empty ply":        {Plies: []games.Ply{{Player: 0}}, Position: "p"},
		"bad ply seat":     {Plies: []games.Ply{{Player: -1, Move: "m"}}, Position: "p"},
		"bad throw":        {Plies: []games.Ply{{Player: 0, Throws: []games.Throw{7}}}, Position: "p"},
		"unfinished end":   {End: &End{Unfinished, ""}},
		"unknown end":      {End: &End{Aborted + 1, ""}},
		"ply out of turn":  {Plies: []games.Ply{{Player: 1, Move: "m"}}, Position: "p"},
	} {
		c.Game, c.Version = g.ID, g.Version
		_, _, err := db.Commit(context.Background(), c)
		wantErr(t, name, err, ErrInvalid)
	}
}

// A throw is committed before it is shown, then the move completes its ply; an
// automatic re-throw and a turn that passes by itself land in the same commit.
func TestThrowThenMoveMakeOnePly(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	commit := func(c Commit) Game {
		t.Helper()
		c.Game, c.Version = g.ID, g.Version
		g2, _, err := db.Commit(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		return g2
	}
	// Seat 0 throws a 0 (thrown again by the server: 3): one click, one commit.
	g = commit(Commit{Plies: []games.Ply{{Player: 0, Throws: []games.Throw{0, 3}}}, Position: "p1", ToMove: 0})
	if g.Moved != [2]int{} || g.Deadline != epoch.Add(3*day) {
		t.Fatalf("a throw counted as a move or restarted the clock: moved %v deadline %v", g.Moved, g.Deadline)
	}
	// Seat 0 moves; seat 1's throw has no legal move, so the server passes for it.
	g = commit(Commit{Plies: []games.Ply{{Player: 0, Move: "1-4"}}, Moved: true, Position: "p2", ToMove: 1})
	g = commit(Commit{Plies: []games.Ply{{Player: 1, Throws: []games.Throw{2}, Move: "pass"}, {Player: 0, Throws: []games.Throw{1}}},
		Position: "p3", ToMove: 0})
	rev, _ := games.CurrentRevision("aseb") // every stored ply carries its rules revision
	want := []games.Ply{
		{Player: 0, Throws: []games.Throw{0, 3}, Move: "1-4", Revision: rev},
		{Player: 1, Throws: []games.Throw{2}, Move: "pass", Revision: rev},
		{Player: 0, Throws: []games.Throw{1}, Revision: rev},
	}
	rec, err := db.Record(ctx, g.ID)
	if err != nil || !reflect.DeepEqual(Plies(rec), want) {
		t.Fatalf("record %v, %v\nwant %v", Plies(rec), err, want)
	}
	if got := games.FormatRecord(Plies(rec)); got != "0,3:1-4 2:pass 1:" {
		t.Fatalf("record as text %q", got)
	}
	_, err = db.Record(ctx, 999)
	wantErr(t, "record of a missing game", err, ErrNotFound)
}

// However a game's actions are split into commits, the stored record is what
// one games.Recorder would have collected from them all.
func TestRecordMatchesRecorderAcrossCommits(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	rng := rand.New(rand.NewPCG(7, 7))
	for round := 0; round < 20; round++ {
		g := newGame(t, db)
		var whole games.Recorder
		var part games.Recorder
		player := games.First
		for i := 0; i < 30; i++ {
			act(rng, player, &whole, &part)
			if rng.IntN(3) == 0 {
				player = player.Other()
			}
			if rng.IntN(3) == 0 || i == 29 {
				next, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Plies: part.Plies,
					Position: "p", ToMove: player})
				if err != nil {
					t.Fatal(err)
				}
				g, part = next, games.Recorder{}
			}
		}
		rec, err := db.Record(ctx, g.ID)
		for i := range rec {
			rec[i].Revision = 0 // the recorder's plies are of the current revision too
		}
		if err != nil || !reflect.DeepEqual(Plies(rec), whole.Plies) {
			t.Fatalf("round %d: stored %v\nrecorder %v", round, games.FormatRecord(Plies(rec)), games.FormatRecord(whole.Plies))
		}
	}
}

// act records one random throw or move by p in both recorders.
func act(rng *rand.Rand, p games.Player, rs ...*games.Recorder) {
	throw, mv := games.Throw(rng.IntN(5)), string(rune('a'+rng.IntN(26)))
	isThrow := rng.IntN(2) == 0
	for _, r := range rs {
		if isThrow {
			r.Throw(p, throw)
		} else {
			r.Move(p, mv)
		}
	}
}

func TestDeadlineRestartsOnlyWhenPlayerChanges(t *testing.T) {
	db, clk := newDB(t)
	g := newGame(t, db)
	clk.Add(time.Hour)
	// Seat 0 moves and stays on move (a Tab turn with several moves).
	g2, _, err := db.Commit(context.Background(), Commit{Game: g.ID, Version: g.Version,
		Plies: []games.Ply{{Player: 0, Move: "m"}}, Moved: true, Position: "p", ToMove: 0})
	if err != nil || !g2.Deadline.Equal(g.Deadline) || !g2.RemindAt.Equal(g.RemindAt) {
		t.Fatalf("same player on move: deadline %v -> %v (%v)", g.Deadline, g2.Deadline, err)
	}
	clk.Add(time.Hour)
	g3 := move(t, db, g2, 0, "n")
	if !g3.Deadline.Equal(epoch.Add(2*time.Hour + 3*day)) {
		t.Fatalf("new player on move: deadline %v", g3.Deadline)
	}
}

func TestDrawOffer(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	wantErr(t, "offer at an old version", db.OfferDraw(ctx, g.ID, g.Version+1, 0), ErrConflict)
	wantErr(t, "offer by nobody", db.OfferDraw(ctx, g.ID, g.Version, NoSeat), ErrInvalid)
	if err := db.OfferDraw(ctx, g.ID, g.Version, 0); err != nil {
		t.Fatal(err)
	}
	g, _ = db.Game(ctx, g.ID)
	if g.DrawOffer != 0 || g.Version != 1 {
		t.Fatalf("after an offer: offer %v version %d", g.DrawOffer, g.Version)
	}
	g = move(t, db, g, 0, "a") // the offering player's own move keeps the offer
	if g.DrawOffer != 0 {
		t.Fatalf("offer lapsed on the offerer's own move")
	}
	g = move(t, db, g, 1, "b") // the opponent's move lapses it
	if g.DrawOffer != NoSeat {
		t.Fatalf("offer %v survived the opponent's move", g.DrawOffer)
	}
	db.OfferDraw(ctx, g.ID, g.Version, 1)
	if err := db.DeclineDraw(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if g, _ = db.Game(ctx, g.ID); g.DrawOffer != NoSeat {
		t.Fatal("declined offer still there")
	}
	wantErr(t, "decline in a missing game", db.DeclineDraw(ctx, 999), ErrNotFound)
	g, _ = end(t, db, g, Draw, ReasonAgreement)
	wantErr(t, "offer after the end", db.OfferDraw(ctx, g.ID, g.Version, 0), ErrFinished)
}

func TestEndRatedGameUpdatesRatings(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	g := move(t, db, move(t, db, newGame(t, db), 0, "a"), 1, "b")
	clk.Add(time.Hour)
	g, changes := end(t, db, g, SecondWins, ReasonResignation)
	wa, wb := glicko.Game(glicko.New(), glicko.New(), glicko.Loss)
	if len(changes) != 2 || changes[0].User != "ana" || changes[1].User != "bo" ||
		changes[0].After != wa || changes[1].After != wb || changes[0].Before != glicko.New() {
		t.Fatalf("rating changes %+v, want ana %+v and bo %+v", changes, wa, wb)
	}
	if g.Result != SecondWins || g.Reason != ReasonResignation || g.Active() || !g.Finished.Equal(epoch.Add(time.Hour)) {
		t.Fatalf("ended game %+v", g)
	}
	if !g.Deadline.IsZero() || !g.RemindAt.IsZero() || g.RatingDelta != [2]float64{changes[0].Delta(), changes[1].Delta()} {
		t.Fatalf("ended game keeps deadline %v remind %v, deltas %v", g.Deadline, g.RemindAt, g.RatingDelta)
	}
	ana, err := db.Standing(ctx, guild, "aseb", "ana")
	if err != nil || ana.Rating != wa || ana.Losses != 1 || ana.Games() != 1 {
		t.Fatalf("ana's standing %+v, %v", ana, err)
	}
	if bo, _ := db.Standing(ctx, guild, "aseb", "bo"); bo.Rating != wb || bo.Wins != 1 {
		t.Fatalf("bo's standing %+v", bo)
	}
	// The next game starts from the stored ratings.
	g2, ch2 := end(t, db, newGame(t, db), Draw, ReasonAgreement)
	a2, b2 := glicko.Game(wa, wb, glicko.Draw)
	if ch2[0].Before != wa || ch2[0].After != a2 || ch2[1].After != b2 || g2.Result != Draw {
		t.Fatalf("second game: %+v", ch2)
	}
	if bo, _ := db.Standing(ctx, guild, "aseb", "bo"); bo.Wins != 1 || bo.Draws != 1 {
		t.Fatalf("bo's tally %+v", bo)
	}
}

func TestUnratedAndAbortedGamesLeaveRatings(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g, ch := end(t, db, newGameOf(t, db, "ana", "bo", false), FirstWins, ReasonResignation)
	g2, ch2 := end(t, db, newGame(t, db), Aborted, ReasonAbort)
	if ch != nil || ch2 != nil || g.RatingDelta != [2]float64{} || g2.RatingDelta != [2]float64{} {
		t.Fatalf("unrated end changed ratings: %v %v", ch, ch2)
	}
	_, err := db.Standing(ctx, guild, "aseb", "ana")
	wantErr(t, "standing after unrated games", err, ErrNotFound)
}

// A game's end and its rating updates are one transaction: if the ratings
// cannot be written, the game does not end either.
func TestEndIsAtomicWithRatings(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := move(t, db, newGame(t, db), 0, "a")
	failRating := map[*dialect]string{
		sqliteDialect: `CREATE TRIGGER fail_rating BEFORE INSERT ON ratings BEGIN SELECT RAISE(ABORT, 'no ratings today'); END`,
		postgresDialect: `CREATE FUNCTION fail_rating() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE 'no ratings today'; END $$;
			CREATE TRIGGER fail_rating BEFORE INSERT ON ratings FOR EACH ROW EXECUTE FUNCTION fail_rating()`,
	}
	if _, err := db.write.Exec(failRating[db.dialect]); err != nil {
		t.Fatal(err)
	}
	_, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Plies: []games.Ply{{Player: 1, Move: "win"}},
		Moved: true, Position: "won", ToMove: 0, End: &End{SecondWins, "all pieces borne off"}})
	if err == nil {
		t.Fatal("commit succeeded although its ratings failed")
	}
	now, _ := db.Game(ctx, g.ID)
	rec, _ := db.Record(ctx, g.ID)
	if !reflect.DeepEqual(now, g) || len(rec) != 1 {
		t.Fatalf("half a commit was kept: game %+v, record %v", now, Plies(rec))
	}
}

// A move after which the blocked opponent passes at once (Seega S7) leaves the
// mover on move, but it is a new turn: the mover's deadline starts afresh.
func TestCommitTurnThroughABlockedOpponent(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	g := newGame(t, db)
	clk.Add(2 * day) // most of the first turn's time used
	g2, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Moved: true,
		Plies:    []games.Ply{{Player: games.First, Move: "E3-D3"}, {Player: games.Second, Move: "pass"}},
		Position: "after the pass", ToMove: games.First})
	if err != nil {
		t.Fatal(err)
	}
	if !g2.Deadline.Equal(epoch.Add(2*day + 3*day)) {
		t.Fatalf("deadline %v, want a full turn from now (%v)", g2.Deadline, epoch.Add(5*day))
	}
}

// A draw offer lapses when the offered player's turn passes, also when the
// server played that turn as a pass inside the offerer's commit (D5, S7):
// the offered player can no longer accept an offer made before it.
func TestDrawOfferLapsesOnAnAutomaticPass(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	if err := db.OfferDraw(ctx, g.ID, g.Version, 0); err != nil {
		t.Fatal(err)
	}
	g, _ = db.Game(ctx, g.ID)
	g2, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Moved: true, Position: "after a, b passed", ToMove: 0,
		Plies: []games.Ply{{Player: 0, Move: "a"}, {Player: 1, Move: "pass"}}})
	if err != nil {
		t.Fatal(err)
	}
	if g2.DrawOffer != NoSeat {
		t.Fatalf("offer %v survived the offered seat's automatic pass", g2.DrawOffer)
	}
	if g2.Moved[1] != 0 {
		t.Fatalf("the automatic pass counted as the offered seat's own move: %v", g2.Moved)
	}
}
