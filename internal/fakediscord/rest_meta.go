package fakediscord

import (
	"context"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

func (s *Server) metaRoutes() []route {
	return []route{
		// GET /gateway needs no token on Discord either.
		{"GET /gateway", false, s.getGateway},
		{"GET /gateway/bot", true, s.getGatewayBot},
		{"GET /users/@me", true, s.getMe},
		{"GET /users/{user_id}", true, s.getUser},
		{"POST /users/@me/channels", true, s.createDM},
		{"GET /applications/@me", true, s.getApplication},
		{"GET /oauth2/applications/@me", true, s.getApplication},
		{"GET /guilds/{guild_id}", true, s.getGuild},
		{"GET /guilds/{guild_id}/members/{user_id}", true, s.getMember},
		{"GET /channels/{channel_id}", true, s.getChannel},
	}
}

// SetLocale sets the Discord locale ("ru", "es-ES") of a user, which their
// interactions carry from then on, or of a guild, which interactions in it
// carry as guild_locale. Everyone starts in en-US.
func (s *Server) SetLocale(id, locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.locales[id] = locale
}

// GrantPermissions gives a user permissions (Discord's bit flags) beyond an
// ordinary member's, in every guild: Manage Server makes a moderator. Their
// interactions carry them in member.permissions, as Discord computes it.
func (s *Server) GrantPermissions(userID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.granted[userID] |= perms
}

// locale is the locale of a user or guild; s.mu is held.
func (s *Server) locale(id string) string {
	if l, ok := s.locales[id]; ok {
		return l
	}
	return "en-US"
}

// AddUser adds a person to every guild and returns them.
func (s *Server) AddUser(username string) User {
	u := &User{ID: s.ids.next(), Username: username, GlobalName: username}
	s.mu.Lock()
	s.users[u.ID] = u
	s.broadcast()
	s.mu.Unlock()
	return *u
}

// AddBotUser adds another bot account to the guild (someone's other bot, for
// "you cannot challenge a bot").
func (s *Server) AddBotUser(username string) User {
	u := &User{ID: s.ids.next(), Username: username, Bot: true}
	s.mu.Lock()
	s.users[u.ID] = u
	s.broadcast()
	s.mu.Unlock()
	return *u
}

// User looks a user up by id.
func (s *Server) User(id string) (User, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.users[id]; u != nil {
		return *u, true
	}
	return User{}, false
}

func (s *Server) getGateway(c *call) {
	c.json(http.StatusOK, object{"url": s.GatewayURL()})
}

func (s *Server) getGatewayBot(c *call) {
	c.json(http.StatusOK, object{
		"url": s.GatewayURL(), "shards": max(1, s.cfg.shardsRequired),
		"session_start_limit": object{"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": 1},
	})
}

func (s *Server) getMe(c *call) {
	u := wireUser(&s.bot)
	u["verified"], u["mfa_enabled"], u["locale"] = true, false, "en-US"
	c.json(http.StatusOK, u)
}

func (s *Server) getUser(c *call) {
	u, ok := s.User(c.param("user_id"))
	if !ok {
		c.fail(http.StatusNotFound, codeUnknownUser, "Unknown User")
		return
	}
	c.json(http.StatusOK, wireUser(&u))
}

func (s *Server) getApplication(c *call) {
	c.json(http.StatusOK, object{
		"id": s.appID, "name": s.bot.Username, "icon": nil, "description": "", "bot_public": true,
		"bot_require_code_grant": false, "verify_key": "0000", "flags": 0, "bot": wireUser(&s.bot),
		"owner": wireUser(&User{ID: s.guild.OwnerID, Username: "owner"}), "team": nil,
	})
}

func (s *Server) getGuild(c *call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.guildByID(c.param("guild_id"))
	if g == nil {
		c.fail(http.StatusNotFound, 10004, "Unknown Guild")
		return
	}
	c.json(http.StatusOK, s.wireGuild(*g))
}

func (s *Server) getMember(c *call) {
	u, ok := s.User(c.param("user_id"))
	if !s.knownGuild(c.param("guild_id")) || !ok {
		c.fail(http.StatusNotFound, codeUnknownMember, "Unknown Member")
		return
	}
	c.json(http.StatusOK, wireMember(&u, snowflakeTime(u.ID), ""))
}

func (s *Server) getChannel(c *call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[c.param("channel_id")]
	if ch == nil {
		c.fail(http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return
	}
	c.json(http.StatusOK, s.wireChannel(ch))
}

// createDM opens (or finds) the DM channel between the bot and a user. It
// succeeds even when the user has closed DMs: Discord only refuses when a
// message is posted there.
func (s *Server) createDM(c *call) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := c.req.Decode(&body); err != nil || body.RecipientID == "" {
		c.fail(http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body")
		return
	}
	if _, ok := s.User(body.RecipientID); !ok {
		c.fail(http.StatusBadRequest, codeInvalidRecipients, "Invalid Recipient(s)")
		return
	}
	id := s.DMChannel(body.RecipientID)
	s.mu.Lock()
	defer s.mu.Unlock()
	c.json(http.StatusOK, s.wireChannel(s.channels[id]))
}

// DMChannel returns the id of the DM channel between the bot and a user,
// creating it as Discord does on first use. Interactions dispatched there
// come from the user's DMs.
func (s *Server) DMChannel(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, ok := s.dms[userID]; ok {
		return id
	}
	ch := &Channel{ID: s.ids.next(), Type: discordgo.ChannelTypeDM, RecipientID: userID}
	s.channels[ch.ID] = ch
	s.dms[userID] = ch.ID
	s.broadcast()
	return ch.ID
}

// CloseDMs makes messages to userID's DMs fail with 403 and code 50007
// ("Cannot send messages to this user"), as when a user turns off direct
// messages from server members. OpenDMs undoes it.
func (s *Server) CloseDMs(userID string) { s.setDMs(userID, true) }

// OpenDMs lets the bot message userID again.
func (s *Server) OpenDMs(userID string) { s.setDMs(userID, false) }

func (s *Server) setDMs(userID string, closed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dmsClosed[userID] = closed
}

// AddChannel adds a text channel to the guild and returns its id.
func (s *Server) AddChannel(name string) string {
	ch := &Channel{ID: s.ids.next(), Type: discordgo.ChannelTypeGuildText, GuildID: s.guild.ID, Name: name}
	s.mu.Lock()
	s.channels[ch.ID] = ch
	s.broadcast()
	s.mu.Unlock()
	return ch.ID
}

// DenyThreads takes the bot's permission to create threads in a channel:
// thread creation there answers 403 with code 50013 (Missing Permissions),
// and interactions from it carry app_permissions without the thread bits.
func (s *Server) DenyThreads(channelID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.noThreads[channelID] = true
}

// Channel looks a channel (text, thread or DM) up by id.
func (s *Server) Channel(id string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.channels[id]; c != nil {
		return *c, true
	}
	return Channel{}, false
}

// Threads lists the threads created under a channel, oldest first.
func (s *Server) Threads(parentID string) []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, c := range s.channels {
		if c.ParentID == parentID {
			out = append(out, *c)
		}
	}
	sortChannels(out)
	return out
}

// WaitThread waits for a thread under parentID that satisfies pred (nil
// for any) and returns the oldest such thread.
func (s *Server) WaitThread(ctx context.Context, parentID string, pred func(Channel) bool) (Channel, error) {
	var found Channel
	err := s.wait(ctx, func() bool {
		for _, c := range s.sortedChannels() {
			if c.ParentID == parentID && (pred == nil || pred(*c)) {
				found = *c
				return true
			}
		}
		return false
	})
	if err != nil {
		return Channel{}, fmt.Errorf("fakediscord: no matching thread under %s: %w", parentID, err)
	}
	return found, nil
}
