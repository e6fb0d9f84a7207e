package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A second kilab try on the same file goes on where the first stopped: the
// same members, the game's thread with its messages, and the board's
// button still plays.
func TestTryGoesOnWhereItStopped(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	opts := tryOpts{addr: freeAddr(t), webAddr: freeAddr(t), db: filepath.Join(t.TempDir(), "kilab-try.db"), log: slog.New(slog.DiscardHandler)}
	first, err := startTry(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	w := tryWorld(t, first)
	ana := w.Members[0].ID
	if code, why := tryPost(t, first, "/api/command", map[string]any{"user": ana, "channel": first.fake.ChannelID(), "name": "challenge",
		"options": []map[string]any{{"name": "tab", "options": []map[string]any{{"name": "opponent", "value": first.fake.Bot().ID}}}}}); code != http.StatusOK {
		t.Fatalf("challenging the computer: %d %s", code, why)
	}
	// The game's thread, once its last message is Ana's board with Throw
	// (the computer may move first).
	var thread string
	for thread == "" {
		if ctx.Err() != nil {
			t.Fatal("no game thread with Ana's board")
		}
		for _, c := range tryWorld(t, first).Channels {
			if ms := first.fake.Messages(c.ID); c.Kind == "thread" && len(ms) > 0 && throwOf(ms[len(ms)-1].CustomIDs()) != "" {
				thread = c.ID
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	before := first.fake.Messages(thread)
	if err := first.close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(opts.db + ".discord"); err != nil {
		t.Fatalf("nothing saved beside the database: %v", err)
	}
	second, err := startTry(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer second.close()
	if again := tryWorld(t, second); len(again.Members) != len(w.Members) || again.Members[0].ID != ana {
		t.Fatalf("the members came back as %+v, were %+v", again.Members, w.Members)
	}
	after := second.fake.Messages(thread)
	if len(after) < len(before) || after[0].ID != before[0].ID {
		t.Fatalf("the thread holds %d messages after the restart, %d before", len(after), len(before))
	}
	board := after[len(after)-1]
	throw := throwOf(board.CustomIDs())
	if throw == "" {
		t.Fatalf("the thread's last message has no Throw: %q %v", board.Content, board.CustomIDs())
	}
	if code, why := tryPost(t, second, "/api/click", map[string]any{"user": ana, "message": board.ID, "custom_id": throw}); code != http.StatusOK {
		t.Fatalf("throwing after the restart: %d %s", code, why)
	}
}

// throwOf is the Throw button's custom_id among ids, or "".
func throwOf(ids []string) string {
	for _, id := range ids {
		if strings.HasPrefix(id, "g/") && strings.HasSuffix(id, "/t") {
			return id
		}
	}
	return ""
}

// tryWorldView is what /api/world answers.
type tryWorldView struct {
	Members []struct {
		ID string `json:"id"`
	} `json:"members"`
	Channels []struct {
		ID   string `json:"id"`
		Kind string `json:"kind"`
	} `json:"channels"`
}

func tryWorld(t *testing.T, run *tryRun) tryWorldView {
	t.Helper()
	resp, err := http.Get(run.URL() + "/api/world")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var w tryWorldView
	if err := json.NewDecoder(resp.Body).Decode(&w); err != nil {
		t.Fatal(err)
	}
	return w
}

func tryPost(t *testing.T, run *tryRun, path string, body any) (int, string) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(run.URL()+path, "application/json", strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Error string `json:"error"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out.Error
}

// A database without the stand-in's messages that go with it, or those
// messages without their database, is refused with what to do.
func TestTryRefusesHalfAPair(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "kilab-try.db")
	if err := samePair(db, false); err != nil {
		t.Fatalf("a first run: %v", err)
	}
	if err := os.WriteFile(db, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := samePair(db, false); err == nil || !strings.Contains(err.Error(), "move "+db+" away") {
		t.Errorf("a database alone: %v", err)
	}
	if err := samePair(db, true); err != nil {
		t.Errorf("both: %v", err)
	}
	os.Remove(db)
	if err := samePair(db, true); err == nil || !strings.Contains(err.Error(), "move it away") {
		t.Errorf("the messages alone: %v", err)
	}
}
