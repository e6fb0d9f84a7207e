package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"kilab/games"
	"kilab/tournament"
)

// Several copies of Kilab on one database: each test opens two handles on
// one source (two processes, as far as the database can tell) on one fake
// clock, and has them race. On SQLite the one writer serialises them; on
// PostgreSQL the claims, the version guards and SERIALIZABLE do.

// twoCopies opens two handles on a fresh database, sharing a fake clock.
func twoCopies(t *testing.T) (*DB, *DB, *clock) {
	t.Helper()
	src := testSource(t)
	a, b := openTest(t, src), openTest(t, src)
	c := &clock{t: epoch}
	a.Now, b.Now = c.Now, c.Now
	return a, b, c
}

// race runs fn once per copy and worker, all starting at once.
func race(copies []*DB, workers int, fn func(db *DB, name string)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, db := range copies {
		for w := range workers {
			name := fmt.Sprintf("copy%d/%d", i, w)
			wg.Go(func() {
				<-start
				fn(db, name)
			})
		}
	}
	close(start)
	wg.Wait()
}

// gamesToAnnounce makes n games, each with a commit that records its
// announcements (a board, a turn DM, a retirement).
func gamesToAnnounce(t *testing.T, db *DB, n int) {
	t.Helper()
	for i := range n {
		g := newGameOf(t, db, fmt.Sprintf("p%d", i), fmt.Sprintf("q%d", i), false)
		if _, _, err := db.Commit(context.Background(), Commit{Game: g.ID, Version: g.Version, Moved: true,
			Plies: []games.Ply{{Player: 0, Move: "a"}}, Position: "b", ToMove: 1, Announce: true}); err != nil {
			t.Fatal(err)
		}
	}
}

// Copies delivering at once send every announcement once, and a game's in
// order.
func TestCopiesClaimEachAnnouncementOnce(t *testing.T) {
	ctx := context.Background()
	a, b, _ := twoCopies(t)
	gamesToAnnounce(t, a, 12)
	var (
		mu     sync.Mutex
		sent   = map[int64]string{}
		byGame = map[int64][]int64{}
		errs   []error
	)
	race([]*DB{a, b}, 3, func(db *DB, name string) {
		for {
			due, err := db.ClaimAnnouncements(ctx, name, 4, time.Minute)
			if err != nil || len(due) == 0 {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
				return
			}
			for _, an := range due {
				mu.Lock() // "sent", before it is marked: a later one of its game cannot be claimed yet
				if by, dup := sent[an.ID]; dup {
					errs = append(errs, fmt.Errorf("announcement %d sent by %s and %s", an.ID, by, name))
				}
				sent[an.ID], byGame[an.Game] = name, append(byGame[an.Game], an.ID)
				mu.Unlock()
				if err := db.Delivered(ctx, an.ID, "sent"); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}
	})
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 12*3 {
		t.Fatalf("%d announcements sent, want %d", len(sent), 12*3)
	}
	for game, ids := range byGame {
		for i := 1; i < len(ids); i++ {
			if ids[i] < ids[i-1] {
				t.Fatalf("game %d's announcements went out as %v", game, ids)
			}
		}
	}
	if left, _ := a.DueAnnouncements(ctx, 10); len(left) != 0 {
		t.Fatalf("%d announcements left undelivered", len(left))
	}
}

// claimer returns a function that has owner claim announcements on db and
// fails the test unless it gets want of them.
func claimer(t *testing.T) func(db *DB, owner string, want int) []Announcement {
	return func(db *DB, owner string, want int) []Announcement {
		t.Helper()
		got, err := db.ClaimAnnouncements(context.Background(), owner, 10, time.Minute)
		if err != nil || len(got) != want {
			t.Fatalf("%s claimed %d, %v; want %d", owner, len(got), err, want)
		}
		return got
	}
}

// A claim keeps an announcement from other copies until it lapses, is
// released by its owner restarting, or ends with a retry.
func TestClaimsLapseAndAreReleased(t *testing.T) {
	ctx := context.Background()
	a, b, clk := twoCopies(t)
	gamesToAnnounce(t, a, 1)
	claim := claimer(t)
	first := claim(a, "a", 1) // the board; the DM waits for it
	claim(b, "b", 0)
	clk.Add(time.Minute) // a crashed: its claim lapses
	if again := claim(b, "b", 1); again[0].ID != first[0].ID {
		t.Fatalf("b took over %d, want %d", again[0].ID, first[0].ID)
	}
	claim(a, "a", 0)
	if err := b.ReleaseClaims(ctx, "b"); err != nil { // b restarts under its name
		t.Fatal(err)
	}
	claim(a, "a", 1)
	if err := a.Retry(ctx, first[0].ID, clk.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	claim(b, "b", 0) // put off: due later, and in order, so nothing of its game is due
	clk.Add(time.Hour)
	if got := claim(b, "b", 1); got[0].ID != first[0].ID || got[0].Attempts != 1 {
		t.Fatalf("after the retry: %+v", got[0])
	}
}

// The copy whose commit wrote announcements has first dibs on them: other
// copies leave them for firstDibs, then take over; the owner takes each
// once, however many of its workers ask.
func TestOwnerHasFirstDibs(t *testing.T) {
	ctx := context.Background()
	a, b, clk := twoCopies(t)
	a.Owner = "a"
	gamesToAnnounce(t, a, 2)
	claim := claimer(t)
	claim(b, "b", 0)
	boards := claim(a, "a", 2) // each game's board; its DM waits for it
	claim(a, "a", 0)           // dibs once taken are an ordinary claim
	for _, an := range boards {
		if err := a.Delivered(ctx, an.ID, "sent"); err != nil {
			t.Fatal(err)
		}
	}
	clk.Add(firstDibs - time.Millisecond)
	claim(b, "b", 0)
	clk.Add(time.Millisecond) // a stopped, or is swamped: b takes over
	if got := claim(b, "b", 2); got[0].Kind != AnnounceTurnDM {
		t.Fatalf("b took over %+v, want the turn DMs", got)
	}
}

// Tournament notices are claimed once as announcements are: they are
// announcements, in the one outbox.
func TestCopiesClaimEachTournamentNoticeOnce(t *testing.T) {
	ctx := context.Background()
	a, b, clk := twoCopies(t)
	for range 3 {
		tm := newTournament(t, a, tournament.RoundRobin, 0, "x", "y", "z")
		if _, err := a.StartTournament(ctx, tm.ID); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	got := map[int64]int{}
	race([]*DB{a, b}, 2, func(db *DB, name string) {
		ns, err := db.ClaimAnnouncements(ctx, name, 10, time.Minute)
		if err != nil {
			t.Error(err)
		}
		mu.Lock()
		defer mu.Unlock()
		for _, n := range tournamentNotices(ns) {
			got[n.ID]++
		}
	})
	if len(got) != 3 {
		t.Fatalf("claimed %v, want the 3 round notices", got)
	}
	for id, n := range got {
		if n != 1 {
			t.Fatalf("notice %d claimed %d times", id, n)
		}
	}
	clk.Add(time.Minute)
	ns, err := b.ClaimAnnouncements(ctx, "b", 10, time.Minute)
	if ns = tournamentNotices(ns); err != nil || len(ns) != 3 {
		t.Fatalf("after the lease: %d notices claimed, %v", len(ns), err)
	}
	if ns[0].Kind != AnnounceTournamentRound || ns[0].Round != 1 {
		t.Fatalf("claimed %+v, want round 1's notice", ns[0])
	}
	if err := b.Retry(ctx, ns[0].ID, clk.Now()); err != nil {
		t.Fatal(err)
	}
	if ns, _ := a.ClaimAnnouncements(ctx, "a", 10, time.Minute); len(ns) != 1 || ns[0].Attempts != 1 || ns[0].Tournament == 0 {
		t.Fatalf("after a retry: %+v", ns)
	}
}

// A tournament's notice is written once per tournament, kind and round,
// however often it is asked for, and the copy whose commit wrote it has
// first dibs on it, as on a game's announcements.
func TestTournamentNoticeOnceWithFirstDibs(t *testing.T) {
	ctx := context.Background()
	a, b, clk := twoCopies(t)
	a.Owner = "a"
	tm := newTournament(t, a, tournament.RoundRobin, 0, "x", "y", "z")
	if _, err := a.StartTournament(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	round1 := Notice{Kind: AnnounceTournamentRound, Round: 1}
	if err := a.update(ctx, func(tx *sql.Tx) error {
		return a.announceTournament(ctx, tx, tm.ID, round1, round1, Notice{Kind: AnnounceTournamentFinished, Round: 1})
	}); err != nil {
		t.Fatal(err)
	}
	if ns, _ := b.ClaimAnnouncements(ctx, "b", 10, time.Minute); len(ns) != 0 {
		t.Fatalf("b claimed %+v within a's first dibs", ns)
	}
	clk.Add(firstDibs)
	ns, err := b.ClaimAnnouncements(ctx, "b", 10, time.Minute)
	if ns = tournamentNotices(ns); err != nil || len(ns) != 1 || ns[0].Kind != AnnounceTournamentRound || ns[0].Round != 1 {
		t.Fatalf("after a's first dibs, b claimed notices %+v, %v; want round 1's alone", ns, err)
	}
	if err := b.Delivered(ctx, ns[0].ID, "sent"); err != nil {
		t.Fatal(err)
	}
	ns, err = b.ClaimAnnouncements(ctx, "b", 10, time.Minute)
	if ns = tournamentNotices(ns); err != nil || len(ns) != 1 || ns[0].Kind != AnnounceTournamentFinished {
		t.Fatalf("then b claimed notices %+v, %v; want the final one", ns, err)
	}
}

// tournamentNotices are the announcements of as about a tournament.
func tournamentNotices(as []Announcement) []Announcement {
	var out []Announcement
	for _, a := range as {
		if a.Tournament != 0 {
			out = append(out, a)
		}
	}
	return out
}

// A copy restarted under its name releases what it had claimed before it
// stopped, tournament notices as well as games' announcements, and nothing
// another copy holds: the released ones are due to any copy at once, not
// when their leases run out.
func TestReleaseClaimsFreesNoticesAndAnnouncements(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b, _ := twoCopies(t)
	gamesToAnnounce(t, a, 2)
	for range 2 {
		tm := newTournament(t, a, tournament.RoundRobin, 0, "x", "y", "z")
		if _, err := a.StartTournament(ctx, tm.ID); err != nil {
			t.Fatal(err)
		}
	}
	// Due, oldest first: the two games' boards, then each tournament's
	// game's start and its round notice. c holds the first tournament's
	// notice and what is older; a holds the rest.
	cHeld, _ := b.ClaimAnnouncements(ctx, "c", 4, time.Hour)
	aHeld, _ := a.ClaimAnnouncements(ctx, "a", 50, time.Hour)
	if len(cHeld) != 4 || len(tournamentNotices(cHeld)) != 1 || len(aHeld) != 2 || len(tournamentNotices(aHeld)) != 1 {
		t.Fatalf("claimed: c %v, a %v; want 4 with a notice and 2 with a notice", announcementIDs(cHeld), announcementIDs(aHeld))
	}
	if as, _ := b.ClaimAnnouncements(ctx, "b", 50, time.Hour); len(as) != 0 {
		t.Fatalf("b claimed announcements others hold: %v", announcementIDs(as))
	}
	if err := a.ReleaseClaims(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	announced, err := b.ClaimAnnouncements(ctx, "b", 50, time.Hour)
	if err != nil || !slices.Equal(announcementIDs(announced), announcementIDs(aHeld)) {
		t.Fatalf("after a released its claims, b claimed %v, %v; want a's %v",
			announcementIDs(announced), err, announcementIDs(aHeld))
	}
}

func announcementIDs(as []Announcement) []int64 {
	var ids []int64
	for _, a := range as {
		ids = append(ids, a.ID)
	}
	return ids
}

// Two copies ending the last two games of a round at the same moment start
// the next round once: each end reads whether the round is over and writes
// its own pairing, which one writer (SQLite) or SERIALIZABLE (PostgreSQL)
// keeps from both seeing the other's game still in play.
func TestCopiesEndingARoundStartTheNextOnce(t *testing.T) {
	ctx := context.Background()
	a, b, _ := twoCopies(t)
	tm := newTournament(t, a, tournament.RoundRobin, 0, "w", "x", "y", "z")
	if _, err := a.StartTournament(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	for round := 1; round <= 6; round++ {
		cur, gs := roundGames(t, a, tm.ID)
		if cur.Round != round || len(gs) != 2 {
			t.Fatalf("round %d: at round %d with %d games in play", round, cur.Round, len(gs))
		}
		var wg sync.WaitGroup
		for i, db := range []*DB{a, b} {
			wg.Go(func() {
				g := gs[i]
				if _, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, End: &End{FirstWins, "test"}, Announce: true}); err != nil {
					t.Errorf("round %d: %v", round, err)
				}
			})
		}
		wg.Wait()
		if t.Failed() {
			return
		}
	}
	final, _ := a.Tournament(ctx, tm.ID)
	ps, _ := a.Pairings(ctx, tm.ID)
	if final.Status != TournamentFinished || len(ps) != 12 {
		t.Fatalf("after 6 rounds: %s with %d pairings", final.Status, len(ps))
	}
	var tournamentGames int
	a.read.QueryRow(`SELECT count(*) FROM games WHERE tournament_id = ?`, tm.ID).Scan(&tournamentGames)
	due, _ := a.DueAnnouncements(ctx, 100)
	if notices := tournamentNotices(due); tournamentGames != 12 || len(notices) != 1 { // notices come one at a time, in order
		t.Fatalf("%d games, %d notices due; want 12 and 1", tournamentGames, len(tournamentNotices(due)))
	}
}

// Two copies sweeping at once send each reminder and end each game on time
// once: MarkReminded and the version-guarded Commit are the claims.
func TestCopiesSweepOnce(t *testing.T) {
	ctx := context.Background()
	a, b, clk := twoCopies(t)
	const n = 8
	for i := range n {
		move(t, a, newGameOf(t, a, fmt.Sprintf("p%d", i), fmt.Sprintf("q%d", i), true), 0, "a")
	}
	count := func(sweep func(db *DB, g Game) error, due func(db *DB) ([]Game, error)) map[int64]int {
		var mu sync.Mutex
		won := map[int64]int{}
		race([]*DB{a, b}, 2, func(db *DB, _ string) {
			gs, err := due(db)
			if err != nil {
				t.Error(err)
			}
			for _, g := range gs {
				err := sweep(db, g)
				mu.Lock()
				if err == nil {
					won[g.ID]++
				} else if !errors.Is(err, ErrConflict) && !errors.Is(err, ErrFinished) {
					t.Error(err)
				}
				mu.Unlock()
			}
		})
		return won
	}
	clk.Add(3 * day * 9 / 10)
	reminded := count(func(db *DB, g Game) error { return db.MarkReminded(ctx, g, true) },
		func(db *DB) ([]Game, error) { return db.DueReminders(ctx, 100) })
	clk.Add(day)
	ended := count(func(db *DB, g Game) error {
		r, why := g.TimeoutResult()
		_, _, err := db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, End: &End{r, why}, Announce: true})
		return err
	}, func(db *DB) ([]Game, error) { return db.DueDeadlines(ctx, 100) })
	for name, won := range map[string]map[int64]int{"reminded": reminded, "ended": ended} {
		if len(won) != n {
			t.Errorf("%s %d games, want %d", name, len(won), n)
		}
		for id, k := range won {
			if k != 1 {
				t.Errorf("game %d %s %d times", id, name, k)
			}
		}
	}
	for id := range ended {
		g, _ := a.Game(ctx, id)
		// The move that set the game up kept the turn: its refresh, the
		// reminder to the player on move, then the end.
		want := fmt.Sprintf("refresh reminder:%s board result_dm:%s result_dm:%s retire", g.Players[1], g.Players[0], g.Players[1])
		if as, _, _ := a.Announcements(ctx, id); kindsOf(as) != want {
			t.Errorf("game %d announced %s, want %s", id, kindsOf(as), want)
		}
	}
}

// The next move's board and DM do not wait for the retirement of the boards
// before them, which waits under load; the next retirement still waits for
// it, and everything waits for the board before it.
func TestNextBoardPassesRetirement(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	claim := claimer(t)
	g := newGameOf(t, db, "p", "q", false)
	move := func(seat games.Player) {
		t.Helper()
		var err error
		if g, _, err = db.Commit(ctx, Commit{Game: g.ID, Version: g.Version, Moved: true,
			Plies: []games.Ply{{Player: seat, Move: "a"}}, Position: "b", ToMove: seat.Other(), Announce: true}); err != nil {
			t.Fatal(err)
		}
	}
	next := func(kind string) Announcement {
		t.Helper()
		got := claim(db, "x", 1)[0]
		if got.Kind != kind {
			t.Fatalf("claimed %s (version %d), want %s", got.Kind, got.Version, kind)
		}
		return got
	}
	delivered := func(a Announcement) {
		t.Helper()
		if err := db.Delivered(ctx, a.ID, "sent"); err != nil {
			t.Fatal(err)
		}
	}
	move(0)
	delivered(next(AnnounceBoard))
	delivered(next(AnnounceTurnDM))
	retire := next(AnnounceRetire) // under way, and slow
	move(1)
	delivered(next(AnnounceBoard))
	delivered(next(AnnounceTurnDM))
	claim(db, "x", 0) // the second retirement waits for the first
	delivered(retire)
	if r := next(AnnounceRetire); r.Version != g.Version {
		t.Fatalf("the retirement of version %d, want %d", r.Version, g.Version)
	}
}
