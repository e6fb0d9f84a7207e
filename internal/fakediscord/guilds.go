package fakediscord

import (
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// ShardOf is the shard that receives a guild's events when the bot runs
// shards of them: (guild_id >> 22) % shards, as Discord's gateway
// documentation gives it. DMs (guildID "") go to shard 0.
func ShardOf(guildID string, shards int) int {
	if guildID == "" || shards <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(shards))
}

// AddGuild adds a server holding the bot, every user and one text channel
// (Guild.ChannelID), and returns it. The bot learns of it when a session
// whose shard owns it identifies.
func (s *Server) AddGuild(name string) Guild {
	return s.addGuild(name, s.ids.next())
}

// AddGuildOnShard adds a guild, as AddGuild, whose id puts it on shard of
// shards, so tests can place games on the shard they mean to exercise.
func (s *Server) AddGuildOnShard(name string, shard, shards int) Guild {
	if shard < 0 || shard >= shards {
		s.t.Fatalf("fakediscord: AddGuildOnShard(%q, %d, %d): no such shard", name, shard, shards)
	}
	for {
		id := shiftToShard(s.ids.next(), shard, shards)
		s.mu.Lock()
		taken := s.guildByID(id) != nil || s.channels[id] != nil
		s.mu.Unlock()
		if !taken {
			return s.addGuild(name, id)
		}
	}
}

// shiftToShard moves a snowflake's timestamp forward by the fewest
// milliseconds that land it on shard; worker 2, which the fake's own
// generator never uses, keeps it apart from the ids handed out later.
func shiftToShard(id string, shard, shards int) string {
	n, _ := strconv.ParseInt(id, 10, 64)
	ms := n >> 22
	ms += (int64(shard) - ms%int64(shards) + int64(shards)) % int64(shards)
	const worker = 2
	return strconv.FormatInt(ms<<22|worker<<17|n&(1<<12-1), 10)
}

func (s *Server) addGuild(name, id string) Guild {
	ch := &Channel{ID: s.ids.next(), Type: discordgo.ChannelTypeGuildText, GuildID: id, Name: "games"}
	g := Guild{ID: id, Name: name, OwnerID: s.ids.next(), ChannelID: ch.ID}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channels[ch.ID] = ch
	s.guilds = append(s.guilds, g)
	s.broadcast()
	return g
}

// Guilds lists every guild, the first one first.
func (s *Server) Guilds() []Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Guild(nil), s.guilds...)
}

// guildByID finds a guild; s.mu must be held.
func (s *Server) guildByID(id string) *Guild {
	for i := range s.guilds {
		if s.guilds[i].ID == id {
			return &s.guilds[i]
		}
	}
	return nil
}

// knownGuild reports whether id is one of the fake's guilds.
func (s *Server) knownGuild(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.guildByID(id) != nil
}

// guildsOnShard lists the guilds a session of shard [id, n] receives.
func (s *Server) guildsOnShard(shard [2]int) []Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Guild
	for _, g := range s.guilds {
		if ShardOf(g.ID, shard[1]) == shard[0] {
			out = append(out, g)
		}
	}
	return out
}
