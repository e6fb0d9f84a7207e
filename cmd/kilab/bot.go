package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/joho/godotenv"

	"kilab/ai"
	"kilab/ai/asebai"
	"kilab/bot"
	"kilab/games"
	"kilab/store"
	"kilab/web"
)

const tokenHelp = `kilab: DISCORD_TOKEN is not set.

To get a token:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env next to where you run kilab:
       DISCORD_TOKEN=your-token-here
     (copy .env.example to start), or export DISCORD_TOKEN in your shell.
`

// settings are the bot's configuration, from .env and the environment.
type settings struct {
	token, guildID, apiURL string
	// dbPath is the SQLite file (DATABASE_PATH), dbURL the PostgreSQL
	// database (DATABASE_URL); one of the two is set.
	dbPath, dbURL string
	instance      string // KILAB_INSTANCE: this copy's name among those sharing a database
	tablesDir     string // solved Aseb tables; "" : none, the computer searches
	metricsAddr   string // where /metrics, /healthz and /readyz listen; "": nowhere
	level         slog.Level
	// interactionsAddr, with publicKey, serves interactions over HTTP
	// instead of the gateway.
	interactionsAddr string
	publicKey        ed25519.PublicKey
	// sweepEvery is how often deadlines, reminders and expiries are swept
	// (SWEEP_EVERY; 0: the bot's default, a minute).
	sweepEvery time.Duration
	shards     shardPlan
	// docsURL is where the operator hosts docs/ (DOCS_URL; "": nowhere).
	docsURL string
	// webAddr is where the web pages listen (WEB_ADDR; "": not served),
	// publicURL where players reach them (PUBLIC_URL), for the links the
	// bot posts.
	webAddr, publicURL string
	// requestsPerSecond caps this copy's REST requests to Discord
	// (DISCORD_REQUESTS_PER_SECOND; 0: the bot's default, 50; -1: off).
	requestsPerSecond int
	// profiles serves Go's profiles beside the metrics (PPROF=on).
	profiles bool
}

func readSettings(getenv func(string) string) (settings, error) {
	s := settings{
		token:       strings.TrimSpace(getenv("DISCORD_TOKEN")),
		dbPath:      strings.TrimSpace(getenv("DATABASE_PATH")),
		dbURL:       strings.TrimSpace(getenv("DATABASE_URL")),
		guildID:     strings.TrimSpace(getenv("DISCORD_GUILD_ID")),
		apiURL:      strings.TrimSpace(getenv("DISCORD_API_URL")),
		instance:    strings.TrimSpace(getenv("KILAB_INSTANCE")),
		metricsAddr: strings.TrimSpace(getenv("METRICS_ADDR")),
		docsURL:     strings.TrimRight(strings.TrimSpace(getenv("DOCS_URL")), "/"),
		webAddr:     strings.TrimSpace(getenv("WEB_ADDR")),
		publicURL:   strings.TrimRight(strings.TrimSpace(getenv("PUBLIC_URL")), "/"),
	}
	if err := s.checkDatabase(); err != nil {
		return s, err
	}
	// The computer's solved Aseb tables live next to the database (in the
	// working directory, for PostgreSQL) unless TABLES_DIR says otherwise;
	// "off" has it search instead.
	switch s.tablesDir = strings.TrimSpace(getenv("TABLES_DIR")); s.tablesDir {
	case "":
		s.tablesDir = filepath.Join(filepath.Dir(s.dbPath), "kilab-tables")
	case "off":
		s.tablesDir = ""
	}
	if lv := strings.TrimSpace(getenv("LOG_LEVEL")); lv != "" {
		if err := s.level.UnmarshalText([]byte(lv)); err != nil {
			return s, fmt.Errorf("LOG_LEVEL %q: want debug, info, warn or error", lv)
		}
	}
	switch v := strings.TrimSpace(getenv("PPROF")); v {
	case "on":
		s.profiles = true
	case "", "off":
	default:
		return s, fmt.Errorf("PPROF %q: want on or off", v)
	}
	if s.apiURL != "" {
		if u, err := url.Parse(s.apiURL); err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return s, fmt.Errorf("DISCORD_API_URL %q is not an http(s) address", s.apiURL)
		}
	}
	for name, v := range map[string]string{"DOCS_URL": s.docsURL, "PUBLIC_URL": s.publicURL} {
		if u, err := url.Parse(v); v != "" && (err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https")) {
			return s, fmt.Errorf("%s %q is not an http(s) address", name, v)
		}
	}
	if s.publicURL != "" && s.webAddr == "" {
		return s, fmt.Errorf("PUBLIC_URL is set but WEB_ADDR is not: set WEB_ADDR (e.g. :8081) for the pages the links lead to")
	}
	if v := strings.TrimSpace(getenv("SWEEP_EVERY")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > time.Hour {
			return s, fmt.Errorf("SWEEP_EVERY %q: want a duration from 1s to 1h, such as 30s", v)
		}
		s.sweepEvery = d
	}
	if err := s.readRequestsPerSecond(getenv("DISCORD_REQUESTS_PER_SECOND")); err != nil {
		return s, err
	}
	var err error
	if s.shards, err = parseShards(getenv("SHARD_COUNT"), getenv("SHARD_IDS")); err != nil {
		return s, err
	}
	if err := s.readEndpoint(getenv); err != nil {
		return s, err
	}
	if s.interactionsAddr != "" && s.shards.count > 0 {
		return s, errors.New("SHARD_COUNT is for the gateway; with INTERACTIONS_ADDR the bot takes interactions over HTTP and opens no gateway: set one or the other")
	}
	return s, nil
}

// readEndpoint reads the HTTP interactions settings: both or neither, since
// an endpoint that cannot check signatures must not run.
func (s *settings) readEndpoint(getenv func(string) string) error {
	s.interactionsAddr = strings.TrimSpace(getenv("INTERACTIONS_ADDR"))
	key := strings.TrimSpace(getenv("DISCORD_PUBLIC_KEY"))
	switch {
	case s.interactionsAddr == "" && key == "":
		return nil
	case s.interactionsAddr == "":
		return errors.New("DISCORD_PUBLIC_KEY is set but INTERACTIONS_ADDR is not: set both to serve interactions over HTTP, or neither")
	case key == "":
		return errors.New("INTERACTIONS_ADDR needs DISCORD_PUBLIC_KEY, the application's public key (Developer Portal, General Information)")
	}
	if _, _, err := net.SplitHostPort(s.interactionsAddr); err != nil {
		return fmt.Errorf("INTERACTIONS_ADDR %q is not a listen address such as :8080", s.interactionsAddr)
	}
	k, err := bot.ParsePublicKey(key)
	if err != nil {
		return fmt.Errorf("DISCORD_PUBLIC_KEY: %w", err)
	}
	s.publicKey = k
	return nil
}

// checkDatabase settles which database the bot uses: PostgreSQL where
// DATABASE_URL is set, else the SQLite file DATABASE_PATH names (kilab.db
// by default). Both set is refused rather than one silently ignored.
func (s *settings) checkDatabase() error {
	switch {
	case s.dbURL != "" && s.dbPath != "":
		return errors.New("DATABASE_URL and DATABASE_PATH are both set: set DATABASE_URL for PostgreSQL or DATABASE_PATH for SQLite, not both")
	case s.dbURL != "":
		u, err := url.Parse(s.dbURL)
		if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.Host == "" {
			return errors.New("DATABASE_URL is not a PostgreSQL URL (postgres://user:password@host:5432/database); for SQLite set DATABASE_PATH instead")
		}
	case strings.Contains(s.dbPath, "://"):
		return errors.New("DATABASE_PATH is a URL, not a file: put a PostgreSQL URL in DATABASE_URL instead")
	case s.dbPath == "":
		s.dbPath = "kilab.db"
	}
	return nil
}

// database is what store.Open takes, and databaseName how messages name it
// (a URL without its password).
func (s settings) database() string {
	if s.dbURL != "" {
		return s.dbURL
	}
	return s.dbPath
}

// unwritable says what to do when the SQLite database cannot be opened
// because this process may not write where it lives, as in the image, whose
// user (65532) cannot write to a bind-mounted /data owned by root: probe
// tries to write in a folder. Nothing for PostgreSQL, or where the folder
// is writable (the failure was something else).
func (s settings) unwritable(probe func(dir string) error) string {
	if s.dbURL != "" {
		return ""
	}
	path, err := filepath.Abs(s.dbPath)
	if err != nil {
		return ""
	}
	dir := filepath.Dir(path)
	if err := probe(dir); !errors.Is(err, fs.ErrPermission) {
		return ""
	}
	return fmt.Sprintf("; this process (user %d) may not write in %s: give the folder to that user (for a bind mount: chown %d:%d on the host's folder; or use a named volume), or set DATABASE_PATH to a file in a folder it may write in",
		os.Getuid(), dir, os.Getuid(), os.Getgid())
}

// writeProbe creates and removes a file in dir: whether this process may
// write there.
func writeProbe(dir string) error {
	f, err := os.CreateTemp(dir, ".kilab-write-check-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

func (s settings) databaseName() string {
	if u, err := url.Parse(s.dbURL); s.dbURL != "" && err == nil {
		return u.Redacted()
	}
	return s.dbPath
}

// runBot starts the Discord bot. It reads .env first (values already in the
// environment win), so a newcomer's only step is that file.
func runBot(args []string, _, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprintln(stderr, "Usage: kilab [run]\n\nRuns the Discord bot with the settings of .env and the environment:\nDISCORD_TOKEN (required), DATABASE_PATH (SQLite, default kilab.db) or DATABASE_URL\n(PostgreSQL, postgres://...), KILAB_INSTANCE (default the host name), DISCORD_GUILD_ID,\nDISCORD_API_URL, LOG_LEVEL, TABLES_DIR (default kilab-tables beside the database; off: none),\nMETRICS_ADDR (e.g. :9090: /metrics, /healthz, /readyz; PPROF=on adds /debug/pprof/),\nINTERACTIONS_ADDR and DISCORD_PUBLIC_KEY (serve interactions over HTTP at /interactions),\nSHARD_COUNT and SHARD_IDS (gateway shards this process runs, e.g. 4 and 0,2; default: unsharded),\nSWEEP_EVERY (default 1m),\nDISCORD_REQUESTS_PER_SECOND (default 50, shared by copies on one token; off: none),\nDOCS_URL (where docs/ is hosted, e.g. https://github.com/you/kilab/blob/main/docs:\n/rules and /help link to it),\nWEB_ADDR (e.g. :8081: a page for every game) and PUBLIC_URL (where players reach\nthose pages, e.g. https://kilab.example: boards link to them). See .env.example and the README.")
		return 0
	}
	if err := godotenv.Load(); err != nil && !os.IsNotExist(err) {
		fmt.Fprintf(stderr, "kilab: reading .env: %v\n", err)
		return 2
	}
	set, err := readSettings(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "kilab: %v\n", err)
		return 2
	}
	if set.token == "" {
		fmt.Fprint(stderr, tokenHelp)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m := &Main{Settings: set, Log: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: set.level}))}
	if err := m.Run(ctx); err != nil {
		fmt.Fprintf(stderr, "kilab: %v\n", err)
		return 1
	}
	<-ctx.Done()
	m.Log.Info("shutting down")
	if err := m.Close(); err != nil {
		fmt.Fprintf(stderr, "kilab: %v\n", err)
		return 1
	}
	return 0
}

// Main is the running program: database, session and bot. Tests build it
// with a Transport that leads to a fake Discord and a seeded Source.
type Main struct {
	Settings  settings
	Log       *slog.Logger
	Transport http.RoundTripper // nil: the default, through DISCORD_API_URL if set
	Source    games.Source      // nil: crypto-random throws
	Now       func() time.Time  // nil: the wall clock
	// IdentifyGap is the wait between two shards' IDENTIFY (0: Discord's 5 s;
	// negative: none, for tests).
	IdentifyGap time.Duration
	// PageReviewWait is how long a finished game's page waits for its review
	// (web.Config.ReviewWait; 0: the pages' own).
	PageReviewWait time.Duration

	db      *store.DB
	bot     *bot.Bot
	ops     *opsServer
	web     *opsServer
	webStop context.CancelFunc // ends the pages' live streams
	// computer is what the computer and reviews are given (Aseb's solved
	// tables), for the bot and the pages alike.
	computer ai.Env
}

// Run checks the token with Discord, opens the database and connects the
// bot; it returns once the bot is ready, leaving it running until Close. The
// token comes first so that a wrong one creates no database file.
func (m *Main) Run(ctx context.Context) error {
	s, err := m.session()
	if err != nil {
		return err
	}
	// The token's check is a request like the others: under the limit, and
	// held back for the first window, which the copy this one replaces may
	// have spent.
	bot.LimitRequests(bot.Config{Session: s, RequestsPerSecond: m.Settings.requestsPerSecond, HoldFirstWindow: true})
	if _, err := s.User("@me", discordgo.WithContext(ctx)); err != nil {
		return explainConnect(err)
	}
	db, err := store.Open(ctx, m.Settings.database())
	if err != nil {
		return fmt.Errorf("opening the database %s: %w%s", m.Settings.databaseName(), err, m.Settings.unwritable(writeProbe))
	}
	if m.Now != nil {
		db.Now = m.Now
	}
	m.db = db
	tables := asebai.OpenTables(m.Settings.tablesDir, func(msg string, args ...any) { m.Log.Info(msg, args...) })
	m.computer = tables.With(ai.Env{})
	shards, err := m.shardSessions()
	if err != nil {
		return err
	}
	m.bot = bot.New(bot.Config{Session: s, Shards: shards, IdentifyGap: m.IdentifyGap, DB: db, Source: m.Source, GuildID: m.Settings.guildID, Log: m.Log,
		InteractionsAddr: m.Settings.interactionsAddr, PublicKey: m.Settings.publicKey, SweepEvery: m.Settings.sweepEvery,
		Instance: m.Settings.instance, Computer: m.computer, DocsURL: m.Settings.docsURL, PublicURL: m.Settings.publicURL,
		RequestsPerSecond: m.Settings.requestsPerSecond, HoldFirstWindow: true})
	// The endpoints listen before the bot connects, so that an orchestrator
	// sees the process alive (/healthz) but not yet ready (/readyz).
	if m.Settings.metricsAddr != "" {
		if m.ops, err = serveOps(m.Settings.metricsAddr, m.opsHandler(m.bot.Ops()), m.Log); err != nil {
			return fmt.Errorf("METRICS_ADDR %s: %w", m.Settings.metricsAddr, err)
		}
	}
	if err := m.serveWeb(); err != nil {
		return err
	}
	if err := m.bot.Open(ctx); err != nil {
		return explainConnect(err)
	}
	return nil
}

// serveWeb serves the web pages on WEB_ADDR, if set.
func (m *Main) serveWeb() error {
	if m.Settings.webAddr == "" {
		return nil
	}
	base, stop := context.WithCancel(context.Background())
	pages := web.New(m.db, web.Config{PublicURL: m.Settings.publicURL, Log: m.Log, Computer: m.computer, ReviewWait: m.PageReviewWait})
	o, err := listen(m.Settings.webAddr, pages.HTTPServer(base), "the web pages", m.Log)
	if err != nil {
		stop()
		return fmt.Errorf("WEB_ADDR %s: %w", m.Settings.webAddr, err)
	}
	m.web, m.webStop = o, stop
	return nil
}

// readRequestsPerSecond reads DISCORD_REQUESTS_PER_SECOND: a number of
// requests from 1 to 10000, or "off" where something else (a proxy such as
// nirn-proxy) keeps the bot under Discord's limit.
func (s *settings) readRequestsPerSecond(v string) error {
	switch v = strings.TrimSpace(v); v {
	case "":
		return nil
	case "off":
		s.requestsPerSecond = -1
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 10000 {
		return fmt.Errorf("DISCORD_REQUESTS_PER_SECOND %q: want a number of requests a second from 1 to 10000 (Discord allows a bot 50 in all), or off", v)
	}
	s.requestsPerSecond = n
	return nil
}

// session builds a discordgo session with the bot's token and transport.
func (m *Main) session() (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + m.Settings.token)
	if err != nil {
		return nil, err
	}
	s.Client = &http.Client{Transport: m.transport(), Timeout: 20 * time.Second}
	s.LogLevel = discordgo.LogError
	return s, nil
}

// shardSessions builds one gateway session per shard SHARD_IDS gives this
// process; none when unsharded, and the REST session connects alone.
func (m *Main) shardSessions() ([]*discordgo.Session, error) {
	var out []*discordgo.Session
	for _, id := range m.Settings.shards.ids {
		s, err := m.session()
		if err != nil {
			return nil, err
		}
		s.ShardID, s.ShardCount = id, m.Settings.shards.count
		out = append(out, s)
	}
	return out, nil
}

// transport sends REST calls to DISCORD_API_URL (a proxy such as nirn-proxy)
// when it is set; the gateway address then comes from the proxy's /gateway.
func (m *Main) transport() http.RoundTripper {
	if m.Transport != nil {
		return m.Transport
	}
	if m.Settings.apiURL == "" {
		return http.DefaultTransport
	}
	u, _ := url.Parse(m.Settings.apiURL) // checked by readSettings
	return rewrite{to: u, next: http.DefaultTransport}
}

// rewrite sends requests for discord.com to another base address.
type rewrite struct {
	to   *url.URL
	next http.RoundTripper
}

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host == "discord.com" {
		req = req.Clone(req.Context())
		req.URL.Scheme, req.URL.Host = r.to.Scheme, r.to.Host
		req.URL.Path = strings.TrimSuffix(r.to.Path, "/") + req.URL.Path
		req.Host = r.to.Host
		resp, err := r.next.RoundTrip(req)
		if err != nil {
			// The error's URL still reads discord.com: say where it really went.
			err = fmt.Errorf("via DISCORD_API_URL %s: %w", r.to, err)
		}
		return resp, err
	}
	return r.next.RoundTrip(req)
}

// explainConnect turns a refused token into one line.
func explainConnect(err error) error {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
		return errors.New("the token was rejected by Discord (401 Unauthorized): check DISCORD_TOKEN")
	}
	if errors.Is(err, discordgo.ErrWSAlreadyOpen) {
		return err
	}
	if strings.Contains(err.Error(), "4004") {
		return errors.New("the token was rejected by Discord (authentication failed): check DISCORD_TOKEN")
	}
	if strings.Contains(err.Error(), "4011") {
		return errors.New("sharding is required by Discord for a bot in this many servers (close code 4011): set SHARD_COUNT (see the README)")
	}
	return err
}

// Close disconnects the bot, closes the database, then stops serving the
// endpoints: until the end they say the bot is closing rather than refuse
// connections.
func (m *Main) Close() error {
	var errs []error
	if m.bot != nil {
		errs = append(errs, m.bot.Close())
	}
	defer func() {
		if m.ops != nil {
			m.ops.close()
		}
	}()
	if m.web != nil {
		m.webStop()
		m.web.close()
	}
	if m.db != nil {
		errs = append(errs, m.db.Close())
	}
	return errors.Join(errs...)
}
