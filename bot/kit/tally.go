package kit

import (
	"context"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"
)

// Discord's requests are counted per announcement, so that the metrics say
// what a move costs: a delivery puts a tally in its context (WithTally) and
// makes its calls through Core.Discord(ctx).

type tallyKey struct{}

// WithTally is ctx with n counting the Discord calls made through
// Core.Discord(ctx).
func WithTally(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, tallyKey{}, n)
}

// Discord is the Core's Discord, counting its calls in ctx's tally if ctx
// has one.
func (b *Core) Discord(ctx context.Context) Discord {
	if n, ok := ctx.Value(tallyKey{}).(*atomic.Int64); ok && n != nil {
		return tallied{b.DC, n}
	}
	return b.DC
}

// tallied counts the calls a delivery makes, each a request to Discord (but
// for discordgo's retries after a 429 or a 502).
type tallied struct {
	Discord
	n *atomic.Int64
}

func (t tallied) Send(channelID string, m *Message) (*discordgo.Message, error) {
	t.n.Add(1)
	return t.Discord.Send(channelID, m)
}

func (t tallied) Edit(channelID, messageID string, m *Message) error {
	t.n.Add(1)
	return t.Discord.Edit(channelID, messageID, m)
}

func (t tallied) Fetch(channelID, messageID string) (*discordgo.Message, error) {
	t.n.Add(1)
	return t.Discord.Fetch(channelID, messageID)
}

func (t tallied) ArchiveThread(threadID string) error {
	t.n.Add(1)
	return t.Discord.ArchiveThread(threadID)
}

func (t tallied) DMChannel(userID string) (string, error) {
	t.n.Add(1)
	return t.Discord.DMChannel(userID)
}

func (t tallied) Thread(channelID, messageID, name string) (string, error) {
	t.n.Add(1)
	return t.Discord.Thread(channelID, messageID, name)
}
