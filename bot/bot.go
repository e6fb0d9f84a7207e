package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/store"
)

// Config is what the bot is built from. The caller builds the session, so
// tests can point it at a fake Discord.
type Config struct {
	Session *discordgo.Session
	DB      *store.DB
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
	// AckBudget is how long a handler may work before its interaction is
	// deferred: 0 means DefaultAckBudget; a negative value never defers.
	AckBudget time.Duration
	// Instance names this copy of the bot among those sharing a database: it
	// holds its claims on announcements under this name, and, restarted
	// under it, takes back at once what it held when it stopped. "" means
	// the host's name, right for one copy per machine or container.
	Instance string
}

// Bot handles Discord interactions for Kilab.
type Bot struct {
	s     *discordgo.Session
	dc    Discord
	db    *store.DB
	src   games.Source
	guild string
	log   *slog.Logger
	// instance is Config.Instance: whose claims are whose.
	instance string

	acks  *acker
	ready chan struct{}
	names sync.Map // user id -> display name, from interactions seen

	// gate counts the interactions received and not yet finished or refused.
	// An interaction is counted in the gateway's own goroutine, as it is
	// received, before its handler's goroutine exists: Close waits for every
	// one, and those that come while it closes are refused, not dropped.
	gate    sync.Mutex
	idle    sync.Cond // signalled when active drops to 0
	closing bool
	active  int

	wake        chan struct{} // kicks the delivery loop after a commit
	thinkWake   chan struct{} // and the computer's
	thinking    sync.Mutex
	delivering  sync.Mutex
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
	return newBot(c, rest{c.Session})
}

// newBot builds a bot that talks to Discord through dc: unit tests pass a
// recorder instead of a session.
func newBot(c Config, dc Discord) *Bot {
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
	if c.Instance == "" {
		c.Instance, _ = os.Hostname()
	}
	b := &Bot{s: c.Session, db: c.DB, src: c.Source, guild: c.GuildID, log: c.Log, instance: c.Instance, ready: make(chan struct{}),
		sweepEvery: c.SweepEvery, wake: make(chan struct{}, 1), thinkWake: make(chan struct{}, 1)}
	b.acks = newAcker(dc, c.AckBudget, func(i *discordgo.Interaction, err error) {
		b.log.Warn("deferring an interaction", "interaction", i.ID, "err", err)
	})
	b.dc = b.acks
	b.idle.L = &b.gate
	return b
}

// Open connects to the gateway, waits for READY and registers the commands
// (a bulk overwrite: the same on every start, so restarts are idempotent).
func (b *Bot) Open(ctx context.Context) error {
	var once sync.Once
	b.s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { once.Do(func() { close(b.ready) }) })
	// Synchronous events: the handler below runs in the gateway's goroutine,
	// so an interaction is counted when it arrives; its work goes to its own
	// goroutine at once.
	b.s.SyncEvents = true
	b.s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		admitted := b.enter()
		go func() {
			defer b.leave()
			if !admitted {
				b.refuse(ic.Interaction)
				return
			}
			b.Handle(context.Background(), ic.Interaction)
		}()
	})
	b.s.Identify.Intents = discordgo.IntentsGuilds // no privileged intents needed
	if err := b.s.Open(); err != nil {
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	select {
	case <-b.ready:
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(30 * time.Second):
		return errors.New("connecting to Discord: no READY within 30 s")
	}
	if err := b.dc.RegisterCommands(b.s.State.User.ID, b.guild, Commands()); err != nil {
		return fmt.Errorf("registering commands: %w", err)
	}
	if err := b.resume(ctx); err != nil {
		return err
	}
	b.startDelivery()
	if b.sweepEvery > 0 {
		sctx, stop := context.WithCancel(context.Background())
		b.stop = stop
		b.scheduler.Add(1)
		go func() {
			defer b.scheduler.Done()
			b.schedule(sctx, b.sweepEvery)
		}()
	}
	b.log.Info("connected", "user", b.s.State.User.Username, "guild", b.guild)
	return nil
}

// Close refuses new interactions, stops the scheduler, disconnects, waits for
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
	err := b.s.Close()
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
		_ = b.dc.Respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, &Message{})
		return
	}
	_ = b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Ephemeral: true,
		Content: "Kilab is restarting and did nothing with that. Try again in a minute."})
}

// startDelivery runs the delivery loop until Close.
func (b *Bot) startDelivery() {
	ctx, stop := context.WithCancel(context.Background())
	b.stopDeliver = stop
	b.deliverer.Add(2)
	go func() {
		defer b.deliverer.Done()
		b.deliverLoop(ctx)
	}()
	go func() {
		defer b.deliverer.Done()
		b.computerLoop(ctx)
	}()
}

// self is the bot's own user id, the computer's seat in its games ("" before
// READY).
func (b *Bot) self() string {
	if b.s == nil || b.s.State == nil || b.s.State.User == nil {
		return ""
	}
	return b.s.State.User.ID
}

// Handle answers one interaction. It never panics the process: a panic in a
// handler is logged and answered like any other fault.
func (b *Bot) Handle(ctx context.Context, i *discordgo.Interaction) {
	start := time.Now()
	b.acks.begin(i)
	defer b.acks.end(i) // last: a panic's answer below still knows of a deferral
	defer func() {
		if r := recover(); r != nil {
			b.fail(i, fmt.Errorf("panic: %v", r))
		}
	}()
	b.remember(i)
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		err = b.command(ctx, i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		err = b.autocomplete(ctx, i)
	case discordgo.InteractionMessageComponent:
		err = b.component(ctx, i)
	default:
		return
	}
	if err != nil {
		b.fail(i, err)
	}
	b.log.Debug("interaction", "type", i.Type.String(), "took", time.Since(start))
}

// fail answers an interaction that went wrong with an ephemeral explanation;
// errors nobody expected are logged too.
func (b *Bot) fail(i *discordgo.Interaction, err error) {
	text, expected := explain(err)
	if !expected {
		b.log.Error("interaction failed", "err", err, "interaction", i.ID)
	}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		_ = b.dc.Respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, &Message{})
		return
	}
	if rerr := b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Content: clip(text, 2000), Ephemeral: true}); rerr != nil {
		b.log.Warn("could not answer an interaction", "err", rerr, "was", err)
	}
}

// reply answers an interaction with an ephemeral line.
func (b *Bot) reply(i *discordgo.Interaction, format string, a ...any) error {
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Content: clip(fmt.Sprintf(format, a...), 2000), Ephemeral: true})
}

// userOf is who made an interaction: the member in a server, the user in a DM.
func userOf(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	if i.User != nil {
		return i.User
	}
	return &discordgo.User{}
}

// remember keeps the display names the bot sees, for thread names and
// autocomplete labels (which cannot render mentions).
func (b *Bot) remember(i *discordgo.Interaction) {
	remember := func(u *discordgo.User) {
		if u != nil && u.ID != "" {
			b.names.Store(u.ID, displayName(u))
		}
	}
	remember(userOf(i))
	if i.Type == discordgo.InteractionApplicationCommand && i.ApplicationCommandData().Resolved != nil {
		for _, u := range i.ApplicationCommandData().Resolved.Users {
			remember(u)
		}
	}
}

func displayName(u *discordgo.User) string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// name is a user's display name from what the bot has seen, "player" when
// it has not seen them (autocomplete must answer fast, without a lookup).
func (b *Bot) name(id string) string {
	if n, ok := b.names.Load(id); ok {
		return n.(string)
	}
	return "player"
}

// lookupName is name, asking Discord when the bot has not seen the user since
// it started (a thread's name outlives the process).
func (b *Bot) lookupName(id string) string {
	if n, ok := b.names.Load(id); ok {
		return n.(string)
	}
	n, err := b.dc.UserName(id)
	if err != nil {
		return "player"
	}
	b.names.Store(id, n)
	return n
}
