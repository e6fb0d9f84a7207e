package info

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/games/tab"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
	"kilab/store/glicko"
)

// D4's figures, which /rules must come to: Aseb standard's scores once
// 0s are thrown again, and the chance that a Tab turn holds each score.
func TestRulesOddsAreD4(t *testing.T) {
	t.Parallel()
	aseb, _ := games.Lookup("aseb")
	line, err := configOdds(lang.En, aseb, games.Config{Variant: "standard"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "1 4/15 (26.7%) · 2 6/15 (40%) · 3 4/15 (26.7%) · 4 1/15 (6.7%)"; !strings.HasSuffix(line, want) {
		t.Errorf("Aseb standard odds %q, want %q (D4: 1 4/15, 2 6/15, 3 4/15, 4 1/15)", line, want)
	}
	// A 0 ends the turn outside standard: it keeps its share and is shown.
	if line, _ := configOdds(lang.En, aseb, games.Config{Variant: "royalur"}); !strings.Contains(line, "0 1/16") || strings.Contains(line, "again") {
		t.Errorf("royalur odds %q, want the 0 among the scores", line)
	}
	want := map[games.Throw]string{1: "28.6", 2: "60", 3: "40", 4: "9.1", 6: "9.1"} // D4
	got := tab.TurnOdds()
	if len(got) != len(want) {
		t.Fatalf("Tab turn odds %v", got)
	}
	for _, o := range got {
		if p := percent(o.Num, o.Den); p != want[o.Throw] {
			t.Errorf("Tab turn holds a %d: %s%%, want %s%%", o.Throw, p, want[o.Throw])
		}
	}
}

// The embed of each game shows what the engines give, within Discord's limits.
func TestRulesEmbeds(t *testing.T) {
	t.Parallel()
	want := map[string][]string{
		"aseb":  {"**standard** (four sticks, score = flat sides up, a 0 thrown again): 1 4/15 (26.7%) · 2 6/15 (40%)", "**standard with `dice` d4** (a four-sided die): 1 1/4 (25%)", "**twenty-squares, royalur** (four sticks", "`pieces` 5 or 7", "`house4` off or on"},
		"tab":   {"1 2/7 (28.6%) · 2 3/5 (60%) · 3 2/5 (40%) · 4 1/11 (9.1%) · 6 1/11 (9.1%)", "6 1/16", "`width` 7, 9, 11"},
		"seega": {"**free** (default)", "**lane**", "`size` 5, 7 or 9"},
	}
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		e, err := rulesEmbed(lang.En, g)
		if err != nil {
			t.Fatal(err)
		}
		kittest.CheckEmbed(t, e)
		all := kittest.EmbedText(e)
		for _, w := range want[name] {
			if !strings.Contains(all, w) {
				t.Errorf("/rules %s lacks %q:\n%s", name, w, all)
			}
		}
		if !strings.Contains(e.Description, "**Goal**") || !strings.Contains(e.Description, "**The end**") {
			t.Errorf("/rules %s has no summary for newcomers", name)
		}
	}
	seega, _ := games.Lookup("seega")
	if e, _ := rulesEmbed(lang.En, seega); len(must(throwLines(lang.En, seega))) != 0 || strings.Contains(kittest.EmbedText(e)+e.Footer.Text, "throw") {
		t.Errorf("Seega, which throws nothing, speaks of throws:\n%s\n%s", kittest.EmbedText(e), e.Footer.Text)
	}
}

// /rules names variants, options and their words as /challenge offers them
// in the reader's language, in the list, the odds and the summary alike.
func TestRulesNamesAsChallengeDoes(t *testing.T) {
	t.Parallel()
	aseb, _ := games.Lookup("aseb")
	seega, _ := games.Lookup("seega")
	for _, c := range []struct {
		tag       lang.Tag
		g         games.Game
		want, not []string
	}{
		{lang.Russian, aseb, []string{"**двадцать клеток**", "**двадцать клеток, RoyalUr**", "`кости` палочки или d4", "**стандарт, `кости` d4**", "`дом4`"},
			[]string{"twenty-squares", "royalur", "`dice`", "`house4`", "`pieces`", "standard"}},
		{lang.German, aseb, []string{"**Zwanzig Felder**", "`würfel` Stäbchen oder W4"}, []string{"twenty-squares", "`dice`"}},
		{lang.Spanish, seega, []string{"**colocación libre** (por defecto)", "**según Lane**", "`tamaño`"}, []string{"**free**", "**lane**", "`size`"}},
		{lang.French, seega, []string{"**placement libre**", "**d'après Lane**"}, []string{"**free**", "**lane**", "selon Lane"}},
	} {
		e, err := rulesEmbed(lang.Of(c.tag), c.g)
		if err != nil {
			t.Fatal(err)
		}
		all := kittest.EmbedText(e)
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s /rules %s lacks %q:\n%s", c.tag, c.g.Name(), w, all)
			}
		}
		for _, w := range c.not {
			if strings.Contains(all, w) {
				t.Errorf("%s /rules %s says %q:\n%s", c.tag, c.g.Name(), w, all)
			}
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestRulesPayload(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	handle(b, payload(t, "rules_tab.json"))
	resp, ok := rec.First("respond")
	if !ok || !resp.Msg.Ephemeral || len(resp.Msg.Embeds) != 1 || !strings.Contains(kittest.EmbedText(resp.Msg.Embeds[0]), "(28.6%)") {
		t.Fatalf("/rules tab answered %+v", resp.Msg)
	}
}

// leaderboardPlayers rates 23 Aseb players: a veteran of 60 games, whose
// rating is no longer provisional, the 20 they played, and one more pair.
func leaderboardPlayers(t *testing.T, db *store.DB) string {
	t.Helper()
	vet := "2000000000000000000"
	for n := 1; n <= 60; n++ {
		result := store.FirstWins
		if n%4 == 0 {
			result = store.SecondWins
		}
		kittest.StoreGame(t, db, "aseb", vet, fmt.Sprintf("20000000000000000%02d", 1+n%20), true, result, store.ReasonResignation)
	}
	kittest.StoreGame(t, db, "aseb", "2000000000000000021", "2000000000000000022", true, store.Draw, store.ReasonAgreement)
	if s, err := db.Standing(context.Background(), kittest.Guild, "aseb", vet); err != nil || s.Provisional() {
		t.Fatalf("the veteran's rating %+v is still provisional (%v): the test needs one that is not", s, err)
	}
	return vet
}

var standingRe = regexp.MustCompile(`^\*\*(\d+)\.\*\* <@(\d+)> \*\*(\d+)(\??)\*\* · \d+ W · \d+ D · \d+ L$`)

// checkPage checks a leaderboard page: its ranks, a ? exactly where the
// rating is provisional, the buttons' state and that nobody is pinged.
func checkPage(t *testing.T, db *store.DB, m *kit.Message, first, count int, prev, next bool) {
	t.Helper()
	if len(m.Embeds) != 1 || m.Mentions != nil || m.Ephemeral {
		t.Fatalf("leaderboard message %+v", m)
	}
	kittest.CheckEmbed(t, m.Embeds[0])
	lines := strings.Split(m.Embeds[0].Description, "\n")
	if len(lines) != count {
		t.Fatalf("page from %d: %d lines, want %d:\n%s", first, len(lines), count, m.Embeds[0].Description)
	}
	for n, l := range lines {
		f := standingRe.FindStringSubmatch(l)
		if f == nil || f[1] != fmt.Sprint(first+n) {
			t.Fatalf("line %q, want rank %d", l, first+n)
		}
		s, _ := db.Standing(context.Background(), kittest.Guild, "aseb", f[2])
		if (f[4] == "?") != s.Provisional() || f[3] != fmt.Sprint(int(s.Rating.Rating+0.5)) {
			t.Errorf("line %q for a rating of %.1f, deviation %.1f", l, s.Rating.Rating, s.Deviation)
		}
	}
	row := m.Components[0].(discordgo.ActionsRow).Components
	p, nx := row[0].(discordgo.Button), row[1].(discordgo.Button)
	if p.Disabled == prev || nx.Disabled == next || p.CustomID == nx.CustomID {
		t.Errorf("buttons %+v %+v, want Previous enabled %v, Next enabled %v", p, nx, prev, next)
	}
}

func TestLeaderboardPaging(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	leaderboardPlayers(t, db)
	handle(b, payload(t, "leaderboard_aseb.json"))
	first, _ := rec.First("respond")
	if first.Typ != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("/leaderboard answered %+v", first)
	}
	checkPage(t, db, first.Msg, 1, 10, false, true)
	if !strings.Contains(first.Msg.Embeds[0].Description, "?") || !strings.Contains(first.Msg.Embeds[0].Footer.Text, "Page 1 of 3 · 23 rated players") {
		t.Errorf("page 1: %q / %q", first.Msg.Embeds[0].Description, first.Msg.Embeds[0].Footer.Text)
	}
	for _, tc := range []struct {
		cid         string
		first, n    int
		prev, next  bool
		wantUpdates bool
	}{
		{"l/aseb/10", 11, 10, true, true, true},
		{"l/aseb/20", 21, 3, true, false, true},
		{"l/aseb/990", 21, 3, true, false, true}, // past the end: the last page
		{"l/aseb/0", 1, 10, false, true, true},
	} {
		rec.Calls = nil
		handle(b, click(t, tc.cid))
		resp, _ := rec.First("respond")
		if resp.Typ != discordgo.InteractionResponseUpdateMessage {
			t.Fatalf("%s answered %+v", tc.cid, resp.Msg)
		}
		checkPage(t, db, resp.Msg, tc.first, tc.n, tc.prev, tc.next)
	}
}

// click is the recorded leaderboard click with another custom_id.
func click(t *testing.T, customID string) *discordgo.Interaction {
	return kittest.Click(t, "../testdata/click_leaderboard.json", customID)
}

func TestLeaderboardRefusals(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	handle(b, payload(t, "leaderboard_aseb.json"))
	handle(b, click(t, "l/chess/0"))
	dm := payload(t, "leaderboard_aseb.json")
	dm.GuildID, dm.User, dm.Member = "", dm.Member.User, nil
	handle(b, dm)
	for n, want := range []string{"Nobody has an Aseb rating", "not one of Kilab's", "belong to a server"} {
		if c := rec.Calls[n]; c.Msg == nil || !c.Msg.Ephemeral || !strings.Contains(c.Msg.Content, want) {
			t.Errorf("answer %d: %+v, want an ephemeral %q", n, c.Msg, want)
		}
	}
}

func TestStatsPayload(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.FirstWins, store.ReasonResignation)
	kittest.StoreGame(t, db, "aseb", kittest.Bo, kittest.Ana, true, store.FirstWins, store.ReasonTimeout)
	kittest.StoreGame(t, db, "tab", kittest.Ana, kittest.Bo, false, store.Draw, store.ReasonAgreement)
	aborted := kittest.StoreGame(t, db, "seega", kittest.Bo, kittest.Ana, true, store.Aborted, store.ReasonAbort)
	kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	handle(b, payload(t, "stats_user.json")) // Ana asks about Bo
	resp, _ := rec.First("respond")
	if resp.Msg == nil || !resp.Msg.Ephemeral || len(resp.Msg.Embeds) != 1 {
		t.Fatalf("/stats answered %+v", resp.Msg)
	}
	e := resp.Msg.Embeds[0]
	kittest.CheckEmbed(t, e)
	fields := map[string]string{}
	for _, f := range e.Fields {
		fields[f.Name] = f.Value
	}
	for name, want := range map[string][]string{
		"Aseb":         {"?** (1 W · 0 D · 1 L rated)", "1 won · 0 drawn · 1 lost", "0 aborted · 1 in play"},
		"Tab":          {"Unrated", "0 won · 1 drawn · 0 lost"},
		"Seega":        {"Unrated", "1 aborted · 0 in play"},
		"Recent games": {"**Seega #4** vs <@" + kittest.Ana + "> · aborted", "**Tab #3** vs <@" + kittest.Ana + "> · drawn (agreement)", "won (timeout), rating +", "lost (resignation), rating -"},
	} {
		for _, w := range want {
			if !strings.Contains(fields[name], w) {
				t.Errorf("/stats field %s = %q, want %q", name, fields[name], w)
			}
		}
	}
	// Bo is rated in Aseb only: the chart of his rating, attached under the
	// embed, says so in its alt text.
	if len(resp.Msg.Files) != 1 || e.Image == nil || e.Image.URL != "attachment://ratings.png" || !bytes.HasPrefix(resp.Msg.Files[0].Data, []byte("\x89PNG")) {
		t.Errorf("/stats has no rating chart: image %v, %d files", e.Image, len(resp.Msg.Files))
	} else if alt := resp.Msg.Files[0].Description; !strings.Contains(alt, "Bo's ratings after each rated game: Aseb from") || !strings.Contains(alt, "over 2 games") || strings.Contains(alt, "Tab") {
		t.Errorf("the chart's alt text: %q", alt)
	}
	link := fmt.Sprintf("(https://discord.com/channels/%s/%s)", kittest.Guild, aborted.ThreadID)
	if e.Title != "Stats of Bo" || !strings.HasPrefix(strings.Split(fields["Recent games"], "\n")[0], "**Seega #4**") || !strings.Contains(fields["Recent games"], link) {
		t.Errorf("/stats: title %q, recent games\n%s\nwant the newest first and a link %s", e.Title, fields["Recent games"], link)
	}
}

// playedGame stores an Aseb game with a random record of up to moves moves.
func playedGame(t *testing.T, db *store.DB, moves int) (store.Game, games.Position) {
	t.Helper()
	sg := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	g, _ := games.Lookup("aseb")
	start, _ := g.New(sg.Config)
	plies, err := render.RandomRecord(start, games.Seeded(7), moves)
	if err != nil {
		t.Fatal(err)
	}
	end, err := games.Replay(start, plies, nil)
	if err != nil {
		t.Fatal(err)
	}
	sg, _, err = db.Commit(context.Background(), store.Commit{Game: sg.ID, Version: sg.Version, Plies: plies,
		Position: end.String(), ToMove: end.Due().Player, End: kit.EndOf(end)})
	if err != nil {
		t.Fatal(err)
	}
	return sg, end
}

func TestHistoryPayload(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	g, end := playedGame(t, db, 40)
	handle(b, payload(t, "history_game.json"))
	ops := rec.Ops()
	if d := rec.Calls[0]; d.Op != "respond" || d.Typ != discordgo.InteractionResponseDeferredChannelMessageWithSource || ops[len(ops)-1] != "original" {
		t.Fatalf("/history did %v, want a deferral, then the answer", ops)
	}
	m := rec.Calls[len(ops)-1].Msg
	if len(m.Files) != 2 || m.Mentions != nil || m.Ephemeral {
		t.Fatalf("/history message: %d files, mentions %v, ephemeral %v", len(m.Files), m.Mentions, m.Ephemeral)
	}
	txt, img := m.Files[0], m.Files[1]
	if txt.Name != "kilab-aseb-1.txt" || img.Name != "kilab-aseb-1.gif" || img.ContentType != "image/gif" || img.Description == "" || len(img.Description) > 1024 {
		t.Errorf("files %q (%s), %q (%s, alt %q)", txt.Name, txt.ContentType, img.Name, img.ContentType, img.Description)
	}
	if got := replayText(t, "aseb", g.Config, string(txt.Data)); got != g.Position || got != end.String() {
		t.Errorf("the record file replays to %q; the game stands at %q", got, g.Position)
	}
	for _, w := range []string{"# Game: aseb\n", "# Variant: standard dice=sticks pieces=5\n", "# Cones (seat 0, moves first): Ana (Discord user " + kittest.Ana + ")\n", "# Spindles (seat 1): user " + kittest.Bo + " (Discord user " + kittest.Bo + ")\n", "# Result: in play, "} {
		if !strings.Contains(string(txt.Data), w) {
			t.Errorf("record header lacks %q:\n%s", w, txt.Data)
		}
	}
	anim, err := gif.DecodeAll(bytes.NewReader(img.Data))
	if err != nil || len(anim.Image) < 2 {
		t.Fatalf("replay GIF: %v", err)
	}
}

// The record file's start is written in the asker's time zone where they
// chose one, with its offset; in UTC otherwise.
func TestHistoryInTheAskersZone(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	g, _ := playedGame(t, db, 4)
	file := func() string {
		t.Helper()
		rec.Calls = nil
		handle(b, payload(t, "history_game.json"))
		m := rec.Calls[len(rec.Calls)-1].Msg
		if m == nil || len(m.Files) == 0 {
			t.Fatalf("/history answered %v", rec.Ops())
		}
		return string(m.Files[0].Data)
	}
	if txt := file(); !strings.Contains(txt, g.Created.UTC().Format(time.RFC3339)) {
		t.Errorf("no zone chosen: the start is not in UTC:\n%s", txt)
	}
	if err := db.SetTimeZone(context.Background(), kittest.Ana, "Asia/Tokyo"); err != nil {
		t.Fatal(err)
	}
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	if txt := file(); !strings.Contains(txt, g.Created.In(tokyo).Format(time.RFC3339)) || !strings.Contains(txt, "+09:00") {
		t.Errorf("Ana chose Tokyo: the start is not in her zone:\n%s", txt)
	}
}

// replayText reads a record file as `kilab replay` is fed it (the second
// field of every line that is not a comment) and replays it from the start.
func replayText(t *testing.T, kind string, cfg games.Config, text string) string {
	t.Helper()
	var toks []string
	for n, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		num, tok, ok := strings.Cut(line, "\t")
		if !ok || num != fmt.Sprint(len(toks)+1) {
			t.Fatalf("record line %d: %q", n+1, line)
		}
		toks = append(toks, tok)
	}
	plies, err := games.ParseRecord(strings.Join(toks, " "))
	if err != nil {
		t.Fatal(err)
	}
	pos, err := games.Record{Game: kind, Config: cfg, Plies: plies}.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return pos.String()
}

func TestHistoryRefusals(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	g, _ := playedGame(t, db, 5)
	other := payload(t, "history_game.json")
	other.GuildID = "1100000000000000999"
	handle(b, other)
	dm := payload(t, "history_game.json")
	dm.GuildID, dm.Member, dm.User = "", nil, &discordgo.User{ID: "1000000000000000009", Username: "cy"}
	handle(b, dm)
	for n, want := range []string{"could not find", "could not find"} {
		if c := rec.Calls[n]; c.Msg == nil || !c.Msg.Ephemeral || !strings.Contains(c.Msg.Content, want) {
			t.Errorf("answer %d: %+v, want an ephemeral %q", n, c.Msg, want)
		}
	}
	if len(rec.Calls) != 2 || g.GuildID != kittest.Guild {
		t.Errorf("refusals did more than answer: %v", rec.Ops())
	}
}

// /rules shows how each game's moves are typed, with examples, and points to
// the full notation guide, which is in Discord too.
func TestRulesExplainNotation(t *testing.T) {
	t.Parallel()
	examples := map[string]string{"aseb": "`in-3`", "tab": "`3b5-b8`", "seega": "`D2+E2`"}
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		e, err := rulesEmbed(lang.En, g)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range e.Fields {
			if strings.Contains(f.Name, "/move") {
				found = strings.Contains(f.Value, examples[name]) && strings.Contains(f.Value, "/rules game:Notation")
			}
		}
		if !found {
			t.Errorf("/rules %s does not explain the notation:\n%s", name, kittest.EmbedText(e))
		}
	}
}

// /history of a game a moderator aborted says who: the message mentions
// the moderator, the record file names them.
func TestHistoryOfModeratorAbort(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	const mod = "1000000000000000009"
	g, _ := playedGame(t, db, 6)
	if _, err := db.AbortByModerator(context.Background(), g.ID, kittest.Guild, mod); err != nil {
		t.Fatal(err)
	}
	handle(b, payload(t, "history_game.json"))
	m := rec.Calls[len(rec.Calls)-1].Msg
	if !strings.Contains(m.Content, "aborted by a moderator <@"+mod+">") {
		t.Errorf("/history says %q", m.Content)
	}
	if len(m.Files) == 0 || !strings.Contains(string(m.Files[0].Data), "# Reason: aborted by a moderator user "+mod+"\n") {
		t.Errorf("the record file does not name the moderator:\n%s", m.Files[0].Data)
	}
}

// /stats shows the puzzle rating of every game the player has tried a
// puzzle of, with how many they solved, even with no game played on the
// server; a game they have tried none of is not listed.
func TestStatsShowsPuzzleRatings(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	ctx := context.Background()
	rate := func(p, q glicko.Rating, solved bool) (glicko.Rating, glicko.Rating) {
		return glicko.Game(p, q, map[bool]float64{true: glicko.Win, false: glicko.Loss}[solved])
	}
	var after glicko.Rating
	for k, solved := range []bool{true, false} {
		out, err := db.AttemptPuzzle(ctx, store.PuzzleAttempt{User: kittest.Bo, Puzzle: fmt.Sprint("tab-", k), Kind: "tab", Move: "a", Solved: solved, Start: glicko.New()}, rate)
		if err != nil {
			t.Fatal(err)
		}
		after = out.Change.After
	}
	handle(b, payload(t, "stats_user.json")) // Ana asks about Bo
	resp, _ := rec.First("respond")
	if resp.Msg == nil || len(resp.Msg.Embeds) != 1 {
		t.Fatalf("/stats answered %+v", resp.Msg)
	}
	kittest.CheckEmbed(t, resp.Msg.Embeds[0])
	var field string
	for _, f := range resp.Msg.Embeds[0].Fields {
		if f.Name == "Puzzle ratings" {
			field = f.Value
		}
	}
	if want := "Tab: **" + kit.RatingShown(after) + "** · solved 1 of 2"; field != want {
		t.Errorf("/stats puzzle ratings %q, want %q", field, want)
	}
}
