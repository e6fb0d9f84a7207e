package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/store"
)

// setUp starts the games: each a challenge its opponent accepts, several at
// a time, then leaves the last cfg.sweeps of them for the sweeps, their
// reminders due at once (their deadlines come due later, in script).
func (r *loadRig) setUp() {
	n := r.cfg.games + r.cfg.sweeps
	all := make([]*loadGame, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	work := make(chan int)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				all[i], errs[i] = r.startGame(i)
			}
		}()
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		r.t.Fatal(err)
	}
	r.games, r.sweep = all[:r.cfg.games], all[r.cfg.games:]
	r.drain()
	r.setDue("remind_at", r.sweep)
}

// drain waits until the copies have delivered what starting the games
// announced (threads, first boards, DMs), so that the clicks are timed
// against a bot at work rather than one still catching up.
func (r *loadRig) drain() {
	db := r.openDB()
	defer db.Close()
	start := time.Now()
	for {
		_, waiting, err := db.NextAnnouncement(r.ctx)
		if err != nil {
			r.t.Fatal(err)
		}
		if !waiting {
			break
		}
		if r.ctx.Err() != nil {
			r.t.Fatal("the copies never delivered the games' first announcements")
		}
		time.Sleep(100 * time.Millisecond)
	}
	r.reportf("%d games started; their first announcements delivered %v later", len(r.games)+len(r.sweep), time.Since(start).Round(100*time.Millisecond))
}

var gameNumber = regexp.MustCompile(`game #(\d+)`)

// startGame has a%d challenge b%d, who accepts. It runs beside others, so it
// returns what went wrong rather than failing the test from its goroutine.
func (r *loadRig) startGame(i int) (*loadGame, error) {
	a, b := r.srv.AddUser(fmt.Sprintf("a%d", i)), r.srv.AddUser(fmt.Sprintf("b%d", i))
	msg, err := r.answer(r.srv.Command(a.ID, r.srv.ChannelID(), "challenge",
		fakediscord.Sub("aseb", fakediscord.Arg("opponent", b.ID), fakediscord.Arg("time", 1))))
	if err != nil || len(msg.CustomIDs()) == 0 {
		return nil, fmt.Errorf("challenge %d: %q, %v", i, msg.Content, err)
	}
	acc, err := r.answer(r.srv.Click(b.ID, msg.ID, msg.CustomIDs()[0]))
	var m []string
	if err == nil && len(acc.Embeds) > 0 {
		m = gameNumber.FindStringSubmatch(acc.Embeds[0].Description)
	}
	if m == nil {
		return nil, fmt.Errorf("accepting challenge %d: %q %+v (ephemeral %v), %v", i, acc.Content, acc.Embeds, acc.Ephemeral(), err)
	}
	var id int64
	fmt.Sscan(m[1], &id)
	return &loadGame{id: id, players: [2]string{a.ID, b.ID}}, nil
}

func (r *loadRig) answer(ix *fakediscord.Interaction) (fakediscord.Message, error) {
	ctx, cancel := context.WithTimeout(r.ctx, 30*time.Second)
	defer cancel()
	return ix.Reply(ctx)
}

// setDue makes column (remind_at or deadline) of the games due now, for the
// copies' sweeps (every second) to race for.
func (r *loadRig) setDue(column string, gs []*loadGame) {
	if len(gs) == 0 {
		return
	}
	var ids []string
	for _, g := range gs {
		ids = append(ids, fmt.Sprint(g.id))
	}
	execSQL(r.t, r.cfg.dbURL, r.sqlitePath(), fmt.Sprintf(`UPDATE games SET %s = %d WHERE id IN (%s)`,
		column, time.Now().UnixMilli(), strings.Join(ids, ",")))
}

// execSQL runs one statement on the shared database, as an operator would.
func execSQL(t interface{ Fatal(...any) }, dbURL, path, query string) {
	driver, dsn := "sqlite", path+"?_pragma=busy_timeout(10000)"
	if dbURL != "" {
		driver, dsn = "pgx", dbURL
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(query); err != nil {
		t.Fatal(err)
	}
}

// run plays for cfg.duration, and longer if script needs it: every game's
// player on move clicks as soon as the board is there, paced to cfg.rate
// clicks a second overall, while script kills and restarts a copy and has the
// sweep games' reminders and deadlines fire.
func (r *loadRig) run() {
	ctx, stop := context.WithCancel(r.ctx)
	tokens := make(chan struct{})
	r.statsBefore = r.srv.LimitStats()
	r.started = time.Now()
	go pace(ctx, tokens, r.cfg.rate)
	db := r.openDB()
	defer db.Close()
	var wg sync.WaitGroup
	defer func() { stop(); wg.Wait() }() // also when script fails the test
	for k, g := range r.games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.play(ctx, db, g, tokens, rand.New(rand.NewPCG(uint64(k), 7)))
		}()
	}
	r.script()
	r.ran = time.Since(r.started)
}

// sweepWait bounds each wait of script for the sweeps: they run every
// second, so this is only reached when an item never fires at all.
const sweepWait = 30 * time.Second

// script is what befalls the copies while the players click, each step
// waiting for the last rather than for a time, so that a starved machine
// changes how long the run takes but not what it proves: the sweep games'
// reminders (due since setUp) fire; at cfg.duration/2 one copy is killed
// (SIGKILL) and a new one started in its place; then the sweep games'
// deadlines come due, and the run ends once they have fired and
// cfg.duration is up.
//
// The order matters: a copy that starts moves the deadlines already past an
// hour ahead (bot.resume), so the deadlines are made due only after the
// restart, for the run to see them end.
func (r *loadRig) script() {
	r.waitFor("every sweep game's reminder", sweepWait, func() bool {
		return r.everySweepGame(func(lg *loadGame) bool {
			return r.countDM(lg.players[0], "Reminder")+r.countDM(lg.players[1], "Reminder") > 0
		})
	})
	r.sleepUntil(r.started.Add(r.cfg.duration / 2))
	r.mu.Lock()
	victim := r.copies[0]
	r.mu.Unlock()
	r.reportf("killing a copy (SIGKILL) after %v", time.Since(r.started).Round(100*time.Millisecond))
	r.kill(victim)
	fresh := r.startCopy(victim.addr)
	r.mu.Lock()
	r.copies = append(r.copies, fresh)
	r.mu.Unlock()
	r.setDue("deadline", r.sweep)
	r.sleepUntil(r.started.Add(r.cfg.duration))
	r.waitFor("every sweep game's end, told to both players", sweepWait, func() bool {
		return r.everySweepGame(func(lg *loadGame) bool {
			over := fmt.Sprintf("Aseb #%d is over", lg.id)
			return r.countDM(lg.players[0], over) > 0 && r.countDM(lg.players[1], over) > 0
		})
	})
}

func (r *loadRig) everySweepGame(ok func(*loadGame) bool) bool {
	for _, lg := range r.sweep {
		if !ok(lg) {
			return false
		}
	}
	return true
}

// waitFor polls done until it holds; past bound it fails the test, saying
// what, and goes on, so that verify still says which items went wrong.
func (r *loadRig) waitFor(what string, bound time.Duration, done func() bool) {
	start := time.Now()
	for !done() {
		if r.ctx.Err() != nil {
			r.t.Fatalf("the run timed out waiting for %s", what)
		}
		if time.Since(start) > bound {
			r.t.Errorf("waited %v for %s", bound, what)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (r *loadRig) sleepUntil(t time.Time) {
	select {
	case <-r.ctx.Done():
	case <-time.After(time.Until(t)):
	}
}

// pace hands out rate tokens a second until ctx ends.
func pace(ctx context.Context, tokens chan<- struct{}, rate float64) {
	t := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			close(tokens)
			return
		case <-t.C:
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
			}
		}
	}
}

// lost reports whether interaction id can no longer be answered: the
// endpoint failed it (the balancer found no copy up, or its copy died on
// it), or the copy it went to has been killed.
func (r *loadRig) lost(id string) bool {
	r.mu.Lock()
	_, failed := r.epFailed[id]
	r.mu.Unlock()
	c := r.lb.copyOf(id)
	return failed || c != nil && c.gone.Load()
}

// play clicks one game's boards until the run ends or the game does.
func (r *loadRig) play(ctx context.Context, db *store.DB, lg *loadGame, tokens <-chan struct{}, rng *rand.Rand) {
	var cur *fakediscord.Message
	var g store.Game
	var answered time.Time // when the last move's answer came, while its next board is awaited
	for ctx.Err() == nil {
		if cur == nil {
			var ok bool
			if g, cur, ok = r.waitBoard(ctx, db, lg, g); !ok {
				return
			}
			if !answered.IsZero() {
				r.mu.Lock()
				r.boardWaits = append(r.boardWaits, boardWait{at: time.Now(), took: time.Since(answered)})
				r.mu.Unlock()
			}
		}
		if _, open := <-tokens; !open {
			return
		}
		var version int64
		var moved bool
		cur, version, moved = r.clickOnce(ctx, g, *cur, rng)
		answered = time.Time{}
		if cur == nil && moved {
			answered = time.Now()
		}
		g.Version = version
	}
}

// waitBoard waits for the game's next board to carry controls for a version
// after last's; false once the game is over or the run ends. It watches the
// game's thread in the fake Discord, as a player would, and reads the
// database only to begin with and when no board comes for a while (the game
// may be over): polling it for every game would load the machine the bot is
// measured on.
func (r *loadRig) waitBoard(ctx context.Context, db *store.DB, lg *loadGame, last store.Game) (store.Game, *fakediscord.Message, bool) {
	for ctx.Err() == nil {
		if last.ID != 0 {
			if g, m, ok := r.nextBoard(ctx, lg, last); ok {
				return g, m, true
			}
		}
		g, err := db.Game(ctx, lg.id)
		if err == nil && !g.Active() {
			return g, nil, false
		}
		if err == nil && g.MessageID != "" {
			if m, ok := r.srv.Message(g.MessageID); ok && hasControls(m, g.ID, g.Version) {
				return g, &m, true
			}
		}
		if err == nil {
			last = g
			last.Version-- // the board of g.Version is the one to wait for
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
	return store.Game{}, nil, false
}

// nextBoard waits up to a few seconds for a board in last's thread with
// controls for a later version, and reads from it who is to move.
func (r *loadRig) nextBoard(ctx context.Context, lg *loadGame, last store.Game) (store.Game, *fakediscord.Message, bool) {
	wctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	var version int64
	m, err := r.srv.WaitMessage(wctx, threadOf(last), func(m fakediscord.Message) bool {
		v, ok := controlsVersion(m, last.ID)
		version = v
		return ok && v > last.Version
	})
	if err != nil {
		return store.Game{}, nil, false
	}
	g := last
	g.Version = version
	for seat, p := range lg.players {
		if slices.Contains(m.Mentions, p) {
			g.ToMove = games.Player(seat)
			return g, &m, true
		}
	}
	return store.Game{}, nil, false
}

// threadOf is where the game's boards are posted.
func threadOf(g store.Game) string {
	if g.ThreadID != "" {
		return g.ThreadID
	}
	return g.ChannelID
}

// controlsVersion is the version of game the controls on m are for.
func controlsVersion(m fakediscord.Message, game int64) (int64, bool) {
	prefix := fmt.Sprintf("g/%d/", game)
	for _, id := range m.CustomIDs() {
		if rest, ok := strings.CutPrefix(id, prefix); ok {
			v, err := strconv.ParseInt(strings.SplitN(rest, "/", 2)[0], 10, 64)
			return v, err == nil
		}
	}
	return 0, false
}

// useAControl has user use one of the game controls of board m at random:
// a choice of a select menu, or a button other than Back. It returns the
// interaction and the control's custom id; nil where m offers none.
func useAControl(srv *fakediscord.Server, user string, m fakediscord.Message, rng *rand.Rand) (*fakediscord.Interaction, string) {
	if sel := m.Selects(); len(sel) > 0 {
		s := sel[rng.IntN(len(sel))]
		return srv.Select(user, m.ID, s.CustomID, s.Options[rng.IntN(len(s.Options))].Value), s.CustomID
	}
	var live []string
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.CustomID, "g/") && b.Label != "Back" {
			live = append(live, b.CustomID)
		}
	}
	if len(live) == 0 {
		return nil, ""
	}
	cid := live[rng.IntN(len(live))]
	return srv.Click(user, m.ID, cid), cid
}

func hasControls(m fakediscord.Message, game, version int64) bool {
	prefix := fmt.Sprintf("g/%d/%d/", game, version)
	return slices.ContainsFunc(m.CustomIDs(), func(id string) bool { return strings.HasPrefix(id, prefix) })
}

// clickOnce has the player on move use one of the board's controls and
// records the click. It returns the answer when it still shows controls to
// use (a picker step, or a throw that keeps the turn) with their version;
// nil when the next board is to be waited for; and whether it moved the game on.
func (r *loadRig) clickOnce(ctx context.Context, g store.Game, m fakediscord.Message, rng *rand.Rand) (*fakediscord.Message, int64, bool) {
	ix, cid := useAControl(r.srv, g.Players[g.ToMove], m, rng)
	if ix == nil {
		return nil, g.Version, false
	}
	start := time.Now()
	// The answer is awaited past the run's end, so that a click answered
	// then still counts as answered; but not for a click that will never
	// be: one Discord failed, or one the killed copy took.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-wctx.Done():
				return
			case <-tick.C:
				if r.lost(ix.ID) {
					cancel()
					return
				}
			}
		}
	}()
	ans, err := ix.Reply(wctx)
	c := click{at: start, game: g.ID, version: g.Version, interaction: ix.ID, took: time.Since(start), answered: err == nil}
	// A throw, a move button or a move chosen in a select commits; a picker
	// step only shows the next choices. A refusal is an ephemeral answer.
	commits := !strings.Contains(cid, "/p/") && !strings.HasSuffix(cid, "/p")
	c.moved = err == nil && commits && !ans.Ephemeral() && ans.ID == m.ID
	r.mu.Lock()
	r.clicks = append(r.clicks, c)
	r.mu.Unlock()
	switch {
	case !c.moved && err == nil && !ans.Ephemeral() && hasControls(ans, g.ID, g.Version):
		return &ans, g.Version, false // a picker step
	case c.moved && hasControls(ans, g.ID, g.Version+1):
		return &ans, g.Version + 1, true // a throw: the same board, now with the moves
	}
	return nil, g.Version, c.moved
}
