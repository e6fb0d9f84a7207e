package fakediscord

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

func (s *Server) messageRoutes() []route {
	return []route{
		{"POST /channels/{channel_id}/messages", true, s.postMessage},
		{"GET /channels/{channel_id}/messages", true, s.listMessages},
		{"GET /channels/{channel_id}/messages/{message_id}", true, s.getMessage},
		{"PATCH /channels/{channel_id}/messages/{message_id}", true, s.patchMessage},
		{"DELETE /channels/{channel_id}/messages/{message_id}", true, s.deleteMessage},
	}
}

// writableChannel finds a channel the bot may post in, or says why not.
func (s *Server) writableChannel(id string) (*Channel, *failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[id]
	if ch == nil {
		return nil, &failure{http.StatusNotFound, codeUnknownChannel, "Unknown Channel"}
	}
	if ch.Type == discordgo.ChannelTypeDM {
		u := s.users[ch.RecipientID]
		if s.dmsClosed[ch.RecipientID] || u == nil || u.Bot {
			return nil, &failure{http.StatusForbidden, codeCannotDM, "Cannot send messages to this user"}
		}
	}
	if ch.Archived {
		if ch.Locked {
			return nil, &failure{http.StatusBadRequest, codeThreadArchived, "Thread is locked"}
		}
		// A message in an archived thread brings it back.
		back := *ch
		back.Archived = false
		s.channels[ch.ID] = &back
		ch = &back
	}
	return ch, nil
}

func (s *Server) postMessage(c *call) {
	ch, f := s.writableChannel(c.param("channel_id"))
	if f != nil {
		f.answer(c)
		return
	}
	nonce, enforce := messageNonce(c.req)
	if m := s.byNonce(ch.ID, nonce); enforce && m != nil {
		// Discord: with enforce_nonce, a nonce seen lately in the channel
		// returns the message it created rather than a second one.
		s.answerMessage(c, http.StatusOK, m)
		return
	}
	m, f := s.buildMessage(c.req, s.draft(ch, discordgo.MessageTypeDefault), true)
	if f != nil {
		f.answer(c)
		return
	}
	m.Nonce = nonce
	s.store(m)
	s.answerMessage(c, http.StatusOK, m)
	c.after = append(c.after, func() { s.dispatchMessage("MESSAGE_CREATE", m) })
}

// messageNonce reads a create request's nonce (a string or an integer) and
// whether it asks Discord to enforce it.
func messageNonce(req *Request) (string, bool) {
	var body struct {
		Nonce   json.RawMessage `json:"nonce"`
		Enforce bool            `json:"enforce_nonce"`
	}
	if req.Decode(&body) != nil || isNull(body.Nonce) {
		return "", false
	}
	return strings.Trim(string(body.Nonce), `"`), body.Enforce
}

// byNonce finds the bot's message with that nonce in the channel.
func (s *Server) byNonce(channelID, nonce string) *Message {
	if nonce == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range s.order[channelID] {
		if m := s.messages[id]; m != nil && m.Nonce == nonce {
			return m
		}
	}
	return nil
}

func (s *Server) answerMessage(c *call, status int, m *Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c.json(status, s.wireMessage(m, false))
}

// channelMessage finds a message the bot posted in a channel. Ephemeral
// messages are not reachable through the channel endpoints.
func (s *Server) channelMessage(c *call) (*Message, *failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.channels[c.param("channel_id")] == nil {
		return nil, &failure{http.StatusNotFound, codeUnknownChannel, "Unknown Channel"}
	}
	m := s.messages[c.param("message_id")]
	if m == nil || m.ChannelID != c.param("channel_id") || m.Ephemeral() {
		return nil, &failure{http.StatusNotFound, codeUnknownMessage, "Unknown Message"}
	}
	return m, nil
}

// listMessages answers a history query: newest first, at most limit
// (default 50, at most 100), before or after a message id.
func (s *Server) listMessages(c *call) {
	limit, err := strconv.Atoi(c.req.Query.Get("limit"))
	if c.req.Query.Get("limit") == "" {
		limit, err = 50, nil
	}
	if err != nil || limit < 1 || limit > 100 {
		c.fail(http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body: limit must be 1-100")
		return
	}
	before, after := c.req.Query.Get("before"), c.req.Query.Get("after")
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.channels[c.param("channel_id")] == nil {
		c.fail(http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return
	}
	var picked []*Message // oldest first
	for _, id := range s.order[c.param("channel_id")] {
		m := s.messages[id]
		if m != nil && !m.Ephemeral() && (before == "" || idLess(m.ID, before)) && (after == "" || idLess(after, m.ID)) {
			picked = append(picked, m)
		}
	}
	// After an id Discord gives the messages closest to it, else the newest.
	if len(picked) > limit && after != "" {
		picked = picked[:limit]
	} else if len(picked) > limit {
		picked = picked[len(picked)-limit:]
	}
	out := []object{}
	for i := len(picked) - 1; i >= 0; i-- {
		out = append(out, s.wireMessage(picked[i], false))
	}
	c.json(http.StatusOK, out)
}

func (s *Server) getMessage(c *call) {
	m, f := s.channelMessage(c)
	if f != nil {
		f.answer(c)
		return
	}
	s.answerMessage(c, http.StatusOK, m)
}

func (s *Server) patchMessage(c *call) {
	old, f := s.channelMessage(c)
	if f == nil && old.AuthorID != s.bot.ID {
		f = &failure{http.StatusForbidden, codeCannotEditOthers, "Cannot edit a message authored by another user"}
	}
	if ch, ok := s.Channel(c.param("channel_id")); f == nil && ok && ch.Archived {
		f = &failure{http.StatusBadRequest, codeThreadArchived, "Thread is archived"}
	}
	if f != nil {
		f.answer(c)
		return
	}
	m, f := s.buildMessage(c.req, old, false)
	if f != nil {
		f.answer(c)
		return
	}
	edited(m)
	s.store(m)
	s.answerMessage(c, http.StatusOK, m)
	c.after = append(c.after, func() { s.dispatchMessage("MESSAGE_UPDATE", m) })
}

func (s *Server) deleteMessage(c *call) {
	m, f := s.channelMessage(c)
	if f != nil {
		f.answer(c)
		return
	}
	s.remove(m)
	c.noContent()
	c.after = append(c.after, func() {
		s.dispatchIntent(m.GuildID, intentFor(m), "MESSAGE_DELETE", object{"id": m.ID, "channel_id": m.ChannelID, "guild_id": m.GuildID})
	})
}

// remove deletes a message, as Discord does, for good.
func (s *Server) remove(m *Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.messages, m.ID)
	ids := s.order[m.ChannelID]
	for i, id := range ids {
		if id == m.ID {
			s.order[m.ChannelID] = append(ids[:i:i], ids[i+1:]...)
			break
		}
	}
	s.channelChanged(m.ChannelID)
	s.broadcast()
}

// Gateway intents that decide which events a session receives.
const (
	intentGuilds         = 1 << 0
	intentGuildMessages  = 1 << 9
	intentDirectMessages = 1 << 12
)

func intentFor(m *Message) int64 {
	if m.GuildID == "" {
		return intentDirectMessages
	}
	return intentGuildMessages
}

// dispatchMessage tells the gateway about a message, as Discord tells a bot
// about its own messages; ephemeral ones stay between Discord and the user.
func (s *Server) dispatchMessage(event string, m *Message) {
	if m.Ephemeral() {
		return
	}
	s.mu.Lock()
	data := s.wireMessage(m, true)
	if m.GuildID != "" {
		data["member"] = wireMember(&s.bot, snowflakeTime(s.bot.ID), "")
		delete(data["member"].(object), "user")
	}
	s.mu.Unlock()
	s.dispatchIntent(m.GuildID, intentFor(m), event, data)
}
