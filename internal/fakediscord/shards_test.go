package fakediscord_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
)

func TestShardOf(t *testing.T) {
	t.Parallel()
	// 175928847299117063 is the example snowflake of Discord's documentation:
	// its timestamp part is 41944705796.
	for _, c := range []struct {
		guild         string
		shards, shard int
	}{
		{"175928847299117063", 1, 0}, {"175928847299117063", 2, 0}, {"175928847299117063", 3, 2},
		{"175928847299117063", 16, 4}, {"", 4, 0},
	} {
		if got := fakediscord.ShardOf(c.guild, c.shards); got != c.shard {
			t.Errorf("ShardOf(%q, %d) = %d, want %d", c.guild, c.shards, got, c.shard)
		}
	}
	srv := fakediscord.New(t)
	for shards := 1; shards <= 4; shards++ {
		for shard := range shards {
			g := srv.AddGuildOnShard(fmt.Sprintf("g%d-%d", shard, shards), shard, shards)
			if got := fakediscord.ShardOf(g.ID, shards); got != shard {
				t.Errorf("AddGuildOnShard(%d of %d) made %s on shard %d", shard, shards, g.ID, got)
			}
			if ch, ok := srv.Channel(g.ChannelID); !ok || ch.GuildID != g.ID {
				t.Errorf("guild %s has no channel of its own: %+v", g.ID, ch)
			}
		}
	}
	if n := len(srv.Guilds()); n != 1+1+2+3+4 {
		t.Errorf("%d guilds", n)
	}
}

// shardSession opens a session for one shard and returns it with the guild
// ids its READY listed and a channel of the interactions it receives.
func shardSession(t *testing.T, srv *fakediscord.Server, shard, shards int) ([]string, chan *discordgo.InteractionCreate) {
	t.Helper()
	s := srv.NewSession()
	s.ShardID, s.ShardCount = shard, shards
	var guilds []string
	s.AddHandlerOnce(func(_ *discordgo.Session, r *discordgo.Ready) {
		for _, g := range r.Guilds {
			guilds = append(guilds, g.ID)
		}
	})
	got := make(chan *discordgo.InteractionCreate, 8)
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		got <- ic
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: fmt.Sprintf("shard %d", shard)}})
	})
	s.SyncEvents = true // READY's handler has run when Open returns
	if err := s.Open(); err != nil {
		t.Fatalf("Open shard %d of %d: %v", shard, shards, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return guilds, got
}

// Each interaction reaches only the session of the shard that owns its
// guild, DMs reach shard 0, and READY lists each shard's own guilds.
func TestInteractionsGoToTheirShard(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	on := []fakediscord.Guild{srv.AddGuildOnShard("zero", 0, 2), srv.AddGuildOnShard("one", 1, 2)}
	var ready [2][]string
	var got [2]chan *discordgo.InteractionCreate
	for shard := range 2 {
		ready[shard], got[shard] = shardSession(t, srv, shard, 2)
	}
	ctx := testContext(t)
	if err := srv.WaitShards(ctx, 2); err != nil {
		t.Fatal(err)
	}
	for shard, g := range on {
		if !slices.Contains(ready[shard], g.ID) || slices.Contains(ready[1-shard], g.ID) {
			t.Errorf("READY guilds: shard 0 %v, shard 1 %v; %s belongs to shard %d", ready[0], ready[1], g.ID, shard)
		}
	}
	if _, err := srv.NewSession().ApplicationCommandBulkOverwrite(srv.AppID(), "", testCommands); err != nil {
		t.Fatal(err)
	}
	ana := srv.AddUser("ana")
	for _, c := range []struct {
		channel string
		shard   int
	}{{on[1].ChannelID, 1}, {on[0].ChannelID, 0}, {srv.DMChannel(ana.ID), 0}, {on[1].ChannelID, 1}} {
		reply, err := srv.Command(ana.ID, c.channel, "ping", fakediscord.Arg("word", "hi")).Reply(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("shard %d", c.shard); reply.Content != want {
			t.Errorf("interaction in %s answered by %q, want %q", c.channel, reply.Content, want)
		}
	}
	if len(got[0]) != 2 || len(got[1]) != 2 {
		t.Errorf("shard 0 got %d interactions, shard 1 %d; want 2 each", len(got[0]), len(got[1]))
	}
	ss := srv.GatewaySessions()
	if len(ss) != 2 || ss[0].Shard != [2]int{0, 2} || ss[1].Shard != [2]int{1, 2} {
		t.Errorf("sessions: %+v", ss)
	}
}

// A shard out of range is refused with 4010, too few shards with 4011, and
// GET /gateway/bot recommends the shards required.
func TestBadShardsAreRefused(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithShardsRequired(2))
	for _, c := range []struct {
		shard *[2]int
		code  string
	}{{&[2]int{2, 2}, "4010"}, {&[2]int{-1, 2}, "4010"}, {&[2]int{0, 0}, "4010"}, {nil, "4011"}, {&[2]int{0, 1}, "4011"}} {
		s := srv.NewSession()
		s.Identify.Shard = c.shard // discordgo sends it as is when ShardCount is 1
		err := s.Open()
		if err == nil || !strings.Contains(err.Error(), c.code) {
			t.Errorf("IDENTIFY with shard %v: %v, want close %s", c.shard, err, c.code)
		}
		_ = s.Close()
	}
	s := srv.NewSession()
	gb, err := s.GatewayBot()
	if err != nil || gb.Shards != 2 {
		t.Fatalf("GET /gateway/bot: %+v, %v", gb, err)
	}
	shardSession(t, srv, 1, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := srv.WaitShards(ctx, 2); err == nil {
		t.Error("WaitShards(2) with shard 0 missing returned")
	}
}
