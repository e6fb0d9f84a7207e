package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kilab/games"
	"kilab/internal/fakediscord"
)

// Main connects to a (fake) Discord, registers the commands on the dev guild
// when DISCORD_GUILD_ID is set, and closes cleanly.
func TestMainRunsAgainstDiscord(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	set, err := readSettings(mapEnv(map[string]string{
		"DISCORD_TOKEN": strings.TrimPrefix(srv.Token(), "Bot "), "DATABASE_PATH": filepath.Join(t.TempDir(), "k.db"),
		"DISCORD_GUILD_ID": srv.Guild().ID, "LOG_LEVEL": "warn",
	}))
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	m := &Main{Settings: set, Transport: srv.Transport(), Source: games.Seeded(1), Log: slog.New(slog.NewTextHandler(&logs, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if cmds := srv.Commands(srv.Guild().ID); len(cmds) < 7 {
		t.Errorf("%d commands registered on the guild", len(cmds))
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
}

// With INTERACTIONS_ADDR and DISCORD_PUBLIC_KEY, Main serves interactions
// over HTTP: the endpoint passes the portal's checks and answers a command.
func TestMainServesInteractionsEndpoint(t *testing.T) {
	srv := fakediscord.New(t)
	set, err := readSettings(mapEnv(map[string]string{
		"DISCORD_TOKEN": strings.TrimPrefix(srv.Token(), "Bot "), "DATABASE_PATH": filepath.Join(t.TempDir(), "k.db"),
		"INTERACTIONS_ADDR": "127.0.0.1:0", "DISCORD_PUBLIC_KEY": srv.PublicKeyHex(), "TABLES_DIR": "off",
	}))
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{Settings: set, Transport: srv.Transport(), Source: games.Seeded(1), Log: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := srv.SetInteractionsURL(ctx, m.bot.InteractionsURL()); err != nil {
		t.Fatal(err)
	}
	reply, err := srv.Command(srv.AddUser("ana").ID, srv.ChannelID(), "help").Reply(ctx)
	if err != nil || len(reply.Embeds) == 0 {
		t.Fatalf("/help over HTTP: %+v, %v", reply, err)
	}
	if n := len(srv.GatewaySessions()); n != 0 {
		t.Errorf("%d gateway sessions in endpoint mode", n)
	}
}

// A token Discord refuses is one line, not a stack trace, and leaves no
// database file behind: the token is checked first.
func TestMainRejectedToken(t *testing.T) {
	srv := fakediscord.New(t)
	path := filepath.Join(t.TempDir(), "k.db")
	set, _ := readSettings(mapEnv(map[string]string{"DISCORD_TOKEN": "not-the-token", "DATABASE_PATH": path}))
	m := &Main{Settings: set, Transport: srv.Transport(), Log: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := m.Run(ctx)
	_ = m.Close()
	if err == nil || !strings.Contains(err.Error(), "rejected") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("Run with a bad token: %v", err)
	}
	if _, statErr := os.Stat(path); !os.IsNotExist(statErr) {
		t.Fatalf("the database was created before the token was checked: %v", statErr)
	}
}

// A database folder this process may not write in (the image's user and a
// bind-mounted /data owned by root) makes the error at start say what to do.
// Root may write anywhere a test could chmod, but not in /sys: the run
// through Main uses it where it exists; the hint itself is checked with a
// probe that refuses.
func TestUnwritableDatabaseFolder(t *testing.T) {
	t.Parallel()
	refuse := func(string) error { return fs.ErrPermission }
	data := settings{dbPath: "/data/kilab.db"}
	hint := data.unwritable(refuse)
	for _, w := range []string{"may not write in /data:", "chown", "named volume", "DATABASE_PATH"} {
		if !strings.Contains(hint, w) {
			t.Errorf("the hint for an unwritable /data does not say %q: %s", w, hint)
		}
	}
	if h := data.unwritable(func(string) error { return nil }); h != "" {
		t.Errorf("a writable folder gets a hint: %s", h)
	}
	if h := (settings{dbURL: "postgres://db/kilab"}).unwritable(refuse); h != "" {
		t.Errorf("PostgreSQL gets a hint about folders: %s", h)
	}
	if err := writeProbe(t.TempDir()); err != nil {
		t.Errorf("writing in a test's own folder: %v", err)
	}
	if _, err := os.Stat("/sys/kernel"); err != nil {
		return
	}
	srv := fakediscord.New(t)
	set, _ := readSettings(mapEnv(map[string]string{"DISCORD_TOKEN": strings.TrimPrefix(srv.Token(), "Bot "), "DATABASE_PATH": "/sys/kernel/kilab.db", "TABLES_DIR": "off"}))
	m := &Main{Settings: set, Transport: srv.Transport(), Log: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := m.Run(ctx)
	_ = m.Close()
	if err == nil || !strings.Contains(err.Error(), "may not write in /sys/kernel:") || strings.Contains(err.Error(), "\n") {
		t.Errorf("Run with an unwritable database folder: %v", err)
	}
}

func TestReadSettings(t *testing.T) {
	s, err := readSettings(mapEnv(map[string]string{"DISCORD_TOKEN": " tok "}))
	if err != nil || s.token != "tok" || s.dbPath != "kilab.db" || s.level != slog.LevelInfo {
		t.Errorf("defaults: %+v, %v", s, err)
	}
	if s.sweepEvery != 0 {
		t.Errorf("SWEEP_EVERY unset: %v, want the bot's default", s.sweepEvery)
	}
	if s, err := readSettings(mapEnv(map[string]string{"SWEEP_EVERY": "2s"})); err != nil || s.sweepEvery != 2*time.Second {
		t.Errorf("SWEEP_EVERY=2s: %v, %v", s.sweepEvery, err)
	}
	if s.docsURL != "" {
		t.Errorf("DOCS_URL unset: %q", s.docsURL)
	}
	if s.requestsPerSecond != 0 {
		t.Errorf("DISCORD_REQUESTS_PER_SECOND unset: %d, want the bot's default", s.requestsPerSecond)
	}
	for env, want := range map[string]int{"16": 16, " off ": -1} {
		if s, err := readSettings(mapEnv(map[string]string{"DISCORD_REQUESTS_PER_SECOND": env})); err != nil || s.requestsPerSecond != want {
			t.Errorf("DISCORD_REQUESTS_PER_SECOND=%q: %d, %v; want %d", env, s.requestsPerSecond, err, want)
		}
	}
	if s, err := readSettings(mapEnv(map[string]string{"WEB_ADDR": ":8081", "PUBLIC_URL": "https://kilab.example/"})); err != nil ||
		s.webAddr != ":8081" || s.publicURL != "https://kilab.example" {
		t.Errorf("WEB_ADDR and PUBLIC_URL: %q %q, %v", s.webAddr, s.publicURL, err)
	}
	if s, err := readSettings(mapEnv(map[string]string{"DOCS_URL": " https://github.com/you/kilab/blob/main/docs/ "})); err != nil || s.docsURL != "https://github.com/you/kilab/blob/main/docs" {
		t.Errorf("DOCS_URL with a trailing slash: %q, %v", s.docsURL, err)
	}
	for _, bad := range []map[string]string{{"LOG_LEVEL": "loud"}, {"DISCORD_API_URL": "ftp://x"}, {"DISCORD_API_URL": "localhost:8080"},
		{"SWEEP_EVERY": "soon"}, {"SWEEP_EVERY": "10ms"}, {"SWEEP_EVERY": "2h"}, {"DOCS_URL": "docs"}, {"DOCS_URL": "ftp://x.org/docs"},
		{"DISCORD_REQUESTS_PER_SECOND": "0"}, {"DISCORD_REQUESTS_PER_SECOND": "fast"}, {"DISCORD_REQUESTS_PER_SECOND": "-5"},
		{"PUBLIC_URL": "kilab.example", "WEB_ADDR": ":8081"}, {"PUBLIC_URL": "https://kilab.example"}, {"PPROF": "yes"}} {
		if _, err := readSettings(mapEnv(bad)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if s.profiles {
		t.Error("PPROF unset: profiles served")
	}
	if s, err := readSettings(mapEnv(map[string]string{"PPROF": " on "})); err != nil || !s.profiles {
		t.Errorf("PPROF=on: %v, %v", s.profiles, err)
	}
	if s.tablesDir != "kilab-tables" {
		t.Errorf("tables beside kilab.db: %q", s.tablesDir)
	}
	for env, want := range map[string]string{"/data/k.db": "/data/kilab-tables"} {
		if s, _ := readSettings(mapEnv(map[string]string{"DATABASE_PATH": env})); s.tablesDir != want {
			t.Errorf("DATABASE_PATH %s: tables in %q, want %q", env, s.tablesDir, want)
		}
	}
	if s, _ := readSettings(mapEnv(map[string]string{"TABLES_DIR": "off"})); s.tablesDir != "" {
		t.Errorf("TABLES_DIR=off: %q", s.tablesDir)
	}
	s, _ = readSettings(mapEnv(map[string]string{"DISCORD_API_URL": "http://proxy:8080/base"}))
	rt := (&Main{Settings: s}).transport().(rewrite)
	if rt.to.Host != "proxy:8080" || rt.to.Path != "/base" {
		t.Errorf("proxy transport %+v", rt.to)
	}
}

// DATABASE_URL chooses PostgreSQL, DATABASE_PATH SQLite (the default); both
// at once, or a URL where the other belongs, is a clear error.
func TestReadSettingsDatabase(t *testing.T) {
	const pg = "postgres://kilab:secret@db:5432/kilab"
	s, err := readSettings(mapEnv(map[string]string{"DATABASE_URL": pg, "KILAB_INSTANCE": " web-2 "}))
	if err != nil || s.database() != pg || s.dbPath != "" || s.tablesDir != "kilab-tables" || s.instance != "web-2" {
		t.Fatalf("DATABASE_URL: %+v, %v", s, err)
	}
	if name := s.databaseName(); strings.Contains(name, "secret") {
		t.Errorf("the database is named with its password: %s", name)
	}
	if s, _ := readSettings(mapEnv(nil)); s.database() != "kilab.db" {
		t.Errorf("default database %q", s.database())
	}
	for _, bad := range []map[string]string{
		{"DATABASE_URL": pg, "DATABASE_PATH": "k.db"},
		{"DATABASE_URL": "kilab.db"},
		{"DATABASE_URL": "mysql://db/kilab"},
		{"DATABASE_PATH": pg},
	} {
		_, err := readSettings(mapEnv(bad))
		if err == nil || !strings.Contains(err.Error(), "DATABASE_") {
			t.Errorf("%v: %v, want an error naming the variable", bad, err)
		}
		if err != nil && strings.Contains(err.Error(), "secret") {
			t.Errorf("%v: the error shows the password: %v", bad, err)
		}
	}
}

func mapEnv(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// DISCORD_API_URL sends discord.com's REST calls to the proxy, path kept.
func TestProxyRewrite(t *testing.T) {
	var got string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = r.URL.Path }))
	defer proxy.Close()
	s, err := readSettings(mapEnv(map[string]string{"DISCORD_API_URL": proxy.URL + "/base"}))
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: (&Main{Settings: s}).transport()}
	resp, err := client.Get("https://discord.com/api/v9/gateway")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got != "/base/api/v9/gateway" {
		t.Errorf("proxy saw %q", got)
	}
}

// With DISCORD_API_URL set, a connection error names that address, not only
// discord.com, which the request was never sent to.
func TestConnectionErrorNamesTheAPIURL(t *testing.T) {
	// The port stays held by a listener that drops every connection: a
	// closed port could be taken by a parallel test's fake Discord, whose
	// answer would read as a refused token.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	url := "http://" + ln.Addr().String()
	set, err := readSettings(mapEnv(map[string]string{"DISCORD_TOKEN": "tok", "DATABASE_PATH": filepath.Join(t.TempDir(), "k.db"), "DISCORD_API_URL": url}))
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{Settings: set, Log: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = m.Run(ctx)
	_ = m.Close()
	if err == nil || !strings.Contains(err.Error(), url) {
		t.Fatalf("connection error %v does not name %s", err, url)
	}
}

// METRICS_ADDR serves the bot's endpoints while it runs, and a taken address
// fails the start.
func TestMainServesOps(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	set, err := readSettings(mapEnv(map[string]string{
		"DISCORD_TOKEN": strings.TrimPrefix(srv.Token(), "Bot "), "DATABASE_PATH": filepath.Join(t.TempDir(), "k.db"),
		"METRICS_ADDR": "127.0.0.1:0",
	}))
	if err != nil || set.metricsAddr != "127.0.0.1:0" {
		t.Fatalf("settings %+v, %v", set, err)
	}
	m := &Main{Settings: set, Transport: srv.Transport(), Source: games.Seeded(1), Log: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	base := "http://" + m.ops.addr.String()
	for path, want := range map[string]string{"/healthz": "ok", "/readyz": "ready", "/metrics": "kilab_sweep_duration_seconds"} {
		if code, body := get(t, base+path); code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d, want 200 with %q in\n%s", path, code, want, body)
		}
	}
	if code, _ := get(t, base+"/debug/pprof/heap"); code != http.StatusNotFound {
		t.Errorf("GET /debug/pprof/heap without PPROF: %d, want 404", code)
	}

	taken := set
	taken.metricsAddr = m.ops.addr.String()
	taken.dbPath = filepath.Join(t.TempDir(), "k2.db")
	second := &Main{Settings: taken, Transport: srv.Transport(), Log: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
	if err := second.Run(ctx); err == nil || !strings.Contains(err.Error(), "METRICS_ADDR") {
		t.Errorf("a second bot on the same METRICS_ADDR: %v", err)
	}
	_ = second.Close()

	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("the endpoints still answer after Close")
	}
}

// PPROF=on serves Go's profiles beside the endpoints, which still answer.
func TestOpsWithProfiles(t *testing.T) {
	t.Parallel()
	ops := http.NewServeMux()
	ops.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	set, err := readSettings(mapEnv(map[string]string{"PPROF": "on"}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&Main{Settings: set}).opsHandler(ops))
	defer srv.Close()
	for path, want := range map[string]string{"/healthz": "ok", "/debug/pprof/": "heap", "/debug/pprof/heap?debug=1": "heap profile"} {
		if code, body := get(t, srv.URL+path); code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d, want 200 with %q in\n%.300s", path, code, want, body)
		}
	}
	resp, err := http.Post(srv.URL+"/debug/pprof/symbol", "text/plain", strings.NewReader("0x1"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("POST /debug/pprof/symbol (as go tool pprof asks): %d", resp.StatusCode)
	}
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// INTERACTIONS_ADDR and DISCORD_PUBLIC_KEY come together, well formed.
func TestReadEndpointSettings(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	key := hex.EncodeToString(pub)
	s, err := readSettings(mapEnv(map[string]string{"INTERACTIONS_ADDR": ":8080", "DISCORD_PUBLIC_KEY": key}))
	if err != nil || s.interactionsAddr != ":8080" || !s.publicKey.Equal(pub) {
		t.Fatalf("endpoint settings: %q %x, %v", s.interactionsAddr, s.publicKey, err)
	}
	if s, err := readSettings(mapEnv(nil)); err != nil || s.interactionsAddr != "" || s.publicKey != nil {
		t.Errorf("default: gateway mode, got %q, %v", s.interactionsAddr, err)
	}
	for _, bad := range []map[string]string{
		{"INTERACTIONS_ADDR": ":8080"},
		{"DISCORD_PUBLIC_KEY": key},
		{"INTERACTIONS_ADDR": "8080", "DISCORD_PUBLIC_KEY": key},
		{"INTERACTIONS_ADDR": ":8080", "DISCORD_PUBLIC_KEY": key[:60]},
		{"INTERACTIONS_ADDR": ":8080", "DISCORD_PUBLIC_KEY": "not hex at all"},
	} {
		if _, err := readSettings(mapEnv(bad)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
