package bot_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
	"kilab/internal/storetest"
)

// In a DM, Discord's client offers only the commands registered for DMs,
// and sends no other: /challenge, /leaderboard and /stats, which only work
// in a server, are offered in its channels and not in a DM, where the fake,
// as Discord, will not send them; /board and /puzzle are offered in both,
// and /puzzle solve works in a DM.
func TestE2EServerCommandsNotInDMs(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	// Quiet drivers: a command Discord would not send is the point here,
	// not a mistake of the test's.
	h := &harness{t: t, ctx: ctx, srv: fakediscord.New(t, fakediscord.WithQuietDrivers()), dbPath: storetest.Path(t, "kilab.db"),
		seed: 61, clock: &clock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, logs: &logBuf{}, mode: gatewayMode}
	h.start()
	t.Cleanup(h.stop)
	ana := h.srv.AddUser("ana")
	dm := h.srv.DMChannel(ana.ID)
	offered := func(channel string) []string {
		var names []string
		for _, c := range h.srv.CommandsFor(ana.ID, channel) {
			names = append(names, c.Name)
		}
		return names
	}
	inDM, inServer := offered(dm), offered(h.srv.ChannelID())
	for _, name := range []string{"challenge", "leaderboard", "stats"} {
		if slices.Contains(inDM, name) || !slices.Contains(inServer, name) {
			t.Errorf("/%s: offered in a DM %v, in the server %v", name, slices.Contains(inDM, name), slices.Contains(inServer, name))
		}
	}
	for _, name := range []string{"board", "puzzle"} {
		if !slices.Contains(inDM, name) || !slices.Contains(inServer, name) {
			t.Errorf("/%s: offered in a DM %v, in the server %v", name, slices.Contains(inDM, name), slices.Contains(inServer, name))
		}
	}
	for _, ix := range []*fakediscord.Interaction{
		h.srv.Command(ana.ID, dm, "challenge", fakediscord.Sub("seega")),
		h.srv.Command(ana.ID, dm, "stats"),
		h.srv.Command(ana.ID, dm, "leaderboard", fakediscord.Arg("game", "aseb")),
	} {
		if err := ix.Err(); err == nil || !strings.Contains(err.Error(), "not available in DMs") {
			t.Errorf("sent from a DM: %v", err)
		}
	}
	if m := h.reply(h.srv.Command(ana.ID, dm, "puzzle", fakediscord.Sub("solve", fakediscord.Arg("game", "aseb")))); !m.Ephemeral() || len(m.Buttons()) < 2 {
		t.Errorf("/puzzle solve in a DM: %+v", m)
	}
}
