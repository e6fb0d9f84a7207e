package store

import (
	"context"
	"testing"
	"time"
)

func TestSettings(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	s, err := db.Settings(ctx, "ana")
	if err != nil || !s.DMs || !s.Reminders || !s.CanDM() || !s.DMsClosed.IsZero() {
		t.Fatalf("defaults: %+v, %v", s, err)
	}
	if err := db.SetReminders(ctx, "ana", false); err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Hour)
	if err := db.MarkDMsClosed(ctx, "ana"); err != nil {
		t.Fatal(err)
	}
	s, _ = db.Settings(ctx, "ana")
	if !s.DMs || s.Reminders || s.CanDM() || !s.DMsClosed.Equal(epoch.Add(time.Hour)) {
		t.Fatalf("reminders off, DMs found closed: %+v", s)
	}
	// Turning DMs on again is the user saying they opened them.
	if err := db.SetDMs(ctx, "ana", true); err != nil {
		t.Fatal(err)
	}
	if s, _ = db.Settings(ctx, "ana"); !s.CanDM() || s.Reminders {
		t.Fatalf("after turning DMs on: %+v", s)
	}
	db.SetDMs(ctx, "ana", false)
	if s, _ = db.Settings(ctx, "ana"); s.DMs || s.CanDM() {
		t.Fatalf("after turning DMs off: %+v", s)
	}
	// A first-time user found closed keeps the other defaults.
	db.MarkDMsClosed(ctx, "bo")
	if s, _ = db.Settings(ctx, "bo"); !s.DMs || !s.Reminders || !s.AutoMove || s.CanDM() {
		t.Fatalf("new user found closed: %+v", s)
	}
	// Only moves played automatically: on by default, a setting of its own.
	if err := db.SetAutoMove(ctx, "cy", false); err != nil {
		t.Fatal(err)
	}
	if s, _ = db.Settings(ctx, "cy"); s.AutoMove || !s.DMs || !s.Reminders {
		t.Fatalf("automove off for a new user: %+v", s)
	}
	db.SetReminders(ctx, "cy", false)
	if s, _ = db.Settings(ctx, "cy"); s.AutoMove || s.Reminders {
		t.Fatalf("automove off, then reminders off: %+v", s)
	}
	db.SetAutoMove(ctx, "cy", true)
	if s, _ = db.Settings(ctx, "cy"); !s.AutoMove || s.Reminders {
		t.Fatalf("automove on again: %+v", s)
	}
	// Throws made automatically: off by default, a setting of its own.
	if s, _ = db.Settings(ctx, "dee"); s.AutoThrow {
		t.Fatalf("autothrow on for a new user: %+v", s)
	}
	if err := db.SetAutoThrow(ctx, "cy", true); err != nil {
		t.Fatal(err)
	}
	if s, _ = db.Settings(ctx, "cy"); !s.AutoThrow || !s.AutoMove || s.Reminders {
		t.Fatalf("autothrow on: %+v", s)
	}
	// Seega pieces placed at random: off by default, a setting of its own,
	// on and off again without touching the others.
	if s, _ = db.Settings(ctx, "dee"); s.AutoPlace {
		t.Fatalf("autoplace on for a new user: %+v", s)
	}
	if err := db.SetAutoPlace(ctx, "cy", true); err != nil {
		t.Fatal(err)
	}
	if s, _ = db.Settings(ctx, "cy"); !s.AutoPlace || !s.AutoThrow || !s.AutoMove || s.Reminders {
		t.Fatalf("autoplace on: %+v", s)
	}
	db.SetAutoThrow(ctx, "cy", false)
	if s, _ = db.Settings(ctx, "cy"); !s.AutoPlace || s.AutoThrow {
		t.Fatalf("autoplace on, then autothrow off: %+v", s)
	}
	if err := db.SetAutoPlace(ctx, "cy", false); err != nil {
		t.Fatal(err)
	}
	if s, _ = db.Settings(ctx, "cy"); s.AutoPlace || !s.AutoMove {
		t.Fatalf("autoplace off again: %+v", s)
	}
	db.SetAutoPlace(ctx, "eve", true)
	if s, _ = db.Settings(ctx, "eve"); !s.AutoPlace || !s.DMs || !s.Reminders || !s.AutoMove || s.AutoThrow {
		t.Fatalf("autoplace on for a new user: %+v", s)
	}
}
