package settings

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
)

// MuteCommand is /mute as it is registered: one game's DMs off, and with
// reminders:true its reminders too.
func MuteCommand() *discordgo.ApplicationCommand {
	return kit.Command("mute", lang.T("cmd.mute.name"), lang.T("cmd.mute.desc"),
		kit.GameOption(lang.T("cmd.mute.game")),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "reminders", lang.T("cmd.opt.reminders"), lang.T("cmd.mute.reminders"), false))
}

// UnmuteCommand is /unmute as it is registered.
func UnmuteCommand() *discordgo.ApplicationCommand {
	return kit.Command("unmute", lang.T("cmd.unmute.name"), lang.T("cmd.unmute.desc"), kit.GameOption(lang.T("cmd.mute.game")))
}

// Mute is /mute: no more DMs about the game (its turns and its result),
// and none of its reminders either with reminders:true. Only its players
// may mute it: the DMs are theirs.
func (b *Settings) Mute(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return err
	}
	user := kit.UserOf(i).ID
	if _, plays := g.Seat(user); !plays {
		return lang.Fail("mute.err.not_playing", "ID", g.ID)
	}
	reminders := false
	if o, ok := kit.Options(i)["reminders"]; ok {
		reminders, _ = o.Value.(bool)
	}
	if err := b.DB.Mute(ctx, user, g.ID, reminders); err != nil {
		return err
	}
	l := kit.LangOf(i)
	if reminders {
		return b.Reply(i, "%s", l.T("mute.done_all", "ID", g.ID))
	}
	return b.Reply(i, "%s", l.T("mute.done", "ID", g.ID))
}

// Unmute is /unmute: the game's DMs and reminders come again.
func (b *Settings) Unmute(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return err
	}
	if err := b.DB.Unmute(ctx, kit.UserOf(i).ID, g.ID); err != nil {
		return err
	}
	return b.Reply(i, "%s", kit.LangOf(i).T("mute.undone", "ID", g.ID))
}
