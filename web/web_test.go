package web

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "kilab/ai/asebai"
	_ "kilab/ai/seegaai"
	_ "kilab/ai/tabai"
	"kilab/docs"
	"kilab/games"
	_ "kilab/games/aseb"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
	"kilab/internal/storetest"
	"kilab/lang"
	"kilab/puzzles"
	"kilab/store"
	"kilab/tournament"
)

const guild = "100000000000000001"

// site is the pages over a fresh SQLite file.
type site struct {
	t       testing.TB
	db      *store.DB
	srv     *Server
	players [2]string // who plays the games game starts
}

func newSite(t testing.TB) *site {
	t.Helper()
	db, err := store.Open(context.Background(), storetest.Path(t, "web.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &site{t: t, db: db, players: [2]string{"ana", "bo"}, srv: New(db, Config{PublicURL: "https://kilab.example/", Poll: 20 * time.Millisecond, Stream: time.Second})}
}

// newBenchSite is newSite with no limit on a client's requests.
func newBenchSite(b *testing.B) *site {
	s := newSite(b)
	s.srv.limit = newLimiter(1e9, 1e9, 10)
	return s
}

// game starts a game of kind, with options opts (key, value, ...), and
// plays n turns of it, each a throw then the first legal move, committed as
// the bot commits them.
func (s *site) game(kind string, n int, opts ...string) store.Game {
	s.t.Helper()
	ctx := context.Background()
	game, _ := games.Lookup(kind)
	c := games.Config{Options: map[string]string{}}
	for i := 0; i+1 < len(opts); i += 2 {
		c.Options[opts[i]] = opts[i+1]
	}
	cfg, err := games.Normalize(game, c)
	if err != nil {
		s.t.Fatal(err)
	}
	pos, _ := game.New(cfg)
	g, err := s.db.CreateGame(ctx, store.NewGame{GuildID: guild, ChannelID: "c", Kind: kind, Config: cfg,
		Players: s.players, Position: pos.String(), ToMove: pos.Due().Player, TimeLimit: 72 * time.Hour, Rated: true})
	if err != nil {
		s.t.Fatal(err)
	}
	src := games.Seeded(7)
	for range n {
		seat := pos.Due().Player
		var rec games.Recorder
		if pos.Due().Kind != games.DueMove {
			if pos, err = games.Roll(pos, seat, src, &rec); err != nil {
				s.t.Fatal(err)
			}
		}
		if pos.Due().Kind == games.DueMove && pos.Due().Player == seat {
			m := pos.Moves()[0].Notation
			if pos, err = games.PlayAs(pos, seat, m); err != nil {
				s.t.Fatal(err)
			}
			rec.Move(seat, m)
			if pos, err = games.Advance(pos, src, &rec); err != nil {
				s.t.Fatal(err)
			}
		}
		if g, _, err = s.db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, Plies: rec.Plies, Moved: true,
			Position: pos.String(), ToMove: pos.Due().Player, Announce: true}); err != nil {
			s.t.Fatal(err)
		}
		if pos.Due().Kind == games.DueNothing {
			break
		}
	}
	return g
}

// get asks the pages for path with headers kv (name, value, ...).
func (s *site) get(path string, kv ...string) *http.Response {
	s.t.Helper()
	r := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(kv); i += 2 {
		r.Header.Set(kv[i], kv[i+1])
	}
	w := httptest.NewRecorder()
	s.srv.ServeHTTP(w, r)
	return w.Result()
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A game's page is found by its token alone: by its number, by a token one
// digit off, or by a malformed one, nothing is there, and nothing says why.
func TestGamePageOnlyByToken(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 4)
	if r := s.get("/g/" + g.WebToken); r.StatusCode != http.StatusOK {
		t.Fatalf("the game's page: %d", r.StatusCode)
	}
	off := []byte(g.WebToken)
	off[0] = "01"[map[bool]int{true: 1, false: 0}[off[0] == '0']]
	for _, path := range []string{fmt.Sprintf("/g/%d", g.ID), "/g/" + string(off), "/g/" + g.WebToken[:31], "/g/" + strings.ToUpper(g.WebToken),
		"/g/" + g.WebToken + "/board/99999", "/g/" + g.WebToken + "/board/-1", "/g/" + g.WebToken + "/board/01",
		"/games", "/g/" + g.WebToken + "?ply=1000", "/static/nothing.js"} {
		r := s.get(path)
		text := body(t, r)
		if r.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, r.StatusCode)
		}
		if strings.Contains(strings.ToLower(text), "sql") || strings.Contains(text, "goroutine") {
			t.Errorf("%s says %q", path, text)
		}
	}
}

// Every answer carries the strict policy and noindex; only GET and HEAD are
// answered.
func TestHeadersAndMethods(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("tab", 2)
	for _, path := range []string{"/g/" + g.WebToken, "/g/" + g.WebToken + "/board/1", "/nothing", "/static/kilab.css"} {
		r := s.get(path)
		if got := r.Header.Get("Content-Security-Policy"); got != csp || !strings.Contains(got, "script-src 'self'") ||
			strings.Contains(got, "unsafe-inline") {
			t.Errorf("%s: policy %q", path, got)
		}
		if r.Header.Get("X-Robots-Tag") != "noindex, nofollow" || r.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: robots %q, referrer %q", path, r.Header.Get("X-Robots-Tag"), r.Header.Get("Referrer-Policy"))
		}
	}
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, "PATCH"} {
		w := httptest.NewRecorder()
		s.srv.ServeHTTP(w, httptest.NewRequest(m, "/g/"+g.WebToken, nil))
		if w.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s: %d, want 405", m, w.Code)
		}
	}
	page := body(t, s.get("/g/"+g.WebToken))
	if strings.Contains(page, "<script>") || strings.Contains(page, " style=") || strings.Contains(page, "onclick") {
		t.Error("the page has inline script or style, which its policy forbids")
	}
	if !strings.Contains(page, `<meta name="robots" content="noindex, nofollow">`) {
		t.Error("the page does not say noindex")
	}
}

// The page lists every ply, each a link to its step, in notation and in
// words; ?ply=n shows the board after n plies and marks the nth move, the
// step links around it pointing one back and one forward.
func TestGamePageSteps(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 6)
	_, rec, _ := s.db.GameRecord(context.Background(), g.ID)
	page := body(t, s.get("/g/"+g.WebToken+"?ply=2"))
	for n, p := range rec {
		if !strings.Contains(page, fmt.Sprintf(`<li id="m%d"`, n+1)) || !strings.Contains(page, "<code>"+p.Ply.String()+"</code>") {
			t.Errorf("ply %d (%s) is not in the list", n+1, p.Ply)
		}
	}
	if strings.Contains(page, fmt.Sprintf(`<li id="m%d"`, len(rec)+1)) {
		t.Errorf("the list has a ply past the record's %d", len(rec))
	}
	path := "/g/" + g.WebToken
	for _, want := range []string{`src="` + path + `/board/2?lang=en"`, `id="prev" href="` + path + `?ply=1#1"`,
		`id="next" href="` + path + `?ply=3#3"`, `class="s`, `current"><a href="` + path + `?ply=2#2" rel="nofollow" aria-current="step">`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page at ply 2 lacks %q", want)
		}
	}
	if !strings.Contains(page, "threw") {
		t.Error("the moves are not said in words")
	}
}

// A board picture is a PNG whose ETag names its ply and language: asked
// again with it, nothing is sent; another ply or language is another tag.
func TestBoardPictureETag(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("seega", 3)
	base := "/g/" + g.WebToken + "/board/"
	r := s.get(base + "1")
	png := body(t, r)
	tag := r.Header.Get("ETag")
	if r.StatusCode != http.StatusOK || r.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(png, "\x89PNG") || tag == "" {
		t.Fatalf("board 1: %d %s, tag %q", r.StatusCode, r.Header.Get("Content-Type"), tag)
	}
	if again := s.get(base+"1", "If-None-Match", tag); again.StatusCode != http.StatusNotModified || body(t, again) != "" {
		t.Errorf("board 1 asked again with its tag: %d", again.StatusCode)
	}
	for _, other := range []*http.Response{s.get(base + "2"), s.get(base + "0"), s.get(base+"1", "Accept-Language", "ru")} {
		if other.Header.Get("ETag") == tag {
			t.Errorf("another board has board 1's tag %s", tag)
		}
		if other := s.get(base+"2", "If-None-Match", tag); other.StatusCode != http.StatusOK {
			t.Errorf("board 2 with board 1's tag: %d, want the picture", other.StatusCode)
		}
	}
}

// A server whose moderators turned the web off has no pages: the game's
// page, its pictures and its stream answer 404, until they turn it on.
func TestWebOffHidesEverything(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 2)
	paths := []string{"/g/" + g.WebToken, "/g/" + g.WebToken + "/board/1", "/g/" + g.WebToken + "/events"}
	if _, err := s.db.SetWeb(context.Background(), guild, store.WebOff, "mod"); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if r := s.get(p); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s with the web off: %d", p, r.StatusCode)
		}
	}
	if _, err := s.db.SetWeb(context.Background(), guild, store.WebLink, "mod"); err != nil {
		t.Fatal(err)
	}
	if r := s.get(paths[0]); r.StatusCode != http.StatusOK {
		t.Errorf("with the web back on: %d", r.StatusCode)
	}
}

// The page speaks the browser's language among the five, or the one chosen
// on the page, and unfurls in Discord with its title, summary and picture.
func TestLanguageAndOpenGraph(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 2)
	ru := body(t, s.get("/g/"+g.WebToken, "Accept-Language", "ru-RU,ru;q=0.9,en;q=0.5"))
	if !strings.Contains(ru, `<html lang="ru">`) {
		t.Error("a Russian browser did not get Russian")
	}
	de := body(t, s.get("/g/"+g.WebToken+"?lang=de", "Accept-Language", "ru"))
	if !strings.Contains(de, `<html lang="de">`) || !strings.Contains(de, "?ply=0&amp;lang=de#0") {
		t.Error("the chosen German did not win over the browser's Russian, or the page's links lost it")
	}
	en := body(t, s.get("/g/"+g.WebToken, "Accept-Language", "ja"))
	for _, want := range []string{`<html lang="en">`, `property="og:title"`, `property="og:image" content="https://kilab.example/g/` + g.WebToken + `/board/`,
		`property="og:url" content="https://kilab.example/g/` + g.WebToken + `"`} {
		if !strings.Contains(en, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// A client asking too fast is held back; others are not.
func TestRateLimit(t *testing.T) {
	t.Parallel()
	l := newLimiter(10, 5, 2)
	now := time.Now()
	for i := range 5 {
		if !l.allow("a", now) {
			t.Fatalf("request %d of a burst of 5 refused", i+1)
		}
	}
	if l.allow("a", now) {
		t.Error("a sixth request at once was allowed")
	}
	if !l.allow("a", now.Add(200*time.Millisecond)) {
		t.Error("a request after the bucket refilled was refused")
	}
	if !l.allow("b", now) {
		t.Error("another client was held back")
	}
	if l.allow("c", now) {
		t.Error("a third client fit in a map of two, with none idle")
	}
	if !l.allow("c", now.Add(time.Second)) || len(l.clients) > 2 {
		t.Errorf("the idle clients were not forgotten: %d kept", len(l.clients))
	}
}

// A game's stream says "version" with the new version when a move is
// committed, by this process or any other on the database, within a poll.
func TestEventsFollowTheGame(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 2)
	hs := httptest.NewServer(s.srv)
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, hs.URL+fmt.Sprintf("/g/%s/events?v=%d", g.WebToken, g.Version), nil)
	r, err := hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	if r.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %s", r.Header.Get("Content-Type"))
	}
	moved, _, err := s.db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.Draw, Reason: store.ReasonAgreement}, Announce: true})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	var got strings.Builder
	for !strings.Contains(got.String(), fmt.Sprintf("event: version\ndata: %d\n", moved.Version)) {
		n, err := r.Body.Read(buf)
		if err != nil {
			t.Fatalf("the stream ended before the new version (%v): %q", err, got.String())
		}
		got.Write(buf[:n])
	}
}

// The last board's tag names the game's version too: its ply may still gain
// a move, so once the game moves on the browser asks again and gets the new
// picture, while the boards before it keep their tags.
func TestLastBoardETagFollowsTheGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newSite(t)
	g := s.game("aseb", 4)
	_, rec, _ := s.db.GameRecord(ctx, g.ID)
	base := "/g/" + g.WebToken + "/board/"
	last, before := base+fmt.Sprint(len(rec)), base+fmt.Sprint(len(rec)-1)
	lastTag, beforeTag := s.get(last).Header.Get("ETag"), s.get(before).Header.Get("ETag")
	if _, _, err := s.db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.Draw, Reason: store.ReasonAgreement}, Announce: true}); err != nil {
		t.Fatal(err)
	}
	if r := s.get(last, "If-None-Match", lastTag); r.StatusCode != http.StatusOK {
		t.Errorf("the last board after the game moved on, asked with its old tag: %d, want the picture", r.StatusCode)
	}
	if r := s.get(before, "If-None-Match", beforeTag); r.StatusCode != http.StatusNotModified {
		t.Errorf("an earlier board after the game moved on: %d, want 304", r.StatusCode)
	}
}

// The page calls the players by the names their last interactions came
// with; one never seen is called by their seat alone.
func TestPlayersNamed(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 1)
	if err := s.db.SetUserName(context.Background(), "ana", "Ana <the bold>"); err != nil {
		t.Fatal(err)
	}
	page := body(t, s.get("/g/"+g.WebToken))
	if !strings.Contains(page, `<span class="name">Ana &lt;the bold&gt;</span>`) {
		t.Error("the first player is not named, or the name is not escaped")
	}
	if strings.Count(page, `class="name"`) != 1 || strings.Contains(page, ">bo<") {
		t.Error("the second player, never seen, is named")
	}
}

// A finished game's page shows its review: the chart, how exact its figures
// are, each side's costliest moves, marked in the move list with each ply's
// chance; the chart is a PNG. A game in play has none, and its chart is not
// there.
func TestFinishedGameReview(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newSite(t)
	g := s.game("tab", 40)
	path := "/g/" + g.WebToken
	if page := body(t, s.get(path)); strings.Contains(page, `id="chart"`) {
		t.Error("a game in play shows a review")
	}
	if r := s.get(path + "/review.png"); r.StatusCode != http.StatusNotFound {
		t.Errorf("the chart of a game in play: %d", r.StatusCode)
	}
	if _, _, err := s.db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.FirstWins, Reason: store.ReasonResignation}, Announce: true}); err != nil {
		t.Fatal(err)
	}
	page := body(t, s.get(path))
	for _, want := range []string{`id="chart" src="` + path + `/review.png?lang=en"`, "the engine&#39;s estimates, checked against thousands of games", "Costliest moves of", `class="chance"`, "costly"} {
		if !strings.Contains(page, want) {
			t.Errorf("the finished game's page lacks %q", want)
		}
	}
	r := s.get(path + "/review.png")
	if png := body(t, r); r.StatusCode != http.StatusOK || !strings.HasPrefix(png, "\x89PNG") {
		t.Errorf("the chart: %d", r.StatusCode)
	}
}

// The record downloads as the file kilab replay reads: a header marked with
// #, then each ply's number and token, the game's own.
func TestRecordFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newSite(t)
	g := s.game("aseb", 6)
	_, rec, _ := s.db.GameRecord(ctx, g.ID)
	r := s.get("/g/" + g.WebToken + "/record.txt")
	text := body(t, r)
	if r.StatusCode != http.StatusOK || !strings.Contains(r.Header.Get("Content-Disposition"), fmt.Sprintf(`filename="kilab-aseb-%d.txt"`, g.ID)) {
		t.Fatalf("the record: %d, %q", r.StatusCode, r.Header.Get("Content-Disposition"))
	}
	var tokens []string
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 2 || f[0] != fmt.Sprint(len(tokens)+1) {
			t.Fatalf("line %q", line)
		}
		tokens = append(tokens, f[1])
	}
	if len(tokens) != len(rec) {
		t.Fatalf("%d plies in the file, %d in the record", len(tokens), len(rec))
	}
	for i, p := range rec {
		if tokens[i] != p.Ply.String() {
			t.Errorf("ply %d: %q, want %q", i+1, tokens[i], p.Ply.String())
		}
	}
	if !strings.Contains(text, "# Replay: kilab replay --game aseb --variant") {
		t.Errorf("the header does not say how to replay it:\n%s", text)
	}
}

// Callers asking for one key while it is made share that making; a key
// asked for after is made again.
func TestOnceMakesOnce(t *testing.T) {
	t.Parallel()
	var o once[int]
	var made atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			v, err := o.do("k", func() (int, error) {
				made.Add(1)
				<-release
				return 7, nil
			})
			if v != 7 || err != nil {
				t.Errorf("got %d, %v", v, err)
			}
		})
	}
	for o.waiting("k") < 7 {
		time.Sleep(time.Millisecond)
	}
	close(release)
	wg.Wait()
	if n := made.Load(); n != 1 {
		t.Errorf("made %d times for 8 callers at once", n)
	}
	if v, _ := o.do("k", func() (int, error) { return 8, nil }); v != 8 {
		t.Errorf("a later call got %d, want a new making", v)
	}
}

// A browser that takes gzip gets the page and its assets gzipped, the same
// page once unpacked; one that does not, or refuses it, gets them plain.
func TestGzip(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 6)
	for _, path := range []string{"/g/" + g.WebToken, s.srv.static.path("game.js")} {
		plain := body(t, s.get(path))
		r := s.get(path, "Accept-Encoding", "br, gzip;q=0.8")
		packed := body(t, r)
		if r.Header.Get("Content-Encoding") != "gzip" || len(packed) >= len(plain) {
			t.Fatalf("%s: encoding %q, %d bytes for %d plain", path, r.Header.Get("Content-Encoding"), len(packed), len(plain))
		}
		z, err := gzip.NewReader(strings.NewReader(packed))
		if err != nil {
			t.Fatal(err)
		}
		if unpacked, _ := io.ReadAll(z); string(unpacked) != plain {
			t.Errorf("%s unpacked is not the plain page", path)
		}
		if r := s.get(path, "Accept-Encoding", "gzip;q=0"); r.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s: gzipped for a browser that refuses it", path)
		}
	}
}

// The rulebook and the notation guide are pages in every language, at the
// names and anchors /rules and /help link to: every rule's heading has the
// anchor GitHub would give it; links between the documents stay here, and a
// link to a document the program does not carry keeps only its text.
func TestDocsPages(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	for _, code := range docs.Langs {
		file := docs.File(docs.RulesDoc, code)
		r := s.get("/docs/" + file)
		page := body(t, r)
		if r.StatusCode != http.StatusOK || !strings.Contains(page, `<html lang="`+code+`">`) {
			t.Fatalf("%s: %d", file, r.StatusCode)
		}
		rules, err := docs.Rules(code)
		if err != nil {
			t.Fatal(err)
		}
		for _, sec := range rules {
			if sec.ID != "" && !strings.Contains(page, `id="`+docs.Anchor(sec.Heading)+`"`) {
				t.Errorf("%s: rule %s has no anchor %q", file, sec.ID, docs.Anchor(sec.Heading))
			}
		}
		if strings.Contains(page, `href="notation.md"`) || strings.Contains(page, "<script") {
			t.Errorf("%s links to a file it does not serve, or has a script", file)
		}
		if !strings.Contains(page, `href="/docs/`+docs.File(docs.NotationDoc, code)+`"`) {
			t.Errorf("%s does not link to the notation guide in its language", file)
		}
	}
	for _, bad := range []string{"/docs/notation.md", "/docs/rules.xx.md", "/docs/", "/docs/../go.mod"} {
		if r := s.get(bad); r.StatusCode != http.StatusNotFound && r.StatusCode != http.StatusMovedPermanently && r.StatusCode != http.StatusTemporaryRedirect {
			t.Errorf("%s: %d", bad, r.StatusCode)
		}
	}
}

// A starter puzzle's page asks for a move and answers the one chosen: right
// for the best, not this one for another, each move's worth listed; a move
// number out of range, or a puzzle not in the set, is not there.
func TestPuzzlePage(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	set, err := puzzles.Starter()
	if err != nil {
		t.Fatal(err)
	}
	p := set.Puzzles[0]
	path := "/puzzle/" + p.ID
	page := body(t, s.get(path))
	if !strings.Contains(page, "Find the best move") || strings.Contains(page, `id="answer"`) {
		t.Fatal("the puzzle's page does not ask, or answers before a move is chosen")
	}
	best := slices.IndexFunc(p.Moves, func(v puzzles.Value) bool { return v.Move == p.Best })
	if got := body(t, s.get(fmt.Sprintf("%s?move=%d", path, best))); !strings.Contains(got, "Right:") {
		t.Errorf("the best move is not answered right")
	}
	if len(p.Moves) > 1 {
		other := (best + 1) % len(p.Moves)
		if got := body(t, s.get(fmt.Sprintf("%s?move=%d", path, other))); !strings.Contains(got, "Not this one") || strings.Count(got, "%</li>") != len(p.Moves) {
			t.Errorf("another move is not answered wrong with every move's worth")
		}
	}
	for _, bad := range []string{fmt.Sprintf("%s?move=%d", path, len(p.Moves)), path + "?move=-1", path + "?move=x", "/puzzle/aseb-000000000000"} {
		if r := s.get(bad); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d", bad, r.StatusCode)
		}
	}
	if r := s.get(path + "/board.png"); r.StatusCode != http.StatusOK || r.Header.Get("Content-Type") != "image/png" {
		t.Errorf("the puzzle's board: %d", r.StatusCode)
	}
}

// A round robin of three, its first round played: the page shows the
// standings in order with their tie-break, the crosstable with each result
// linking to its game, and every round's pairings, the bye among them; and
// only where the server made its tournaments public.
func TestTournamentPage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newSite(t)
	tm, err := s.db.CreateTournament(ctx, store.Tournament{GuildID: guild, ChannelID: "c", Creator: "ana", Kind: "aseb",
		Config: games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}}, Format: tournament.RoundRobin, TimeLimit: 72 * time.Hour, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"ana", "bo", "cy"} {
		if err := s.db.JoinTournament(ctx, tm.ID, p); err != nil {
			t.Fatal(err)
		}
		if err := s.db.SetUserName(ctx, p, strings.ToUpper(p[:1])+p[1:]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.db.StartTournament(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	ps, _ := s.db.Pairings(ctx, tm.ID)
	var played store.Game
	for _, p := range ps {
		if p.Round == 1 && p.Game != 0 {
			g, _ := s.db.Game(ctx, p.Game)
			if played, _, err = s.db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.FirstWins, Reason: store.ReasonResignation}, Announce: true}); err != nil {
				t.Fatal(err)
			}
		}
	}
	path := fmt.Sprintf("/t/%d", tm.ID)
	if r := s.get(path); r.StatusCode != http.StatusNotFound {
		t.Fatalf("a tournament of a server that did not make them public: %d", r.StatusCode)
	}
	if _, err := s.db.SetWeb(ctx, guild, store.WebPublic, "mod"); err != nil {
		t.Fatal(err)
	}
	page := body(t, s.get(path))
	winner := played.Players[0]
	name := strings.ToUpper(winner[:1]) + winner[1:]
	for _, want := range []string{"<td>1</td><th scope=\"row\"><a href=\"/u/" + guild + "/" + winner + "\">" + name + "</a></th><td>1</td>", "SB", `<a href="/g/` + played.WebToken + `">1</a>`,
		`<a href="/g/` + played.WebToken + `">0</a>`, "Round 1", "Round 3", "bye (1 point)", "in play"} {
		if !strings.Contains(page, want) {
			t.Errorf("the tournament's page lacks %q", want)
		}
	}
	for _, bad := range []string{"/t/0", "/t/x", "/t/01", fmt.Sprintf("/t/%d", tm.ID+1)} {
		if r := s.get(bad); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d", bad, r.StatusCode)
		}
	}
}

// A public server's player has a page: their name, their rating in each
// game with its history, their record, and their games, each linking to its
// page; on a server whose pages are not public, or for a player nobody
// knows there, there is none.
func TestPlayerPage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newSite(t)
	ana, bo := "100000000000000011", "100000000000000012"
	s.players = [2]string{ana, bo}
	var last store.Game
	for range 3 {
		g := s.game("aseb", 2)
		var err error
		if last, _, err = s.db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.FirstWins, Reason: store.ReasonResignation}, Announce: true}); err != nil {
			t.Fatal(err)
		}
	}
	current := s.game("tab", 2)
	if err := s.db.SetUserName(ctx, bo, "Bo"); err != nil {
		t.Fatal(err)
	}
	path := "/u/" + guild + "/" + ana
	if r := s.get(path); r.StatusCode != http.StatusNotFound {
		t.Fatalf("a player of a server whose pages are not public: %d", r.StatusCode)
	}
	if _, err := s.db.SetWeb(ctx, guild, store.WebPublic, "mod"); err != nil {
		t.Fatal(err)
	}
	page := body(t, s.get(path))
	for _, want := range []string{"<h2>Aseb</h2>", "3 won, 0 drawn, 0 lost", "Rating over 3 rated games", `<svg class="rating"`,
		`<a href="/g/` + last.WebToken + `">Aseb #`, "against Bo: won", `<a href="/g/` + current.WebToken + `">Tab #`, "in play"} {
		if !strings.Contains(page, want) {
			t.Errorf("the player's page lacks %q", want)
		}
	}
	for _, bad := range []string{"/u/" + guild + "/nobody1", "/u/" + guild + "/12345", "/u/x/ana", "/u/" + guild} {
		if r := s.get(bad); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d", bad, r.StatusCode)
		}
	}
}

// A game's page links its animated replay, a GIF of every ply, tagged by
// the game's version.
func TestReplayGIF(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 4)
	page := body(t, s.get("/g/"+g.WebToken))
	href := "/g/" + g.WebToken + "/replay.gif?lang=en"
	if !strings.Contains(page, `href="`+href+`"`) {
		t.Fatal("the page does not link its replay")
	}
	r := s.get(href)
	gif := body(t, r)
	if r.StatusCode != http.StatusOK || !strings.HasPrefix(gif, "GIF8") {
		t.Fatalf("the replay: %d %q", r.StatusCode, gif[:min(len(gif), 6)])
	}
	if again := s.get(href, "If-None-Match", r.Header.Get("ETag")); again.StatusCode != http.StatusNotModified {
		t.Errorf("the replay asked again with its tag: %d", again.StatusCode)
	}
}

// A client holds at most so many live streams at once, and all clients
// together so many; a stream closed makes room.
func TestStreamsBounded(t *testing.T) {
	t.Parallel()
	s := newStreams(2, 3)
	for n, want := range []bool{true, true, false} {
		if got := s.take("a"); got != want {
			t.Fatalf("a client's stream %d: taken %v, want %v", n+1, got, want)
		}
	}
	if !s.take("b") || s.take("c") {
		t.Fatal("the total bound did not hold")
	}
	s.done("a")
	if !s.take("c") {
		t.Error("a closed stream made no room")
	}
	s.done("a")
	s.done("b")
	s.done("c")
	if s.all != 0 || len(s.open) != 0 {
		t.Errorf("%d streams, %d clients left after all closed", s.all, len(s.open))
	}
}

// A page or picture is made in a context its first client's leaving does
// not end, since others may be waiting for that making; but it is bounded.
func TestMakingOutlivesItsClient(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	mctx, stop := makingContext(httptest.NewRequest(http.MethodGet, "/", nil).WithContext(ctx))
	defer stop()
	if mctx.Err() != nil {
		t.Errorf("the making ended with its client: %v", mctx.Err())
	}
	if d, ok := mctx.Deadline(); !ok || time.Until(d) > makingTime {
		t.Errorf("the making has no bound: %v, %v", d, ok)
	}
}

// The page says whose turn it is as the board's banner does: a throw due
// reads "to throw", with the seat's name capitalised to open the line.
func TestStatusSaysTheBannersWords(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	g := s.game("aseb", 2)
	game, _ := games.Lookup("aseb")
	pos, err := game.Parse(g.Config, g.Position)
	if err != nil || pos.Due().Kind != games.DueThrow {
		t.Fatalf("the game waits for %v (%v), want a throw", pos.Due().Kind, err)
	}
	want := `<p class="status">` + capital(games.SeatName(lang.En, game, g.ToMove)) + " to throw"
	if page := body(t, s.get("/g/"+g.WebToken)); !strings.Contains(page, want) {
		t.Errorf("the page's status does not open with %q", want)
	}
}
