package fakediscord

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// What a face on the fake reads: kilab try draws the guild, its channels
// and each person's view of their messages from these, as Discord's client
// draws them from Discord.

// Changes returns a channel closed at the fake's next change of any kind
// (a message, a channel, a user, a request answered).
func (s *Server) Changes() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

// Versions counts, by channel id, the changes to each channel's messages so
// far: a face redraws the channels whose count moved.
func (s *Server) Versions() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.versions)
}

// Channels lists every channel, oldest first: the guilds' text channels
// and threads, and the DMs.
func (s *Server) Channels() []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, c := range s.sortedChannels() {
		out = append(out, *c)
	}
	return out
}

// Users lists the people and bots the fake knows, oldest first.
func (s *Server) Users() []User {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []User
	for _, u := range s.users {
		out = append(out, *u)
	}
	slices.SortFunc(out, func(a, b User) int {
		if idLess(a.ID, b.ID) {
			return -1
		}
		if idLess(b.ID, a.ID) {
			return 1
		}
		return 0
	})
	return out
}

// Locale is the Discord locale of a user or guild (SetLocale; en-US else).
func (s *Server) Locale(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.locale(id)
}

// Granted is what GrantPermissions gave a user beyond an ordinary member.
func (s *Server) Granted(userID string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.granted[userID]
}

// View returns the messages of channelID that userID sees, oldest first,
// as Discord's API shows them: another person's ephemeral answers and
// another person's DMs are left out.
func (s *Server) View(userID, channelID string) []json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []json.RawMessage{}
	for _, id := range s.order[channelID] {
		m := s.messages[id]
		if m == nil || !s.seenBy(m, userID) {
			continue
		}
		raw, err := json.Marshal(s.wireMessage(m, true))
		if err == nil {
			out = append(out, raw)
		}
	}
	return out
}

// File returns an attachment of a message userID may see.
func (s *Server) File(userID, messageID, filename string) (Attachment, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[messageID]
	if m == nil || !s.seenBy(m, userID) {
		return Attachment{}, false
	}
	return m.Attachment(filename)
}

// visibleTo: an ephemeral message is seen by the user of its interaction
// alone.
func visibleTo(m *Message, userID string) bool {
	return !m.Ephemeral() || (m.interaction != nil && m.interaction.UserID == userID)
}

// seenBy: userID sees m where it is theirs to see (visibleTo) in a channel
// they can read: a DM only by its recipient. s.mu is held.
func (s *Server) seenBy(m *Message, userID string) bool {
	ch := s.channels[m.ChannelID]
	return ch != nil && (ch.Type != discordgo.ChannelTypeDM || ch.RecipientID == userID) && visibleTo(m, userID)
}

// Err is why the interaction could not be dispatched (an unknown command,
// an option the command does not have, a button the message does not
// show), or nil.
func (ix *Interaction) Err() error { return ix.err }

// CommandsFor lists the chat commands Discord's client would offer userID
// in channelID: the guild's and the global ones in a guild channel, those
// usable in DMs in a DM, and of those only the ones whose default member
// permissions the user holds (a moderator's commands are hidden from
// others, as Discord hides them).
func (s *Server) CommandsFor(userID, channelID string) []*discordgo.ApplicationCommand {
	ch, ok := s.Channel(channelID)
	if !ok {
		return nil
	}
	perms := int64(memberPermissions) | s.Granted(userID)
	scopes := []string{""}
	if ch.GuildID != "" {
		scopes = []string{ch.GuildID, ""}
	}
	var out []*discordgo.ApplicationCommand
	seen := map[string]bool{}
	for _, scope := range scopes {
		for _, cmd := range s.Commands(scope) {
			if cmd.Type != discordgo.ChatApplicationCommand || seen[cmd.Name] {
				continue
			}
			if ch.GuildID == "" && !usableInDMs(cmd) || !permitted(cmd, perms) {
				continue
			}
			seen[cmd.Name] = true
			out = append(out, cmd)
		}
	}
	slices.SortFunc(out, func(a, b *discordgo.ApplicationCommand) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// permitted: a command with default member permissions is offered to those
// who hold all of them.
func permitted(cmd *discordgo.ApplicationCommand, perms int64) bool {
	return cmd.DefaultMemberPermissions == nil || *cmd.DefaultMemberPermissions&perms == *cmd.DefaultMemberPermissions
}
