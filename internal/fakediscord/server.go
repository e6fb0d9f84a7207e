package fakediscord

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DefaultToken is the bot token the fake accepts unless WithToken says
// otherwise. Sessions send it as "Bot " + DefaultToken.
const DefaultToken = "ODk5.fake.kilab-test-token"

// Server is a fake Discord: REST API, gateway and CDN on one httptest server.
// All its methods are safe for concurrent use.
type Server struct {
	t   Reporter
	cfg config
	hs  *httptest.Server
	ids snowflakes

	bot      User
	appID    string
	guild    Guild // the first guild
	channel  string
	spec     *Spec
	rtClient *http.Client

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change, to wake waiters
	// inChannel wakes only those waiting on one channel's messages: with a
	// thousand games under load, waking every waiter on every change would
	// cost the fake more than the bot it measures.
	inChannel map[string]chan struct{}
	// versions count the changes to each channel's messages, for a face
	// that redraws only the channels that changed (Versions).
	versions map[string]int64
	seq      int // requests answered, kept or not
	closed   bool

	guilds []Guild // oldest first
	users  map[string]*User
	// locales are the Discord locales of users and guilds that SetLocale
	// changed from en-US, by id.
	locales map[string]string
	// granted are permissions a user holds in every guild beyond an
	// ordinary member's (GrantPermissions).
	granted    map[string]int64
	channels   map[string]*Channel
	messages   map[string]*Message
	order      map[string][]string // channel id -> message ids, oldest first
	dms        map[string]string   // user id -> DM channel id
	dmsClosed  map[string]bool
	noThreads  map[string]bool
	commands   map[string]*commandScope // "" for global, else a guild id
	ixs        map[string]*ixState
	ixOrder    []*ixState // the interactions as sent, oldest first, for forgetInteractions
	ixByToken  map[string]*ixState
	requests   []*Request
	rateLimits []*rateLimit
	faults     []*fault
	holds      []*Hold

	gw  gatewayState
	ep  endpointState
	lim limiter
}

type config struct {
	token       string
	specPath    string
	noSpec      bool
	deadline    time.Duration
	epFailed    func(interaction, why string) // nil: endpoint failures fail the test
	heartbeat   time.Duration
	onViolation func(*Request, []Violation)
	botName     string
	guildName   string
	channelName string
	// world is a world saved by SaveWorld to start from (WithWorld).
	world *World
	// reportLimits reports a 429 the bot earned as a violation.
	reportLimits bool
	// quietDrivers leaves a driver's misuse to Interaction.Err.
	quietDrivers bool
	// keepRequests bounds the requests kept for Requests (0: all).
	keepRequests int
	// shardsRequired is the fewest shards an IDENTIFY may ask for.
	shardsRequired int
	limits         *Limits // nil: Discord's rate limits are not enforced
}

// Option configures a Server.
type Option func(*config)

// WithToken sets the bot token the fake accepts (without the "Bot " prefix).
func WithToken(token string) Option { return func(c *config) { c.token = token } }

// WithSpec reads Discord's OpenAPI description from path instead of looking
// for it beside the module.
func WithSpec(path string) Option { return func(c *config) { c.specPath = path } }

// WithoutSpec checks request bodies against the documented limits only.
func WithoutSpec() Option { return func(c *config) { c.noSpec = true } }

// WithEndpointFailures hands interactions the endpoint lost, answered late
// or refused to f instead of failing the test: a load test that kills a copy
// of the bot on purpose counts them.
func WithEndpointFailures(f func(interaction, why string)) Option {
	return func(c *config) { c.epFailed = f }
}

// WithInteractionDeadline sets how long after an interaction is dispatched its
// callback is still accepted (Discord: 3 s). Zero turns the check off.
func WithInteractionDeadline(d time.Duration) Option {
	return func(c *config) { c.deadline = d }
}

// WithHeartbeatInterval sets the interval the HELLO payload asks for.
func WithHeartbeatInterval(d time.Duration) Option {
	return func(c *config) { c.heartbeat = d }
}

// OnViolation replaces the default report of a request that breaks Discord's
// rules (t.Errorf). The fake still answers it with 400 Invalid Form Body.
func OnViolation(f func(*Request, []Violation)) Option {
	return func(c *config) { c.onViolation = f }
}

// WithRequestLog keeps only the last n requests for Requests and Find, the
// last n gateway events of a session for its resume, and the interactions
// whose tokens still live: a fake that runs for hours (kilab try) would
// otherwise keep every picture the bot ever uploaded.
func WithRequestLog(n int) Option { return func(c *config) { c.keepRequests = n } }

// WithQuietDrivers leaves a driver's misuse (a command not registered, an
// option out of range, a button the message does not show) to
// Interaction.Err instead of reporting it: in kilab try it is a person's
// mistake, said to them, not a fault of the bot.
func WithQuietDrivers() Option { return func(c *config) { c.quietDrivers = true } }

// WithRateLimitReports reports each 429 the bot earns (a user or global
// limit, not a shared resource's) through OnViolation: Discord counts them
// towards the invalid requests that get a bot banned. Tests count them with
// LimitStats instead.
func WithRateLimitReports() Option { return func(c *config) { c.reportLimits = true } }

// WithNames names the bot user, the guild and its first channel.
func WithNames(bot, guild, channel string) Option {
	return func(c *config) { c.botName, c.guildName, c.channelName = bot, guild, channel }
}

// New starts a fake Discord holding one guild with one text channel and the
// bot as a member, and stops it when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	return Start(t, opts...)
}

// Reporter is what the fake tells of a bot breaking Discord's rules, or of
// a driver's misuse: a test (testing.TB has these methods), or kilab try,
// which shows them on its page. Fatalf is only called while starting (a
// missing description of Discord's API, a bad option); Cleanup is where the
// fake asks to be closed.
type Reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Start is New for any Reporter.
func Start(r Reporter, opts ...Option) *Server {
	r.Helper()
	cfg := config{
		token:     DefaultToken,
		deadline:  3 * time.Second,
		heartbeat: 41250 * time.Millisecond,
		botName:   "Kilab", guildName: "Senet Club", channelName: "games",
	}
	for _, o := range opts {
		o(&cfg)
	}
	s := &Server{
		t: r, cfg: cfg,
		changed: make(chan struct{}), inChannel: map[string]chan struct{}{}, versions: map[string]int64{},
		users: map[string]*User{}, locales: map[string]string{}, granted: map[string]int64{},
		channels: map[string]*Channel{},
		messages: map[string]*Message{},
		order:    map[string][]string{}, dms: map[string]string{},
		dmsClosed: map[string]bool{}, noThreads: map[string]bool{},
		commands: map[string]*commandScope{}, ixs: map[string]*ixState{}, ixByToken: map[string]*ixState{},
	}
	if cfg.onViolation == nil {
		s.cfg.onViolation = s.reportViolation
	}
	s.spec = loadSpecFor(r, cfg)
	if cfg.world != nil {
		s.restore(cfg.world)
	} else {
		s.seed()
	}
	s.gw.init()
	s.ep.init()
	s.lim.init(cfg.limits)
	s.hs = httptest.NewUnstartedServer(s.handler())
	s.hs.Start()
	s.rtClient = s.hs.Client()
	r.Cleanup(s.Close)
	return s
}

// seed creates the bot, its application, the guild and its first channel.
func (s *Server) seed() {
	s.bot = User{ID: s.ids.next(), Username: s.cfg.botName, Bot: true}
	s.appID = s.bot.ID // Discord gives a bot the id of its application
	s.users[s.bot.ID] = &s.bot
	s.guild = Guild{ID: s.ids.next(), Name: s.cfg.guildName, OwnerID: s.ids.next()}
	ch := &Channel{ID: s.ids.next(), Type: discordgo.ChannelTypeGuildText, GuildID: s.guild.ID, Name: s.cfg.channelName}
	s.channels[ch.ID] = ch
	s.channel = ch.ID
	s.guild.ChannelID = ch.ID
	s.guilds = []Guild{s.guild}
}

// Close stops the gateway and the HTTP server. Later reports are dropped, so
// goroutines of a bot still running cannot fail a finished test.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	s.closeGateway()
	s.hs.Close()
}

// URL is the fake's base URL (http://127.0.0.1:port); REST lives under /api/v9/.
func (s *Server) URL() string { return s.hs.URL }

// GatewayURL is the websocket address the fake hands out from GET /gateway.
func (s *Server) GatewayURL() string { return "ws" + strings.TrimPrefix(s.hs.URL, "http") }

// Token is the Authorization value a session must send: "Bot " + the token.
// discordgo.New(srv.Token()) builds a session the fake accepts.
func (s *Server) Token() string { return "Bot " + s.cfg.token }

// Bot is the bot's own user.
func (s *Server) Bot() User { return s.bot }

// AppID is the id of the bot's application.
func (s *Server) AppID() string { return s.appID }

// Guild is the guild the fake starts with.
func (s *Server) Guild() Guild { return s.guild }

// ChannelID is the id of the guild's first text channel.
func (s *Server) ChannelID() string { return s.channel }

// Transport is an http.RoundTripper that sends every request for a Discord
// host (discord.com, discordapp.com, their subdomains, discord.gg) to the fake
// and refuses any other host, so no test reaches the network by mistake.
func (s *Server) Transport() http.RoundTripper { return rewriter{s} }

// Client is an *http.Client using Transport, ready for session.Client.
func (s *Server) Client() *http.Client {
	return &http.Client{Transport: s.Transport(), Timeout: 20 * time.Second}
}

type rewriter struct{ s *Server }

func (rw rewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	host := r.URL.Hostname()
	local := r.URL.Host == rw.s.hs.Listener.Addr().String()
	if !local && !isDiscordHost(host) {
		return nil, fmt.Errorf("fakediscord: refusing to send %s %s: not a Discord host", r.Method, r.URL)
	}
	r2 := r.Clone(r.Context())
	r2.URL.Scheme = "http"
	r2.URL.Host = rw.s.hs.Listener.Addr().String()
	r2.Host = r2.URL.Host
	r2.Header.Set(originalHostHeader, host)
	return rw.s.rtClient.Transport.RoundTrip(r2)
}

const originalHostHeader = "X-Fakediscord-Original-Host"

func isDiscordHost(host string) bool {
	for _, d := range []string{"discord.com", "discordapp.com", "discord.gg", "discordapp.net", "discord.media"} {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

// broadcast wakes every waiter; s.mu must be held.
func (s *Server) broadcast() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// channelChanged wakes those waiting on channelID's messages (s.mu held).
func (s *Server) channelChanged(channelID string) {
	s.versions[channelID]++
	if ch, ok := s.inChannel[channelID]; ok {
		close(ch)
		delete(s.inChannel, channelID)
	}
}

// errorf reports a problem in the bot's use of Discord unless the test is over.
func (s *Server) errorf(format string, args ...any) {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if !closed {
		s.t.Errorf("fakediscord: "+format, args...)
	}
}

func (s *Server) reportViolation(r *Request, vs []Violation) {
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "\n\t%s", v)
	}
	s.errorf("%s %s breaks Discord's rules:%s\n\tbody: %s", r.Method, r.Path, b.String(), truncate(string(r.JSON), 2000))
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// NewSession builds a discordgo session that talks to the fake: its token,
// and an HTTP client whose transport sends Discord's hosts here. Open it to
// connect to the fake's gateway.
func (s *Server) NewSession() *discordgo.Session {
	dg, err := discordgo.New(s.Token())
	if err != nil {
		// discordgo.New fails on nothing today; say so if that changes.
		s.t.Fatalf("fakediscord: discordgo.New: %v", err)
	}
	dg.Client = s.Client()
	return dg
}
