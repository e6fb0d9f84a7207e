package moderation

import (
	"context"
	"slices"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
)

// daily is /mod daily [channel]: the server's puzzle of the day is posted
// in channel from now on, or, with no channel, no longer. Choosing the
// channel is all a moderator does; the puzzle package plans the day's
// puzzle, posts it and answers its buttons.
func (m *Moderation) daily(ctx context.Context, i *discordgo.Interaction, by string, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	l := kit.LangOf(i)
	ch := idOption(opts, "channel")
	if ch == "" {
		stopped, err := m.DB.StopDailyPuzzle(ctx, i.GuildID, by)
		if err != nil {
			return err
		}
		if !stopped {
			return lang.Fail("puzzle.err.no_daily")
		}
		m.Logger(ctx).Info("moderator stopped the daily puzzle", "moderator", by)
		return m.Reply(i, "%s", l.T("puzzle.daily.stopped"))
	}
	res := i.ApplicationCommandData().Resolved
	if res == nil || res.Channels[ch] == nil {
		return lang.Fail("mod.err.use")
	}
	if !slices.Contains(challengeChannelTypes, res.Channels[ch].Type) {
		return lang.Fail("mod.err.not_text", "Channel", ch)
	}
	if err := m.DB.SetDailyPuzzleChannel(ctx, i.GuildID, ch, by); err != nil {
		return err
	}
	m.Logger(ctx).Info("moderator chose the daily puzzle's channel", "moderator", by, "target", ch)
	return m.Reply(i, "%s", l.T("puzzle.daily.set", "Channel", ch))
}
