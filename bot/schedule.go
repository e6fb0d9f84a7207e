package bot

import (
	"context"
	"errors"
	"fmt"
	"kilab/bot/kit"
	"time"

	"kilab/lang"
	"kilab/quiet"
	"kilab/store"
)

// Scheduling (issue: correspondence play). Everything timed lives in the
// database - deadlines, reminders, challenge expiry - and a sweep every minute
// acts on what is due, so nothing waits for someone to open a game and a
// restart loses nothing. Each action is claimed in the store before anything is
// sent (a version-guarded commit, MarkReminded, ExpireChallenges), so every
// deadline, reminder and expiry fires exactly once, however many sweeps run.
const (
	sweepBatch = 100
	// resumeGrace is the time a player gets after downtime: a deadline that
	// passed while the bot was away moves to this long after the restart.
	resumeGrace = time.Hour
)

// resume runs at start-up, before the first sweep and the first delivery.
func (b *Bot) resume(ctx context.Context) error {
	// What this copy had claimed when it stopped is due again now, rather
	// than when the claims lapse.
	if err := b.DB.ReleaseClaims(ctx, b.instance); err != nil {
		return fmt.Errorf("releasing the claims of %s: %w", b.instance, err)
	}
	n, err := b.DB.ResumeDeadlines(ctx, resumeGrace, max(2*b.sweepEvery, 2*time.Minute))
	if err != nil {
		return fmt.Errorf("resuming deadlines: %w", err)
	}
	if n > 0 {
		b.Log.Info("deadlines passed during downtime moved an hour ahead", "games", n)
	}
	return nil
}

// schedule sweeps every interval until ctx ends.
func (b *Bot) schedule(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := b.Sweep(ctx); err != nil && ctx.Err() == nil {
				b.Log.Error("sweep", "err", err)
			}
		}
	}
}

// Sweep acts on everything due: expired challenges, reminders, deadlines,
// the day's daily puzzles (planned once, posted by the delivery) and the
// players' daily digests (announced once, sent by the delivery); and
// forgets the interactions applied longer ago than Discord
// redelivers them and the announcements long delivered (prune).
// The background scheduler calls it every minute; tests call it after moving
// the clock.
func (b *Bot) Sweep(ctx context.Context) error {
	b.sweeping.Lock()
	defer b.sweeping.Unlock()
	start, now := time.Now(), b.DB.Now()
	var oldest oldestDue
	err := errors.Join(b.challenges.Expire(ctx), b.remind(ctx, &oldest), b.timeouts(ctx, &oldest), b.planDaily(ctx), b.digests(ctx), b.prune(ctx))
	if err == nil {
		err = b.DB.Swept(ctx) // so that a copy starting now knows the bot was up
	}
	b.met.swept(time.Since(start), oldest.lag(now), time.Now())
	return err
}

// oldestDue is the earliest due time of what a sweep found: how late it came
// to it is the sweep's lag, which grows past the sweep interval when the
// scheduler stalls or falls behind (more due than a batch a minute).
type oldestDue struct{ t time.Time }

func (o *oldestDue) see(t time.Time) {
	if !t.IsZero() && (o.t.IsZero() || t.Before(o.t)) {
		o.t = t
	}
}

func (o oldestDue) lag(now time.Time) time.Duration {
	if o.t.IsZero() {
		return 0
	}
	return now.Sub(o.t)
}

// remind DMs the player on move when 80% of their time is used (as Lichess
// does), if they want reminders, in their language. A reminder that falls
// in its player's quiet hours was planned out of them (store.Commit); one
// that falls in them all the same (a vacation or a restart moved it, or the
// hours changed meanwhile) waits for their end when the deadline comes
// after it, and otherwise goes now: no deadline passes unreminded.
func (b *Bot) remind(ctx context.Context, oldest *oldestDue) error {
	due, err := b.DB.DueReminders(ctx, sweepBatch)
	if err != nil {
		return err
	}
	for _, g := range due {
		oldest.see(g.RemindAt)
		log := b.Log.With("game", g.ID)
		ctx := kit.WithLog(ctx, log)
		user := g.Players[g.ToMove]
		if later, ok := b.reminderWaits(ctx, g, user); ok {
			if err := b.DB.PostponeReminder(ctx, g.ID, g.Version, later); err != nil && !errors.Is(err, store.ErrConflict) {
				log.Warn("putting a reminder off for quiet hours", "err", err)
			}
			continue
		}
		_, mutedToo, err := b.DB.Muted(ctx, user, g.ID)
		if err != nil {
			log.Warn("reading a game's mute", "err", err)
			continue // the next sweep tries again
		}
		// The claim writes the reminder into the outbox (unless its
		// reminders are muted), so that a crash after it loses nothing;
		// another sweep's claim, or a move meanwhile, fails it.
		if err := b.DB.MarkReminded(ctx, g, !mutedToo); err == nil && !mutedToo {
			b.kick()
		}
	}
	return nil
}

// deliverReminder sends a reminder the sweep announced, to a player who
// wants reminders, in their language, of the deadline as it stands. One
// whose turn is over says nothing, and so does one whose deadline moved
// where a new reminder is planned for the new one (a vacation); a deadline
// moved with none planned (start-up after downtime gave it an hour of
// grace) is still the one to warn of.
func (b *Bot) deliverReminder(ctx context.Context, a store.Announcement) error {
	g, err := b.DB.Game(ctx, a.Game)
	if err != nil {
		return err
	}
	if !g.Active() || g.Players[g.ToMove] != a.User || (!g.Deadline.Equal(a.Until) && !g.RemindAt.IsZero()) {
		return kit.Skip("the turn it warned of is over, or its deadline moved and has a reminder of its own")
	}
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return fmt.Errorf("loading a game to remind: %w", err)
	}
	if !s.G.Active() || s.G.Players[s.G.ToMove] != a.User {
		return kit.Skip("the turn it warned of ended between the two reads")
	}
	// Its board is one of the game's, which the move retires as it does
	// every other: a reminder's buttons do not outlive the turn. Drawn again
	// within the turn (a throw from the thread, a vacation), it reads as
	// the turn's DM, with the deadline as it then stands.
	sent, err := b.delivery.DMBoard(ctx, s, a.User, wantsReminder, func(l *lang.Lang) (*kit.Message, error) {
		m, err := b.reminder(ctx, l, s)
		if m != nil {
			m.Nonce = kit.Nonce(a)
		}
		return m, err
	})
	if err == nil && !sent {
		return kit.Skip("not sent: they want no reminders, or their DMs are closed")
	}
	return err
}

// reminderWaits reports whether g's reminder, due now, should wait for the
// end of user's quiet hours, and until when: only while the deadline comes
// at least quiet.Margin after them.
func (b *Bot) reminderWaits(ctx context.Context, g store.Game, user string) (time.Time, bool) {
	s, err := b.DB.Settings(ctx, user)
	if err != nil {
		return time.Time{}, false // better a reminder in quiet hours than none
	}
	inside, end := s.Quiet.Around(b.DB.Now())
	return end, inside && !g.Deadline.Before(end.Add(quiet.Margin))
}

// reminder is the DM that reminds the player on move in s's game of their
// deadline, in their language l, with their board.
func (b *Bot) reminder(ctx context.Context, l *lang.Lang, s *kit.State) (*kit.Message, error) {
	g := s.G
	m, err := b.Board(l, s, kit.BoardOpts{Controls: true, Turned: b.Turned(ctx, g.Players[g.ToMove], g)})
	if err != nil {
		return nil, err
	}
	m.Content = l.T("dm.reminder", "Game", s.Game.Title(), "ID", g.ID, "Unix", g.Deadline.Unix(), "Late", lateText(l, g),
		"Link", kit.ChannelLink(g.GuildID, kit.ThreadOf(g)))
	return m, nil
}

// lateText is what missing the deadline does to the game (TimeoutResult).
func lateText(l *lang.Lang, g store.Game) string {
	if r, _ := g.TimeoutResult(); r == store.Aborted {
		return l.T("dm.late.aborted")
	}
	return l.T("dm.late.lost")
}

// wantsReminder: reminders are their own setting, apart from turn DMs.
func wantsReminder(s store.Settings) bool { return s.Reminders && s.DMsClosed.IsZero() }

// timeouts ends the games whose player on move ran out of time: a loss on
// time, or an abort while either player has yet to move (store.TimeoutResult).
func (b *Bot) timeouts(ctx context.Context, oldest *oldestDue) error {
	due, err := b.DB.DueDeadlines(ctx, sweepBatch)
	if err != nil {
		return err
	}
	for _, g := range due {
		oldest.see(g.Deadline)
		result, reason := g.TimeoutResult()
		_, _, err := b.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: result, Reason: reason}, Timeout: true, Announce: true})
		switch {
		case errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrFinished):
			continue // the player moved in time after all, went on vacation, or another sweep ended it
		case err != nil:
			b.Log.Error("ending a game on time", "game", g.ID, "err", err)
			continue
		}
		b.Log.Info("game ended on time", "game", g.ID, "result", result.String())
		b.kick()
	}
	return nil
}

// planDaily plans the day's daily puzzles and has the delivery post them.
func (b *Bot) planDaily(ctx context.Context) error {
	planned, err := b.puzzles.Plan(ctx)
	if planned {
		b.kick()
	}
	return err
}

// digests announces the daily digests due (store.ClaimDigests), each once
// however many copies sweep, and has the delivery send them.
func (b *Bot) digests(ctx context.Context) error {
	n, err := b.DB.ClaimDigests(ctx, sweepBatch)
	if n > 0 {
		b.Log.Debug("daily digests announced", "count", n)
		b.kick()
	}
	return err
}

// prune forgets the interactions applied more than store.InteractionMemory
// ago (a copy of one can no longer come), and the announcements delivered
// more than store.AnnouncementMemory ago that nothing can write again.
func (b *Bot) prune(ctx context.Context) error {
	n, err := b.DB.PruneInteractions(ctx)
	if n > 0 {
		b.Log.Debug("forgot applied interactions", "count", n)
	}
	d, aerr := b.DB.PruneAnnouncements(ctx)
	if d > 0 {
		b.Log.Debug("forgot delivered announcements", "count", d)
	}
	return errors.Join(err, aerr)
}
