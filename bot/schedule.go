package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"kilab/games"
	"kilab/lang"
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
	if err := b.db.ReleaseClaims(ctx, b.instance); err != nil {
		return fmt.Errorf("releasing the claims of %s: %w", b.instance, err)
	}
	n, err := b.db.ResumeDeadlines(ctx, resumeGrace)
	if err != nil {
		return fmt.Errorf("resuming deadlines: %w", err)
	}
	if n > 0 {
		b.log.Info("deadlines passed during downtime moved an hour ahead", "games", n)
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
				b.log.Error("sweep", "err", err)
			}
		}
	}
}

// Sweep acts on everything due: expired challenges, reminders, and deadlines.
// The background scheduler calls it every minute; tests call it after moving
// the clock.
func (b *Bot) Sweep(ctx context.Context) error {
	b.sweeping.Lock()
	defer b.sweeping.Unlock()
	start, now := time.Now(), b.db.Now()
	var oldest oldestDue
	err := errors.Join(b.expireChallenges(ctx), b.remind(ctx, &oldest), b.timeouts(ctx, &oldest))
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

// expireChallenges closes the challenges nobody accepted in time and says so
// on their messages, in their server's language.
func (b *Bot) expireChallenges(ctx context.Context) error {
	expired, err := b.db.ExpireChallenges(ctx)
	for _, c := range expired {
		if g, lerr := games.Lookup(c.Kind); lerr == nil {
			expired := lang.N("chal.status.expired", int(store.ChallengeTTL/time.Hour))
			b.edit(c.ChannelID, c.MessageID, closedChallenge(b.guildLang(ctx, c.GuildID, c.Challenger), c, g, expired))
		}
	}
	return err
}

// remind DMs the player on move when 80% of their time is used (as Lichess
// does), if they want reminders, in their language.
func (b *Bot) remind(ctx context.Context, oldest *oldestDue) error {
	due, err := b.db.DueReminders(ctx, sweepBatch)
	if err != nil {
		return err
	}
	for _, g := range due {
		oldest.see(g.RemindAt)
		log := b.log.With("game", g.ID)
		ctx := withLog(ctx, log)
		if err := b.db.MarkReminded(ctx, g.ID, g.Version); err != nil {
			continue // claimed by another sweep, or the game moved on: nothing to say
		}
		// The reminder is claimed either way: it is sent at most once, or
		// not at all to a player who wants none.
		user := g.Players[g.ToMove]
		if _, _, err := b.sendDM(ctx, user, g.GuildID, wantsReminder, func(l *lang.Lang) (*Message, error) { return b.reminder(ctx, l, g) }); err != nil {
			log.Warn("sending a reminder", "user", user, "err", err)
		}
	}
	return nil
}

// reminder is the DM that reminds the player on move in g of their
// deadline, in their language l, with their board.
func (b *Bot) reminder(ctx context.Context, l *lang.Lang, g store.Game) (*Message, error) {
	s, err := b.loadLatest(ctx, g.ID)
	if err != nil {
		return nil, fmt.Errorf("loading a game to remind: %w", err)
	}
	m, err := b.board(l, s, boardOpts{controls: true})
	if err != nil {
		return nil, err
	}
	m.Content = l.T("dm.reminder", "Game", s.game.Title(), "ID", g.ID, "Unix", g.Deadline.Unix(), "Late", lateText(l, g),
		"Link", channelLink(g.GuildID, threadOf(s.g)))
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
	due, err := b.db.DueDeadlines(ctx, sweepBatch)
	if err != nil {
		return err
	}
	for _, g := range due {
		oldest.see(g.Deadline)
		result, reason := g.TimeoutResult()
		_, _, err := b.commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: result, Reason: reason}, Timeout: true, Announce: true})
		switch {
		case errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrFinished):
			continue // the player moved in time after all, went on vacation, or another sweep ended it
		case err != nil:
			b.log.Error("ending a game on time", "game", g.ID, "err", err)
			continue
		}
		b.log.Info("game ended on time", "game", g.ID, "result", result.String())
		b.kick()
	}
	return nil
}
