package moderation

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit/kittest"
	"kilab/store"
)

// /mod defaults shows the bot's own defaults on a server that chose none,
// sets each option given, says so when nothing changes, and is shown by
// /mod show and logged; a member who moderates nothing changes nothing.
func TestChallengeDefaults(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	m := New(core)
	run := func(who string, opts ...map[string]any) string {
		t.Helper()
		rec.Calls = nil
		return said(t, rec, m.Mod(ctx, command(t, member(who, "32"), []string{"defaults"}, opts, nil)))
	}
	days := func(n int) map[string]any {
		return map[string]any{"name": "time", "type": discordgo.ApplicationCommandOptionInteger, "value": n}
	}
	rated := func(on bool) map[string]any {
		return map[string]any{"name": "rated", "type": discordgo.ApplicationCommandOptionBoolean, "value": on}
	}
	for _, step := range []struct {
		opts []map[string]any
		want string
	}{
		{nil, "defaults already: 3 days per move, rated"},
		{[]map[string]any{days(7)}, "now default to: 7 days per move, rated"},
		{[]map[string]any{rated(false)}, "now default to: 7 days per move, casual"},
		{[]map[string]any{days(7), rated(false)}, "defaults already: 7 days per move, casual"},
		{[]map[string]any{days(5)}, "Pick one of the command's subcommands"},
	} {
		if got := run(mod, step.opts...); !strings.Contains(got, step.want) {
			t.Errorf("/mod defaults %v: %q, want %q", step.opts, got, step.want)
		}
	}
	if d, _ := db.DefaultsOf(ctx, kittest.Guild); d.Days != 7 || d.Rated == nil || *d.Rated {
		t.Errorf("stored %+v", d)
	}
	rec.Calls = nil
	if got := said(t, rec, m.Mod(ctx, command(t, member(mod, "32"), []string{"show"}, nil, nil))); !strings.Contains(got, "**Challenges by default**: 7 days per move, casual") {
		t.Errorf("/mod show: %q", got)
	}
	if log, _ := db.ModerationLog(ctx, kittest.Guild, 10); len(log) != 2 || log[0].Action != store.ModDefaults {
		t.Errorf("logged %+v, want two changes", log)
	}
	rec.Calls = nil
	if got := said(t, rec, m.Mod(ctx, command(t, member(kittest.Bo, "0"), []string{"defaults"}, []map[string]any{days(1)}, nil))); !strings.Contains(got, "Only this server's moderators") {
		t.Errorf("a member who moderates nothing: %q", got)
	}
	if d, _ := db.DefaultsOf(ctx, kittest.Guild); d.Days != 7 {
		t.Errorf("a refused /mod defaults changed them: %+v", d)
	}
}
