package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kilab/store"
)

// kilab try in a real browser: a member types a command in the message
// box, challenges the computer, plays the whole game by clicking the
// buttons of the thread's board, opens /history and sees the replay; the
// answer only they see stays theirs when another member looks; that other
// member accepts a challenge. Behind KILAB_BROWSER, as the web pages' test.
func TestTryInBrowser(t *testing.T) {
	chromium, axePath := browserOn(t)
	axe, err := os.ReadFile(axePath)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	dir := t.TempDir()
	run, err := startTry(ctx, tryOpts{addr: freeAddr(t), webAddr: freeAddr(t), db: filepath.Join(dir, "kilab-try.db"),
		log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.close() })
	alloc, stop := chromedp.NewExecAllocator(ctx, append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.WindowSize(1280, 900))...)
	defer stop()
	b, stopBrowser := chromedp.NewContext(alloc)
	defer stopBrowser()
	p := &tryPage{t: t, b: b, run: run}
	p.do("opening the page", chromedp.Navigate(run.URL()))
	p.wait("the page ready", `document.body.dataset.ready === "1"`)
	ana, jonas := p.member("Ana"), p.member("Jonas")
	p.helpTyped()
	checkAxe(t, b, axe, "try")
	game := p.challengeComputer(ana)
	p.playToTheEnd(game)
	p.history(game)
	checkAxe(t, b, axe, "try after a game")
	p.js(fmt.Sprintf(`kilabTry.become(%q)`, jonas))
	p.js(fmt.Sprintf(`kilabTry.select(%q)`, run.fake.ChannelID()))
	p.wait("Jonas's view of #games", fmt.Sprintf(`document.body.dataset.member === %q && document.body.dataset.channel === %q && document.querySelectorAll("[data-message-id]").length > 0`,
		jonas, run.fake.ChannelID()))
	if n := p.count(`.ephemeral`); n != 0 {
		t.Errorf("Jonas sees %d answers only Ana should see", n)
	}
	p.js(fmt.Sprintf(`kilabTry.become(%q)`, ana))
	p.js(fmt.Sprintf(`kilabTry.send("challenge", [{name: "seega", options: [{name: "opponent", value: %q}]}])`, jonas))
	p.js(fmt.Sprintf(`kilabTry.become(%q)`, jonas))
	accept := p.waitString("the challenge's Accept button", `(() => { const b = [...document.querySelectorAll("[data-custom-id]")].filter(b => !b.disabled && /^c\//.test(b.dataset.customId) && /accept/i.test(b.textContent)); return b.length ? b[b.length-1].dataset.customId : ""; })()`)
	p.js(fmt.Sprintf(`document.querySelector('[data-custom-id=%q]').click()`, accept))
	p.waitFor("Jonas's game against Ana", func() bool {
		gs, _ := run.main.db.ActiveGames(ctx, jonas, "")
		return len(gs) == 1 && gs[0].Players[0] != run.fake.Bot().ID && gs[0].Players[1] != run.fake.Bot().ID
	})
	if vs, _ := run.log.Since(0); len(vs) > 0 {
		t.Errorf("the bot made %d requests Discord would refuse, the first: %+v", len(vs), vs[0])
	}
}

// tryPage drives the page of a running kilab try.
type tryPage struct {
	t   *testing.T
	b   context.Context
	run *tryRun
}

func (p *tryPage) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.b, steps...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

func (p *tryPage) js(code string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.b, chromedp.Evaluate[any](code+";0")); err != nil {
		p.t.Fatalf("%s: %v", code, err)
	}
}

func (p *tryPage) count(selector string) int {
	p.t.Helper()
	n, err := chromedp.Run(p.b, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, selector)))
	if err != nil {
		p.t.Fatal(err)
	}
	return n
}

// wait waits up to 20 s for js to be true in the page.
func (p *tryPage) wait(what, js string) {
	p.t.Helper()
	p.waitFor(what, func() bool {
		ok, err := chromedp.Run(p.b, chromedp.Evaluate[bool](js))
		return err == nil && ok
	})
}

// within reports whether js gives true within d.
func (p *tryPage) within(d time.Duration, js string) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if ok, err := chromedp.Run(p.b, chromedp.Evaluate[bool](js)); err == nil && ok {
			return true
		}
	}
	return false
}

// waitString waits up to 20 s for js to give a non-empty string.
func (p *tryPage) waitString(what, js string) string {
	p.t.Helper()
	var s string
	p.waitFor(what, func() bool {
		var err error
		s, err = chromedp.Run(p.b, chromedp.Evaluate[string](js))
		return err == nil && s != ""
	})
	return s
}

func (p *tryPage) waitFor(what string, ok func() bool) {
	p.t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !ok(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			shoot(p.t, p.b, "try-"+what)
			p.t.Fatalf("waited 20 s for %s", what)
		}
	}
}

// member is the id of the member the page lists under name.
func (p *tryPage) member(name string) string {
	p.t.Helper()
	for _, u := range p.run.fake.Users() {
		if u.Username == name {
			if p.count(fmt.Sprintf(`[data-member-id=%q]`, u.ID)) != 1 {
				p.t.Fatalf("the page offers no switch to %s", name)
			}
			return u.ID
		}
	}
	p.t.Fatalf("no member %s", name)
	return ""
}

// helpTyped types /help in the message box, picks it from the list and
// sends it: the answer, only Ana's to see, appears in #games.
func (p *tryPage) helpTyped() {
	p.t.Helper()
	// Now and then in CI runs the box did not come to hold /help after
	// Enter, or lost it before it was sent; what the page showed then is
	// logged, and the whole is tried again, three times at most.
	for try := 0; try < 3; try++ {
		p.js(`document.getElementById("composer").value = ""`)
		p.do("typing /help", chromedp.Click(chromedp.ID("composer")), chromedp.SendKeys(chromedp.ID("composer"), "/hel"))
		p.wait("/help offered", `document.querySelector('[data-command="help"]') !== null`)
		p.do("picking /help", chromedp.KeyEvent(kb.Enter))
		if p.within(5*time.Second, `document.getElementById("composer").value.trim() === "/help"`) {
			p.do("sending /help", chromedp.KeyEvent(kb.Enter))
			if p.within(10*time.Second, `document.querySelectorAll(".ephemeral[data-message-id]").length >= 1`) {
				return
			}
		}
		state, _ := chromedp.Run(p.b, chromedp.Evaluate[string](`JSON.stringify({value: document.getElementById("composer").value,
			popupHidden: document.getElementById("popup").hidden, active: document.activeElement && document.activeElement.id,
			answers: document.querySelectorAll(".ephemeral[data-message-id]").length})`))
		p.t.Logf("typing /help, try %d: no answer; the page: %s", try+1, state)
	}
	p.t.Fatal("/help typed three times, and no answer")
}

// challengeComputer challenges the computer to Aseb and opens the game's
// thread; it returns the game.
func (p *tryPage) challengeComputer(ana string) int64 {
	p.t.Helper()
	p.js(fmt.Sprintf(`kilabTry.send("challenge", [{name: "aseb", options: [{name: "opponent", value: %q}, {name: "level", value: "easy"}]}])`, p.run.fake.Bot().ID))
	thread := p.waitString("the game's thread", `(() => { const all = [...document.querySelectorAll('[data-channel-id]:not([data-dm])')]; return all.length > 1 ? all[all.length-1].dataset.channelId : ""; })()`)
	p.js(fmt.Sprintf(`kilabTry.select(%q)`, thread))
	p.wait("the thread shown", fmt.Sprintf(`document.body.dataset.channel === %q`, thread))
	var game int64
	p.waitFor("the game", func() bool {
		gs, _ := p.run.main.db.ActiveGames(context.Background(), ana, "")
		if len(gs) == 1 {
			game = gs[0].ID
		}
		return game != 0
	})
	return game
}

// nextControl clicks the newest enabled control of the game on the page (a
// throw, a move, a choice in a move menu) and returns its custom_id, or ""
// when the page shows none.
const nextControl = `(() => {
	const cs = [...document.querySelectorAll('[data-custom-id^="g/"]')].filter(c => !c.disabled);
	if (!cs.length) return "";
	const c = cs[cs.length - 1];
	if (c.tagName === "SELECT") {
		const o = [...c.options].find(o => o.value && !o.disabled);
		c.value = o.value;
		c.dispatchEvent(new Event("change", {bubbles: true}));
	} else {
		c.click();
	}
	return c.dataset.customId;
})()`

// playToTheEnd clicks the board's controls until the game is over.
func (p *tryPage) playToTheEnd(game int64) {
	p.t.Helper()
	db := p.run.main.db
	for clicks := 0; ; clicks++ {
		g, err := db.Game(context.Background(), game)
		if err != nil {
			p.t.Fatal(err)
		}
		if !g.Active() {
			p.t.Logf("the game ended after %d clicks: %s", clicks, g.Result)
			return
		}
		if clicks > 400 {
			p.t.Fatalf("the game goes on after %d clicks", clicks)
		}
		p.clickAt(db, g)
	}
}

// clickAt clicks a control of the board, and waits for the game to move
// past g's version or the control to go (a picker's first step shows the
// next without a move).
func (p *tryPage) clickAt(db *store.DB, g store.Game) {
	p.t.Helper()
	var clicked string
	p.waitFor(fmt.Sprintf("a control of game %d at version %d", g.ID, g.Version), func() bool {
		var err error
		clicked, err = chromedp.Run(p.b, chromedp.Evaluate[string](nextControl))
		return err == nil && clicked != ""
	})
	gone := fmt.Sprintf(`![...document.querySelectorAll('[data-custom-id=%q]')].some(c => !c.disabled)`, clicked)
	p.waitFor(fmt.Sprintf("the click on %s to be answered", clicked), func() bool {
		now, err := db.Game(context.Background(), g.ID)
		if err == nil && now.Version > g.Version {
			return true
		}
		ok, err := chromedp.Run(p.b, chromedp.Evaluate[bool](gone))
		return err == nil && ok
	})
}

// history opens /history of the game and waits for its replay to load.
func (p *tryPage) history(game int64) {
	p.t.Helper()
	p.js(fmt.Sprintf(`kilabTry.send("history", [{name: "game", value: "%d"}])`, game))
	p.wait("the replay", `[...document.querySelectorAll("img")].some(i => /\.gif\?/.test(i.src) && i.complete && i.naturalWidth > 0)`)
}
