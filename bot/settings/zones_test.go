package settings

import (
	"context"
	"testing"
	_ "time/tzdata" // the zones, as the binary embeds them

	"github.com/bwmarrin/discordgo"

	"kilab/quiet"
)

// Every zone offered loads, so a player who picks one is never refused.
func TestZonesLoad(t *testing.T) {
	t.Parallel()
	if len(zones) < 300 || zones[0] != "UTC" {
		t.Fatalf("%d zones, first %q", len(zones), zones[0])
	}
	for _, z := range zones {
		if _, err := quiet.Zone(z); err != nil {
			t.Errorf("%s: %v", z, err)
		}
	}
}

// Autocomplete finds a zone by any part of its name, spaces for
// underscores, and offers at most Discord's 25.
func TestZoneChoices(t *testing.T) {
	t.Parallel()
	s := &Settings{}
	i := &discordgo.Interaction{}
	for typed, want := range map[string]string{"new york": "America/New_York", "BERLIN": "Europe/Berlin", "utc": "UTC"} {
		got, _ := s.ZoneChoices(context.Background(), i, typed)
		if len(got) == 0 || got[0].Value != want {
			t.Errorf("%q offers %v, want %s first", typed, got, want)
		}
	}
	if all, _ := s.ZoneChoices(context.Background(), i, ""); len(all) != 25 {
		t.Errorf("nothing typed offers %d zones, want 25", len(all))
	}
}

// A zone typed without its capitals, or with spaces for underscores, is
// the zone; one the database does not know stays as typed, to be refused.
func TestCanonicalZone(t *testing.T) {
	t.Parallel()
	for typed, want := range map[string]string{"europe/berlin": "Europe/Berlin", " America/new york ": "America/New_York",
		"utc": "UTC", "Europe/Berlin": "Europe/Berlin", "Mars/Olympus": "Mars/Olympus"} {
		if got := canonicalZone(typed); got != want {
			t.Errorf("canonicalZone(%q) = %q, want %q", typed, got, want)
		}
	}
}
