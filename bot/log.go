package bot

import (
	"context"
	"log/slog"

	"github.com/bwmarrin/discordgo"
)

// Logs along one interaction, one delivery or one swept game carry its ids:
// a logger derived for it travels in the context, so the functions it passes
// through log with the interaction and game ids without being told them.
type logKey struct{}

func withLog(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, logKey{}, l)
}

// logger is the logger ctx carries, or the bot's own.
func (b *Bot) logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(logKey{}).(*slog.Logger); ok {
		return l
	}
	return b.log
}

// interactionLog derives the logger of one interaction: its id, what it is,
// who sent it, and the game or challenge it is about where that can be read
// without a lookup.
func (b *Bot) interactionLog(i *discordgo.Interaction, typ, name string) *slog.Logger {
	attrs := []any{"interaction", i.ID, "type", typ, "name", name, "user", userOf(i).ID}
	if key, id := subjectOf(i); id > 0 {
		attrs = append(attrs, key, id)
	}
	return b.log.With(attrs...)
}
