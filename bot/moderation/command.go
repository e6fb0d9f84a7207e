package moderation

import (
	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
	"kilab/store"
)

// Command is /mod's definition, in servers only. Its
// default_member_permissions, Manage Server, only hide it from other
// members until an administrator gives it to the moderator role in
// Discord's integration settings; Mod checks every use itself. Discord's
// permissions are per top-level command, which is why a moderator's
// setting of another feature (the daily puzzle's channel: /mod daily) is a
// subcommand here rather than of that feature's command.
func Command() *discordgo.ApplicationCommand {
	manage := int64(discordgo.PermissionManageGuild)
	channel := kit.Option(discordgo.ApplicationCommandOptionChannel, "channel", lang.T("cmd.mod.opt_channel"), lang.T("cmd.mod.channel"), true)
	channel.ChannelTypes = challengeChannelTypes
	role := kit.Option(discordgo.ApplicationCommandOptionRole, "role", lang.T("cmd.mod.opt_role"), lang.T("cmd.mod.role_opt"), true)
	daily := kit.Option(discordgo.ApplicationCommandOptionChannel, "channel", lang.T("cmd.mod.opt_channel"), lang.T("cmd.mod.daily_channel"), false)
	daily.ChannelTypes = challengeChannelTypes
	game := kit.WithMax(kit.Option(discordgo.ApplicationCommandOptionString, kit.OptGame, lang.T("cmd.opt.game"), lang.T("cmd.mod.game"), true), 20, false)
	c := kit.Command("mod", lang.T("cmd.mod.name"), lang.T("cmd.mod.desc"),
		kit.Subcommand("abort", lang.T("cmd.mod.abort"), lang.T("cmd.mod.abort_desc"), game),
		kit.Subcommand("ban", lang.T("cmd.mod.ban"), lang.T("cmd.mod.ban_desc"),
			kit.Option(discordgo.ApplicationCommandOptionUser, "user", lang.T("cmd.opt.user"), lang.T("cmd.mod.ban_user"), true)),
		kit.Subcommand("unban", lang.T("cmd.mod.unban"), lang.T("cmd.mod.unban_desc"),
			kit.Option(discordgo.ApplicationCommandOptionUser, "user", lang.T("cmd.opt.user"), lang.T("cmd.mod.unban_user"), true)),
		group("channels", lang.T("cmd.mod.channels"), lang.T("cmd.mod.channels_desc"),
			kit.Subcommand("add", lang.T("cmd.mod.add"), lang.T("cmd.mod.add_desc"), channel),
			kit.Subcommand("remove", lang.T("cmd.mod.remove"), lang.T("cmd.mod.remove_desc"), channel),
			kit.Subcommand("clear", lang.T("cmd.mod.clear"), lang.T("cmd.mod.clear_desc"))),
		group("role", lang.T("cmd.mod.role"), lang.T("cmd.mod.role_desc"),
			kit.Subcommand("set", lang.T("cmd.mod.set"), lang.T("cmd.mod.set_desc"), role),
			kit.Subcommand("clear", lang.T("cmd.mod.unset"), lang.T("cmd.mod.unset_desc"))),
		kit.Subcommand("show", lang.T("cmd.mod.show"), lang.T("cmd.mod.show_desc")),
		kit.Subcommand("log", lang.T("cmd.mod.log"), lang.T("cmd.mod.log_desc")),
		kit.Subcommand("web", lang.T("cmd.mod.web"), lang.T("cmd.mod.web_desc"), webOption()),
		kit.Subcommand("daily", lang.T("cmd.mod.daily"), lang.T("cmd.mod.daily_desc"), daily),
		kit.Subcommand("defaults", lang.T("cmd.mod.defaults"), lang.T("cmd.mod.defaults_desc"), defaultsOptions()...),
	)
	c.DefaultMemberPermissions = &manage
	c.Contexts = kit.GuildOnly()
	return c
}

// webModes are what /mod web offers, in its order.
var webModes = []string{store.WebLink, store.WebPublic, store.WebOff}

// webOption is /mod web's one option: what the web pages show.
func webOption() *discordgo.ApplicationCommandOption {
	o := kit.Option(discordgo.ApplicationCommandOptionString, "show", lang.T("cmd.mod.opt_show"), lang.T("cmd.mod.web_show"), true)
	for _, mode := range webModes {
		t := lang.T("cmd.mod.web_" + mode)
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: t.In(lang.En), NameLocalizations: kit.Localized(t, 100), Value: mode})
	}
	return o
}

// challengeChannelTypes are the channels a challenge, or the daily puzzle,
// can be posted in: text and news channels.
var challengeChannelTypes = []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews}

func group(name string, nameT lang.Text, desc kit.Sayer, subs ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o := kit.Option(discordgo.ApplicationCommandOptionSubCommandGroup, name, nameT, desc, false)
	o.Options = subs
	return o
}

// defaultsOptions are /mod defaults' options, each left out to keep its
// default as it is.
func defaultsOptions() []*discordgo.ApplicationCommandOption {
	days := kit.Option(discordgo.ApplicationCommandOptionInteger, kit.OptTime, lang.T("cmd.opt.time"), lang.T("cmd.mod.defaults_time"), false)
	days.Choices = kit.DayChoices(1, 3, 7, 14)
	return []*discordgo.ApplicationCommandOption{days,
		kit.Option(discordgo.ApplicationCommandOptionBoolean, kit.OptRated, lang.T("cmd.opt.rated"), lang.T("cmd.mod.defaults_rated"), false)}
}
