package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/info"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	"kilab/render"
	"kilab/store"
)

// historyFile is the record file /history sends for a game stored with
// plies, the first old of them played under rules revision 1 and the rest
// under the current rules, asked for in locale: made by the bot's own code,
// so the test follows the file as it is written.
func historyFile(t *testing.T, kind string, cfg games.Config, old, plies []games.Ply, locale string) string {
	t.Helper()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	g, _ := games.Lookup(kind)
	cfg, err := games.Normalize(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := g.New(cfg)
	sg, err := db.CreateGame(ctx, store.NewGame{GuildID: kittest.Guild, ChannelID: kittest.Channel, Kind: kind, Config: cfg,
		Players: [2]string{kittest.Ana, kittest.Bo}, Position: start.String(), ToMove: start.Due().Player, TimeLimit: 72 * time.Hour})
	if err != nil || sg.ID != 1 {
		t.Fatalf("creating game 1: %v", err)
	}
	all := append(append([]games.Ply{}, old...), plies...)
	for i := range all {
		if i < len(old) {
			all[i].Revision = 1
		}
	}
	if _, err := games.Replay(start, all, func(i int, p games.Ply, _ games.Position) { all[i].Player = p.Player }); err != nil {
		t.Fatal(err)
	}
	for _, part := range []struct{ from, to, rev int }{{0, len(old), 1}, {len(old), len(all), 0}} {
		if part.from == part.to {
			continue
		}
		pos, err := games.Replay(start, all[:part.to], nil)
		if err != nil {
			t.Fatal(err)
		}
		sg, _, err = db.Commit(ctx, store.Commit{Game: sg.ID, Version: sg.Version, Plies: all[part.from:part.to], Revision: part.rev,
			Position: pos.String(), ToMove: pos.Due().Player, End: kit.EndOf(pos)})
		if err != nil {
			t.Fatal(err)
		}
	}
	i := kittest.Payload(t, filepath.Join("..", "..", "bot", "testdata", "history_game.json"))
	i.Locale = discordgo.Locale(discordLocale(locale))
	b := info.New(core)
	if err := b.History(b.Resolve(ctx, i), i); err != nil {
		t.Fatal(err)
	}
	m := rec.Calls[len(rec.Calls)-1].Msg
	if m == nil || len(m.Files) == 0 || !strings.HasSuffix(m.Files[0].Name, ".txt") {
		t.Fatalf("/history answered %v: no record file", rec.Ops())
	}
	return string(m.Files[0].Data)
}

// withStdin runs kilab with text on its standard input.
func withStdin(t *testing.T, text string, args ...string) (int, string, string) {
	t.Helper()
	defer func(r io.Reader) { stdin = r }(stdin)
	stdin = strings.NewReader(text)
	return kilab(t, args...)
}

// replay and review read the file /history sends as it is, in any of the
// bot's languages: its header gives the game, the variant, the options and
// the rules revision, and its lines the plies. Their output is the one the
// tokens and flags give, typed out. (Not parallel: they read stdin.)
func TestReplayHistoryFile(t *testing.T) {
	royalur := games.Config{Variant: "royalur"}
	// Revision 1 passed for the cones' 2 with the spindles on their cell 4.
	old := mustRecord(t, "2:in-2 4:in-4 0:pass 2:pass")
	tab := games.Config{Options: map[string]string{"width": "7"}}
	tabStart, _ := games.Lookup("tab")
	start, _ := tabStart.New(tab)
	tabPlies, err := render.RandomRecord(start, games.Seeded(5), 30)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, kind string
		cfg        games.Config
		old, plies []games.Ply
		locale     string
		flags      []string // what the header says, typed out
	}{
		{"aseb of older rules, English", "aseb", royalur, old, mustRecord(t, "1:in-1 3:2-5"), "en", []string{"--game", "aseb", "--variant", "royalur", "--revision", "1"}},
		{"aseb of older rules, Russian", "aseb", royalur, old, mustRecord(t, "1:in-1"), "ru", []string{"--game", "aseb", "--variant", "royalur", "--revision", "1"}},
		{"tab, width 7, German", "tab", tab, nil, tabPlies, "de", []string{"--game", "tab", "--opt", "width=7"}},
	} {
		file := historyFile(t, tc.kind, tc.cfg, tc.old, tc.plies, tc.locale)
		tokens := strings.Fields(games.FormatRecord(append(append([]games.Ply{}, tc.old...), tc.plies...)))
		for _, cmd := range []string{"replay", "review"} {
			wantCode, want, wantErr := kilab(t, append(append([]string{cmd}, tc.flags...), tokens...)...)
			if wantCode != 0 || !strings.Contains(want, "\t"+tokens[len(tokens)-1]+"\t") {
				t.Fatalf("%s: kilab %s with the flags typed out = %d %q\n%s", tc.name, cmd, wantCode, wantErr, want)
			}
			code, out, errs := withStdin(t, file, cmd)
			if code != 0 || out != want {
				t.Errorf("%s: kilab %s < its /history file = %d %q\n%s\nwant\n%s\nthe file:\n%s", tc.name, cmd, code, errs, out, want, file)
			}
			// The flags may be given too, where they agree with the file.
			if code, out, errs := withStdin(t, file, append([]string{cmd}, tc.flags...)...); code != 0 || out != want {
				t.Errorf("%s: kilab %s %q < its file = %d %q", tc.name, cmd, tc.flags, code, errs)
			}
		}
	}
}

// Flags that contradict a /history file are refused, and a record of older
// rules without its revision is refused with the word that it replays with
// --revision, since revision 1 played its ply.
func TestReplayHistoryFileRefusals(t *testing.T) {
	file := historyFile(t, "aseb", games.Config{Variant: "royalur"}, mustRecord(t, "2:in-2 4:in-4 0:pass 2:pass"), nil, "fr")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--game", "tab"}, "the record is of aseb royalur"},
		{[]string{"replay", "--game", "aseb"}, "the flags say aseb standard"},
		{[]string{"review", "--variant", "twenty-squares"}, "the flags say aseb twenty-squares"},
		{[]string{"replay", "--position", "c:- s:- c:throw"}, "leave out --position"},
	} {
		if code, out, errs := withStdin(t, file, tc.args...); code != 1 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("kilab %q < file = %d %q %q, want one line saying %q", tc.args, code, out, errs, tc.want)
		}
	}
	// The file's own revision, overridden by --revision 2, leaves ply 4 refused.
	code, _, errs := withStdin(t, file, "replay", "--revision", "2")
	if code != 1 || !strings.Contains(errs, "ply 4") {
		t.Errorf("--revision 2 over the file's 1 = %d %q, want ply 4 refused", code, errs)
	}
}

func mustRecord(t *testing.T, s string) []games.Ply {
	t.Helper()
	plies, err := games.ParseRecord(s)
	if err != nil {
		t.Fatal(err)
	}
	return plies
}

// discordLocale is a Discord locale of the language code l.
func discordLocale(l string) string {
	switch l {
	case "en":
		return "en-US"
	case "es":
		return "es-ES"
	}
	return l
}
