package fakediscord

import (
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

func (s *Server) threadRoutes() []route {
	return []route{
		{"POST /channels/{channel_id}/messages/{message_id}/threads", true, s.threadFromMessage},
		{"POST /channels/{channel_id}/threads", true, s.threadWithoutMessage},
		{"PATCH /channels/{channel_id}", true, s.patchThread},
	}
}

// patchThread changes a thread's state: archived, locked, its name and
// auto-archive duration (what a bot changes of a thread it started). Other
// channels are not the fake's to modify.
func (s *Server) patchThread(c *call) {
	var body struct {
		Name                *string `json:"name"`
		Archived            *bool   `json:"archived"`
		Locked              *bool   `json:"locked"`
		AutoArchiveDuration *int    `json:"auto_archive_duration"`
	}
	if err := c.req.Decode(&body); err != nil {
		c.fail(http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body")
		return
	}
	s.mu.Lock()
	ch := s.channels[c.param("channel_id")]
	switch {
	case ch == nil:
		s.mu.Unlock()
		c.fail(http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return
	case !ch.IsThread():
		s.mu.Unlock()
		c.fail(http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	}
	th := *ch
	if body.Name != nil {
		th.Name = *body.Name
	}
	if body.Archived != nil {
		th.Archived = *body.Archived
	}
	if body.Locked != nil {
		th.Locked = *body.Locked
	}
	if body.AutoArchiveDuration != nil {
		th.AutoArchiveDuration = *body.AutoArchiveDuration
	}
	s.channels[th.ID] = &th
	wire := s.wireChannel(&th)
	s.broadcast()
	s.mu.Unlock()
	c.json(http.StatusOK, wire)
	c.after = append(c.after, func() { s.dispatchIntent(th.GuildID, intentGuilds, "THREAD_UPDATE", wire) })
}

type threadBody struct {
	Name                string                 `json:"name"`
	AutoArchiveDuration int                    `json:"auto_archive_duration"`
	Type                *discordgo.ChannelType `json:"type"`
	Invitable           *bool                  `json:"invitable"`
}

// threadParent finds a text channel the bot may open threads in.
func (s *Server) threadParent(id string) (*Channel, *failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[id]
	switch {
	case ch == nil:
		return nil, &failure{http.StatusNotFound, codeUnknownChannel, "Unknown Channel"}
	case ch.Type != discordgo.ChannelTypeGuildText && ch.Type != discordgo.ChannelTypeGuildNews:
		return nil, &failure{http.StatusBadRequest, 50024, "Cannot execute action on this channel type"}
	case s.noThreads[id]:
		return nil, &failure{http.StatusForbidden, codeMissingPermissions, "Missing Permissions"}
	}
	return ch, nil
}

// threadFromMessage starts a public thread on a message. Discord gives the
// thread the message's id, and a message can start only one thread.
func (s *Server) threadFromMessage(c *call) {
	parent, f := s.threadParent(c.param("channel_id"))
	if f != nil {
		f.answer(c)
		return
	}
	var body threadBody
	_ = c.req.Decode(&body)
	s.mu.Lock()
	m := s.messages[c.param("message_id")]
	switch {
	case m == nil || m.ChannelID != parent.ID || m.Ephemeral():
		f = &failure{http.StatusNotFound, codeUnknownMessage, "Unknown Message"}
	case m.ThreadID != "":
		f = &failure{http.StatusBadRequest, codeThreadExists, "A thread has already been created for this message"}
	}
	s.mu.Unlock()
	if f != nil {
		f.answer(c)
		return
	}
	typ := discordgo.ChannelTypeGuildPublicThread
	if parent.Type == discordgo.ChannelTypeGuildNews {
		typ = discordgo.ChannelTypeGuildNewsThread
	}
	th := s.newThread(parent, m.ID, typ, body)
	s.startedThread(m.ID, th.ID)
	s.answerThread(c, th)
}

// startedThread marks the message id, as it is now, as the starter of
// thread: an edit made meanwhile stays.
func (s *Server) startedThread(id, thread string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur := s.messages[id]; cur != nil {
		starter := *cur
		starter.ThreadID = thread
		s.messages[id] = &starter
		s.channelChanged(starter.ChannelID)
		s.broadcast()
	}
}

// threadWithoutMessage creates a thread with no starter message. Under API
// v9 a missing type means a private thread, which only invited members see;
// a public one leaves a "started a thread" system message in the channel.
func (s *Server) threadWithoutMessage(c *call) {
	parent, f := s.threadParent(c.param("channel_id"))
	if f != nil {
		f.answer(c)
		return
	}
	var body threadBody
	_ = c.req.Decode(&body)
	typ := discordgo.ChannelTypeGuildPrivateThread
	if body.Type != nil {
		typ = *body.Type
	}
	th := s.newThread(parent, s.ids.next(), typ, body)
	if typ != discordgo.ChannelTypeGuildPrivateThread {
		sys := s.draft(parent, discordgo.MessageTypeThreadCreated)
		sys.Content = th.Name
		sys.ThreadID = th.ID
		s.store(sys)
		c.after = append(c.after, func() { s.dispatchMessage("MESSAGE_CREATE", sys) })
	}
	s.answerThread(c, th)
}

func (s *Server) newThread(parent *Channel, id string, typ discordgo.ChannelType, body threadBody) *Channel {
	th := &Channel{
		ID: id, Type: typ, GuildID: parent.GuildID, Name: body.Name, ParentID: parent.ID,
		OwnerID: s.bot.ID, AutoArchiveDuration: body.AutoArchiveDuration, Invitable: true,
	}
	if th.AutoArchiveDuration == 0 {
		th.AutoArchiveDuration = int((24 * time.Hour).Minutes())
	}
	if body.Invitable != nil {
		th.Invitable = *body.Invitable
	}
	s.mu.Lock()
	s.channels[th.ID] = th
	s.broadcast()
	s.mu.Unlock()
	return th
}

func (s *Server) answerThread(c *call, th *Channel) {
	s.mu.Lock()
	wire := s.wireChannel(th)
	s.mu.Unlock()
	c.json(http.StatusCreated, wire)
	event := object{"newly_created": true}
	for k, v := range wire {
		event[k] = v
	}
	c.after = append(c.after, func() { s.dispatchIntent(th.GuildID, intentGuilds, "THREAD_CREATE", event) })
}
