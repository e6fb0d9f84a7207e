package fakediscord

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// World is what a fake Discord holds that a person would expect to find
// again after a restart: the bot, its guilds, the users with their locales
// and permissions, the channels and threads, and every message. kilab try
// saves it beside its database (SaveWorld) and starts from it (WithWorld),
// so that the games the database keeps are still in their threads, with the
// same players. Interactions, recorded requests and registered commands are
// not kept: the first die within minutes, and the bot registers the last
// again when it connects.
type World struct {
	Version  int               `json:"version"`
	LastID   int64             `json:"last_id"`
	Bot      User              `json:"bot"`
	AppID    string            `json:"app_id"`
	Guilds   []Guild           `json:"guilds"`
	Channel  string            `json:"channel"`
	Users    []User            `json:"users"`
	Locales  map[string]string `json:"locales"`
	Granted  map[string]int64  `json:"granted"`
	Channels []Channel         `json:"channels"`
	DMs      map[string]string `json:"dms"`
	Messages []savedMessage    `json:"messages"` // in each channel's order
	Closed   map[string]bool   `json:"dms_closed,omitempty"`
	NoThread map[string]bool   `json:"no_threads,omitempty"`
}

// worldVersion changes when World's shape does; an older file is refused
// rather than half read.
const worldVersion = 1

// savedMessage is a Message with the wire JSON its embeds and components
// were sent as, from which they are decoded again.
type savedMessage struct {
	ID            string                 `json:"id"`
	ChannelID     string                 `json:"channel_id"`
	GuildID       string                 `json:"guild_id,omitempty"`
	Type          discordgo.MessageType  `json:"type"`
	AuthorID      string                 `json:"author_id"`
	Content       string                 `json:"content,omitempty"`
	Flags         discordgo.MessageFlags `json:"flags,omitempty"`
	Embeds        json.RawMessage        `json:"embeds,omitempty"`
	Components    json.RawMessage        `json:"components,omitempty"`
	Attachments   []Attachment           `json:"attachments,omitempty"`
	Mentions      []string               `json:"mentions,omitempty"`
	InteractionID string                 `json:"interaction_id,omitempty"`
	ThreadID      string                 `json:"thread_id,omitempty"`
	Created       time.Time              `json:"created"`
	Edited        time.Time              `json:"edited"`
	Edits         int                    `json:"edits,omitempty"`
	Interaction   *wireInteractionMeta   `json:"interaction,omitempty"`
}

// SaveWorld writes the fake's world, gzipped JSON, to w.
func (s *Server) SaveWorld(w io.Writer) error {
	world := s.world()
	zw := gzip.NewWriter(w)
	if err := json.NewEncoder(zw).Encode(world); err != nil {
		return err
	}
	return zw.Close()
}

// ReadWorld reads a world SaveWorld wrote, for WithWorld.
func ReadWorld(r io.Reader) (*World, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: reading a saved world: %w", err)
	}
	var w World
	if err := json.NewDecoder(zr).Decode(&w); err != nil {
		return nil, fmt.Errorf("fakediscord: reading a saved world: %w", err)
	}
	if w.Version != worldVersion {
		return nil, fmt.Errorf("fakediscord: a saved world of version %d; this program reads version %d", w.Version, worldVersion)
	}
	if w.Bot.ID == "" || len(w.Guilds) == 0 || w.Channel == "" {
		return nil, fmt.Errorf("fakediscord: a saved world without its bot, guild or channel")
	}
	return &w, nil
}

// WithWorld starts the fake from a saved world instead of a new guild.
func WithWorld(w *World) Option { return func(c *config) { c.world = w } }

// world copies what SaveWorld keeps.
func (s *Server) world() *World {
	s.mu.Lock()
	defer s.mu.Unlock()
	// The maps are copied: SaveWorld encodes them after the lock is let go.
	w := &World{Version: worldVersion, LastID: s.ids.lastID(), Bot: s.bot, AppID: s.appID, Guilds: slices.Clone(s.guilds),
		Channel: s.channel, Locales: maps.Clone(s.locales), Granted: maps.Clone(s.granted), DMs: maps.Clone(s.dms),
		Closed: maps.Clone(s.dmsClosed), NoThread: maps.Clone(s.noThreads)}
	for _, u := range s.users {
		w.Users = append(w.Users, *u)
	}
	for _, ch := range s.sortedChannels() {
		w.Channels = append(w.Channels, *ch)
	}
	for _, ch := range w.Channels {
		for _, id := range s.order[ch.ID] {
			if m := s.messages[id]; m != nil {
				w.Messages = append(w.Messages, saveMessage(m))
			}
		}
	}
	return w
}

func saveMessage(m *Message) savedMessage {
	return savedMessage{ID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, Type: m.Type, AuthorID: m.AuthorID,
		Content: m.Content, Flags: m.Flags, Embeds: m.embedsRaw, Components: m.componentsRaw, Attachments: m.Attachments,
		Mentions: m.Mentions, InteractionID: m.InteractionID, ThreadID: m.ThreadID, Created: m.Created, Edited: m.Edited,
		Edits: m.Edits, Interaction: m.interaction}
}

// restore sets the fake up as w was saved, in place of seed.
func (s *Server) restore(w *World) {
	s.ids.resume(w.LastID)
	s.bot, s.appID, s.guilds, s.channel = w.Bot, w.AppID, w.Guilds, w.Channel
	s.guild = w.Guilds[0]
	s.users[s.bot.ID] = &s.bot
	for _, u := range w.Users {
		if u.ID != s.bot.ID {
			u := u
			s.users[u.ID] = &u
		}
	}
	maps.Copy(s.locales, w.Locales)
	maps.Copy(s.granted, w.Granted)
	maps.Copy(s.dms, w.DMs)
	maps.Copy(s.dmsClosed, w.Closed)
	maps.Copy(s.noThreads, w.NoThread)
	for _, ch := range w.Channels {
		ch := ch
		s.channels[ch.ID] = &ch
	}
	for _, sm := range w.Messages {
		m := &Message{ID: sm.ID, ChannelID: sm.ChannelID, GuildID: sm.GuildID, Type: sm.Type, AuthorID: sm.AuthorID,
			Content: sm.Content, Flags: sm.Flags, Attachments: sm.Attachments, Mentions: sm.Mentions,
			InteractionID: sm.InteractionID, ThreadID: sm.ThreadID, Created: sm.Created, Edited: sm.Edited, Edits: sm.Edits,
			embedsRaw: sm.Embeds, componentsRaw: sm.Components, interaction: sm.Interaction}
		if err := m.decode(); err != nil {
			continue // a message this program cannot read is left out rather than shown half
		}
		s.messages[m.ID] = m
		s.order[m.ChannelID] = append(s.order[m.ChannelID], m.ID)
	}
}

// lastID is the clock and increment of the last id handed out (without
// its worker bits, which resume leaves to next), so that a restored fake's
// new ids sort after the saved ones.
func (g *snowflakes) lastID() int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.last<<22 | g.inc
}

// resume makes next hand out ids after id.
func (g *snowflakes) resume(id int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if ms := id >> 22; ms > g.last {
		g.last, g.inc = ms, id&(1<<12-1)
	}
}
