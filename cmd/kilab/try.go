package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"kilab/internal/fakediscord"
	"kilab/try"
)

// runTry is kilab try: the real bot against the built-in stand-in for
// Discord, on a database of its own, with a page in the browser to act as
// a few made-up members. No token, and nothing listens beyond 127.0.0.1.
func runTry(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("try", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o tryOpts
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8420", "where the page listens (this machine only)")
	fs.StringVar(&o.webAddr, "web-addr", "127.0.0.1:8421", "where the game pages listen (this machine only)")
	fs.StringVar(&o.db, "db", "kilab-try.db", "the SQLite file the games are kept in, with the stand-in's messages in FILE.discord;\na second run goes on from them")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: kilab try [--addr 127.0.0.1:8420] [--web-addr 127.0.0.1:8421] [--db kilab-try.db]\n\n"+
			"Runs the whole bot on this machine against Kilab's stand-in for Discord, with a page in the\n"+
			"browser where you act as any of five made-up members: no Discord application, no token, no network.\n\nFlags:")
		fs.PrintDefaults()
	}
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kilab try: unexpected %q: try takes flags only\n", fs.Arg(0))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	o.log = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	t, err := startTry(ctx, o)
	if err != nil {
		fmt.Fprintf(stderr, "kilab try: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Kilab try is running: open %s\nThe game pages are at %s. Ctrl-C stops it; %s keeps the games for next time.\n",
		t.URL(), "http://"+o.webAddr, o.db)
	<-ctx.Done()
	stop() // a second Ctrl-C stops the process at once
	fmt.Fprintln(stdout, "kilab try: stopping")
	if err := t.close(); err != nil {
		fmt.Fprintf(stderr, "kilab try: %v\n", err)
		return 1
	}
	return 0
}

// tryOpts are kilab try's flags.
type tryOpts struct {
	addr, webAddr, db string
	log               *slog.Logger
}

// tryRun is a running kilab try: the fake, the bot on it, and the page.
type tryRun struct {
	opts     tryOpts
	fake     *fakediscord.Server
	log      *try.Log
	main     *Main
	page     *opsServer
	stopSave context.CancelFunc
	saved    chan struct{}
}

// saveEvery is how often the fake's world is written beside the database
// while it changes, so that a run ended by a crash loses little of it.
const saveEvery = 30 * time.Second

// startTry starts the fake (from the world saved beside the database, if
// any), the bot against it and the page, and returns once all three are up.
func startTry(ctx context.Context, o tryOpts) (*tryRun, error) {
	for _, a := range []string{o.addr, o.webAddr} {
		if err := loopback(a); err != nil {
			return nil, err
		}
	}
	t := &tryRun{opts: o, log: try.NewLog(o.log), saved: make(chan struct{})}
	world, err := readWorld(worldPath(o.db))
	if err != nil {
		return nil, err
	}
	if err := samePair(o.db, world != nil); err != nil {
		return nil, err
	}
	fakeOpts := []fakediscord.Option{fakediscord.WithLimits(fakediscord.DiscordLimits()), fakediscord.OnViolation(t.log.OnViolation),
		fakediscord.WithQuietDrivers(), fakediscord.WithRateLimitReports(), fakediscord.WithRequestLog(1000), fakediscord.WithNames("Kilab", "Kilab try", "games")}
	if world != nil {
		fakeOpts = append(fakeOpts, fakediscord.WithWorld(world))
	}
	t.fake = fakediscord.Start(t.log, fakeOpts...)
	if world == nil {
		try.Seed(t.fake)
	}
	if err := t.startBot(ctx); err != nil {
		t.log.Close()
		return nil, err
	}
	// The database exists now: the world that goes with it is saved at
	// once, so that no later crash leaves one without the other.
	if err := t.save(); err != nil {
		return nil, t.abandon(fmt.Errorf("saving the stand-in's messages: %w", err))
	}
	page := try.New(t.fake, t.log)
	srv := &http.Server{Handler: page.Handler(), ReadHeaderTimeout: 5 * time.Second}
	srv.RegisterOnShutdown(page.Stop)
	if t.page, err = listen(o.addr, srv, "kilab try", o.log); err != nil {
		return nil, t.abandon(fmt.Errorf("--addr %s: %w", o.addr, err))
	}
	saveCtx, stopSave := context.WithCancel(context.Background())
	t.stopSave = stopSave
	go t.keepSaving(saveCtx)
	return t, nil
}

// abandon stops the bot and the fake of a start that failed after the bot
// was up, and returns err.
func (t *tryRun) abandon(err error) error {
	_ = t.main.Close()
	t.log.Close()
	return err
}

// startBot runs the bot as kilab run does, with the fake for Discord.
func (t *tryRun) startBot(ctx context.Context) error {
	env := map[string]string{
		"DISCORD_TOKEN": fakediscord.DefaultToken, "DATABASE_PATH": t.opts.db, "KILAB_INSTANCE": "try",
		"WEB_ADDR": t.opts.webAddr, "PUBLIC_URL": "http://" + t.opts.webAddr, "LOG_LEVEL": "warn",
	}
	set, err := readSettings(func(k string) string { return env[k] })
	if err != nil {
		return err
	}
	t.main = &Main{Settings: set, Log: t.opts.log, Transport: t.fake.Transport(), IdentifyGap: -1}
	if err := t.main.Run(ctx); err != nil {
		_ = t.main.Close()
		return err
	}
	return nil
}

// URL is the page's address.
func (t *tryRun) URL() string { return "http://" + t.page.addr.String() }

// keepSaving writes the world every saveEvery while it changes, until ctx ends.
func (t *tryRun) keepSaving(ctx context.Context) {
	defer close(t.saved)
	tick := time.NewTicker(saveEvery)
	defer tick.Stop()
	changed := t.fake.Changes()
	dirty := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-changed:
			dirty, changed = true, t.fake.Changes()
		case <-tick.C:
			if dirty {
				if err := t.save(); err != nil {
					t.opts.log.Error("saving the stand-in's messages", "err", err)
				}
				dirty = false
			}
		}
	}
}

// close stops the page and the bot, saves the world and stops the fake.
func (t *tryRun) close() error {
	t.stopSave()
	<-t.saved
	t.page.close()
	err := t.main.Close()
	err = errors.Join(err, t.save())
	t.log.Close()
	return err
}

// save writes the fake's world beside the database, whole or not at all.
func (t *tryRun) save() error {
	path := worldPath(t.opts.db)
	tmp := path + ".new"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := errors.Join(t.fake.SaveWorld(f), f.Sync(), f.Close()); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// worldPath is where the fake's world is kept: beside the database, whose
// games live in its threads.
func worldPath(db string) string {
	return filepath.Join(filepath.Dir(db), filepath.Base(db)+".discord")
}

// readWorld reads the saved world, or nil when there is none yet.
func readWorld(path string) (*fakediscord.World, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w, err := fakediscord.ReadWorld(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (move it away to start a new stand-in; the games stay in the database)", path, err)
	}
	return w, nil
}

// samePair refuses a database without its world or a world without its
// database: the threads of one would show the buttons of games the other
// numbers differently, and a click on an old board would act on a new game.
func samePair(db string, haveWorld bool) error {
	_, err := os.Stat(db)
	haveDB := err == nil
	switch {
	case haveDB && !haveWorld:
		return fmt.Errorf("%s has games but %s, the stand-in's messages that go with them, is missing: move %s away to start anew", db, worldPath(db), db)
	case haveWorld && !haveDB:
		return fmt.Errorf("%s holds the stand-in's messages of games %s no longer has: move it away to start anew", worldPath(db), db)
	}
	return nil
}

// loopback refuses a listen address beyond this machine: kilab try acts
// as anyone it shows, so it is for the person at this machine only.
func loopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not an address such as 127.0.0.1:8420", addr)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("%s: kilab try listens on this machine only (127.0.0.1)", addr)
	}
	return nil
}
