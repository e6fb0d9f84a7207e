package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// readyWait bounds the wait for a shard's READY.
const readyWait = 30 * time.Second

// connect opens the gateway session of every shard this process runs, one
// after another: Discord refuses IDENTIFYs sent faster than its limit, so
// Each waits the identify gap after the one before.
func (b *Bot) connect(ctx context.Context) error {
	for i, s := range b.gw {
		if i > 0 && b.identifyGap > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(b.identifyGap):
			}
		}
		if err := b.openShard(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

// openShard connects one session and waits for its READY. Every shard's
// interactions go to the same handler, counted by the same gate, so Close
// waits for them all.
func (b *Bot) openShard(ctx context.Context, s *discordgo.Session) error {
	ready := make(chan struct{})
	var once sync.Once
	s.AddHandler(func(*discordgo.Session, *discordgo.Ready) { once.Do(func() { close(ready) }) })
	s.AddHandler(func(*discordgo.Session, *discordgo.Connect) { b.shardsUp.Add(1) })
	s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) { b.shardsUp.Add(-1) })
	// Synchronous events: the handler runs in the gateway's goroutine, so an
	// interaction is counted when it arrives; dispatch hands its work to a
	// goroutine of its own. The event has just been read and decoded: its
	// arrival, from which its acknowledgement is due.
	s.SyncEvents = true
	s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { b.dispatch(ic.Interaction, time.Now()) })
	s.Identify.Intents = discordgo.IntentsGuilds // no privileged intents needed
	// discordgo's cache of guilds, channels and threads is not kept: the
	// bot reads nothing of it but its own user, which READY sets all the
	// same, and it forgets no thread that was archived rather than deleted,
	// so a year's game threads would pile up in it.
	s.StateEnabled = false
	if err := s.Open(); err != nil {
		return fmt.Errorf("connecting to Discord%s: %w", shardLabel(s), err)
	}
	select {
	case <-ready:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(readyWait):
		return fmt.Errorf("connecting to Discord%s: no READY within %v", shardLabel(s), readyWait)
	}
}

// disconnect closes every shard's session.
func (b *Bot) disconnect() error {
	// All at once: discordgo waits a second for each session's close frame,
	// so one after another a process of N shards would take N seconds to stop.
	errs := make([]error, len(b.gw))
	var wg sync.WaitGroup
	for n, s := range b.gw {
		wg.Go(func() {
			if err := s.Close(); err != nil {
				errs[n] = fmt.Errorf("closing the gateway%s: %w", shardLabel(s), err)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// runsShardZero reports whether this process runs shard 0, which an
// unsharded session is.
func (b *Bot) runsShardZero() bool {
	for _, s := range b.gw {
		if s.ShardID == 0 {
			return true
		}
	}
	return false
}

// shardNames lists the shards this process runs, for the log: "0,2 of 3",
// or "unsharded".
func (b *Bot) shardNames() string {
	if len(b.gw) == 0 || b.gw[0].ShardCount <= 1 {
		return "unsharded"
	}
	ids := make([]string, len(b.gw))
	for i, s := range b.gw {
		ids[i] = fmt.Sprint(s.ShardID)
	}
	return fmt.Sprintf("%s of %d", strings.Join(ids, ","), b.gw[0].ShardCount)
}

// shardLabel names a sharded session's shard in an error.
func shardLabel(s *discordgo.Session) string {
	if s.ShardCount <= 1 {
		return ""
	}
	return fmt.Sprintf(" (shard %d of %d)", s.ShardID, s.ShardCount)
}
