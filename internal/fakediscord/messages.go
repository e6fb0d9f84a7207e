package fakediscord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // attachments Discord measures
	_ "image/jpeg"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// messagePayload is the part of a message body the fake acts on. Raw fields
// tell "absent" (nil) from "null", which matters for edits.
type messagePayload struct {
	Content         *string          `json:"content"`
	Embeds          json.RawMessage  `json:"embeds"`
	Components      json.RawMessage  `json:"components"`
	Attachments     json.RawMessage  `json:"attachments"`
	Flags           *int64           `json:"flags"`
	AllowedMentions *allowedMentions `json:"allowed_mentions"`
	StickerIDs      []string         `json:"sticker_ids"`
	Poll            json.RawMessage  `json:"poll"`
}

type allowedMentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users"`
}

type attachmentRef struct {
	ID          json.RawMessage `json:"id"` // Discord takes a number or a string
	Filename    string          `json:"filename"`
	Description string          `json:"description"`
}

func (a attachmentRef) id() string { return strings.Trim(string(a.ID), `"`) }

// failure is an error answer from Discord.
type failure struct {
	status, code int
	message      string
}

func (f *failure) answer(c *call) { c.fail(f.status, f.code, f.message) }

func present(raw json.RawMessage) bool { return raw != nil }

func isNull(raw json.RawMessage) bool { return raw == nil || string(raw) == "null" }

// buildMessage applies a message body to base, a new draft or the message
// being edited, and returns the new snapshot. It does not store it.
func (s *Server) buildMessage(req *Request, base *Message, creating bool) (*Message, *failure) {
	var p messagePayload
	if len(req.JSON) > 0 {
		if err := json.Unmarshal(req.JSON, &p); err != nil {
			return nil, &failure{http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body"}
		}
	}
	m := new(Message)
	*m = *base
	if p.Content != nil {
		m.Content = *p.Content
	}
	if present(p.Embeds) || creating {
		m.embedsRaw = nullToEmpty(p.Embeds)
	}
	if present(p.Components) || creating {
		m.componentsRaw = nullToEmpty(p.Components)
	}
	if p.Flags != nil {
		// Whether a message is ephemeral is settled when it is created.
		flags := discordgo.MessageFlags(*p.Flags)
		if !creating {
			flags = flags&^discordgo.MessageFlagsEphemeral | base.Flags&discordgo.MessageFlagsEphemeral
		}
		m.Flags = flags | base.Flags&discordgo.MessageFlagsLoading
	}
	atts, f := s.buildAttachments(req, p.Attachments, m)
	if f != nil {
		return nil, f
	}
	m.Attachments = atts
	if err := m.decode(); err != nil {
		return nil, &failure{http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body: " + err.Error()}
	}
	m.Mentions = s.mentions(m, p.AllowedMentions)
	s.lintEmbedImages(req, m)
	if m.empty() && len(p.StickerIDs) == 0 && isNull(p.Poll) {
		return nil, &failure{http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message"}
	}
	return m, nil
}

// lintEmbedImages reports an embed image or thumbnail naming an
// attachment://file the message does not carry. Discord accepts it and
// shows no picture, so the request passes, but the test fails.
func (s *Server) lintEmbedImages(req *Request, m *Message) {
	for i, e := range m.Embeds {
		for _, url := range embedImageURLs(e) {
			name, ok := strings.CutPrefix(url, "attachment://")
			if _, has := m.Attachment(name); ok && !has {
				s.cfg.onViolation(req, []Violation{{Path: fmt.Sprintf("embeds.%d", i), Source: "limits",
					Rule: fmt.Sprintf("embed shows %s but the message has no file %q: Discord shows no image", url, name)}})
			}
		}
	}
}

func embedImageURLs(e *discordgo.MessageEmbed) []string {
	var urls []string
	if e.Image != nil {
		urls = append(urls, e.Image.URL)
	}
	if e.Thumbnail != nil {
		urls = append(urls, e.Thumbnail.URL)
	}
	return urls
}

func nullToEmpty(raw json.RawMessage) json.RawMessage {
	if isNull(raw) {
		return nil
	}
	return raw
}

// decode fills Embeds and Components from the raw JSON with discordgo's types.
func (m *Message) decode() error {
	var dm discordgo.Message
	raw, _ := json.Marshal(object{"embeds": rawOr(m.embedsRaw), "components": rawOr(m.componentsRaw)})
	if err := json.Unmarshal(raw, &dm); err != nil {
		return err
	}
	m.Embeds, m.Components = dm.Embeds, dm.Components
	return nil
}

func (m *Message) empty() bool {
	return m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && len(m.Attachments) == 0
}

// buildAttachments works out a message's files: the uploads of this request,
// described by the attachments array (id n names files[n]), plus, on edits,
// the existing attachments the array keeps (all of them when it is absent).
func (s *Server) buildAttachments(req *Request, rawRefs json.RawMessage, m *Message) ([]Attachment, *failure) {
	var refs []attachmentRef
	if !isNull(rawRefs) {
		if err := json.Unmarshal(rawRefs, &refs); err != nil {
			return nil, &failure{http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body: attachments"}
		}
	}
	var out []Attachment
	for _, a := range m.Attachments {
		if !present(rawRefs) || hasRef(refs, a.ID) {
			out = append(out, a)
		}
	}
	for _, ref := range refs {
		if !isUploadRef(req, ref) && !hasAttachment(m.Attachments, ref.id()) {
			return nil, &failure{http.StatusBadRequest, codeInvalidFormBody,
				fmt.Sprintf("Invalid Form Body: attachments: unknown attachment id %s", ref.id())}
		}
	}
	for _, f := range req.Files {
		out = append(out, s.newAttachment(m.ChannelID, f, refFor(refs, fileIndex(f.Field))))
	}
	return out, nil
}

func hasRef(refs []attachmentRef, id string) bool {
	for _, r := range refs {
		if r.id() == id {
			return true
		}
	}
	return false
}

func hasAttachment(as []Attachment, id string) bool {
	for _, a := range as {
		if a.ID == id {
			return true
		}
	}
	return false
}

func isUploadRef(req *Request, ref attachmentRef) bool {
	for _, f := range req.Files {
		if fileIndex(f.Field) == ref.id() {
			return true
		}
	}
	return false
}

func refFor(refs []attachmentRef, index string) attachmentRef {
	for _, r := range refs {
		if r.id() == index {
			return r
		}
	}
	return attachmentRef{}
}

func (s *Server) newAttachment(channelID string, f File, ref attachmentRef) Attachment {
	name := f.Filename
	if ref.Filename != "" {
		name = ref.Filename
	}
	a := Attachment{
		ID: s.ids.next(), Filename: name, Description: ref.Description,
		ContentType: contentType(f, name), Size: f.Size, Data: f.Data,
	}
	a.URL = fmt.Sprintf("https://cdn.discordapp.com/attachments/%s/%s/%s", channelID, a.ID, name)
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
		a.Width, a.Height = cfg.Width, cfg.Height
	}
	return a
}

// contentType is what Discord reports: the part's own type, else one guessed
// from the extension or the bytes.
func contentType(f File, name string) string {
	if f.ContentType != "" && f.ContentType != "application/octet-stream" {
		return f.ContentType
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return http.DetectContentType(f.Data)
}

var userMention = regexp.MustCompile(`<@!?(\d+)>`)

// mentions is who a message notifies: the users mentioned in its content
// that allowed_mentions lets through (all of them when it is absent).
// Ephemeral messages notify nobody.
func (s *Server) mentions(m *Message, am *allowedMentions) []string {
	if m.Ephemeral() {
		return nil
	}
	var out []string
	for _, sub := range userMention.FindAllStringSubmatch(m.Content, -1) {
		id := sub[1]
		if allowsUser(am, id) && !contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func allowsUser(am *allowedMentions, id string) bool {
	return am == nil || contains(am.Parse, "users") || contains(am.Users, id)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// store saves a new or edited message and wakes waiters. An edit built
// from an older copy keeps the thread started on the message meanwhile: no
// edit can take a message's thread away.
func (s *Server) store(m *Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.messages[m.ID]; !ok {
		s.order[m.ChannelID] = append(s.order[m.ChannelID], m.ID)
	} else if m.ThreadID == "" {
		m.ThreadID = old.ThreadID
	}
	s.messages[m.ID] = m
	s.channelChanged(m.ChannelID)
	s.broadcast()
}

// draft is a new message's identity, before its body is applied.
func (s *Server) draft(ch *Channel, typ discordgo.MessageType) *Message {
	return &Message{
		ID: s.ids.next(), ChannelID: ch.ID, GuildID: ch.GuildID,
		Type: typ, AuthorID: s.bot.ID, Created: time.Now(),
	}
}

// edited stamps an edit on a snapshot built from an older one.
func edited(m *Message) {
	m.Edits++
	m.Edited = time.Now()
	m.Flags &^= discordgo.MessageFlagsLoading
}

// Messages returns the messages in a channel, thread or DM, oldest first, as
// they are now (after edits; deleted ones left out).
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, id := range s.order[channelID] {
		if m := s.messages[id]; m != nil {
			out = append(out, *m)
		}
	}
	return out
}

// Message returns a message as it is now.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.messages[id]; m != nil {
		return *m, true
	}
	return Message{}, false
}

// WaitMessage waits until a message in channelID satisfies pred and returns
// the oldest such message.
func (s *Server) WaitMessage(ctx context.Context, channelID string, pred func(Message) bool) (Message, error) {
	var found Message
	err := s.waitChannel(ctx, channelID, func() bool {
		for _, id := range s.order[channelID] {
			if m := s.messages[id]; m != nil && pred(*m) {
				found = *m
				return true
			}
		}
		return false
	})
	if err != nil {
		return Message{}, fmt.Errorf("fakediscord: no matching message in channel %s: %w", channelID, err)
	}
	return found, nil
}

// WaitMessages waits until channelID holds at least n messages and returns them.
func (s *Server) WaitMessages(ctx context.Context, channelID string, n int) ([]Message, error) {
	err := s.waitChannel(ctx, channelID, func() bool { return len(s.order[channelID]) >= n })
	if err != nil {
		return nil, fmt.Errorf("fakediscord: channel %s has %d messages, want %d: %w",
			channelID, len(s.Messages(channelID)), n, err)
	}
	return s.Messages(channelID), nil
}

// Last returns the newest message in a channel.
func (s *Server) Last(channelID string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := s.order[channelID]
	if len(ids) == 0 {
		return Message{}, false
	}
	return *s.messages[ids[len(ids)-1]], true
}

// WaitMessageAfter waits for a message posted in channelID after the message
// afterID ("" for any) that satisfies pred: the next board after a click,
// say. Messages edited later are matched as they are now.
func (s *Server) WaitMessageAfter(ctx context.Context, channelID, afterID string, pred func(Message) bool) (Message, error) {
	var found Message
	err := s.waitChannel(ctx, channelID, func() bool {
		seen := afterID == ""
		for _, id := range s.order[channelID] {
			if m := s.messages[id]; seen && m != nil && pred(*m) {
				found = *m
				return true
			}
			seen = seen || id == afterID
		}
		return false
	})
	if err != nil {
		return Message{}, fmt.Errorf("fakediscord: no matching message in channel %s after %s: %w", channelID, afterID, err)
	}
	return found, nil
}

// Forget drops messages from the fake's memory, as a long run's driver
// does with what it is done with: each id names a message, or a channel
// (thread, DM) whose messages all go. The bot sees them as deleted: an edit
// of one is answered Unknown Message. Without it a fake that lives through
// a million interactions would keep every picture it was sent.
func (s *Server) Forget(ids ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if m := s.messages[id]; m != nil {
			delete(s.messages, id)
			s.order[m.ChannelID] = slices.DeleteFunc(s.order[m.ChannelID], func(x string) bool { return x == id })
			continue
		}
		for _, mid := range s.order[id] {
			delete(s.messages, mid)
		}
		delete(s.order, id)
	}
}
