package moderation

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
	"kilab/store"
)

// The bot's own defaults for /challenge, where a server chose none.
const (
	botDays  = 3
	botRated = true
)

// defaults is /mod defaults [time] [rated]: the time per move and rating
// of the challenges made on the server that leave them out. Each option
// left out keeps its default; with none, it shows them.
func (m *Moderation) defaults(ctx context.Context, i *discordgo.Interaction, by string, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	var d store.Defaults
	if o, ok := opts[kit.OptTime]; ok {
		days, _ := o.Value.(float64)
		if !kit.ValidDays(int(days)) {
			return lang.Fail("mod.err.use")
		}
		d.Days = int(days)
	}
	if o, ok := opts[kit.OptRated]; ok {
		rated, _ := o.Value.(bool)
		d.Rated = &rated
	}
	l := kit.LangOf(i)
	changed := false
	if d.Days != 0 || d.Rated != nil {
		var err error
		if changed, err = m.DB.SetDefaults(ctx, i.GuildID, d, by); err != nil {
			return err
		}
	}
	now, err := m.DB.DefaultsOf(ctx, i.GuildID)
	if err != nil {
		return err
	}
	time, rated := DefaultsText(l, now)
	if !changed {
		return m.Reply(i, "%s", l.T("mod.defaults.same", "Time", time, "Rated", rated))
	}
	m.Logger(ctx).Info("moderator changed the challenge defaults", "moderator", by, "days", now.Days, "rated", now.Rated)
	return m.Reply(i, "%s", l.T("mod.defaults.now", "Time", time, "Rated", rated))
}

// DefaultsText says in l the time and rating a challenge gets on a server
// whose defaults are d, the bot's own where it chose none.
func DefaultsText(l *lang.Lang, d store.Defaults) (time, rated string) {
	days, r := botDays, botRated
	if kit.ValidDays(d.Days) {
		days = d.Days
	}
	if d.Rated != nil {
		r = *d.Rated
	}
	rated = l.T("chal.terms.casual")
	if r {
		rated = l.T("chal.terms.rated")
	}
	return l.N("chal.terms.time", days), rated
}
