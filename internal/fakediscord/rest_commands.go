package fakediscord

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

func (s *Server) commandRoutes() []route {
	return []route{
		{"PUT /applications/{application_id}/commands", true, s.putCommands},
		{"GET /applications/{application_id}/commands", true, s.getCommands},
		{"PUT /applications/{application_id}/guilds/{guild_id}/commands", true, s.putCommands},
		{"GET /applications/{application_id}/guilds/{guild_id}/commands", true, s.getCommands},
	}
}

// commandScope holds the commands registered globally or in one guild.
type commandScope struct {
	cmds []*discordgo.ApplicationCommand
	// ids keeps a command's id across overwrites, as Discord does for a
	// command of the same type and name.
	ids map[string]string
}

func (s *Server) commandScopeFor(c *call) (*commandScope, *failure) {
	if c.param("application_id") != s.appID {
		return nil, &failure{http.StatusForbidden, codeMissingAccess, "Missing Access"}
	}
	g := c.param("guild_id")
	if g != "" && !s.knownGuild(g) {
		return nil, &failure{http.StatusForbidden, codeMissingAccess, "Missing Access"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := s.commands[g]
	if sc == nil {
		sc = &commandScope{ids: map[string]string{}}
		s.commands[g] = sc
	}
	return sc, nil
}

// putCommands replaces every command of the scope (bulk overwrite). Commands
// that keep their type and name keep their id, so the call is idempotent.
func (s *Server) putCommands(c *call) {
	sc, f := s.commandScopeFor(c)
	if f != nil {
		f.answer(c)
		return
	}
	cmds, err := decodeCommands(c.req)
	if err != nil {
		c.fail(http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body")
		return
	}
	version := s.ids.next()
	s.mu.Lock()
	for _, cmd := range cmds {
		if cmd.Type == 0 {
			cmd.Type = discordgo.ChatApplicationCommand
		}
		key := strconv.Itoa(int(cmd.Type)) + "/" + cmd.Name
		if sc.ids[key] == "" {
			sc.ids[key] = s.ids.next()
		}
		cmd.ID, cmd.ApplicationID, cmd.GuildID, cmd.Version = sc.ids[key], s.appID, c.param("guild_id"), version
	}
	sc.cmds = cmds
	s.broadcast()
	s.mu.Unlock()
	c.json(http.StatusOK, wireCommands(cmds))
}

func (s *Server) getCommands(c *call) {
	sc, f := s.commandScopeFor(c)
	if f != nil {
		f.answer(c)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c.json(http.StatusOK, wireCommands(sc.cmds))
}

// wireCommands adds the fields Discord fills in on every command it returns.
func wireCommands(cmds []*discordgo.ApplicationCommand) []object {
	out := make([]object, 0, len(cmds))
	for _, cmd := range cmds {
		var o object
		b, _ := json.Marshal(cmd)
		_ = json.Unmarshal(b, &o)
		setDefault(o, "default_member_permissions", nil)
		setDefault(o, "dm_permission", true)
		setDefault(o, "nsfw", false)
		setDefault(o, "description", "")
		setDefault(o, "integration_types", []int{0})
		if o["guild_id"] == "" {
			delete(o, "guild_id")
		}
		out = append(out, o)
	}
	return out
}

func setDefault(o object, k string, v any) {
	if _, ok := o[k]; !ok {
		o[k] = v
	}
}

// Commands lists the commands registered globally (guildID "") or in a guild.
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sc := s.commands[guildID]; sc != nil {
		return append([]*discordgo.ApplicationCommand(nil), sc.cmds...)
	}
	return nil
}

// command finds a registered chat command usable in guildID ("" for DMs):
// guild commands first, then global ones, as Discord shows them.
func (s *Server) command(guildID, name string) *discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, scope := range []string{guildID, ""} {
		if scope != "" && s.guildByID(scope) == nil {
			continue
		}
		if sc := s.commands[scope]; sc != nil {
			for _, cmd := range sc.cmds {
				if cmd.Name == name && cmd.Type == discordgo.ChatApplicationCommand {
					return cmd
				}
			}
		}
	}
	return nil
}

// decodeCommands reads a bulk overwrite. Discord takes default_member_permissions
// as an integer (its API description) or a string (what it answers with, and
// what discordgo sends); discordgo's type reads only the string, so an
// integer is turned into one first.
func decodeCommands(req interface{ Decode(any) error }) ([]*discordgo.ApplicationCommand, error) {
	var raw []map[string]json.RawMessage
	if err := req.Decode(&raw); err != nil {
		return nil, err
	}
	for _, c := range raw {
		if p, ok := c["default_member_permissions"]; ok && len(p) > 0 && p[0] != '"' && string(p) != "null" {
			c["default_member_permissions"] = json.RawMessage(strconv.Quote(string(p)))
		}
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	var cmds []*discordgo.ApplicationCommand
	return cmds, json.Unmarshal(b, &cmds)
}
