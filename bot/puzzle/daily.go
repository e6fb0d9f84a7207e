package puzzle

import (
	"context"
	"hash/fnv"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/store"
)

// The daily puzzle: a server's moderators choose a channel (/mod daily
// channel, in bot/moderation, which writes it to the store); every sweep
// plans the day's puzzle of each server that has a channel (Plan), and the
// post is an announcement of its own kind (store.AnnounceDailyPuzzle,
// delivered by Deliver), so it goes out once a day, once, whatever the
// copies of the bot and their restarts. Its buttons answer each player
// privately (AnswerDaily).

// Plan plans the day's puzzle of every server with a daily channel that
// has none for today yet, and reports whether it planned any (the
// delivery then has posts to send).
func (b *Puzzles) Plan(ctx context.Context) (bool, error) {
	planned, err := b.DB.PlanDailyPuzzles(ctx, b.daily)
	return len(planned) > 0, err
}

// daily is the puzzle of guild's day: the offered puzzles in the order of
// their ids, one a day, each server starting at a place of its own. It
// depends on nothing but its arguments and the set, as the store asks, and
// goes through the whole set before a server meets a puzzle again.
func (b *Puzzles) daily(guild string, day int) string {
	if len(b.ids) == 0 {
		return ""
	}
	h := fnv.New32a()
	h.Write([]byte(guild))
	return b.ids[(uint64(day)+uint64(h.Sum32()))%uint64(len(b.ids))]
}

// Deliver posts a daily puzzle in its channel: the puzzle, with buttons
// that answer privately, and how many solved the server's puzzle before.
// A puzzle the bot no longer offers is skipped.
func (b *Puzzles) Deliver(ctx context.Context, a store.Announcement) error {
	d, err := b.DB.Daily(ctx, a.Daily)
	if err != nil {
		return err
	}
	p, ok := b.byID[d.Puzzle]
	if !ok {
		return kit.Skip("daily puzzle " + d.Puzzle + " is no longer offered")
	}
	g, err := games.Lookup(p.Game)
	if err != nil {
		return kit.Skip(err.Error())
	}
	l := b.GuildLang(ctx, d.Guild, "") // posted in the server's channel
	m, err := b.question(l, g, p, kit.DailyPuzzleCID)
	if err != nil {
		return err
	}
	m.Content = l.T("puzzle.daily.heading")
	prev, solved, ok, err := b.DB.PreviousDaily(ctx, d)
	if err != nil {
		return err
	}
	if ok && prev.Puzzle != "" {
		m.Content += "\n" + l.N("puzzle.daily.solved", solved)
	}
	m.Nonce = kit.Nonce(a)
	_, err = b.DC.Send(d.Channel, m)
	return err
}
