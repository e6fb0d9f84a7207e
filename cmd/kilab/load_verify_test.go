package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// verify proves from the database that no acknowledged move was lost or
// applied twice and that every sweep item fired once, and reports the
// figures: interactions a second, latency, errors.
func (r *loadRig) verify() {
	db := r.openDB()
	defer db.Close()
	r.checkMoves(db)
	r.checkSweeps(db)
	r.reportFigures()
}

// checkMoves: every commit of a click game comes from a click, one version
// at a time, so the clicks acknowledged as moving the board on must be at
// distinct versions below the game's, and with the clicks left unanswered
// (in flight to a killed copy) account for every version it went through.
func (r *loadRig) checkMoves(db *store.DB) {
	byGame := map[int64][]click{}
	for _, c := range r.clicks {
		byGame[c.game] = append(byGame[c.game], c)
	}
	lost, doubled, moves := 0, 0, 0
	for _, lg := range r.games {
		g, err := db.Game(r.ctx, lg.id)
		if err != nil {
			r.t.Fatal(err)
		}
		acked, unanswered := map[int64]int{}, 0
		for _, c := range byGame[lg.id] {
			switch {
			case c.moved:
				acked[c.version]++
			case !c.answered:
				unanswered++
			}
		}
		moves += len(acked)
		for v, n := range acked {
			if v >= g.Version {
				lost++
				r.t.Errorf("game %d: a move acknowledged at version %d, but the game is at %d", g.ID, v, g.Version)
			}
			if n > 1 {
				doubled++
				r.t.Errorf("game %d: %d clicks at version %d all acknowledged as moving it on", g.ID, n, v)
			}
		}
		commits := int(g.Version - 1)
		r.committed += commits
		if commits < len(acked) || commits > len(acked)+unanswered {
			doubled++
			r.t.Errorf("game %d went through %d commits: %d acknowledged moves and %d unanswered clicks cannot account for them",
				g.ID, commits, len(acked), unanswered)
		}
	}
	r.reportf("%d moves acknowledged in %d games: %d lost, %d applied twice", moves, len(r.games), lost, doubled)
}

// checkSweeps: each game left to run out of time got one reminder and ended
// once (aborted, as nobody moved), its players told once.
func (r *loadRig) checkSweeps(db *store.DB) {
	wrong := 0
	for _, lg := range r.sweep {
		g, err := db.Game(r.ctx, lg.id)
		if err != nil {
			r.t.Fatal(err)
		}
		if g.Active() || g.Result != store.Aborted {
			wrong++
			r.t.Errorf("sweep game %d: result %v %q, want aborted on time", g.ID, g.Result, g.Reason)
			continue
		}
		mover := g.Players[g.ToMove]
		if n := r.sentDM(mover, "Reminder"); n != 1 {
			wrong++
			r.t.Errorf("sweep game %d: %d reminders, want 1", g.ID, n)
		}
		for _, p := range g.Players {
			if n := r.countDM(p, fmt.Sprintf("Aseb #%d is over", g.ID)); n != 1 { // the result DM (an old turn DM, retired, says "Game #N is over")
				wrong++
				r.t.Errorf("sweep game %d: player %s told of the end %d times, want once: %q", g.ID, p, n, r.dmTexts(p))
			}
		}
	}
	r.reportf("%d sweep games (a reminder and a timeout each): %d fired other than once", len(r.sweep), wrong)
}

func (r *loadRig) dmTexts(user string) []string {
	var out []string
	for _, m := range r.srv.Messages(r.srv.DMChannel(user)) {
		out = append(out, m.ID+": "+m.Content)
	}
	return out
}

// sentDM counts the messages sent to user's DMs whose content held s when
// sent, whatever became of them since (a reminder is retired with its
// turn): each once, however many tries it took.
func (r *loadRig) sentDM(user, s string) int {
	return len(r.srv.Sent(r.srv.DMChannel(user), s))
}

func (r *loadRig) countDM(user, s string) int {
	n := 0
	for _, m := range r.srv.Messages(r.srv.DMChannel(user)) {
		if strings.Contains(m.Content, s) {
			n++
		}
	}
	return n
}

// reportFigures gives the clicks' rate and latency, and the interactions
// that failed: unanswered ones sent to a copy that stayed up must be none.
func (r *loadRig) reportFigures() {
	var took []time.Duration
	unansweredLive, lostToKill, refused := 0, 0, 0
	for _, c := range r.clicks {
		copyOf := r.lb.copyOf(c.interaction)
		switch {
		case c.answered:
			took = append(took, c.took)
		case copyOf == nil || copyOf.gone.Load():
			lostToKill++
		default:
			unansweredLive++
		}
	}
	r.mu.Lock()
	for id, why := range r.epFailed {
		if c := r.lb.copyOf(id); c != nil && !c.gone.Load() {
			refused++
			r.t.Errorf("interaction %s failed at a copy that stayed up: %s", id, why)
		}
	}
	var waits []time.Duration
	for _, w := range r.boardWaits {
		waits = append(waits, w.took)
	}
	r.mu.Unlock()
	r.timeline()
	pct, next := percentiles(took), percentiles(waits)
	r.reportf("%d clicks in %v (%.1f a second, paced to %.0f), %d copies, %s", len(r.clicks), r.ran.Round(100*time.Millisecond),
		float64(len(r.clicks))/r.ran.Seconds(), r.cfg.rate, r.cfg.copies, map[bool]string{false: "SQLite", true: "PostgreSQL"}[r.cfg.dbURL != ""])
	r.reportf("latency click to answer: p50 %v, p99 %v, max %v", pct(0.5).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), pct(1).Round(time.Millisecond))
	r.reportf("next board in the thread after a move's answer: p50 %v, p99 %v, max %v",
		next(0.5).Round(time.Millisecond), next(0.99).Round(time.Millisecond), next(1).Round(time.Millisecond))
	r.reportf("unanswered: %d sent to live copies, %d in flight to the killed copy; %d failed at live copies", unansweredLive, lostToKill, refused)
	if unansweredLive > 0 {
		r.t.Errorf("%d clicks sent to copies that stayed up got no answer", unansweredLive)
	}
	r.reportRequests()
}

// reportRequests gives what the run cost in Discord's REST requests: per
// move committed, by route (the sweep games' reminders and ends are in the
// count, a few requests each); the 429s and invalid requests; and the moves
// a second sustained against the ceiling Discord's global limit allows for
// the requests a move costs.
func (r *loadRig) reportRequests() {
	run := r.statsAfter.Since(r.statsBefore)
	moves := max(1, r.committed)
	byRoute := run.Requests
	total := run.TotalRequests(func(string) bool { return true })
	limited := run.TotalRequests(fakediscord.GlobalLimited)
	r.reportf("Discord's rate limits %s; %d moves committed, %.1f a second", map[bool]string{false: "off", true: "enforced"}[r.cfg.limits],
		r.committed, float64(r.committed)/r.ran.Seconds())
	r.reportf("REST requests per move: %.2f (%d in all), %.2f under the global limit (interaction endpoints aside)",
		float64(total)/float64(moves), total, float64(limited)/float64(moves))
	routes := slices.Collect(maps.Keys(byRoute))
	slices.SortFunc(routes, func(a, b string) int { return cmp.Or(byRoute[b]-byRoute[a], strings.Compare(a, b)) })
	for _, route := range routes {
		r.reportf("  %6.2f per move  %s", float64(byRoute[route])/float64(moves), route)
	}
	global := fakediscord.DiscordLimits()
	perMove := float64(limited) / float64(moves)
	ceiling := float64(global.Global) / global.GlobalWindow.Seconds() / max(perMove, 1e-9)
	r.reportf("ceiling at %d requests a second: %.1f moves a second for %.2f requests a move", global.Global, ceiling, perMove)
	r.reportf("429s injected %v, earned %v; invalid requests (401, 403, 429) in 10 minutes: at most %d of the %d that ban a bot%s",
		run.Injected, run.Earned, run.InvalidMax, global.InvalidBan,
		map[bool]string{false: "", true: ", reached at " + run.BannedAt.Format(time.TimeOnly)}[!run.BannedAt.IsZero()])
	for _, o := range run.Overs {
		r.reportf("  429 earned %v into the run: %s, scope %s", o.At.Sub(r.started).Round(time.Millisecond), o.Route, o.Scope)
	}
	if !run.BannedAt.IsZero() {
		r.t.Errorf("the copies made %d invalid requests in 10 minutes: Discord would have banned the bot", run.InvalidMax)
	}
}

// percentiles sorts ds and returns the p-th percentile of them, 0 for none.
func percentiles(ds []time.Duration) func(p float64) time.Duration {
	slices.Sort(ds)
	return func(p float64) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		return ds[min(len(ds)-1, int(p*float64(len(ds))))]
	}
}

// timeline logs the run in 10 s steps (clicks sent, their answers' p99, the
// next boards' p50 and p99), to show when a run that went slow did.
func (r *loadRig) timeline() {
	const step = 10 * time.Second
	n := int(r.ran/step) + 1
	took, waits := make([][]time.Duration, n), make([][]time.Duration, n)
	bucket := func(at time.Time) int { return min(n-1, max(0, int(at.Sub(r.started)/step))) }
	for _, c := range r.clicks {
		if c.answered {
			took[bucket(c.at)] = append(took[bucket(c.at)], c.took)
		}
	}
	for _, w := range r.boardWaits {
		waits[bucket(w.at)] = append(waits[bucket(w.at)], w.took)
	}
	for i := range n {
		answer, next := percentiles(took[i]), percentiles(waits[i])
		r.t.Logf("from %3ds: %4d clicks answered, p99 %v; next boards p50 %v, p99 %v", i*int(step/time.Second), len(took[i]),
			answer(0.99).Round(time.Millisecond), next(0.5).Round(time.Millisecond), next(0.99).Round(time.Millisecond))
	}
}
