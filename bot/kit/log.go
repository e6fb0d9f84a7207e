package kit

import (
	"context"
	"log/slog"
)

// Logs along one interaction, one delivery or one swept game carry its ids:
// a logger derived for it travels in the context, so the functions it passes
// through log with the interaction and game ids without being told them.
type logKey struct{}

func WithLog(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, logKey{}, l)
}

// Logger is the logger ctx carries, or the bot's own.
func (b *Core) Logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(logKey{}).(*slog.Logger); ok {
		return l
	}
	return b.Log
}
