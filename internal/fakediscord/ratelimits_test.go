package fakediscord_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
)

// stillClock is a clock that moves only when the test says.
type stillClock struct {
	mu sync.Mutex
	t  time.Time
}

func newStillClock() *stillClock { return &stillClock{t: time.Unix(1_800_000_000, 0)} }

func (c *stillClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *stillClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// stillLimits are Discord's limits on a clock held still.
func stillLimits(clock *stillClock) fakediscord.Limits {
	l := fakediscord.DiscordLimits()
	l.Clock = clock.Now
	return l
}

// answer is one raw REST answer.
type answer struct {
	status int
	header http.Header
	body   map[string]any
}

// rest sends one request as the bot, by hand, so that no client's rate
// limiting stands between the test and the fake.
func rest(t *testing.T, srv *fakediscord.Server, method, path, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, "https://discord.com/api/v10"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", srv.Token())
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

func post(t *testing.T, srv *fakediscord.Server, channel, content string) answer {
	t.Helper()
	return rest(t, srv, "POST", "/channels/"+channel+"/messages", `{"content":"`+content+`"}`)
}

// wantRateLimited checks a 429 as Discord answers it.
func wantRateLimited(t *testing.T, a answer, scope string, retry float64) {
	t.Helper()
	global := scope == "global"
	if a.status != http.StatusTooManyRequests {
		t.Fatalf("status %d, want 429 (body %v)", a.status, a.body)
	}
	if got := a.header.Get("X-RateLimit-Scope"); got != scope {
		t.Errorf("X-RateLimit-Scope %q, want %q", got, scope)
	}
	if got := a.header.Get("X-RateLimit-Global") == "true"; got != global {
		t.Errorf("X-RateLimit-Global %q, want it only when global", a.header.Get("X-RateLimit-Global"))
	}
	if got := a.header.Get("Retry-After"); got != strconv.Itoa(int(retry+0.999)) {
		t.Errorf("Retry-After %q, want %v rounded up to whole seconds", got, retry)
	}
	if a.body["message"] != "You are being rate limited." || a.body["retry_after"] != retry || a.body["global"] != global {
		t.Errorf("body %v, want the message, retry_after %v and global %v", a.body, retry, global)
	}
}

func TestLimitsAreOffByDefault(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithoutSpec())
	for i := range 60 {
		if a := post(t, srv, srv.ChannelID(), "hi"); a.status != http.StatusOK || a.header.Get("X-RateLimit-Bucket") != "" {
			t.Fatalf("message %d: %d with bucket %q; the limits must be off unless asked for", i, a.status, a.header.Get("X-RateLimit-Bucket"))
		}
	}
	bad, _ := discordgo.New("Bot wrong")
	bad.Client = srv.Client()
	_, _ = bad.User("@me")
	st := srv.LimitStats()
	if n := st.Requests["POST /channels/{channel_id}/messages"]; n != 60 || st.Invalid != 1 {
		t.Errorf("counted %d requests and %d invalid, want 60 and 1 (counts go on with the limits off)", n, st.Invalid)
	}
}

func TestGlobalLimit(t *testing.T) {
	t.Parallel()
	clock := newStillClock()
	l := stillLimits(clock)
	l.Default.Limit = 1000 // only the global limit binds
	srv := fakediscord.New(t, fakediscord.WithoutSpec(), fakediscord.WithLimits(l))
	for i := range 50 {
		if a := rest(t, srv, "GET", "/users/@me", ""); a.status != http.StatusOK {
			t.Fatalf("request %d of 50 in a second: %d", i+1, a.status)
		}
	}
	clock.Advance(300 * time.Millisecond)
	a := rest(t, srv, "GET", "/channels/"+srv.ChannelID(), "")
	wantRateLimited(t, a, "global", 0.7)
	if a.header.Get("X-RateLimit-Bucket") != "" {
		t.Errorf("a global 429 carries the bucket %q; Discord's has no bucket headers", a.header.Get("X-RateLimit-Bucket"))
	}
	clock.Advance(700 * time.Millisecond)
	if a := rest(t, srv, "GET", "/users/@me", ""); a.status != http.StatusOK {
		t.Errorf("after the second: %d, want 200", a.status)
	}
	st := srv.LimitStats()
	if st.Earned["global"] != 1 || fakediscord.Sum(st.Injected) != 0 || st.Invalid != 1 || st.Requests["GET /users/@me"] != 51 {
		t.Errorf("stats %+v, want 1 global 429 earned, none injected, 1 invalid, 51 GET /users/@me", st)
	}
}

func TestInteractionEndpointsAreExemptFromTheGlobalLimit(t *testing.T) {
	t.Parallel()
	clock := newStillClock()
	srv := fakediscord.New(t, fakediscord.WithoutSpec())
	results := make(chan error, 3)
	once := discordgo.WithRetryOnRatelimit(false) // a 429 is an error here, not a wait
	connect(t, srv, func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		results <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "pong"}}, once)
		_, err := s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "and more"}, once)
		results <- err
		_, err = s.ChannelMessageSend(srv.ChannelID(), "beside", once)
		results <- err
	})
	srv.SetLimits(new(stillLimits(clock)))
	for range 50 { // spend the second's global allowance, over several buckets
		rest(t, srv, "GET", "/users/@me", "")
	}
	ix := srv.Command(srv.AddUser("ana").ID, srv.ChannelID(), "ping", fakediscord.Arg("word", "x"))
	if _, err := ix.Reply(testContext(t)); err != nil {
		t.Fatal(err)
	}
	if err := <-results; err != nil {
		t.Errorf("the callback: %v", err)
	}
	if err := <-results; err != nil {
		t.Errorf("the follow-up: %v", err)
	}
	var rl *discordgo.RateLimitError
	if err := <-results; !errors.As(err, &rl) {
		t.Errorf("a channel message beside: %v, want a global 429", err)
	}
	if st := srv.LimitStats(); st.Earned["global"] != 1 {
		t.Errorf("earned %v, want one global 429 (the channel message)", st.Earned)
	}
}

func TestMessageBucketIsPerChannelAndShared(t *testing.T) {
	t.Parallel()
	clock := newStillClock()
	srv := fakediscord.New(t, fakediscord.WithoutSpec(), fakediscord.WithLimits(stillLimits(clock)))
	a, b := srv.ChannelID(), srv.AddChannel("other")
	first := post(t, srv, a, "one")
	id, _ := first.body["id"].(string)
	answers := []answer{first}
	for i := range 4 { // two more posts and two edits: five in the bucket
		clock.Advance(time.Second)
		if i%2 == 0 {
			answers = append(answers, post(t, srv, a, "more"))
		} else {
			answers = append(answers, rest(t, srv, "PATCH", "/channels/"+a+"/messages/"+id, `{"content":"edited"}`))
		}
	}
	hash := first.header.Get("X-RateLimit-Bucket")
	for i, ans := range answers {
		h := ans.header
		if ans.status != http.StatusOK || h.Get("X-RateLimit-Limit") != "5" || h.Get("X-RateLimit-Remaining") != strconv.Itoa(4-i) ||
			h.Get("X-RateLimit-Reset-After") != strconv.Itoa(5-i)+".000" || h.Get("X-RateLimit-Bucket") != hash || hash == "" {
			t.Errorf("answer %d: %d, limit %s remaining %s reset-after %s bucket %s; want 200, 5, %d, %d.000, %s", i, ans.status,
				h.Get("X-RateLimit-Limit"), h.Get("X-RateLimit-Remaining"), h.Get("X-RateLimit-Reset-After"), h.Get("X-RateLimit-Bucket"), 4-i, 5-i, hash)
		}
	}
	if reset := answers[4].header.Get("X-RateLimit-Reset"); reset != strconv.FormatInt(clock.Now().Unix()+1, 10)+".000" {
		t.Errorf("X-RateLimit-Reset %s, want the epoch second the window ends", reset)
	}
	clock.Advance(500 * time.Millisecond)
	over := post(t, srv, a, "sixth")
	wantRateLimited(t, over, "user", 0.5)
	if over.header.Get("X-RateLimit-Remaining") != "0" || over.header.Get("X-RateLimit-Bucket") != hash {
		t.Errorf("the 429's bucket headers: %v", over.header)
	}
	if edit := rest(t, srv, "PATCH", "/channels/"+a+"/messages/"+id, `{"content":"again"}`); edit.status != http.StatusTooManyRequests {
		t.Errorf("an edit in the spent channel: %d, want 429 (one bucket with posting)", edit.status)
	}
	other := post(t, srv, b, "elsewhere")
	if other.status != http.StatusOK || other.header.Get("X-RateLimit-Remaining") != "4" || other.header.Get("X-RateLimit-Bucket") != hash {
		t.Errorf("another channel: %d remaining %s bucket %s; want its own count under the same hash",
			other.status, other.header.Get("X-RateLimit-Remaining"), other.header.Get("X-RateLimit-Bucket"))
	}
	clock.Advance(500 * time.Millisecond)
	if again := post(t, srv, a, "later"); again.status != http.StatusOK || again.header.Get("X-RateLimit-Remaining") != "4" {
		t.Errorf("once the window ended: %d remaining %s, want 200 and 4", again.status, again.header.Get("X-RateLimit-Remaining"))
	}
	if st := srv.LimitStats(); st.Earned["user"] != 2 || st.Earned["global"] != 0 {
		t.Errorf("earned %v, want 2 of scope user", st.Earned)
	}
}

func TestOtherRoutesHaveBucketsOfTheirOwn(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithoutSpec(), fakediscord.WithLimits(stillLimits(newStillClock())))
	msg := post(t, srv, srv.ChannelID(), "hello")
	read := rest(t, srv, "GET", "/channels/"+srv.ChannelID()+"/messages", "")
	me := rest(t, srv, "GET", "/users/@me", "")
	hashes := map[string]bool{}
	for _, a := range []answer{msg, read, me} {
		hashes[a.header.Get("X-RateLimit-Bucket")] = true
		if a.header.Get("X-RateLimit-Remaining") == "" {
			t.Errorf("an answer without X-RateLimit-Remaining: %v", a.header)
		}
	}
	if len(hashes) != 3 || hashes[""] {
		t.Errorf("bucket hashes %v: want three distinct ones for three unrelated routes", hashes)
	}
}

func TestInvalidRequestsAreCounted(t *testing.T) {
	t.Parallel()
	clock := newStillClock()
	l := stillLimits(clock)
	l.InvalidBan, l.InvalidWindow = 4, time.Minute
	l.Buckets = append(l.Buckets, fakediscord.Bucket{Name: "resource", Limit: 1, Window: time.Hour, Scope: "shared",
		Routes: []string{"GET /guilds/{guild_id}"}})
	srv := fakediscord.New(t, fakediscord.WithoutSpec(), fakediscord.WithLimits(l))
	rest(t, srv, "GET", "/guilds/"+srv.Guild().ID, "")
	shared := rest(t, srv, "GET", "/guilds/"+srv.Guild().ID, "")
	if shared.status != http.StatusTooManyRequests || shared.header.Get("X-RateLimit-Scope") != "shared" ||
		shared.body["message"] != "The resource is being rate limited." {
		t.Fatalf("over a shared limit: %d %v %v", shared.status, shared.header, shared.body)
	}
	if st := srv.LimitStats(); st.Invalid != 0 {
		t.Errorf("%d invalid after a shared 429; Discord does not count those", st.Invalid)
	}
	bad, _ := discordgo.New("Bot wrong")
	bad.Client = srv.Client()
	for range 3 {
		_, _ = bad.User("@me")
	}
	if st := srv.LimitStats(); st.Invalid != 3 || !st.BannedAt.IsZero() {
		t.Errorf("after three 401s: %d invalid, banned at %v; want 3, not banned", st.Invalid, st.BannedAt)
	}
	clock.Advance(30 * time.Second)
	_, _ = bad.User("@me")
	if st := srv.LimitStats(); st.Invalid != 4 || !st.BannedAt.Equal(clock.Now()) {
		t.Errorf("after the fourth: %d invalid, banned at %v; want 4, banned now", st.Invalid, st.BannedAt)
	}
	clock.Advance(31 * time.Second)
	if st := srv.LimitStats(); st.Invalid != 1 || st.InvalidMax != 4 {
		t.Errorf("a minute after the first three: %d invalid (most %d); want 1 (most 4)", st.Invalid, st.InvalidMax)
	}
}

func TestInjectedRateLimitsAreCountedApart(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithoutSpec(), fakediscord.WithLimits(fakediscord.DiscordLimits()))
	srv.RateLimit("POST /channels/{channel_id}/messages", time.Millisecond)
	if a := post(t, srv, srv.ChannelID(), "hi"); a.status != http.StatusTooManyRequests {
		t.Fatalf("armed 429: got %d", a.status)
	}
	st := srv.LimitStats()
	if st.Injected["user"] != 1 || fakediscord.Sum(st.Earned) != 0 {
		t.Errorf("injected %v earned %v, want one injected of scope user and none earned", st.Injected, st.Earned)
	}
}

// discordgo reads the headers: a burst on one bucket waits rather than
// earning 429s. A burst over the global limit must earn some (discordgo
// has no global limiter of its own) and still completes.
func TestDiscordgoKeepsToTheHeaders(t *testing.T) {
	t.Parallel()
	l := fakediscord.DiscordLimits()
	l.Buckets[0].Window = 400 * time.Millisecond // the message bucket, shortened to keep the test short
	srv := fakediscord.New(t, fakediscord.WithoutSpec(), fakediscord.WithLimits(l))
	s := srv.NewSession()
	burst(t, 12, func(int) error { _, err := s.ChannelMessageSend(srv.ChannelID(), "hi"); return err })
	st := srv.LimitStats()
	if n := st.Requests["POST /channels/{channel_id}/messages"]; n != 12 || fakediscord.Sum(st.Earned) != 0 {
		t.Errorf("12 messages to one channel: %d requests, earned %v; want 12 and no 429", n, st.Earned)
	}

	l.Global, l.GlobalWindow = 5, 2*time.Second
	srv.SetLimits(&l)
	channels := make([]string, 8)
	for i := range channels {
		channels[i] = srv.AddChannel("c" + strconv.Itoa(i))
	}
	burst(t, len(channels), func(i int) error { _, err := s.ChannelMessageSend(channels[i], "hi"); return err })
	st = srv.LimitStats()
	if st.Earned["global"] == 0 || st.Earned["user"] != 0 {
		t.Errorf("8 channels at once over a global limit of 5: earned %v, want global 429s only", st.Earned)
	}
}

// burst runs n calls at once and fails the test on any error.
func burst(t *testing.T, n int, f func(i int) error) {
	t.Helper()
	errs := make(chan error, n)
	for i := range n {
		go func() { errs <- f(i) }()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestStatsSince(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithoutSpec(), fakediscord.WithLimits(stillLimits(newStillClock())))
	post(t, srv, srv.ChannelID(), "before")
	srv.RateLimit("", time.Millisecond)
	post(t, srv, srv.ChannelID(), "injected")
	before := srv.LimitStats()
	for range 5 {
		post(t, srv, srv.ChannelID(), "after")
	}
	run := srv.LimitStats().Since(before)
	route := "POST /channels/{channel_id}/messages"
	if run.Requests[route] != 5 || len(run.Requests) != 1 || len(run.Injected) != 0 || run.Earned["user"] != 1 {
		t.Errorf("since: requests %v injected %v earned %v; want 5 posts, none injected, the last earned", run.Requests, run.Injected, run.Earned)
	}
	if n := run.TotalRequests(fakediscord.GlobalLimited); n != 5 {
		t.Errorf("%d requests under the global limit, want 5", n)
	}
	if all := srv.LimitStats().Overs; len(run.Overs) != 1 || len(all) != 1 || run.Overs[0].Route != route || run.Overs[0].Scope != "user" {
		t.Errorf("429s earned: %+v since, %+v in all; want the one post over its bucket", run.Overs, all)
	}
	a, b := fakediscord.Over{Route: "a"}, fakediscord.Over{Route: "b"}
	if got := (fakediscord.LimitStats{Overs: []fakediscord.Over{a, b}}).Since(fakediscord.LimitStats{Overs: []fakediscord.Over{a}}).Overs; len(got) != 1 || got[0] != b {
		t.Errorf("429s earned since one of two: %+v, want the second", got)
	}
}

// With WithRateLimitReports a 429 the bot earns is reported as a violation,
// as kilab try shows it; without, it is only counted.
func TestEarnedRateLimitsReported(t *testing.T) {
	t.Parallel()
	for _, report := range []bool{false, true} {
		clock := newStillClock()
		l := stillLimits(clock)
		l.Default.Limit = 1000
		var got []string
		var mu sync.Mutex
		opts := []fakediscord.Option{fakediscord.WithoutSpec(), fakediscord.WithLimits(l),
			fakediscord.OnViolation(func(_ *fakediscord.Request, vs []fakediscord.Violation) {
				mu.Lock()
				defer mu.Unlock()
				for _, v := range vs {
					got = append(got, v.Rule)
				}
			})}
		if report {
			opts = append(opts, fakediscord.WithRateLimitReports())
		}
		srv := fakediscord.New(t, opts...)
		for range 51 {
			rest(t, srv, "GET", "/users/@me", "")
		}
		mu.Lock()
		if want := map[bool]int{false: 0, true: 1}[report]; len(got) != want || report && !strings.Contains(got[0], "global rate limit") {
			t.Errorf("reports %v: %q, want %d naming the global limit", report, got, want)
		}
		mu.Unlock()
	}
}
