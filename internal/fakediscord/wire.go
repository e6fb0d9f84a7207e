package fakediscord

import (
	"cmp"
	"encoding/json"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The wire* functions render the fake's state as Discord's JSON objects.
// They return maps rather than discordgo structs because discordgo's
// marshalling omits or renames fields, and the bot must decode what Discord
// really sends.

type object = map[string]any

func wireTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000+00:00") }

func wireUser(u *User) object {
	o := object{
		"id": u.ID, "username": u.Username, "discriminator": "0",
		"global_name": nil, "avatar": nil, "public_flags": 0, "flags": 0,
	}
	if u.GlobalName != "" {
		o["global_name"] = u.GlobalName
	}
	if u.Bot {
		o["bot"] = true
	}
	return o
}

func wireMember(u *User, joined time.Time, permissions string) object {
	o := object{
		"user": wireUser(u), "nick": nil, "avatar": nil, "roles": []string{},
		"joined_at": wireTime(joined), "deaf": false, "mute": false, "flags": 0, "pending": false,
	}
	if permissions != "" {
		o["permissions"] = permissions
	}
	return o
}

func (s *Server) wireChannel(c *Channel) object {
	o := object{"id": c.ID, "type": int(c.Type), "flags": 0, "last_message_id": s.lastMessageID(c.ID)}
	switch {
	case c.Type == discordgo.ChannelTypeDM:
		o["recipients"] = []object{wireUser(s.users[c.RecipientID])}
	case c.IsThread():
		s.addThreadFields(o, c)
	default:
		o["guild_id"], o["name"], o["position"] = c.GuildID, c.Name, 0
		o["permission_overwrites"], o["topic"], o["nsfw"] = []any{}, nil, false
		o["rate_limit_per_user"], o["parent_id"] = 0, nil
	}
	return o
}

func (s *Server) addThreadFields(o object, c *Channel) {
	n := len(s.order[c.ID])
	created := snowflakeTime(c.ID)
	meta := object{
		"archived": c.Archived, "auto_archive_duration": c.AutoArchiveDuration,
		"archive_timestamp": wireTime(created), "locked": c.Locked, "create_timestamp": wireTime(created),
	}
	if c.Type == discordgo.ChannelTypeGuildPrivateThread {
		meta["invitable"] = c.Invitable
	}
	o["guild_id"], o["parent_id"], o["owner_id"], o["name"] = c.GuildID, c.ParentID, c.OwnerID, c.Name
	o["rate_limit_per_user"], o["message_count"], o["total_message_sent"] = 0, n, n
	o["member_count"], o["thread_metadata"] = 1, meta
}

func (s *Server) lastMessageID(channelID string) any {
	ids := s.order[channelID]
	if len(ids) == 0 {
		return nil
	}
	return ids[len(ids)-1]
}

func (s *Server) wireGuild(g Guild) object {
	return object{
		"id": g.ID, "name": g.Name, "icon": nil, "owner_id": g.OwnerID,
		"splash": nil, "discovery_splash": nil, "afk_channel_id": nil, "afk_timeout": 300,
		"verification_level": 1, "default_message_notifications": 1, "explicit_content_filter": 2,
		"roles": []object{everyoneRole(g.ID)}, "emojis": []any{}, "stickers": []any{}, "features": []string{},
		"mfa_level": 0, "system_channel_id": g.ChannelID, "system_channel_flags": 0,
		"rules_channel_id": nil, "vanity_url_code": nil, "description": nil, "banner": nil,
		"premium_tier": 0, "preferred_locale": "en-US", "public_updates_channel_id": nil,
		"nsfw_level": 0, "premium_progress_bar_enabled": false, "application_id": nil,
	}
}

// everyoneRole is a guild's @everyone role, which takes the guild's id.
func everyoneRole(guildID string) object {
	return object{
		"id": guildID, "name": "@everyone", "color": 0, "hoist": false, "icon": nil,
		"unicode_emoji": nil, "position": 0, "permissions": strconv.FormatInt(memberPermissions, 10),
		"managed": false, "mentionable": false, "flags": 0,
	}
}

// Permissions as Discord encodes them (bit positions from its documentation).
const (
	permCreateInstantInvite   = 1 << 0
	permAddReactions          = 1 << 6
	permViewChannel           = 1 << 10
	permSendMessages          = 1 << 11
	permEmbedLinks            = 1 << 14
	permAttachFiles           = 1 << 15
	permReadMessageHistory    = 1 << 16
	permMentionEveryone       = 1 << 17
	permUseExternalEmojis     = 1 << 18
	permUseApplicationCmds    = 1 << 31
	permCreatePublicThreads   = 1 << 35
	permCreatePrivateThreads  = 1 << 36
	permSendMessagesInThreads = 1 << 38

	memberPermissions = permCreateInstantInvite | permAddReactions | permViewChannel |
		permSendMessages | permEmbedLinks | permAttachFiles | permReadMessageHistory |
		permUseExternalEmojis | permUseApplicationCmds | permCreatePublicThreads |
		permCreatePrivateThreads | permSendMessagesInThreads
	// botPermissions are what the invite link of the README grants.
	botPermissions = permViewChannel | permSendMessages | permEmbedLinks | permAttachFiles |
		permReadMessageHistory | permUseExternalEmojis | permCreatePublicThreads |
		permSendMessagesInThreads
	// dmAppPermissions are what Discord reports for an app in a DM.
	dmAppPermissions = permAttachFiles | permEmbedLinks | permMentionEveryone | permUseExternalEmojis
)

// appPermissions is the app_permissions of an interaction in channelID.
func (s *Server) appPermissions(c *Channel) int64 {
	if c.Type == discordgo.ChannelTypeDM {
		return dmAppPermissions
	}
	p := int64(botPermissions)
	parent := c.ID
	if c.IsThread() {
		parent = c.ParentID
	}
	if s.noThreads[parent] {
		p &^= permCreatePublicThreads | permCreatePrivateThreads
	}
	return p
}

func (s *Server) wireMessage(m *Message, withGuild bool) object {
	o := object{
		"id": m.ID, "type": int(m.Type), "channel_id": m.ChannelID, "author": wireUser(s.users[m.AuthorID]),
		"content": m.Content, "timestamp": wireTime(m.Created), "edited_timestamp": nil,
		"tts": false, "mention_everyone": false, "mention_roles": []string{}, "pinned": false,
		"flags": int(m.Flags), "attachments": wireAttachments(m.Attachments),
		"embeds": rawOr(m.embedsRaw), "components": rawOr(m.componentsRaw),
	}
	mentions := make([]object, 0, len(m.Mentions))
	for _, id := range m.Mentions {
		if u := s.users[id]; u != nil {
			mentions = append(mentions, wireUser(u))
		}
	}
	o["mentions"] = mentions
	if !m.Edited.IsZero() {
		o["edited_timestamp"] = wireTime(m.Edited)
	}
	if withGuild && m.GuildID != "" {
		o["guild_id"] = m.GuildID
	}
	s.addInteractionFields(o, m)
	if m.ThreadID != "" {
		if th := s.channels[m.ThreadID]; th != nil {
			o["thread"] = s.wireChannel(th)
		}
	}
	return o
}

func (s *Server) addInteractionFields(o object, m *Message) {
	meta := m.interaction
	if meta == nil {
		return
	}
	user := wireUser(s.users[meta.UserID])
	o["application_id"], o["webhook_id"] = s.appID, s.appID
	o["interaction_metadata"] = object{
		"id": meta.ID, "type": meta.Type, "user": user,
		"authorizing_integration_owners": object{"0": cmp.Or(m.GuildID, s.guild.ID)},
	}
	o["interaction"] = object{"id": meta.ID, "type": meta.Type, "name": meta.Name, "user": user}
	if meta.ReferenceID != "" {
		o["message_reference"] = object{"type": 0, "message_id": meta.ReferenceID, "channel_id": m.ChannelID}
	}
}

// wireInteractionMeta ties a message to the interaction it answers.
type wireInteractionMeta struct {
	ID     string `json:"id"`
	Type   int    `json:"type"`
	Name   string `json:"name,omitempty"`
	UserID string `json:"user_id"`
	// ReferenceID is the message a component was clicked on.
	ReferenceID string `json:"reference_id,omitempty"`
}

func rawOr(raw json.RawMessage) any {
	if len(raw) == 0 || string(raw) == "null" {
		return []any{}
	}
	return raw
}

func wireAttachments(as []Attachment) []object {
	out := make([]object, 0, len(as))
	for _, a := range as {
		o := object{
			"id": a.ID, "filename": a.Filename, "size": a.Size, "url": a.URL, "proxy_url": a.URL,
			"content_type": a.ContentType,
		}
		if a.Description != "" {
			o["description"] = a.Description
		}
		if a.Width > 0 {
			o["width"], o["height"] = a.Width, a.Height
		}
		out = append(out, o)
	}
	return out
}
