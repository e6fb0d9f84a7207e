package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// /mod's channel and role options fit only as Discord sends them: an id
// among the channels or roles it resolved, not a number or an id made up.
func TestChannelAndRoleOptionsFit(t *testing.T) {
	t.Parallel()
	const ch, role = "1100000000000000005", "1300000000000000077"
	resolved := &discordgo.ApplicationCommandInteractionDataResolved{
		Channels: map[string]*discordgo.Channel{ch: {ID: ch, Type: discordgo.ChannelTypeGuildText}},
		Roles:    map[string]*discordgo.Role{role: {ID: role}},
	}
	data := func(group, sub, name string, typ discordgo.ApplicationCommandOptionType, value any, res *discordgo.ApplicationCommandInteractionDataResolved) discordgo.ApplicationCommandInteractionData {
		return discordgo.ApplicationCommandInteractionData{Name: "mod", Resolved: res, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: group, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
					{Name: name, Type: typ, Value: value}}}}}}}
	}
	for _, tc := range []struct {
		what string
		data discordgo.ApplicationCommandInteractionData
		fits bool
	}{
		{"a resolved channel", data("channels", "add", "channel", discordgo.ApplicationCommandOptionChannel, ch, resolved), true},
		{"a resolved role", data("role", "set", "role", discordgo.ApplicationCommandOptionRole, role, resolved), true},
		{"a channel not resolved", data("channels", "add", "channel", discordgo.ApplicationCommandOptionChannel, "1100000000000000006", resolved), false},
		{"a channel as a number", data("channels", "remove", "channel", discordgo.ApplicationCommandOptionChannel, 12345.0, resolved), false},
		{"nothing resolved", data("channels", "add", "channel", discordgo.ApplicationCommandOptionChannel, ch, nil), false},
		{"a role not resolved", data("role", "set", "role", discordgo.ApplicationCommandOptionRole, ch, resolved), false},
		{"a role typed as a channel", data("role", "set", "role", discordgo.ApplicationCommandOptionChannel, role, resolved), false},
	} {
		if got := optionsFit(tc.data); got != tc.fits {
			t.Errorf("%s: fits %v, want %v", tc.what, got, tc.fits)
		}
	}
}
