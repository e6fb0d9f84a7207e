package store

import (
	"context"
	"testing"
)

func TestLocales(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	// A user first seen through their locale keeps every other default.
	if err := db.SetUserLocale(ctx, "ana", "ru"); err != nil {
		t.Fatal(err)
	}
	s, err := db.Settings(ctx, "ana")
	if err != nil || s.Locale != "ru" || !s.DMs || !s.Reminders || !s.AutoMove || s.AutoThrow {
		t.Fatalf("after the locale: %+v, %v", s, err)
	}
	// Changing a setting keeps the locale, and a new locale keeps the settings.
	db.SetReminders(ctx, "ana", false)
	db.SetUserLocale(ctx, "ana", "de")
	if s, _ = db.Settings(ctx, "ana"); s.Locale != "de" || s.Reminders {
		t.Fatalf("after a setting and a new locale: %+v", s)
	}
	if s, _ = db.Settings(ctx, "bo"); s.Locale != "" {
		t.Fatalf("a user never seen has locale %q", s.Locale)
	}
	if l, err := db.GuildLocale(ctx, "g1"); l != "" || err != nil {
		t.Fatalf("a server never seen: %q, %v", l, err)
	}
	db.SetGuildLocale(ctx, "g1", "fr")
	db.SetGuildLocale(ctx, "g1", "es-ES")
	db.SetGuildLocale(ctx, "g2", "en-US")
	if l, err := db.GuildLocale(ctx, "g1"); l != "es-ES" || err != nil {
		t.Fatalf("g1: %q, %v", l, err)
	}
}
