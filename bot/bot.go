package bot

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"kilab/bot/challenge"
	"kilab/bot/computer"
	"kilab/bot/delivery"
	"kilab/bot/follow"
	"kilab/bot/info"
	"kilab/bot/kit"
	"kilab/bot/lessons"
	"kilab/bot/moderation"
	"kilab/bot/play"
	"kilab/bot/puzzle"
	"kilab/bot/settings"
	"kilab/bot/tournaments"
	"kilab/bot/vacation"
	"log/slog"
	"maps"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/games"
	"kilab/puzzles"
	"kilab/store"
)

// Config is what the bot is built from. The caller builds the session, so
// tests can point it at a fake Discord.
type Config struct {
	// Session makes the REST calls (messages, DMs, answers), which do not
	// depend on the shard; unsharded, it is also the gateway connection.
	Session *discordgo.Session
	// Shards, when set, are the gateway sessions of the shards this process
	// runs, one per shard, each with its ShardID and ShardCount; Session may
	// be one of them (nil: the first). Interactions from every shard reach
	// the same handlers.
	Shards []*discordgo.Session
	// IdentifyGap is the wait between two shards' IDENTIFY: Discord allows
	// one per 5 s (for max_concurrency 1, every bot below 150,000 servers).
	// 0 means 5 s; a negative value does not wait (tests).
	IdentifyGap time.Duration
	DB          *store.DB
	// Source draws throws and first-player coins: games.Crypto in production
	// (D3), seeded in tests so games are reproducible.
	Source games.Source
	// GuildID registers the commands on one server only, instantly (for
	// development); "" registers them globally.
	GuildID string
	Log     *slog.Logger
	// SweepEvery is how often deadlines, reminders and expiries are swept:
	// 0 means every minute; a negative value turns the background sweep off
	// (tests call Sweep themselves).
	SweepEvery time.Duration
	// AckBudget is how long after its arrival an interaction is deferred
	// at the latest, when nothing answered it yet: 0 means
	// DefaultAckBudget; a negative value never defers.
	AckBudget time.Duration
	// InteractionsAddr, with PublicKey, has the bot take interactions from
	// Discord as HTTP requests to EndpointPath on this address (":8080")
	// instead of over the gateway, which it then does not connect to: once
	// an application has an Interactions Endpoint URL, Discord sends
	// interactions only there, and nothing else the bot does needs the
	// gateway, so copies of it behind a load balancer hold no connection.
	InteractionsAddr string
	// PublicKey is the application's key, which signs every HTTP interaction.
	PublicKey ed25519.PublicKey
	// Computer is what the computer opponent and the reviews are given
	// (Aseb's solved tables); the zero Env: none, they search.
	Computer ai.Env
	// Instance names this copy of the bot among those sharing a database: it
	// holds its claims on announcements under this name, and, restarted
	// under it, takes back at once what it held when it stopped. "" means
	// the host's name, right for one copy per machine or container.
	Instance string
	// DocsURL is where the operator hosts the repository's docs/ folder, as
	// a web page per file (https://github.com/you/kilab/blob/main/docs):
	// /rules pages and /help then link to the rule or part they show there.
	// "" adds no links; everything is in Discord anyway. No trailing slash.
	DocsURL string
	// PublicURL is where players reach the web pages (PUBLIC_URL; "": not
	// served): boards, with their server's leave, link to their game's page,
	// and /rules and /help to the documents there, unless DocsURL names
	// another place.
	PublicURL string
	// RequestsPerSecond is how many REST requests a second this copy of the
	// bot makes at most (interaction callbacks, which Discord does not
	// count, aside): 0 means DefaultRequestsPerSecond, a negative value no
	// limit (tests). Discord allows a bot token about 50 in all, so copies
	// sharing a token share that.
	RequestsPerSecond int
	// HoldFirstWindow holds this copy's first REST request back for one
	// window of the limit: a process that takes the place of another (a
	// restart, a deploy) cannot know what that one sent in its last second,
	// and Discord counts the token's requests, not the process's. kilab run
	// sets it; tests that start many bots leave it off.
	HoldFirstWindow bool
}

// Bot handles Discord interactions for Kilab.
type Bot struct {
	// Core is what the features share: the store, Discord (through the
	// acknowledger), the source of throws, the log and the caches.
	*kit.Core
	s     *discordgo.Session   // REST
	gw    []*discordgo.Session // the gateway connections, one per shard
	guild string
	// instance is Config.Instance: whose claims are whose.
	instance string

	acks        *acker
	inFlight    inFlight // the interactions being handled, against copies of one at once
	met         *metrics
	ready       chan struct{}
	identifyGap time.Duration
	// opened is set once Open has finished (commands registered, delivery
	// started); shardsUp counts the gateway sessions connected. Both feed
	// Ready.
	opened   atomic.Bool
	shardsUp atomic.Int32

	http *endpoint // nil: interactions come over the gateway

	// The features, each on the Core.
	info        *info.Info
	lessons     *lessons.Lessons
	vacations   *vacation.Vacations
	settings    *settings.Settings
	follows     *follow.Follows
	moderation  *moderation.Moderation
	computer    *computer.Computer
	challenges  *challenge.Challenges
	tournaments *tournaments.Tournaments
	play        *play.Play
	puzzles     *puzzle.Puzzles
	delivery    *delivery.Delivery

	// gate counts the interactions received and not yet finished or refused.
	// An interaction is counted in the gateway's own goroutine, as it is
	// received, before its handler's goroutine exists: Close waits for every
	// one, and those that come while it closes are refused, not dropped.
	gate    sync.Mutex
	idle    sync.Cond // signalled when active drops to 0
	closing bool
	active  int

	// The delivery's and the computer's loops, until Close.
	stopDeliver context.CancelFunc
	deliverer   sync.WaitGroup

	sweepEvery time.Duration
	sweeping   sync.Mutex
	stop       context.CancelFunc
	scheduler  sync.WaitGroup
}

// lockedSource lets the handlers and the computer draw from one Source at
// once: a seeded source, as tests pass, is not safe for concurrent use.
type lockedSource struct {
	mu  sync.Mutex
	src games.Source
}

func (l *lockedSource) Uint64() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.src.Uint64()
}

// New builds a bot; Open connects it.
func New(c Config) *Bot {
	if c.Session == nil && len(c.Shards) > 0 {
		c.Session = c.Shards[0]
	}
	count := &requestCount{}
	lim := limitRequests(c, count)
	b := newBot(c, kit.NewREST(c.Session))
	b.met.watch(lim)
	count.met.Store(b.met)
	return b
}

// newBot builds a bot that talks to Discord through dc: unit tests pass a
// recorder instead of a session.
func newBot(c Config, dc kit.Discord) *Bot {
	if c.Source == nil {
		c.Source = games.Crypto
	}
	c.Source = &lockedSource{src: c.Source}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.SweepEvery == 0 {
		c.SweepEvery = time.Minute
	}
	if c.AckBudget == 0 {
		c.AckBudget = DefaultAckBudget
	}
	if c.IdentifyGap == 0 {
		c.IdentifyGap = 5 * time.Second
	}
	if c.Instance == "" {
		c.Instance, _ = os.Hostname()
	}
	if c.DB != nil && c.DB.Owner == "" {
		c.DB.Owner = c.Instance // what this copy commits, it delivers first
	}
	b := &Bot{s: c.Session, gw: c.Shards, guild: c.GuildID, identifyGap: c.IdentifyGap,
		instance: c.Instance, ready: make(chan struct{}), met: newMetrics(c.DB),
		sweepEvery: c.SweepEvery}
	if len(b.gw) == 0 && c.Session != nil {
		b.gw = []*discordgo.Session{c.Session}
	}
	b.acks = newAcker(dc, c.AckBudget, func(i *discordgo.Interaction, err error) {
		b.Log.Warn("deferring an interaction", "interaction", i.ID, "err", err)
	})
	b.Core = kit.NewCore(c.DB, b.acks, c.Source, c.Log, c.Computer)
	b.Core.Kick, b.Core.OnCommit, b.Core.Self = b.kick, b.met.commit, b.self
	b.Core.PublicURL = strings.TrimRight(c.PublicURL, "/")
	b.Core.OnDMFailure = func(reason string) { b.met.dmFailures.WithLabelValues(reason).Inc() }
	b.info = info.New(b.Core)
	b.info.DocsURL = docsURL(c)
	b.lessons = lessons.New(b.Core)
	b.vacations = vacation.New(b.Core)
	b.settings = settings.New(b.Core)
	b.follows = follow.New(b.Core)
	b.moderation = moderation.New(b.Core)
	b.computer = computer.New(b.Core)
	b.challenges = challenge.New(b.Core)
	b.tournaments = tournaments.New(b.Core)
	b.play = play.New(b.Core)
	b.puzzles = puzzle.New(b.Core, starterPuzzles())
	kinds := map[string]func(context.Context, store.Announcement) error{
		store.AnnounceChallengeDM:        b.challenges.DeliverDM,
		store.AnnounceTournamentRound:    b.tournaments.Deliver,
		store.AnnounceTournamentFinished: b.tournaments.Deliver,
		store.AnnounceVacation:           b.vacations.Deliver,
		store.AnnounceDailyPuzzle:        b.puzzles.Deliver,
		store.AnnounceReminder:           b.deliverReminder,
	}
	maps.Copy(kinds, b.follows.Kinds())
	b.delivery = delivery.New(b.Core, delivery.Config{Instance: c.Instance,
		Kinds:      kinds,
		OnOutcome:  func(kind, outcome string) { b.met.announcements.WithLabelValues(kind, outcome).Inc() },
		OnRequests: func(kind string, n int) { b.met.moveRequests.WithLabelValues(kind).Add(float64(n)) }})
	b.idle.L = &b.gate
	if c.InteractionsAddr != "" {
		b.http = newEndpoint(c.InteractionsAddr, c.PublicKey)
	}
	return b
}

// Open connects every shard's session to the gateway, each waiting for its
// READY, or in endpoint mode asks Discord who the bot is; then it registers
// the commands (a bulk overwrite: the same on every start, so restarts are
// idempotent), and in endpoint mode starts serving interactions. Only the
// process running shard 0 (or unsharded, or in endpoint mode) registers, so
// processes of different versions, as in a rolling restart, do not take
// turns overwriting each other's commands.
func (b *Bot) Open(ctx context.Context) error {
	if b.http != nil {
		if len(b.http.verify.key) != ed25519.PublicKeySize {
			return errors.New("serving interactions needs the application's public key")
		}
		if err := b.learnSelf(ctx); err != nil {
			return err
		}
	} else if err := b.connect(ctx); err != nil {
		return err
	}
	if b.http != nil || b.runsShardZero() {
		if err := b.DC.RegisterCommands(b.self(), b.guild, Commands()); err != nil {
			return fmt.Errorf("registering commands: %w", err)
		}
	}
	if err := b.resume(ctx); err != nil {
		return err
	}
	if b.http != nil {
		if err := b.listen(); err != nil {
			return err
		}
	}
	b.startDelivery()
	b.startSchedule()
	b.opened.Store(true)
	b.Log.Info("ready", "user", b.self(), "guild", b.guild, "shards", b.shardNames(), "interactions", b.InteractionsURL())
	return nil
}

// dispatch counts an interaction as it is received, in the goroutine that
// received it (the gateway's, or the HTTP request's before it is answered),
// and hands it to a goroutine of its own. Its context is not the request's:
// the handler goes on after the request has been answered. arrived is when
// the interaction came in (the gateway event read, the HTTP request
// received): its acknowledgement is due a budget after that, however long
// the handler's goroutine waits to run.
func (b *Bot) dispatch(i *discordgo.Interaction, arrived time.Time) {
	admitted := b.enter()
	go func() {
		defer b.leave()
		if !admitted {
			b.refuse(i)
			typ, name := interactionKind(i)
			b.met.interaction(typ, name, outcomeRefused, 0)
			return
		}
		b.handleFrom(context.Background(), i, arrived)
	}()
}

// Close refuses new interactions, stops the scheduler, disconnects (or stops
// serving interactions once the requests under way are answered), waits for
// the interactions being handled, then stops delivering announcements (what
// is left is delivered at the next start). The database may be closed after.
func (b *Bot) Close() error {
	b.gate.Lock()
	b.closing = true
	b.gate.Unlock()
	if b.stop != nil {
		b.stop()
		b.scheduler.Wait()
	}
	err := errors.Join(b.stopListening(), b.disconnect())
	b.gate.Lock()
	for b.active > 0 {
		b.idle.Wait()
	}
	b.gate.Unlock()
	if b.stopDeliver != nil {
		b.stopDeliver()
		b.deliverer.Wait()
	}
	return err
}

// enter counts an interaction received and reports whether it may be
// handled: not once the bot is closing.
func (b *Bot) enter() bool {
	b.gate.Lock()
	defer b.gate.Unlock()
	b.active++
	return !b.closing
}

// leave ends what enter counted.
func (b *Bot) leave() {
	b.gate.Lock()
	defer b.gate.Unlock()
	if b.active--; b.active == 0 {
		b.idle.Broadcast()
	}
}

// refuse answers an interaction that came in while the bot stops: nothing of
// it is done, and the player is told to try again.
func (b *Bot) refuse(i *discordgo.Interaction) {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		_ = b.DC.Respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, &kit.Message{})
		return
	}
	_ = b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Ephemeral: true,
		Content: kit.LangOf(i).T("play.restarting")})
}

// startDelivery runs the delivery loop until Close.
func (b *Bot) startDelivery() {
	ctx, stop := context.WithCancel(context.Background())
	b.stopDeliver = stop
	b.deliverer.Add(2)
	go func() {
		defer b.deliverer.Done()
		b.delivery.Run(ctx)
	}()
	go func() {
		defer b.deliverer.Done()
		b.computer.Run(ctx)
	}()
}

// startSchedule runs the background sweep until Close, unless it is off.
func (b *Bot) startSchedule() {
	if b.sweepEvery <= 0 {
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	b.stop = stop
	b.scheduler.Add(1)
	go func() {
		defer b.scheduler.Done()
		b.schedule(ctx, b.sweepEvery)
	}()
}

// self is the bot's own user id, the computer's seat in its games ("" before
// READY), as the first shard's READY told it.
func (b *Bot) self() string {
	if len(b.gw) == 0 || b.gw[0].State == nil || b.gw[0].State.User == nil {
		return ""
	}
	return b.gw[0].State.User.ID
}

// Handle answers one interaction, counts it in the metrics and logs it with
// a logger of its own (see interactionLog), which the handlers find in ctx.
// The interaction is taken as arriving now.
func (b *Bot) Handle(ctx context.Context, i *discordgo.Interaction) {
	b.handleFrom(ctx, i, time.Now())
}

// handleFrom is Handle for an interaction that arrived at arrived: its
// acknowledgement budget, and the time the metrics count, run from then.
func (b *Bot) handleFrom(ctx context.Context, i *discordgo.Interaction, arrived time.Time) {
	typ, name := interactionKind(i)
	log := b.interactionLog(i, typ, name)
	if !b.inFlight.enter(i) {
		b.met.interaction(typ, name, outcomeRepeat, 0)
		log.Debug("a copy of an interaction being handled here was dropped")
		return
	}
	defer b.inFlight.leave(i)
	outcome := b.handle(kit.WithLog(ctx, log), i, arrived)
	took := time.Since(arrived)
	b.met.interaction(typ, name, outcome, took)
	log.Debug("interaction", "outcome", outcome, "took", took)
}

// handle dispatches an interaction to its handler and returns the outcome.
// It never panics the process: a panic in a handler is logged and answered
// like any other fault.
func (b *Bot) handle(ctx context.Context, i *discordgo.Interaction, arrived time.Time) (outcome string) {
	b.acks.begin(i, arrived)
	defer b.acks.end(i) // last: a panic's answer below still knows of a deferral
	defer func() {
		if r := recover(); r != nil {
			outcome = b.fail(ctx, i, fmt.Errorf("panic: %v", r))
		}
	}()
	ctx = b.Resolve(ctx, i)
	ctx, err := b.once(ctx, i)
	if err == nil {
		err = b.settled(ctx, i, b.route(ctx, i))
	}
	if err != nil {
		return b.fail(ctx, i, err)
	}
	if store.Repeated(ctx) {
		return outcomeRepeat // a handler took the refusal in its stride and answered itself
	}
	return outcomeOK
}

// fail answers an interaction that went wrong with an ephemeral explanation;
// errors nobody expected are logged too. It returns the outcome: the
// player's error, or a fault.
func (b *Bot) fail(ctx context.Context, i *discordgo.Interaction, err error) string {
	text, expected := kit.Explain(kit.LangOf(i), err)
	outcome := outcomeUserError
	repeat := errors.Is(err, store.ErrRepeat)
	if repeat {
		outcome = outcomeRepeat
		b.Logger(ctx).Info("a repeated interaction was not applied again", "err", err)
		b.answerRepeatLater(ctx, i)
	}
	if !expected {
		outcome = outcomeFault
		b.Logger(ctx).Error("interaction failed", "err", err)
	}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		_ = b.DC.Respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, &kit.Message{})
		return outcome
	}
	rerr := b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Content: kit.Clip(text, 2000), Ephemeral: true})
	switch {
	case rerr != nil && repeat:
		b.Logger(ctx).Debug("a repeat's answer was refused, the first copy's stands", "err", rerr)
	case rerr != nil:
		b.Logger(ctx).Warn("could not answer an interaction", "err", rerr, "was", err)
	}
	return outcome
}

// PlayComputer plays every turn that waits for the computer now, as its
// loop does after a commit: tests call it to play at a point of their
// choosing.
func (b *Bot) PlayComputer(ctx context.Context) error { return b.computer.Play(ctx) }

// kick wakes the delivery loop and the computer after a commit.
func (b *Bot) kick() {
	b.delivery.Wake()
	b.computer.Wake()
}

// Deliver delivers every announcement due now, as the delivery loop does
// after a commit: tests call it to deliver at a point of their choosing.
func (b *Bot) Deliver(ctx context.Context) error { return b.delivery.Deliver(ctx) }

// starterPuzzles is the starter set /puzzle offers. It is embedded and
// checked by package puzzles' tests, so failing to read it is a broken
// build, not a condition of the running bot.
func starterPuzzles() puzzles.Set {
	set, err := puzzles.Starter()
	if err != nil {
		panic("bot: the embedded starter puzzles: " + err.Error())
	}
	return set
}

// docsURL is where /rules and /help link to the documents: DocsURL where
// the operator names a place, else the web pages' own (PublicURL/docs),
// which carry them at the same names and anchors; "" for nowhere.
func docsURL(c Config) string {
	switch {
	case c.DocsURL != "":
		return c.DocsURL
	case c.PublicURL != "":
		return strings.TrimRight(c.PublicURL, "/") + "/docs"
	}
	return ""
}
