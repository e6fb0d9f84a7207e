package kit

import (
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
	"kilab/store"
)

// Asker is an interaction's context, resolved once as it arrives (Resolve):
// who sent it, from which server, in which language, and, read at most once
// and only when something needs them, their settings. Handlers and what they
// call find it in the context (AskerOf) rather than reading the store again
// along one click's path.
type Asker struct {
	User  *discordgo.User
	Guild string
	Lang  *lang.Lang

	mu       sync.Mutex
	settings *store.Settings // nil until read
}

type askerKey struct{}

// AskerOf is the interaction context ctx carries, if any.
func AskerOf(ctx context.Context) (*Asker, bool) {
	a, ok := ctx.Value(askerKey{}).(*Asker)
	return a, ok
}

// Resolve settles who sent interaction i, from where and in which language,
// remembers their name, records the locales it came with (NoteLocale), and
// returns ctx carrying it all for the handlers. A player who chose a
// language (/settings language) is answered in it: i's locale becomes that
// language once the client's is recorded, so that every answer, picture
// and label that follows LangOf(i) speaks it.
func (b *Core) Resolve(ctx context.Context, i *discordgo.Interaction) context.Context {
	a := &Asker{User: UserOf(i), Guild: i.GuildID, Lang: LangOf(i)}
	ctx = context.WithValue(ctx, askerKey{}, a)
	b.Remember(i)
	b.NoteLocale(ctx, i)
	if a.User != nil && a.User.ID != "" {
		s, err := b.SettingsOf(ctx, a.User.ID)
		if err != nil {
			b.Logger(ctx).Warn("could not read a player's language", "err", err)
		} else if s.Language != "" {
			i.Locale = discordgo.Locale(s.Language)
			a.Lang = LangOf(i)
		}
	}
	return ctx
}

// SettingsOf are user's settings: from the interaction's context when user
// sent it (read once per interaction), from the store otherwise.
func (b *Core) SettingsOf(ctx context.Context, user string) (store.Settings, error) {
	a, ok := AskerOf(ctx)
	if !ok || a.User == nil || a.User.ID != user {
		return b.DB.Settings(ctx, user)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.settings == nil {
		s, err := b.DB.Settings(ctx, user)
		if err != nil {
			return s, err
		}
		a.settings = &s
	}
	return *a.settings, nil
}

// forget drops the settings read for ctx's asker, after a write to them.
func forget(ctx context.Context) {
	if a, ok := AskerOf(ctx); ok {
		a.mu.Lock()
		a.settings = nil
		a.mu.Unlock()
	}
}
