package moderation

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/lang"
	"kilab/store"
	"kilab/tournament"
)

const (
	mod       = kittest.Mod           // a member with Manage Server
	roleMod   = "1000000000000000008" // a member with the moderator role only
	modRole   = "1300000000000000077"
	otherRole = "1300000000000000078"
	elsewhere = "1100000000000000005" // another channel of the server
)

// member is how Discord sends the member behind an interaction: perms as a
// string bitfield, or no permissions field at all when perms is "".
func member(user, perms string, roles ...string) map[string]any {
	m := map[string]any{"user": map[string]any{"id": user, "username": "u" + user[len(user)-2:], "discriminator": "0"},
		"roles": append([]string{}, roles...), "joined_at": "2026-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false}
	if perms != "" {
		m["permissions"] = perms
	}
	return m
}

// command is /mod as Discord sends it, decoded as the bot decodes it, by
// the member m; path is the subcommand (group first), opts its options.
func command(t *testing.T, m map[string]any, path []string, opts []map[string]any, resolved map[string]any) *discordgo.Interaction {
	t.Helper()
	var inner any = opts
	for k := len(path) - 1; k >= 0; k-- {
		typ := discordgo.ApplicationCommandOptionSubCommand
		if k < len(path)-1 {
			typ = discordgo.ApplicationCommandOptionSubCommandGroup
		}
		inner = []map[string]any{{"name": path[k], "type": typ, "options": inner}}
	}
	data := map[string]any{"id": "1250000000000000009", "name": "mod", "type": 1, "options": inner}
	if resolved != nil {
		data["resolved"] = resolved
	}
	raw, err := json.Marshal(map[string]any{"id": "1300000000000000001", "application_id": "1200000000000000000", "type": 2,
		"token": "unit-token", "version": 1, "guild_id": kittest.Guild, "channel_id": kittest.Channel, "locale": "en-US",
		"member": m, "data": data})
	if err != nil {
		t.Fatal(err)
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(raw, &i); err != nil {
		t.Fatal(err)
	}
	return &i
}

func userOpt(id string) ([]map[string]any, map[string]any) {
	return []map[string]any{{"name": "user", "type": discordgo.ApplicationCommandOptionUser, "value": id}},
		map[string]any{"users": map[string]any{id: map[string]any{"id": id, "username": "x", "discriminator": "0"}}}
}

func channelOpt(id string, typ discordgo.ChannelType) ([]map[string]any, map[string]any) {
	return []map[string]any{{"name": "channel", "type": discordgo.ApplicationCommandOptionChannel, "value": id}},
		map[string]any{"channels": map[string]any{id: map[string]any{"id": id, "type": typ, "name": "c", "permissions": "0"}}}
}

func gameOpt(raw string) []map[string]any {
	return []map[string]any{{"name": "game", "type": discordgo.ApplicationCommandOptionString, "value": raw}}
}

// said is what the player reads of a handler's outcome: the answer sent,
// or the refusal returned.
func said(t *testing.T, rec *kittest.Recorder, err error) string {
	t.Helper()
	if err != nil {
		return kittest.Refusal(t, err)
	}
	if len(rec.Calls) == 0 {
		t.Fatal("no answer")
	}
	c := rec.Calls[len(rec.Calls)-1]
	text := c.Msg.Content
	for _, e := range c.Msg.Embeds {
		text += kittest.EmbedText(e)
	}
	return text
}

// Who moderates: Manage Server or Administrator in the permissions Discord
// computed, or the server's moderator role. The command's default
// permissions are not trusted: a member without either, whose permissions
// are missing or zero, is refused and changes nothing.
func TestWhoModerates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	m := New(core)
	if err := db.SetModeratorRole(ctx, kittest.Guild, modRole, mod); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		member map[string]any
		may    bool
	}{
		{"manage server", member(mod, "32"), true},
		{"administrator", member(mod, "8"), true},
		{"manage server among others", member(mod, "2248473465835105"), true},
		{"the moderator role", member(roleMod, "2248473465835073", otherRole, modRole), true},
		{"another role", member(roleMod, "2248473465835073", otherRole), false},
		{"an ordinary member", member(kittest.Ana, "2248473465835073"), false},
		{"permissions zero", member(kittest.Ana, "0"), false},
		{"permissions absent", member(kittest.Ana, ""), false},
	} {
		opts, res := userOpt(kittest.Bo)
		i := command(t, tc.member, []string{"ban"}, opts, res)
		if may, err := m.Moderator(ctx, i); err != nil || may != tc.may {
			t.Errorf("%s: Moderator = %v, %v; want %v", tc.name, may, err, tc.may)
		}
		rec.Calls = nil
		err := m.Mod(ctx, i)
		text := said(t, rec, err)
		if banned, _ := db.Banned(ctx, kittest.Guild, kittest.Bo); (banned != "") != tc.may {
			t.Errorf("%s: /mod ban answered %q, and Bo is banned: %v", tc.name, text, banned != "")
		}
		if !tc.may && !strings.Contains(text, "Only this server's moderators") {
			t.Errorf("%s: refused with %q", tc.name, text)
		}
		if _, err := db.Unban(ctx, kittest.Guild, kittest.Bo, mod); err != nil {
			t.Fatal(err)
		}
	}
	dm := command(t, member(mod, "32"), []string{"show"}, nil, nil)
	dm.GuildID = ""
	if may, _ := m.Moderator(ctx, dm); may {
		t.Error("a moderator in a DM")
	}
	if text := said(t, rec, m.Mod(ctx, dm)); !strings.Contains(text, "Moderation is for servers") {
		t.Errorf("/mod in a DM: %q", text)
	}
}

// A moderator aborts any game of the server: unrated, both players told
// by the end's announcements, the abort in the game and in the log.
func TestAbort(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	m := New(core)
	kicked := 0
	core.Kick = func() { kicked++ }
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")

	for _, tc := range []struct{ raw, want string }{
		{"twelve", `"twelve" is not a game number`},
		{"#999", "Game #999 is no game of this server"},
	} {
		if text := said(t, rec, m.Mod(ctx, command(t, member(mod, "32"), []string{"abort"}, gameOpt(tc.raw), nil))); !strings.Contains(text, tc.want) {
			t.Errorf("abort %s: %q, want %q", tc.raw, text, tc.want)
		}
	}
	player := command(t, member(kittest.Ana, "0"), []string{"abort"}, gameOpt("#"+itoa(g.ID)), nil)
	if text := said(t, rec, m.Mod(ctx, player)); !strings.Contains(text, "Only this server's moderators") {
		t.Errorf("a player aborting: %q", text)
	}
	if now, _ := db.Game(ctx, g.ID); !now.Active() {
		t.Fatal("a player's /mod abort ended the game")
	}

	rec.Calls = nil
	i := command(t, member(mod, "32"), []string{"abort"}, gameOpt("#"+itoa(g.ID)), nil)
	if text := said(t, rec, m.Mod(ctx, i)); !strings.Contains(text, "is aborted, unrated") {
		t.Fatalf("abort: %q", text)
	}
	if kicked != 1 {
		t.Errorf("the delivery woken %d times", kicked)
	}
	now, err := db.Game(ctx, g.ID)
	if err != nil || now.Result != store.Aborted || now.RatingDelta != [2]float64{} {
		t.Fatalf("the game after the abort: %v %v %v", now.Result, now.RatingDelta, err)
	}
	if got := kit.ReasonText(lang.En, now.Reason); got != "aborted by a moderator <@"+mod+">" {
		t.Errorf("the game's reason reads %q", got)
	}
	if got := kit.ReasonText(lang.Of(lang.German), now.Reason); !strings.Contains(got, "<@"+mod+">") {
		t.Errorf("the game's reason in German reads %q", got)
	}
	as, _, err := db.Announcements(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	told := map[string]bool{}
	for _, a := range as {
		if a.Kind == store.AnnounceResultDM {
			told[a.User] = true
		}
	}
	if !told[kittest.Ana] || !told[kittest.Bo] {
		t.Errorf("result DMs for %v", told)
	}
	if text := said(t, rec, m.Mod(ctx, i)); !strings.Contains(text, "is over already") {
		t.Errorf("aborting twice: %q", text)
	}
	rec.Calls = nil
	if text := said(t, rec, m.Mod(ctx, command(t, member(roleMod, "0", modRole), []string{"log"}, nil, nil))); !strings.Contains(text, "Only this server's moderators") {
		t.Errorf("the log before the role is named: %q", text)
	}
	if err := db.SetModeratorRole(ctx, kittest.Guild, modRole, mod); err != nil {
		t.Fatal(err)
	}
	text := said(t, rec, m.Mod(ctx, command(t, member(roleMod, "0", modRole), []string{"log"}, nil, nil)))
	for _, want := range []string{"<@" + mod + "> aborted game #" + itoa(g.ID), "<@" + mod + "> named <@&" + modRole + "> the moderator role"} {
		if !strings.Contains(text, want) {
			t.Errorf("the log %q lacks %q", text, want)
		}
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

// Bans, channels and the role: each answer says what changed, /mod show
// tells it all, and the log keeps who did each.
func TestSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	m := New(core)
	run := func(path []string, opts []map[string]any, res map[string]any) string {
		t.Helper()
		rec.Calls = nil
		return said(t, rec, m.Mod(ctx, command(t, member(mod, "32"), path, opts, res)))
	}
	bo, boRes := userOpt(kittest.Bo)
	self, selfRes := userOpt(mod)
	here, hereRes := channelOpt(kittest.Channel, discordgo.ChannelTypeGuildText)
	there, thereRes := channelOpt(elsewhere, discordgo.ChannelTypeGuildText)
	voice, voiceRes := channelOpt(elsewhere, discordgo.ChannelTypeGuildVoice)
	role := []map[string]any{{"name": "role", "type": discordgo.ApplicationCommandOptionRole, "value": modRole}}
	roleRes := map[string]any{"roles": map[string]any{modRole: map[string]any{"id": modRole, "name": "mods", "permissions": "0"}}}
	for _, step := range []struct {
		path []string
		opts []map[string]any
		res  map[string]any
		want string
	}{
		{[]string{"ban"}, self, selfRes, "cannot keep yourself"},
		{[]string{"ban"}, bo, boRes, "<@" + kittest.Bo + "> may no longer start or accept games"},
		{[]string{"ban"}, bo, boRes, "kept from games on this server already"},
		{[]string{"channels", "add"}, voice, voiceRes, "is not a text channel"},
		{[]string{"channels", "add"}, here, hereRes, "only: <#" + kittest.Channel + ">."},
		{[]string{"channels", "add"}, there, thereRes, "only: <#" + kittest.Channel + ">, <#" + elsewhere + ">."},
		{[]string{"channels", "add"}, there, thereRes, "among the channels for new challenges already"},
		{[]string{"channels", "remove"}, here, hereRes, "They are made in these channels only: <#" + elsewhere + ">."},
		{[]string{"role", "set"}, role, roleRes, "Members with <@&" + modRole + "> now moderate"},
		{[]string{"show"}, nil, nil, "Manage Server or <@&" + modRole + ">\n**New challenges**: <#" + elsewhere + ">\n**Kept from games**: <@" + kittest.Bo + ">"},
		{[]string{"channels", "remove"}, there, thereRes, "No channel is listed now"},
		{[]string{"channels", "remove"}, there, thereRes, "is not among the channels"},
		{[]string{"channels", "clear"}, nil, nil, "No channel is listed: new challenges may be made in any channel already"},
		{[]string{"unban"}, bo, boRes, "may start and accept games on this server again"},
		{[]string{"unban"}, bo, boRes, "is not kept from games"},
		{[]string{"role", "clear"}, nil, nil, "No role moderates now"},
		{[]string{"show"}, nil, nil, "members with Manage Server\n**New challenges**: in any channel\n**Kept from games**: nobody"},
	} {
		if got := run(step.path, step.opts, step.res); !strings.Contains(got, step.want) {
			t.Errorf("/mod %s: %q, want %q", strings.Join(step.path, " "), got, step.want)
		}
	}
	log, err := db.ModerationLog(ctx, kittest.Guild, 50)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, a := range log {
		if a.Moderator != mod {
			t.Errorf("logged as done by %s: %+v", a.Moderator, a)
		}
		actions = append(actions, a.Action)
	}
	want := "role_clear unban channel_remove role_set channel_remove channel_add channel_add ban"
	if got := strings.Join(actions, " "); got != want {
		t.Errorf("logged %s, want %s", got, want)
	}
}

// A running tournament's game is refused, with the way out: cancel the
// tournament first.
func TestAbortTournamentGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	m := New(core)
	tm, err := db.CreateTournament(ctx, store.Tournament{GuildID: kittest.Guild, ChannelID: kittest.Channel, Creator: mod,
		Kind: "aseb", Config: games.Config{Variant: "standard"}, Format: tournament.RoundRobin, TimeLimit: 3 * store.Day, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{kittest.Ana, kittest.Bo, roleMod} {
		if err := db.JoinTournament(ctx, tm.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.StartTournament(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	ps, err := db.Pairings(ctx, tm.ID)
	if err != nil {
		t.Fatal(err)
	}
	var game int64
	for _, p := range ps {
		if p.Game != 0 {
			game = p.Game
		}
	}
	want := "Game #" + itoa(game) + " is part of tournament #" + itoa(tm.ID) + ", which is running"
	if text := said(t, rec, m.Mod(ctx, command(t, member(mod, "32"), []string{"abort"}, gameOpt(itoa(game)), nil))); !strings.Contains(text, want) {
		t.Errorf("aborting a tournament game: %q, want %q", text, want)
	}
	if g, _ := db.Game(ctx, game); !g.Active() {
		t.Error("the tournament game ended")
	}
}

// A board's buttons are made through their shapes, which the router
// registers in the bot; here the test does.
func init() { kit.RegisterShape("g", kit.GameShape) }

// /mod web chooses what the web pages show of the server: off takes the
// link off the boards drawn from then on, public and link put it back; the choice is
// logged, shown by /mod show, and a forged mode is refused and changes
// nothing.
func TestWebChoice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	core.PublicURL = "https://kilab.example"
	m := New(core)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	linked := func() bool {
		t.Helper()
		s, err := core.LoadLatest(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		b, err := core.Board(lang.En, s, kit.BoardOpts{Controls: true})
		if err != nil {
			t.Fatal(err)
		}
		link := kittest.LinkOf(b)
		if link != "" && (link != "https://kilab.example/g/"+g.WebToken+"#0" || b.Embeds[0].URL != link) {
			t.Errorf("the board links to %q (title %q)", link, b.Embeds[0].URL)
		}
		return link != ""
	}
	web := func(mode string) string {
		t.Helper()
		rec.Calls = nil
		opts := []map[string]any{{"name": "show", "type": discordgo.ApplicationCommandOptionString, "value": mode}}
		return said(t, rec, m.Mod(ctx, command(t, member(mod, "32"), []string{"web"}, opts, nil)))
	}
	if !linked() {
		t.Fatal("a board of a server that chose nothing has no link to its page")
	}
	for _, step := range []struct{ mode, want string }{
		{store.WebOff, "now show nothing of this server"},
		{store.WebOff, "show that already"},
		{"everyone", "Pick one of the command's subcommands"},
	} {
		if got := web(step.mode); !strings.Contains(got, step.want) {
			t.Errorf("/mod web %s: %q, want %q", step.mode, got, step.want)
		}
	}
	if linked() {
		t.Error("a board of a server with the web off links to its page")
	}
	rec.Calls = nil
	if got := said(t, rec, m.Mod(ctx, command(t, member(mod, "32"), []string{"show"}, nil, nil))); !strings.Contains(got, "**Web pages**: nothing") {
		t.Errorf("/mod show: %q", got)
	}
	if got := web(store.WebPublic); !strings.Contains(got, "tournaments now have pages for everyone") || !linked() {
		t.Errorf("/mod web public: %q, linked %v", got, linked())
	}
	if got := web(store.WebLink); !strings.Contains(got, "has a web page for whoever has its link") || !linked() {
		t.Errorf("/mod web link: %q, linked %v", got, linked())
	}
	log, _ := db.ModerationLog(ctx, kittest.Guild, 10)
	if len(log) != 3 || log[0].Action != store.ModWeb || log[0].Target != store.WebLink {
		t.Fatalf("logged %+v, want off, public, then link", log)
	}
	if line := ActionLine(lang.Of(lang.German), log[2]); !strings.Contains(line, "nichts") {
		t.Errorf("the log says %q, want the choice in the reader's words", line)
	}
}
