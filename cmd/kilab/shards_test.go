package main

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"kilab/games"
	"kilab/internal/fakediscord"
)

func TestParseShards(t *testing.T) {
	for _, c := range []struct {
		count, ids string
		want       shardPlan
	}{
		{"", "", shardPlan{}},
		{"1", "", shardPlan{1, []int{0}}},
		{"3", "", shardPlan{3, []int{0, 1, 2}}},
		{" 4 ", "2, 0", shardPlan{4, []int{0, 2}}},
		{"4", "3", shardPlan{4, []int{3}}},
	} {
		got, err := parseShards(c.count, c.ids)
		if err != nil || got.count != c.want.count || !slices.Equal(got.ids, c.want.ids) {
			t.Errorf("SHARD_COUNT %q SHARD_IDS %q: %+v, %v; want %+v", c.count, c.ids, got, err, c.want)
		}
	}
	for _, c := range []struct{ count, ids, says string }{
		{"", "0", "needs SHARD_COUNT"},
		{"two", "", "whole number"},
		{"0", "", "whole number"},
		{"-2", "", "whole number"},
		{"2", "0,x", `"x" is not a shard id`},
		{"2", "0,", `"" is not a shard id`},
		{"2", "2", "out of range"},
		{"2", "-1", "out of range"},
		{"3", "1,0,1", "given twice"},
	} {
		if _, err := parseShards(c.count, c.ids); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("SHARD_COUNT %q SHARD_IDS %q: %v, want an error saying %q", c.count, c.ids, err, c.says)
		}
	}
	if _, err := readSettings(mapEnv(map[string]string{"SHARD_COUNT": "2", "SHARD_IDS": "5"})); err == nil {
		t.Error("readSettings accepted shard 5 of 2")
	}
}

// shardedMain runs Main against the fake with env on top of the basics.
func shardedMain(t *testing.T, srv *fakediscord.Server, env map[string]string) (*Main, error) {
	t.Helper()
	env["DISCORD_TOKEN"] = strings.TrimPrefix(srv.Token(), "Bot ")
	env["DATABASE_PATH"] = filepath.Join(t.TempDir(), "k.db")
	set, err := readSettings(mapEnv(env))
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{Settings: set, Transport: srv.Transport(), Source: games.Seeded(1), IdentifyGap: -1,
		Log: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = m.Run(ctx)
	t.Cleanup(func() { _ = m.Close() })
	return m, err
}

// SHARD_COUNT alone runs every shard in this process: one session each,
// commands registered, and the process answers in a guild on each shard.
func TestMainRunsEveryShard(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	one := srv.AddGuildOnShard("one", 1, 2)
	if _, err := shardedMain(t, srv, map[string]string{"SHARD_COUNT": "2"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.WaitShards(ctx, 2); err != nil {
		t.Fatal(err)
	}
	if len(srv.Commands("")) < 7 {
		t.Errorf("%d commands registered", len(srv.Commands("")))
	}
	ana := srv.AddUser("ana")
	for _, ch := range []string{one.ChannelID, srv.DMChannel(ana.ID)} {
		if m, err := srv.Command(ana.ID, ch, "help").Reply(ctx); err != nil || m.Content == "" && len(m.Embeds) == 0 {
			t.Errorf("/help in %s: %+v, %v", ch, m, err)
		}
	}
}

// A process without shard 0 leaves the commands to the one that has it.
func TestMainWithoutShardZeroRegistersNothing(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	if _, err := shardedMain(t, srv, map[string]string{"SHARD_COUNT": "3", "SHARD_IDS": "2,1"}); err != nil {
		t.Fatal(err)
	}
	ss := srv.GatewaySessions()
	if len(ss) != 2 || ss[0].Shard != [2]int{1, 3} || ss[1].Shard != [2]int{2, 3} {
		t.Errorf("sessions %+v, want shards 1 and 2 of 3", ss)
	}
	if n := len(srv.Commands("")); n != 0 {
		t.Errorf("%d commands registered by a process without shard 0", n)
	}
}

// Where Discord requires shards (4011), the error says to set SHARD_COUNT.
func TestMainExplainsShardingRequired(t *testing.T) {
	srv := fakediscord.New(t, fakediscord.WithShardsRequired(2))
	_, err := shardedMain(t, srv, map[string]string{})
	if err == nil || !strings.Contains(err.Error(), "SHARD_COUNT") {
		t.Fatalf("unsharded Run where 2 shards are required: %v", err)
	}
}
