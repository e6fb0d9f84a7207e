package fakediscord

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// ixState is what the fake remembers of a dispatched interaction.
type ixState struct {
	id, token string
	typ       discordgo.InteractionType
	name      string // the command's name
	userID    string
	channelID string
	guildID   string
	messageID string // the message a component was used on
	created   time.Time

	callback   *Callback
	acking     bool     // a callback is being applied
	originalID string   // the message the interaction's response lives in
	followups  []string // follow-up message ids, oldest first
	replyID    string   // the first message that answered the user
}

// Callback is the bot's initial response to an interaction.
type Callback struct {
	Type discordgo.InteractionResponseType
	// Request is the POST .../callback call.
	Request *Request
	// Choices are the autocomplete results of a type 8 callback.
	Choices []*discordgo.ApplicationCommandOptionChoice
	// MessageID is the message the callback created (4, 5) or updates (6, 7).
	MessageID string
	// Elapsed is the time from dispatch to callback; Discord allows 3 s.
	Elapsed time.Duration
}

// Interaction is a handle on one dispatched interaction, to await the bot's
// answer to it.
type Interaction struct {
	ID        string
	Token     string
	Type      discordgo.InteractionType
	UserID    string
	ChannelID string
	GuildID   string
	MessageID string

	s   *Server
	err error // set when the interaction could not be dispatched
}

func (ix *Interaction) state() *ixState { return ix.s.ixs[ix.ID] }

// Callback waits for the bot's initial response.
func (ix *Interaction) Callback(ctx context.Context) (Callback, error) {
	if ix.err != nil {
		return Callback{}, ix.err
	}
	var cb Callback
	err := ix.s.wait(ctx, func() bool {
		if st := ix.state(); st.callback != nil {
			cb = *st.callback
			return true
		}
		return false
	})
	if err != nil {
		return Callback{}, fmt.Errorf("fakediscord: interaction %s (%s) got no callback: %w", ix.ID, ix.describe(), err)
	}
	return cb, nil
}

// Choices waits for the autocomplete result of an Autocomplete interaction.
func (ix *Interaction) Choices(ctx context.Context) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	cb, err := ix.Callback(ctx)
	if err != nil {
		return nil, err
	}
	if cb.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		return nil, fmt.Errorf("fakediscord: interaction %s answered with callback type %d, not autocomplete", ix.ID, cb.Type)
	}
	return cb.Choices, nil
}

// Reply waits for the first message that answers the user and returns it as
// it is now: the message of a type 4 callback, the message updated by type 7,
// or after a deferral (5, 6) the edit of the original response or the first
// follow-up.
func (ix *Interaction) Reply(ctx context.Context) (Message, error) {
	if ix.err != nil {
		return Message{}, ix.err
	}
	var m Message
	err := ix.s.wait(ctx, func() bool {
		st := ix.state()
		if st.replyID == "" || ix.s.messages[st.replyID] == nil {
			return false
		}
		m = *ix.s.messages[st.replyID]
		return true
	})
	if err != nil {
		return Message{}, fmt.Errorf("fakediscord: interaction %s (%s) got no reply: %w", ix.ID, ix.describe(), err)
	}
	return m, nil
}

// Followup waits for the n-th follow-up message (from 0) and returns it.
func (ix *Interaction) Followup(ctx context.Context, n int) (Message, error) {
	if ix.err != nil {
		return Message{}, ix.err
	}
	var m Message
	err := ix.s.wait(ctx, func() bool {
		st := ix.state()
		if len(st.followups) <= n || ix.s.messages[st.followups[n]] == nil {
			return false
		}
		m = *ix.s.messages[st.followups[n]]
		return true
	})
	if err != nil {
		return Message{}, fmt.Errorf("fakediscord: interaction %s has no follow-up %d: %w", ix.ID, n, err)
	}
	return m, nil
}

// Original returns the interaction's original response message as it is now.
func (ix *Interaction) Original() (Message, bool) {
	if ix.err != nil {
		return Message{}, false
	}
	ix.s.mu.Lock()
	id := ix.state().originalID
	ix.s.mu.Unlock()
	return ix.s.Message(id)
}

func (ix *Interaction) describe() string {
	st := ix.s.ixStateCopy(ix.ID)
	if st.name != "" {
		return "/" + st.name
	}
	return fmt.Sprintf("type %d on message %s", ix.Type, ix.MessageID)
}

func (s *Server) ixStateCopy(id string) ixState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.ixs[id]
}

// interactionBase builds the fields every interaction carries, as a user in
// channelID would send it: member and guild in a guild channel, user in a DM.
func (s *Server) interactionBase(typ discordgo.InteractionType, userID, channelID string) (*ixState, object, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ch := s.users[userID], s.channels[channelID]
	if u == nil {
		return nil, nil, fmt.Errorf("unknown user %q (add people with AddUser)", userID)
	}
	if ch == nil {
		return nil, nil, fmt.Errorf("unknown channel %q", channelID)
	}
	if ch.Type == discordgo.ChannelTypeDM && ch.RecipientID != userID {
		return nil, nil, fmt.Errorf("user %s cannot act in the DM of user %s", userID, ch.RecipientID)
	}
	st := &ixState{id: s.ids.next(), typ: typ, userID: userID, channelID: channelID, guildID: ch.GuildID, created: time.Now()}
	st.token = "aW50ZXJhY3Rpb246" + st.id + ":fake-token"
	p := object{
		"id": st.id, "application_id": s.appID, "type": int(typ), "token": st.token, "version": 1,
		"channel_id": ch.ID, "channel": s.wireChannel(ch), "locale": s.locale(userID), "entitlements": []any{},
		"app_permissions":       fmt.Sprint(s.appPermissions(ch)),
		"attachment_size_limit": maxUpload,
	}
	if ch.GuildID != "" {
		p["guild_id"], p["guild_locale"], p["context"] = ch.GuildID, s.locale(ch.GuildID), 0
		p["guild"] = object{"id": ch.GuildID, "locale": s.locale(ch.GuildID), "features": []string{}}
		p["member"] = wireMember(u, snowflakeTime(u.ID), fmt.Sprint(memberPermissions|s.granted[userID]))
		p["authorizing_integration_owners"] = object{"0": ch.GuildID}
	} else {
		p["user"], p["context"] = wireUser(u), 1
		p["authorizing_integration_owners"] = object{"0": "0"}
	}
	return st, p, nil
}

// send registers an interaction and delivers it to the bot: POSTed to the
// Interactions Endpoint URL when one is set, as Discord then sends nothing
// on the gateway, else dispatched there.
func (s *Server) send(st *ixState, payload object) *Interaction {
	s.mu.Lock()
	s.ixs[st.id], s.ixByToken[st.token] = st, st
	s.ixOrder = append(s.ixOrder, st)
	s.forgetInteractions()
	url := s.ep.url
	s.broadcast()
	s.mu.Unlock()
	if url != "" {
		s.post(url, st, payload)
	} else {
		s.dispatchIntent(st.guildID, 0, "INTERACTION_CREATE", payload)
	}
	return &Interaction{
		ID: st.id, Token: st.token, Type: st.typ, UserID: st.userID,
		ChannelID: st.channelID, GuildID: st.guildID, MessageID: st.messageID, s: s,
	}
}

// failed reports a test's misuse of the driver (unless WithQuietDrivers)
// and returns a handle whose
// waits fail at once.
func (s *Server) failed(what string, err error) *Interaction {
	s.t.Helper()
	err = fmt.Errorf("fakediscord: %s: %w", what, err)
	if !s.cfg.quietDrivers {
		s.t.Errorf("%v", err)
	}
	return &Interaction{s: s, err: err}
}

// interactionLife is how long Discord honours an interaction's token.
const interactionLife = 15 * time.Minute

// forgetInteractions lets go of the interactions whose tokens have died,
// with the answers they kept, where the fake keeps a bounded log
// (WithRequestLog); s.mu is held. A test's fake keeps them all. They die
// in the order they were sent, so only the oldest are looked at: a fake
// serving hundreds a second for hours must not read them all at each.
func (s *Server) forgetInteractions() {
	if s.cfg.keepRequests == 0 {
		s.ixOrder = nil
		return
	}
	n := 0
	for n < len(s.ixOrder) && time.Since(s.ixOrder[n].created) > interactionLife {
		delete(s.ixs, s.ixOrder[n].id)
		delete(s.ixByToken, s.ixOrder[n].token)
		n++
	}
	s.ixOrder = s.ixOrder[n:]
}

var errNoSession = errors.New("no bot session has connected to the gateway")
