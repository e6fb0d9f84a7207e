package bot_test

import (
	"bytes"
	"fmt"
	"image/gif"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/internal/testlong"
	"kilab/store"
)

// infoRated ends a rated game of kind between a and b with result straight
// through the store, as a last move or the clock ends one: ratings come only
// from such ends.
func (h *harness) infoRated(kind, a, b string, result store.Result) {
	h.t.Helper()
	g, _ := games.Lookup(kind)
	cfg, _ := games.Normalize(g, games.Config{})
	pos, _ := g.New(cfg)
	sg, err := h.db.CreateGame(h.ctx, store.NewGame{GuildID: h.srv.Guild().ID, ChannelID: h.srv.ChannelID(), Kind: kind, Config: cfg,
		Players: [2]string{a, b}, Position: pos.String(), ToMove: pos.Due().Player, TimeLimit: 72 * time.Hour, Rated: true})
	if err != nil {
		h.t.Fatal(err)
	}
	if _, _, err := h.db.Commit(h.ctx, store.Commit{Game: sg.ID, Version: sg.Version, End: &store.End{Result: result, Reason: store.ReasonResignation}}); err != nil {
		h.t.Fatal(err)
	}
}

// resignedGame is an Aseb game between ana and bo that bo resigns once both
// have moved, so that it is rated rather than aborted.
func (h *harness) resignedGame(ana, bo fakediscord.User, seed uint64) store.Game {
	h.t.Helper()
	g := h.challengeAccepted(ana, bo, "aseb")
	h.untilBothMoved(g.ID, rand.New(rand.NewPCG(seed, 1)))
	if m := h.resign(bo.ID, g.ID); !strings.Contains(m.Content, "You resigned") {
		h.t.Errorf("resigned: %q", m.Content)
	}
	return h.game(g.ID)
}

var rankRe = regexp.MustCompile(`^\*\*(\d+)\.\*\* <@(\d+)> \*\*\d+\?\*\* · \d+ W · \d+ D · \d+ L$`)

// leaderboardPage checks a page: public, pinging nobody, ranks from first,
// every rating provisional (nobody has played enough), and the buttons.
func (h *harness) leaderboardPage(m fakediscord.Message, first, count int, prev, next bool) []string {
	h.t.Helper()
	if m.Ephemeral() || len(m.Mentions) != 0 || len(m.Embeds) != 1 {
		h.t.Fatalf("leaderboard: ephemeral %v, mentions %v, %d embeds", m.Ephemeral(), m.Mentions, len(m.Embeds))
	}
	lines := strings.Split(m.Embeds[0].Description, "\n")
	if len(lines) != count {
		h.t.Fatalf("page from %d has %d lines, want %d:\n%s", first, len(lines), count, m.Embeds[0].Description)
	}
	var users []string
	for n, l := range lines {
		f := rankRe.FindStringSubmatch(l)
		if f == nil || f[1] != strconv.Itoa(first+n) {
			h.t.Fatalf("line %q, want rank %d with a provisional rating", l, first+n)
		}
		users = append(users, f[2])
	}
	p, _ := m.Button("Previous")
	nx, _ := m.Button("Next")
	if p.Disabled == prev || nx.Disabled == next {
		h.t.Errorf("page from %d: Previous disabled %v, Next disabled %v", first, p.Disabled, nx.Disabled)
	}
	return users
}

func TestE2ELeaderboardPaging(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 40)
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	h.resignedGame(ana, bo, 40)
	for n := range 10 { // ten more pairs: 22 rated players, three pages
		h.infoRated("aseb", fmt.Sprintf("30000000000000000%02d", 2*n), fmt.Sprintf("30000000000000000%02d", 2*n+1), store.FirstWins)
	}
	h.ephemeralSays(h.srv.Command(cy.ID, h.srv.ChannelID(), "leaderboard", fakediscord.Arg("game", "tab")), "Nobody has a Tab rating")
	m := h.reply(h.srv.Command(cy.ID, h.srv.ChannelID(), "leaderboard", fakediscord.Arg("game", "aseb")))
	seen := h.leaderboardPage(m, 1, 10, false, true)
	if !strings.Contains(m.Embeds[0].Footer.Text, "Page 1 of 3 · 22 rated players") {
		t.Errorf("footer %q", m.Embeds[0].Footer.Text)
	}
	for _, step := range []struct {
		button          string
		first, count    int
		prev, next      bool
		collectsPlayers bool
	}{
		{"Next", 11, 10, true, true, true},
		{"Next", 21, 2, true, false, true},
		{"Previous", 11, 10, true, true, false},
	} {
		b, _ := m.Button(step.button)
		after := h.reply(h.srv.Click(cy.ID, m.ID, b.CustomID))
		if after.ID != m.ID {
			t.Fatalf("%s posted message %s instead of updating %s", step.button, after.ID, m.ID)
		}
		users := h.leaderboardPage(after, step.first, step.count, step.prev, step.next)
		if step.collectsPlayers {
			seen = append(seen, users...)
		}
		m = after
	}
	distinct := map[string]bool{}
	for _, u := range seen {
		distinct[u] = true
	}
	if !distinct[ana.ID] || !distinct[bo.ID] || len(distinct) != 22 || len(seen) != 22 {
		t.Errorf("the pages list %d players, %d distinct, %v; want each of the 22 once, ana and bo among them", len(seen), len(distinct), seen)
	}
}

func TestE2EStats(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 41)
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	ch := h.srv.ChannelID()
	g := h.resignedGame(ana, bo, 41)
	h.challengeAccepted(ana, bo, "seega")
	m := h.reply(h.srv.Command(cy.ID, ch, "stats", fakediscord.Arg("user", ana.ID)))
	if !m.Ephemeral() || len(m.Embeds) != 1 || m.Embeds[0].Title != "Stats of ana" {
		t.Fatalf("/stats user:ana answered %+v", m)
	}
	fields := statsFields(m.Embeds[0])
	link := fmt.Sprintf("(https://discord.com/channels/%s/%s)", g.GuildID, g.ThreadID)
	for name, want := range map[string][]string{
		"Aseb":         {"Rating **", "?** (1 W · 0 D · 0 L rated)", "1 won · 0 drawn · 0 lost", "0 aborted · 0 in play"},
		"Seega":        {"Unrated", "0 won · 0 drawn · 0 lost", "1 in play"},
		"Recent games": {fmt.Sprintf("**Aseb #%d** vs <@%s> · won (resignation), rating +", g.ID, bo.ID), link},
	} {
		for _, w := range want {
			if !strings.Contains(fields[name], w) {
				t.Errorf("/stats field %s = %q, want %q", name, fields[name], w)
			}
		}
	}
	// The ? is explained once, in the footer, and not said twice.
	if f := m.Embeds[0].Footer; f == nil || !strings.Contains(f.Text, "? marks a provisional rating") || strings.Contains(fields["Aseb"], "provisional") {
		t.Errorf("/stats: the ? of a provisional rating: footer %+v, field %q", f, fields["Aseb"])
	}
	own := h.reply(h.srv.Command(bo.ID, ch, "stats"))
	if f := statsFields(own.Embeds[0]); !strings.Contains(f["Recent games"], "lost (resignation), rating -") {
		t.Errorf("/stats for bo himself: %q", f["Recent games"])
	}
	h.ephemeralSays(h.srv.Command(cy.ID, ch, "stats"), "has played no games")
}

func statsFields(e *discordgo.MessageEmbed) map[string]string {
	out := map[string]string{}
	for _, f := range e.Fields {
		out[f.Name] = f.Value
	}
	return out
}

// /history answers a finished and an active game, for anyone in the server,
// with a record that replays to the stored position and a replay that decodes.
func TestE2EHistory(t *testing.T) {
	t.Parallel()
	testlong.SkipWholeGame(t)
	h := newHarness(t, 42)
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	done := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "7"))
	rng := rand.New(rand.NewPCG(42, 1))
	for range 60 {
		g, msg := h.board(done.ID)
		h.step(g, msg, rng)
	}
	if m := h.resign(ana.ID, done.ID); !strings.Contains(m.Content, "You resigned") {
		t.Errorf("resigned: %q", m.Content)
	}
	active := h.challengeAccepted(cy, bo, "seega")
	for rec, _ := h.db.Record(h.ctx, active.ID); len(rec) < 3; rec, _ = h.db.Record(h.ctx, active.ID) {
		g, msg := h.board(active.ID) // picker steps commit nothing: step until three placements are in
		h.step(g, msg, rng)
	}
	for _, id := range []int64{done.ID, active.ID} {
		g := h.game(id)
		ix := h.srv.Command(cy.ID, h.srv.ChannelID(), "history", fakediscord.Arg("game", strconv.FormatInt(id, 10)))
		if cb, err := ix.Callback(h.ctx); err != nil || cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Fatalf("/history %d: first answer %+v, %v; want a deferral", id, cb.Type, err)
		}
		h.checkHistory(h.reply(ix), g)
	}
	h.ephemeralSays(h.srv.Command(cy.ID, h.srv.DMChannel(cy.ID), "history", fakediscord.Arg("game", strconv.FormatInt(done.ID, 10))), "could not find")
}

// checkHistory checks a /history answer for game g.
func (h *harness) checkHistory(m fakediscord.Message, g store.Game) {
	h.t.Helper()
	base := fmt.Sprintf("kilab-%s-%d", g.Kind, g.ID)
	txt, ok1 := m.Attachment(base + ".txt")
	img, ok2 := m.Attachment(base + ".gif")
	if !ok1 || !ok2 || m.Ephemeral() || m.Loading() || len(m.Mentions) != 0 {
		h.t.Fatalf("/history %d: %+v", g.ID, m)
	}
	if got := infoReplay(h.t, g, string(txt.Data)); got != g.Position {
		h.t.Errorf("/history %d: the record file replays to %q; the game stands at %q", g.ID, got, g.Position)
	}
	if want := map[bool]string{true: "# Result: in play", false: "# Reason: resignation"}[g.Active()]; !strings.Contains(string(txt.Data), want) {
		h.t.Errorf("/history %d: the record file lacks %q:\n%s", g.ID, want, txt.Data)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(img.Data))
	if err != nil || len(anim.Image) < 2 || img.Description == "" {
		h.t.Errorf("/history %d: replay GIF %v (alt text %q)", g.ID, err, img.Description)
	}
}

// infoReplay feeds a record file's tokens (the second field of each line
// that is not a comment) to the engine, as `kilab replay` is fed them.
func infoReplay(t testing.TB, g store.Game, text string) string {
	t.Helper()
	var toks []string
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if num, tok, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(line, "#") {
			if num != strconv.Itoa(len(toks)+1) {
				t.Fatalf("record line %q out of order", line)
			}
			toks = append(toks, tok)
		}
	}
	plies, err := games.ParseRecord(strings.Join(toks, " "))
	if err != nil {
		t.Fatal(err)
	}
	pos, err := games.Record{Game: g.Kind, Config: g.Config, Plies: plies}.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return pos.String()
}

// /rules shows every game, with D4's odds where there are throws.
func TestE2ERules(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 43)
	ana := h.srv.AddUser("ana")
	want := map[string][]string{
		"aseb":  {"1 4/15 (26.7%)", "2 6/15 (40%)", "3 4/15 (26.7%)", "4 1/15 (6.7%)"},
		"tab":   {"1 2/7 (28.6%) · 2 3/5 (60%) · 3 2/5 (40%) · 4 1/11 (9.1%) · 6 1/11 (9.1%)"},
		"seega": {"**Goal**", "**free** (default)"},
	}
	for game, lines := range want {
		m := h.reply(h.srv.Command(ana.ID, h.srv.DMChannel(ana.ID), "rules", fakediscord.Arg("game", game)))
		if !m.Ephemeral() || len(m.Embeds) != 1 {
			t.Fatalf("/rules %s answered %+v", game, m)
		}
		var all strings.Builder
		all.WriteString(m.Embeds[0].Description)
		for _, f := range m.Embeds[0].Fields {
			all.WriteString("\n" + f.Name + "\n" + f.Value)
		}
		for _, l := range lines {
			if !strings.Contains(all.String(), l) {
				t.Errorf("/rules %s lacks %q", game, l)
			}
		}
	}
}
