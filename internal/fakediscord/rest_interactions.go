package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Interaction callbacks and webhook routes carry their own token: Discord
// does not require the bot token on them.
func (s *Server) interactionRoutes() []route {
	return []route{
		{"POST /interactions/{interaction_id}/{interaction_token}/callback", false, s.interactionCallback},
		{"POST /webhooks/{webhook_id}/{webhook_token}", false, s.followup},
		{"GET /webhooks/{webhook_id}/{webhook_token}/messages/@original", false, s.getOriginal},
		{"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original", false, s.editOriginal},
		{"DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original", false, s.deleteOriginal},
		{"GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", false, s.getFollowup},
		{"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", false, s.editFollowup},
		{"DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", false, s.deleteFollowup},
	}
}

type callbackBody struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data json.RawMessage                   `json:"data"`
}

// callbackTypes are the responses Discord accepts for each interaction type.
var callbackTypes = map[discordgo.InteractionType][]discordgo.InteractionResponseType{
	discordgo.InteractionApplicationCommand: {
		discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseModal,
	},
	discordgo.InteractionMessageComponent: {
		discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseDeferredMessageUpdate,
		discordgo.InteractionResponseUpdateMessage,
		discordgo.InteractionResponseModal,
	},
	discordgo.InteractionApplicationCommandAutocomplete: {
		discordgo.InteractionApplicationCommandAutocompleteResult,
	},
}

// acceptCallback finds the interaction a callback is for and checks that it
// may still be answered; it marks it as being answered, so that of two
// concurrent callbacks one fails as it would on Discord.
func (s *Server) acceptCallback(c *call, body callbackBody) (*ixState, *failure) {
	s.mu.Lock()
	st := s.ixs[c.param("interaction_id")]
	var late time.Duration
	var f *failure
	switch {
	case st == nil || st.token != c.param("interaction_token"):
		f = &failure{http.StatusNotFound, codeUnknownInteraction, "Unknown interaction"}
	case st.callback != nil || st.acking:
		f = &failure{http.StatusBadRequest, codeAlreadyAcked, "Interaction has already been acknowledged."}
	case s.cfg.deadline > 0 && time.Since(st.created) > s.cfg.deadline:
		late = time.Since(st.created)
		f = &failure{http.StatusNotFound, codeUnknownInteraction, "Unknown interaction"}
	case !containsType(callbackTypes[st.typ], body.Type):
		f = &failure{http.StatusBadRequest, codeInvalidFormBody, "Interaction response type invalid"}
	default:
		st.acking = true
	}
	s.mu.Unlock()
	switch {
	case late > 0:
		s.cfg.onViolation(c.req, []Violation{{Source: "limits", Rule: fmt.Sprintf(
			"interaction %s answered %v after it was dispatched; Discord allows %v and then answers Unknown interaction",
			st.id, late.Round(time.Millisecond), s.cfg.deadline)}})
	case f != nil && f.code == codeInvalidFormBody:
		s.cfg.onViolation(c.req, []Violation{{Path: "type", Rule: fmt.Sprintf(
			"callback type %d is not a valid response to an interaction of type %d", body.Type, st.typ)}})
	}
	return st, f
}

func containsType(ts []discordgo.InteractionResponseType, t discordgo.InteractionResponseType) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

func (s *Server) interactionCallback(c *call) {
	var body callbackBody
	if err := c.req.Decode(&body); err != nil {
		c.fail(http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body")
		return
	}
	st, f := s.acceptCallback(c, body)
	if f != nil {
		f.answer(c)
		return
	}
	cb := &Callback{Type: body.Type, Request: c.req, Elapsed: time.Since(st.created)}
	f = s.applyCallback(c, st, body, cb)
	s.mu.Lock()
	st.acking = false
	if f == nil {
		st.callback = cb
	}
	s.broadcast()
	s.mu.Unlock()
	if f != nil {
		f.answer(c)
		return
	}
	c.noContent()
}

// applyCallback makes the message changes a callback asks for.
func (s *Server) applyCallback(c *call, st *ixState, body callbackBody, cb *Callback) *failure {
	sub := *c.req
	sub.JSON = body.Data
	switch body.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		return s.respondWithMessage(c, st, &sub, cb, false)
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		return s.respondWithMessage(c, st, &sub, cb, true)
	case discordgo.InteractionResponseDeferredMessageUpdate:
		s.setOriginal(st, st.messageID, false)
		cb.MessageID = st.messageID
	case discordgo.InteractionResponseUpdateMessage:
		m, f := s.editMessage(c, st.messageID, &sub)
		if f != nil {
			return f
		}
		s.setOriginal(st, m.ID, true)
		cb.MessageID = m.ID
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		var d struct {
			Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		}
		_ = json.Unmarshal(body.Data, &d)
		cb.Choices = d.Choices
	default:
		return &failure{http.StatusBadRequest, codeInvalidFormBody, "the fake does not support modals"}
	}
	return nil
}

// respondWithMessage creates the original response: the message itself
// (type 4) or its "thinking" placeholder (type 5).
func (s *Server) respondWithMessage(c *call, st *ixState, req *Request, cb *Callback, deferred bool) *failure {
	typ := discordgo.MessageTypeChatInputCommand
	if st.typ == discordgo.InteractionMessageComponent {
		typ = discordgo.MessageTypeReply
	}
	draft := s.interactionDraft(st, typ)
	var m *Message
	var f *failure
	if deferred {
		m, f = draft, nil
		m.Flags = discordgo.MessageFlagsLoading | deferredFlags(req.JSON)
	} else {
		m, f = s.buildMessage(req, draft, true)
	}
	if f != nil {
		return f
	}
	s.store(m)
	s.setOriginal(st, m.ID, !deferred)
	cb.MessageID = m.ID
	c.after = append(c.after, func() { s.dispatchMessage("MESSAGE_CREATE", m) })
	return nil
}

// deferredFlags keeps the one flag a deferral may carry: ephemeral.
func deferredFlags(data json.RawMessage) discordgo.MessageFlags {
	var d struct {
		Flags discordgo.MessageFlags `json:"flags"`
	}
	_ = json.Unmarshal(data, &d)
	return d.Flags & discordgo.MessageFlagsEphemeral
}

// interactionDraft is a new message answering an interaction, in its channel.
func (s *Server) interactionDraft(st *ixState, typ discordgo.MessageType) *Message {
	ch, _ := s.Channel(st.channelID)
	m := s.draft(&ch, typ)
	m.InteractionID = st.id
	m.interaction = &wireInteractionMeta{
		ID: st.id, Type: int(st.typ), Name: st.name, UserID: st.userID, ReferenceID: st.messageID,
	}
	return m
}

func (s *Server) setOriginal(st *ixState, id string, replied bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st.originalID = id
	if replied && st.replyID == "" {
		st.replyID = id
	}
	s.broadcast()
}

// editMessage applies an edit body to a stored message.
func (s *Server) editMessage(c *call, id string, req *Request) (*Message, *failure) {
	old, ok := s.Message(id)
	if !ok {
		return nil, &failure{http.StatusNotFound, codeUnknownMessage, "Unknown Message"}
	}
	m, f := s.buildMessage(req, &old, false)
	if f != nil {
		return nil, f
	}
	edited(m)
	s.store(m)
	c.after = append(c.after, func() { s.dispatchMessage("MESSAGE_UPDATE", m) })
	return m, nil
}

// webhookInteraction finds the acknowledged interaction behind a webhook
// token. Before the callback Discord knows no webhook for it.
func (s *Server) webhookInteraction(c *call) (*ixState, *failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.ixByToken[c.param("webhook_token")]; st != nil && c.param("webhook_id") == s.appID && st.callback != nil {
		return st, nil
	}
	return nil, &failure{http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook"}
}

// followup posts a follow-up message for an interaction.
func (s *Server) followup(c *call) {
	st, f := s.webhookInteraction(c)
	if f != nil {
		f.answer(c)
		return
	}
	var m *Message
	if id := s.pendingDeferral(st); id != "" {
		// The first follow-up to a deferred response fills in the
		// "thinking" message rather than adding one, keeping its flags.
		m, f = s.editMessage(c, id, c.req)
	} else {
		m, f = s.buildMessage(c.req, s.interactionDraft(st, discordgo.MessageTypeReply), true)
		if f == nil {
			s.store(m)
			c.after = append(c.after, func() { s.dispatchMessage("MESSAGE_CREATE", m) })
		}
	}
	if f != nil {
		f.answer(c)
		return
	}
	s.mu.Lock()
	st.followups = append(st.followups, m.ID)
	if st.replyID == "" {
		st.replyID = m.ID
	}
	s.broadcast()
	s.mu.Unlock()
	if c.req.Query.Get("wait") == "true" {
		s.answerMessage(c, http.StatusOK, m)
		return
	}
	c.noContent()
}

// pendingDeferral is the still loading original message of a deferred
// (type 5) response with no follow-up yet, or "".
func (s *Server) pendingDeferral(st *ixState) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[st.originalID]
	if st.callback.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		len(st.followups) > 0 || m == nil || !m.Loading() {
		return ""
	}
	return m.ID
}

// webhookMessage finds the message an @original or follow-up route names.
func (s *Server) webhookMessage(c *call) (*ixState, string, *failure) {
	st, f := s.webhookInteraction(c)
	if f != nil {
		return nil, "", f
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := c.param("message_id")
	if id == "" {
		id = st.originalID
	} else if !contains(st.followups, id) && id != st.originalID {
		id = ""
	}
	if id == "" || s.messages[id] == nil {
		return nil, "", &failure{http.StatusNotFound, codeUnknownMessage, "Unknown Message"}
	}
	return st, id, nil
}

func (s *Server) getOriginal(c *call) { s.getWebhookMessage(c) }
func (s *Server) getFollowup(c *call) { s.getWebhookMessage(c) }

func (s *Server) getWebhookMessage(c *call) {
	_, id, f := s.webhookMessage(c)
	if f != nil {
		f.answer(c)
		return
	}
	m, _ := s.Message(id)
	s.answerMessage(c, http.StatusOK, &m)
}

func (s *Server) editOriginal(c *call) { s.editWebhookMessage(c) }
func (s *Server) editFollowup(c *call) { s.editWebhookMessage(c) }

func (s *Server) editWebhookMessage(c *call) {
	st, id, f := s.webhookMessage(c)
	if f != nil {
		f.answer(c)
		return
	}
	m, f := s.editMessage(c, id, c.req)
	if f != nil {
		f.answer(c)
		return
	}
	s.mu.Lock()
	if st.replyID == "" {
		st.replyID = id
	}
	s.broadcast()
	s.mu.Unlock()
	s.answerMessage(c, http.StatusOK, m)
}

func (s *Server) deleteOriginal(c *call) { s.deleteWebhookMessage(c) }
func (s *Server) deleteFollowup(c *call) { s.deleteWebhookMessage(c) }

func (s *Server) deleteWebhookMessage(c *call) {
	_, id, f := s.webhookMessage(c)
	if f != nil {
		f.answer(c)
		return
	}
	m, _ := s.Message(id)
	s.remove(&m)
	c.noContent()
}
