package kit

import (
	"context"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
)

// ModeratorPermissions are the permissions that make a member a moderator
// of their server: Manage Server, or Administrator, which implies every
// permission.
const ModeratorPermissions = discordgo.PermissionManageGuild | discordgo.PermissionAdministrator

// Moderator reports whether the member who sent i moderates i's server:
// the permissions Discord computed for them in the interaction (signed with
// it, so not theirs to forge) include Manage Server or Administrator, or
// they hold the role the server named for its moderators. A command's
// default_member_permissions only hides it: an administrator may give it to
// anyone, so every moderator action asks here. Outside a server nobody
// moderates.
func (b *Core) Moderator(ctx context.Context, i *discordgo.Interaction) (bool, error) {
	if i.GuildID == "" || i.Member == nil {
		return false, nil
	}
	if i.Member.Permissions&ModeratorPermissions != 0 {
		return true, nil
	}
	m, err := b.DB.Moderation(ctx, i.GuildID)
	if err != nil {
		return false, err
	}
	return m.Role != "" && slices.Contains(i.Member.Roles, m.Role), nil
}

// MayPlay refuses, in words for the player, a game on server guild that
// its moderators forbade: one of users is kept from games there or, for a
// new challenge (newChallenge), channel is not among the channels the
// server allows new challenges in. Challenges, their acceptance, rematches
// and tournament entries all ask here, so that the rules are read once.
func (b *Core) MayPlay(ctx context.Context, guild, channel string, newChallenge bool, users ...string) error {
	if guild == "" {
		return nil
	}
	who, err := b.DB.Banned(ctx, guild, users...)
	switch {
	case err != nil:
		return err
	case who != "" && who == users[0]:
		return lang.Fail("mod.err.banned_you")
	case who != "":
		return lang.Fail("mod.err.banned_other", "User", who)
	case !newChallenge:
		return nil
	}
	m, err := b.DB.Moderation(ctx, guild)
	if err != nil || len(m.Channels) == 0 || slices.Contains(m.Channels, channel) {
		return err
	}
	return lang.Fail("mod.err.channel", "Channels", ChannelList(m.Channels))
}

// ChannelList is channels as Discord mentions them, "<#1>, <#2>".
func ChannelList(channels []string) string {
	return "<#" + strings.Join(channels, ">, <#") + ">"
}
