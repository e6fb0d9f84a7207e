package kit

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/games"
	"kilab/internal/storetest"
	"kilab/lang"
	"kilab/store"
)

// An interaction's context is resolved once: its asker's language, and
// their settings read at most once however often the click's path asks,
// while another player's come from the store each time.
func TestResolveOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.Path(t, "asker.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	core := NewCore(db, nil, games.Seeded(1), slog.New(slog.NewTextHandler(io.Discard, nil)), ai.Env{})
	i := &discordgo.Interaction{ID: "1", Type: discordgo.InteractionMessageComponent, Locale: discordgo.German,
		User: &discordgo.User{ID: "ana", Username: "Ana"}, Data: discordgo.MessageComponentInteractionData{CustomID: "x"}}
	rctx := core.Resolve(ctx, i)
	a, ok := AskerOf(rctx)
	if !ok || a.User.ID != "ana" || a.Lang.Tag() != lang.German {
		t.Fatalf("asker %+v", a)
	}
	first, err := core.SettingsOf(rctx, "ana")
	if err != nil || first.Locale != string(discordgo.German) || first.Name != "Ana" {
		t.Fatalf("settings %+v, %v: the locale and name Resolve recorded are not there", first, err)
	}
	renamed := *i
	renamed.User = &discordgo.User{ID: "ana", Username: "ana", GlobalName: "Ana B."}
	core.Resolve(ctx, &renamed)
	if now, _ := db.Settings(ctx, "ana"); now.Name != "Ana B." {
		t.Errorf("after an interaction under a new name, the store calls ana %q", now.Name)
	}
	if err := db.SetUserLocale(ctx, "ana", "fr"); err != nil {
		t.Fatal(err)
	}
	if again, _ := core.SettingsOf(rctx, "ana"); again.Locale != first.Locale {
		t.Errorf("the asker's settings were read again along one interaction: %q", again.Locale)
	}
	if fresh, _ := core.SettingsOf(ctx, "ana"); fresh.Locale != "fr" {
		t.Errorf("outside the interaction, settings %q, want the store's", fresh.Locale)
	}
	if err := db.SetUserLocale(ctx, "bo", "es"); err != nil {
		t.Fatal(err)
	}
	if bo, _ := core.SettingsOf(rctx, "bo"); bo.Locale != "es" {
		t.Errorf("another player's settings %q, want the store's", bo.Locale)
	}
	if core.Name(lang.En, "ana") != "Ana B." {
		t.Error("Resolve did not remember the asker's name")
	}
}
