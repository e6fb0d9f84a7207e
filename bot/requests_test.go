package bot

import (
	"context"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/ratelimit"
)

// Every session of the bot (the REST one and each shard's, which share the
// token) sends through one limiter, each wrapped once; a negative limit
// leaves the requests counted but unlimited.
func TestLimitRequestsWrapsEverySession(t *testing.T) {
	t.Parallel()
	rest, _ := discordgo.New("Bot x")
	shard, _ := discordgo.New("Bot x")
	base := rest.Client.Transport
	lim := limitRequests(Config{Session: rest, Shards: []*discordgo.Session{rest, shard}}, &requestCount{})
	if lim == nil {
		t.Fatal("no limiter by default")
	}
	for name, s := range map[string]*discordgo.Session{"rest": rest, "shard": shard} {
		tr, ok := s.Client.Transport.(*ratelimit.Transport)
		if !ok || tr.Limiter != lim || tr.Count == nil {
			t.Fatalf("the %s session's transport is %T, not behind the bot's limiter", name, s.Client.Transport)
		}
		if _, twice := tr.Base.(*ratelimit.Transport); twice {
			t.Errorf("the %s session's transport is wrapped twice", name)
		}
	}
	if tr := rest.Client.Transport.(*ratelimit.Transport); tr.Base != base {
		t.Errorf("the REST session sends through %T, not its own transport", tr.Base)
	}
	free, _ := discordgo.New("Bot x")
	free.Client = &http.Client{}
	if lim := limitRequests(Config{Session: free, RequestsPerSecond: -1}, &requestCount{}); lim != nil {
		t.Error("a negative limit made a limiter")
	}
	if tr, ok := free.Client.Transport.(*ratelimit.Transport); !ok || tr.Limiter != nil {
		t.Errorf("unlimited, the session's transport is %T", free.Client.Transport)
	}
}

// A copy started with HoldFirstWindow sends nothing for the first window
// of its limit (the copy it replaces may have spent it); one without, at
// once.
func TestHoldFirstWindow(t *testing.T) {
	t.Parallel()
	done, cancel := context.WithCancel(context.Background())
	cancel() // Wait answers from what the limiter holds before it looks at the context
	for _, hold := range []bool{false, true} {
		s, _ := discordgo.New("Bot x")
		s.Client = &http.Client{}
		lim := limitRequests(Config{Session: s, HoldFirstWindow: hold}, &requestCount{})
		if err := lim.Wait(done, false); (err != nil) != hold {
			t.Errorf("HoldFirstWindow %v: the first request's wait gave %v", hold, err)
		}
	}
}

// Sessions LimitRequests put under a limit keep it when the bot is built:
// one limit for the REST session and a shard added after, held once, and
// counted from then on.
func TestLimitRequestsBeforeNew(t *testing.T) {
	t.Parallel()
	rest, _ := discordgo.New("Bot x")
	rest.Client = &http.Client{}
	LimitRequests(Config{Session: rest, HoldFirstWindow: true})
	early := rest.Client.Transport.(*ratelimit.Transport)
	if early.Limiter == nil || early.Count != nil {
		t.Fatalf("LimitRequests: limiter %v, count set %v", early.Limiter, early.Count != nil)
	}
	shard, _ := discordgo.New("Bot x")
	shard.Client = &http.Client{}
	lim := limitRequests(Config{Session: rest, Shards: []*discordgo.Session{shard}}, &requestCount{})
	later := shard.Client.Transport.(*ratelimit.Transport)
	if lim != early.Limiter || later.Limiter != lim || rest.Client.Transport != early {
		t.Error("the bot made a limit of its own beside the one its session was put under")
	}
	if early.Count == nil || later.Count == nil {
		t.Error("requests of the sessions are not counted once the bot is built")
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := lim.Wait(done, false); err == nil {
		t.Error("the first window is not held")
	}
}
