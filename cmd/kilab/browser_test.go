package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/lang"
	"kilab/puzzles"
	"kilab/store"
	"kilab/tournament"
)

// The browser tests run with KILAB_BROWSER=1 (the CI does), in Debian's
// chromium (KILAB_CHROMIUM names another), with axe-core's axe.min.js at
// KILAB_AXE; .ci/run installs both.
func browserOn(t *testing.T) (chromium, axe string) {
	t.Helper()
	if os.Getenv("KILAB_BROWSER") == "" {
		t.Skip("a real browser: set KILAB_BROWSER=1, with chromium installed and KILAB_AXE naming axe.min.js")
	}
	chromium = os.Getenv("KILAB_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	axe = os.Getenv("KILAB_AXE")
	if axe == "" {
		t.Fatal("KILAB_AXE must name axe-core's axe.min.js")
	}
	return chromium, axe
}

// webRig is the bot serving its pages, against a fake Discord, with two
// members playing a game by clicks.
type webRig struct {
	t       *testing.T
	ctx     context.Context
	srv     *fakediscord.Server
	m       *Main
	ana, bo fakediscord.User
	game    int64
}

func newWebRig(t *testing.T, ctx context.Context) *webRig {
	t.Helper()
	srv := fakediscord.New(t)
	addr := freeAddr(t) // the links the bot posts need it before the pages listen
	set, err := readSettings(mapEnv(map[string]string{
		"DISCORD_TOKEN": strings.TrimPrefix(srv.Token(), "Bot "), "DATABASE_PATH": filepath.Join(t.TempDir(), "k.db"),
		"DISCORD_GUILD_ID": srv.Guild().ID, "TABLES_DIR": "off", "WEB_ADDR": addr, "PUBLIC_URL": "http://" + addr,
	}))
	if err != nil {
		t.Fatal(err)
	}
	r := &webRig{t: t, ctx: ctx, srv: srv,
		// A finished game's page is shown before its review is made, and
		// its script shows the review when it is (checkReview).
		m: &Main{Settings: set, Transport: srv.Transport(), Source: games.Seeded(3), Log: slog.New(slog.DiscardHandler), PageReviewWait: time.Nanosecond}}
	if err := r.m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.m.Close() })
	r.ana, r.bo = srv.AddUser("ana"), srv.AddUser("bo")
	msg, err := srv.Command(r.ana.ID, srv.ChannelID(), "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", r.bo.ID))).Reply(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Click(r.bo.ID, msg.ID, msg.CustomIDs()[0]).Reply(ctx); err != nil {
		t.Fatal(err)
	}
	gs, err := r.m.db.ActiveGames(ctx, r.ana.ID, "")
	if err != nil || len(gs) != 1 {
		t.Fatalf("%d games, %v", len(gs), err)
	}
	r.game = gs[0].ID
	return r
}

// current is the game as it stands, and its live board in the thread.
func (r *webRig) current() (store.Game, fakediscord.Message) {
	r.t.Helper()
	for {
		g, err := r.m.db.Game(r.ctx, r.game)
		if err != nil {
			r.t.Fatal(err)
		}
		prefix := fmt.Sprintf("g/%d/%d/", g.ID, g.Version)
		if g.ThreadID != "" {
			for _, m := range r.srv.Messages(g.ThreadID) {
				if ids := m.CustomIDs(); len(ids) > 0 && strings.HasPrefix(ids[0], prefix) {
					return g, m
				}
			}
		}
		if r.ctx.Err() != nil {
			r.t.Fatalf("no live board for game %d at version %d", g.ID, g.Version)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// click plays the first control of the live board, as its player would.
func (r *webRig) click() store.Game {
	r.t.Helper()
	g, board := r.current()
	if _, err := r.srv.Click(g.Players[g.ToMove], board.ID, board.CustomIDs()[0]).Reply(r.ctx); err != nil {
		r.t.Fatal(err)
	}
	after, _ := r.m.db.Game(r.ctx, g.ID)
	return after
}

// link is the address the live board's link button leads to.
func (r *webRig) link() string {
	r.t.Helper()
	_, board := r.current()
	for _, b := range board.Buttons() {
		if b.Style == discordgo.LinkButton {
			return b.URL
		}
	}
	r.t.Fatalf("the board has no link button: %+v", board.Components)
	return ""
}

// The game page in a real browser: opened from the board's link button in
// Discord, it shows the board; the keys step through the game, each step's
// board drawn and its move marked in the list; a move made in Discord
// appears on the open page by itself; at a phone's width the board lies
// whole inside the screen; axe-core finds nothing serious; and once the
// server's moderators turned the web off, the page is gone.
func TestGamePageInBrowser(t *testing.T) {
	chromium, axePath := browserOn(t)
	axe, err := os.ReadFile(axePath)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r := newWebRig(t, ctx)
	for range 8 {
		r.click()
	}
	link := r.link()
	alloc, stop := chromedp.NewExecAllocator(ctx, append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.WindowSize(1280, 900))...)
	defer stop()
	b, stopBrowser := chromedp.NewContext(alloc)
	defer stopBrowser()
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(b, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	do("opening the link", chromedp.Navigate(link), chromedp.WaitVisible(chromedp.ID("board")))
	plies, err := chromedp.Run(b, chromedp.Evaluate[int](`Number(document.getElementById("game").dataset.plies)`))
	if err != nil || plies < 2 {
		t.Fatalf("the page lists %d plies after 8 clicks (%v)", plies, err)
	}
	checkStep(t, b, plies, "opened")
	keys := map[string]string{kb.ArrowLeft: "←", kb.ArrowRight: "→", kb.Home: "Home", kb.End: "End"}
	for _, step := range []struct {
		key  string
		want int
	}{{kb.ArrowLeft, plies - 1}, {kb.ArrowLeft, plies - 2}, {kb.ArrowRight, plies - 1}, {kb.Home, 0}, {kb.ArrowLeft, 0}, {kb.End, plies}, {kb.ArrowRight, plies}} {
		do("pressing a key", chromedp.KeyEvent(step.key))
		checkStep(t, b, step.want, "after "+keys[step.key])
	}
	checkLive(t, r, b)
	checkLive(t, r, b)
	checkAxe(t, b, axe, "desktop")
	do("a phone's screen", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile), chromedp.Reload(),
		chromedp.WaitVisible(chromedp.ID("board")))
	if !waitTrue(b, `(() => { const img = document.getElementById("board"), b = img.getBoundingClientRect();
		return img.naturalWidth > 0 && b.left >= 0 && b.right <= window.innerWidth && b.width > 200 &&
			document.documentElement.scrollWidth <= window.innerWidth; })()`) {
		t.Error("at 360 px wide the board does not lie whole inside the screen, or the page scrolls sideways")
	}
	checkAxe(t, b, axe, "phone")
	checkReview(t, r, b)
	checkAxe(t, b, axe, "finished game's")
	base := link[:strings.Index(link, "/g/")]
	do("the rulebook", chromedp.Navigate(base+"/docs/rules.ru.md#a1"), chromedp.WaitVisible(chromedp.ID("doc")))
	checkAxe(t, b, axe, "rulebook's")
	checkPuzzle(t, b, base)
	checkAxe(t, b, axe, "puzzle's")
	for what, path := range r.publicPages() {
		do("the "+what+" page", chromedp.Navigate(base+path), chromedp.WaitVisible(chromedp.CSS("main h1")))
		checkAxe(t, b, axe, what)
	}
	do("back to the game", chromedp.Navigate(link), chromedp.WaitVisible(chromedp.ID("board")))
	g, _ := r.m.db.Game(ctx, r.game)
	if _, err := r.m.db.SetWeb(ctx, g.GuildID, store.WebOff, "mod"); err != nil {
		t.Fatal(err)
	}
	do("reloading with the web off", chromedp.Reload())
	if gone, err := chromedp.Run(b, chromedp.Evaluate[bool](`document.body.innerText.includes("404") && !document.getElementById("board")`)); err != nil || !gone {
		t.Errorf("the page is still there with the server's web off (%v)", err)
	}
}

// checkStep fails t unless the page shows the board after n plies, loaded,
// and marks that step in the move list.
func checkStep(t *testing.T, b context.Context, n int, when string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const img = document.getElementById("board"); const cur = document.querySelectorAll("#moves li.current");
		return img.src.includes("/board/%d?") && img.complete && img.naturalWidth > 0 && cur.length === 1 && cur[0].id === "m%d" &&
			cur[0].querySelector("a").getAttribute("aria-current") === "step"; })()`, n, n)
	if !waitTrue(b, js) {
		state, _ := chromedp.Run(b, chromedp.Evaluate[string](`document.getElementById("board").src + " " + [...document.querySelectorAll("#moves li.current")].map(l => l.id)`))
		t.Fatalf("%s: want step %d shown and marked; the page shows %s", when, n, state)
	}
}

// waitTrue evaluates js in the page until it is true, for up to 5 s.
func waitTrue(b context.Context, js string) bool {
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		ok, err := chromedp.Run(b, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
	}
}

// checkLive makes a move in Discord and waits for the open page, at its
// latest step, to show the game's new version with its latest step marked.
// It logs how long that took; the page's stream polls every second.
func checkLive(t *testing.T, r *webRig, b context.Context) {
	t.Helper()
	start := time.Now()
	g := r.click()
	if !waitTrue(b, fmt.Sprintf(`(() => { const m = document.getElementById("game"); return m.dataset.version === "%d" &&
		document.querySelector("#moves li.current").id === "m" + m.dataset.plies &&
		document.getElementById("board").src.includes("/board/" + m.dataset.plies + "?"); })()`, g.Version)) {
		state, _ := chromedp.Run(b, chromedp.Evaluate[string](`JSON.stringify(document.getElementById("game").dataset)`))
		t.Fatalf("a move made in Discord did not appear on the open page within 5 s: the page %s, the game at version %d", state, g.Version)
	}
	t.Logf("a move made in Discord appeared on the open page after %v", time.Since(start).Round(10*time.Millisecond))
}

// checkAxe runs axe-core on the page and fails t for every serious or
// critical violation it reports.
func checkAxe(t *testing.T, b context.Context, axe []byte, where string) {
	t.Helper()
	shoot(t, b, where)
	if _, err := chromedp.Run(b, chromedp.Evaluate[any](string(axe)+";0")); err != nil {
		t.Fatalf("loading axe into the %s page: %v", where, err)
	}
	found, err := chromedp.Run(b, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ["violations"]}).then(r =>
		r.violations.filter(v => v.impact === "serious" || v.impact === "critical")
			.map(v => v.id + " (" + v.impact + "): " + v.nodes.map(n => n.target.join(" ")).join(", ")))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe on the %s page: %v", where, err)
	}
	for _, v := range found {
		t.Errorf("axe on the %s page: %s", where, v)
	}
}

// checkReview ends the game (a resignation) while the page follows it: the
// page reads itself again, which says the review is being made (the rig's
// pages do not wait for it), and its script must then show the review's
// chart and the move list's chances. The script's first ask for the chart
// is answered 404, as the server answers once a review cannot be made: the
// script must read the page again at once rather than ask again for a chart
// that will not come. Last, it fetches the record through the page's
// download link: the file kilab replay reads, every ply in it.
func checkReview(t *testing.T, r *webRig, b context.Context) {
	t.Helper()
	asked := refuseFirstChart(t, b)
	g, _ := r.m.db.Game(r.ctx, r.game)
	if _, _, err := r.m.db.Commit(r.ctx, store.Commit{Game: g.ID, Version: g.Version,
		End: &store.End{Result: store.FirstWins, Reason: store.ReasonResignation}, Announce: true}); err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(b, time.Minute)
	defer cancel()
	if err := chromedp.Do(wait, chromedp.WaitVisible(chromedp.ID("chart"))); err != nil {
		t.Fatalf("the finished game's review: %v (the script asked for %q)", err, asked())
	}
	if !waitTrue(b, `document.getElementById("chart").naturalWidth > 0 && document.querySelectorAll("#moves .chance").length > 0`) {
		state, _ := chromedp.Run(b, chromedp.Evaluate[string](`document.getElementById("chart").naturalWidth + " " + document.querySelectorAll("#moves .chance").length + " " + document.querySelector(".review").innerText`))
		t.Errorf("the review's chart did not load, or the move list has no chances: %s", state)
	}
	if _, err := chromedp.Call(b, fetch.Disable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	seq := asked()
	if k := slices.Index(seq, "chart"); k < 1 || k+1 >= len(seq) || seq[k+1] != "page" {
		t.Errorf("the script asked for %q: want the page, then the chart, refused, then the page again", seq)
	}
	_, rec, _ := r.m.db.GameRecord(r.ctx, g.ID)
	text, err := chromedp.Run(b, chromedp.Evaluate[string](`fetch(document.querySelector(".download a").href).then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil || !strings.Contains(text, "# Replay: kilab replay") || !strings.Contains(text, fmt.Sprintf("\n%d\t%s\n", len(rec), rec[len(rec)-1].Ply)) {
		t.Errorf("the record downloaded (%v):\n%s", err, text)
	}
}

// checkPuzzle opens a starter puzzle's page and solves it by clicking its
// best move: the page answers that it is right.
func checkPuzzle(t *testing.T, b context.Context, base string) {
	t.Helper()
	set, err := puzzles.Starter()
	if err != nil {
		t.Fatal(err)
	}
	p := set.Puzzles[len(set.Puzzles)/2]
	game, _ := games.Lookup(p.Game)
	pos, err := game.Parse(p.Config, p.Position)
	if err != nil {
		t.Fatal(err)
	}
	best := games.Label(lang.En, pos, p.Best)
	if err := chromedp.Do(b, chromedp.Navigate(base+"/puzzle/"+p.ID), chromedp.WaitVisible(chromedp.ID("board"))); err != nil {
		t.Fatalf("the puzzle's page: %v", err)
	}
	clicked, err := chromedp.Run(b, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const a = [...document.querySelectorAll(".choices a")].find(a => a.textContent === %q);
		if (a) a.click(); return !!a; })()`, best)))
	if err != nil || !clicked {
		t.Fatalf("no move %q to click on the puzzle's page (%v)", best, err)
	}
	if !waitTrue(b, `document.querySelector("#answer .verdict") !== null && document.querySelector("#answer .verdict").textContent.startsWith("Right")`) {
		t.Error("clicking the puzzle's best move did not answer that it is right")
	}
}

// publicPages makes the server's pages public and starts a tournament of
// its two players and a third, and returns the tournament's page and a
// player's.
func (r *webRig) publicPages() map[string]string {
	r.t.Helper()
	g, _ := r.m.db.Game(r.ctx, r.game)
	if _, err := r.m.db.SetWeb(r.ctx, g.GuildID, store.WebPublic, "mod"); err != nil {
		r.t.Fatal(err)
	}
	tm, err := r.m.db.CreateTournament(r.ctx, store.Tournament{GuildID: g.GuildID, ChannelID: g.ChannelID, Creator: r.ana.ID,
		Kind: "aseb", Config: g.Config, Format: tournament.RoundRobin, TimeLimit: 72 * time.Hour, Rated: true})
	if err != nil {
		r.t.Fatal(err)
	}
	for _, u := range []string{r.ana.ID, r.bo.ID, r.srv.AddUser("cy").ID} {
		if err := r.m.db.JoinTournament(r.ctx, tm.ID, u); err != nil {
			r.t.Fatal(err)
		}
	}
	if _, err := r.m.db.StartTournament(r.ctx, tm.ID); err != nil {
		r.t.Fatal(err)
	}
	return map[string]string{"tournament's": fmt.Sprintf("/t/%d", tm.ID), "player's": "/u/" + g.GuildID + "/" + r.ana.ID}
}

// shoot saves a screenshot of the page as it is to the folder
// KILAB_BROWSER_SHOTS names, if it names one: for a person to look at.
func shoot(t *testing.T, b context.Context, where string) {
	dir := os.Getenv("KILAB_BROWSER_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(b, chromedp.CaptureScreenshot())
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, strings.ReplaceAll(where, "'", "")+".png"), png, 0o644)
	}
	if err != nil {
		t.Logf("screenshot of the %s page: %v", where, err)
	}
}

// refuseFirstChart has the browser answer the page script's first request
// for a review's chart with 404, and lets the rest through. It returns what
// the script has asked for so far, in order: "chart" or "page".
func refuseFirstChart(t *testing.T, b context.Context) func() []string {
	t.Helper()
	var (
		mu    sync.Mutex
		asked []string
	)
	answer := func(e *fetch.EventRequestPaused) {
		mu.Lock()
		what := "page"
		if strings.Contains(e.Request.URL, "/review.png") {
			what = "chart"
		}
		first := what == "chart" && !slices.Contains(asked, "chart")
		asked = append(asked, what)
		mu.Unlock()
		if first {
			_, _ = chromedp.Call(b, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: e.RequestID, ResponseCode: 404})
		} else {
			_, _ = chromedp.Call(b, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: e.RequestID})
		}
	}
	// A listener must not block the tab's loop, nor run a command there.
	if err := chromedp.Listen(b, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			go answer(e)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(b, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*", ResourceType: network.ResourceTypeFetch}}}); err != nil {
		t.Fatal(err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(asked)
	}
}
