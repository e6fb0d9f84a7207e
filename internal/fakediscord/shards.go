package fakediscord

import (
	"context"
	"encoding/json"
	"fmt"
)

// WithShardsRequired makes the fake stand for a bot in so many guilds that
// Discord requires at least n shards: GET /gateway/bot recommends n, and an
// IDENTIFY with fewer is closed with 4011 (Sharding required).
func WithShardsRequired(n int) Option { return func(c *config) { c.shardsRequired = n } }

// checkShard reads IDENTIFY's shard field ([shard_id, num_shards], [0, 1]
// when absent) and closes the connection as Discord does when it is
// malformed or out of range (4010) or fewer shards than required (4011).
func (s *Server) checkShard(conn *gwConn, raw json.RawMessage) ([2]int, bool) {
	shard := [2]int{0, 1}
	if len(raw) > 0 && string(raw) != "null" {
		var got []int
		if json.Unmarshal(raw, &got) != nil || len(got) != 2 || got[1] < 1 || got[0] < 0 || got[0] >= got[1] {
			conn.close(4010, "Invalid shard.")
			return shard, false
		}
		shard = [2]int{got[0], got[1]}
	}
	if shard[1] < s.cfg.shardsRequired {
		conn.close(4011, "Sharding required.")
		return shard, false
	}
	return shard, true
}

// route picks the session that receives an event about guildID: among the
// current sessions whose shard owns the guild (shard 0 for DMs), the one
// attached last, so a restarted process with another shard count takes over
// from the old one. s.mu must be held.
func (g *gatewayState) route(guildID string) *gwSession {
	var best *gwSession
	for shard, sess := range g.current {
		if ShardOf(guildID, shard[1]) == shard[0] && (best == nil || sess.attached > best.attached) {
			best = sess
		}
	}
	return best
}

// WaitShards waits until every shard of count (0 to count-1) has a live,
// heartbeating session: a sharded bot, across its processes, is connected.
func (s *Server) WaitShards(ctx context.Context, count int) error {
	err := s.wait(ctx, func() bool {
		for id := 0; id < count; id++ {
			sess := s.gw.current[[2]int{id, count}]
			if sess == nil || !sess.connected || sess.beats == 0 {
				return false
			}
		}
		return true
	})
	if err != nil {
		return fmt.Errorf("fakediscord: not every one of %d shards is connected: %w", count, err)
	}
	return nil
}
