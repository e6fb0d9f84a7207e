package bot

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"kilab/bot/kit/kittest"
	"kilab/games"
	"kilab/internal/storetest"
	"kilab/store"
)

func TestCommitKind(t *testing.T) {
	t.Parallel()
	move := games.Ply{Player: games.First, Move: "5-8"}
	throw := games.Ply{Player: games.First, Throws: []games.Throw{3}}
	end := func(reason string) *store.End { return &store.End{Result: store.FirstWins, Reason: reason} }
	for want, c := range map[string]store.Commit{
		"move":    {Plies: []games.Ply{throw, move}, Moved: true, End: end("bore off all pieces")},
		"throw":   {Plies: []games.Ply{throw}},
		"forced":  {Plies: []games.Ply{throw, {Player: games.First, Move: "pass"}}},
		"resign":  {End: end(store.ReasonResignation)},
		"timeout": {End: end(store.ReasonTimeout)},
		"draw":    {End: end(store.ReasonAgreement)},
		"abort":   {End: end(store.ReasonAbort)},
		"end":     {End: end("no legal moves")},
	} {
		if got := commitKind(c); got != want {
			t.Errorf("commitKind(%+v) = %s, want %s", c, got, want)
		}
	}
}

// An interaction's log lines carry its id and the game it names.
func TestInteractionLogsCarryIDs(t *testing.T) {
	t.Parallel()
	db, err := store.Open(context.Background(), storetest.Path(t, "unit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var logs bytes.Buffer
	b := newBot(Config{DB: db, Source: games.Seeded(1), Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}, &kittest.Recorder{})
	b.Handle(context.Background(), payload(t, "click_unknown_game.json"))
	line := logs.String()
	for _, want := range []string{"interaction=1300000000000000004", "game=777", "outcome=user_error", "name=game"} {
		if !strings.Contains(line, want) {
			t.Errorf("log %q lacks %s", line, want)
		}
	}
}
