package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/internal/storetest"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// The bot's own user id in these tests: a /challenge naming it is a game
// against the computer.
const unitSelf = "1200000000000000000"

// sharedBots are n unit bots on one database, as copies of Kilab behind a
// load balancer share one.
func sharedBots(t *testing.T, n int) ([]*Bot, []*kittest.Recorder, *store.DB) {
	t.Helper()
	path := storetest.Path(t, "shared.db")
	var (
		bots []*Bot
		recs []*kittest.Recorder
		dbs  []*store.DB
	)
	for range n {
		db, err := store.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		rec := &kittest.Recorder{}
		b := newBot(Config{DB: db, Source: games.Seeded(1), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, rec)
		b.Core.Self = func() string { return unitSelf }
		bots, recs, dbs = append(bots, b), append(recs, rec), append(dbs, db)
	}
	return bots, recs, dbs[0]
}

// repeatable is an interaction that changes something, and how to count
// what it changed.
type repeatable struct {
	name string
	// prepare readies db for the interaction and returns how to make a
	// copy of it.
	prepare func(t *testing.T, db *store.DB) func(t *testing.T) *discordgo.Interaction
	applied func(t *testing.T, db *store.DB) int
}

// always is a prepare for an interaction that needs nothing in the database.
func always(copyOf func(t *testing.T) *discordgo.Interaction) func(*testing.T, *store.DB) func(*testing.T) *discordgo.Interaction {
	return func(*testing.T, *store.DB) func(*testing.T) *discordgo.Interaction { return copyOf }
}

func repeatables() []repeatable {
	return []repeatable{
		{name: "challenge", prepare: always(func(t *testing.T) *discordgo.Interaction { return payload(t, "challenge_aseb.json") }),
			applied: challengesMade},
		{name: "computer challenge", prepare: always(computerChallenge), applied: func(t *testing.T, db *store.DB) int {
			n := challengesMade(t, db)
			if _, err := db.Game(context.Background(), int64(n)+1); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("a game beyond the %d challenges: %v", n, err)
			}
			return n
		}},
		{name: "tournament create", prepare: always(tournamentCreate), applied: func(t *testing.T, db *store.DB) int {
			ts, err := db.Tournaments(context.Background(), "1100000000000000000", 20)
			if err != nil {
				t.Fatal(err)
			}
			return len(ts)
		}},
		{name: "throw click", prepare: throwClick, applied: func(t *testing.T, db *store.DB) int {
			rec, err := db.Record(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			return len(rec)
		}},
	}
}

// challengesMade counts the challenges, which are numbered from 1.
func challengesMade(t *testing.T, db *store.DB) int {
	t.Helper()
	n := 0
	for ; ; n++ {
		if _, err := db.Challenge(context.Background(), int64(n)+1); errors.Is(err, store.ErrNotFound) {
			return n
		} else if err != nil {
			t.Fatal(err)
		}
	}
}

// computerChallenge is /challenge aseb opponent:@Kilab.
func computerChallenge(t *testing.T) *discordgo.Interaction {
	i := payload(t, "challenge_aseb.json")
	d := i.ApplicationCommandData()
	d.Options[0].Options = []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: "opponent", Type: discordgo.ApplicationCommandOptionUser, Value: unitSelf},
		{Name: "variant", Type: discordgo.ApplicationCommandOptionString, Value: "standard"},
	}
	d.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{
		unitSelf: {ID: unitSelf, Username: "Kilab", Bot: true}}}
	i.Data = d
	return i
}

// tournamentCreate is /tournament create aseb format:round-robin.
func tournamentCreate(t *testing.T) *discordgo.Interaction {
	i := payload(t, "challenge_aseb.json")
	i.Data = discordgo.ApplicationCommandInteractionData{ID: "1250000000000000001", Name: "tournament",
		CommandType: discordgo.ChatApplicationCommand,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "create", Type: discordgo.ApplicationCommandOptionSubCommandGroup,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "aseb", Type: discordgo.ApplicationCommandOptionSubCommand,
				Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "format", Type: discordgo.ApplicationCommandOptionString, Value: "round-robin"}}}}}}}
	return i
}

// throwClick makes game 1, in which the clicking player (click_leaderboard.json's
// user) is on move and must throw, and returns the click on its Throw.
func throwClick(t *testing.T, db *store.DB) func(t *testing.T) *discordgo.Interaction {
	g, err := games.Lookup("aseb")
	if err != nil {
		t.Fatal(err)
	}
	cfg := games.Config{Variant: "standard", Options: map[string]string{"pieces": "5", "dice": "sticks"}}
	pos, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sg, err := db.CreateGame(context.Background(), store.NewGame{GuildID: "1100000000000000000", ChannelID: "1100000000000000001",
		Kind: "aseb", Config: cfg, Players: [2]string{"1000000000000000003", "1000000000000000002"},
		Position: pos.String(), ToMove: games.First, TimeLimit: 3 * store.Day})
	if err != nil {
		t.Fatal(err)
	}
	return func(t *testing.T) *discordgo.Interaction {
		return kittest.Click(t, "testdata/click_leaderboard.json", kit.GameCID(sg.ID, sg.Version, "t", ""))
	}
}

// repeatAnswers counts the answers that say the interaction was done already.
func repeatAnswers(recs ...*kittest.Recorder) int {
	n := 0
	for _, rec := range recs {
		for _, c := range rec.Calls {
			if c.Op == "respond" && c.Msg != nil && c.Msg.Content == lang.En.T("err.repeat") {
				n++
			}
		}
	}
	return n
}

// The same interaction delivered twice, one copy after the other: the
// second changes nothing and says it was done already.
func TestRepeatAppliedOnce(t *testing.T) {
	t.Parallel()
	for _, r := range repeatables() {
		bots, recs, db := sharedBots(t, 1)
		copyOf := r.prepare(t, db)
		for range 2 {
			bots[0].Handle(context.Background(), copyOf(t))
		}
		if n := r.applied(t, db); n != 1 {
			t.Errorf("%s: applied %d times, want once", r.name, n)
		}
		if n := repeatAnswers(recs...); n != 1 {
			t.Errorf("%s: %d answers say it was done already, want 1: %v", r.name, n, recs[0].Ops())
		}
	}
}

// Copies of one interaction at once, to four copies of the bot on one
// database, two to each: one is applied; every other copy is refused as a
// repeat, or dropped while its twin in the same process is handled.
func TestRepeatsAtOnceAppliedOnce(t *testing.T) {
	t.Parallel()
	for _, r := range repeatables() {
		const copies, copiesOfBot = 8, 4
		bots, recs, db := sharedBots(t, copiesOfBot)
		copyOf := r.prepare(t, db)
		var wg sync.WaitGroup
		for k := range copies {
			i := copyOf(t)
			wg.Go(func() { bots[k%copiesOfBot].Handle(context.Background(), i) })
		}
		wg.Wait()
		if n := r.applied(t, db); n != 1 {
			t.Errorf("%s: applied %d times, want once", r.name, n)
		}
		refused := repeatAnswers(recs...)
		for _, rec := range recs {
			for _, c := range rec.Calls {
				if c.Op == "respond" && c.Msg != nil && c.Msg.Ephemeral && c.Msg.Content != lang.En.T("err.repeat") && !strings.Contains(c.Msg.Content, "already threw") {
					t.Errorf("%s: a copy answered %q", r.name, c.Msg.Content)
				}
			}
		}
		t.Logf("%s: %d copies, 1 applied, %d refused as repeats, %d dropped in-process or answered from the stored throw", r.name, copies, refused, copies-1-refused)
	}
}

// The same signed /challenge posted to the interactions endpoint twice at
// once, as a load balancer retrying a POST does, and once more after: each
// POST is accepted, and one challenge is made.
func TestEndpointRepeatAppliedOnce(t *testing.T) {
	t.Parallel()
	b, rec, key := endpointBot(t)
	body, err := os.ReadFile(filepath.Join("testdata", "challenge_aseb.json"))
	if err != nil {
		t.Fatal(err)
	}
	post := func() {
		if w := serve(b, signed(key, time.Now(), body)); w.Code != http.StatusAccepted {
			t.Errorf("POST answered %d, want 202", w.Code)
		}
	}
	idle := func() {
		for start := time.Now(); b.activeNow() > 0; time.Sleep(time.Millisecond) {
			if time.Since(start) > 10*time.Second {
				t.Fatal("still handling after 10 s")
			}
		}
	}
	var wg sync.WaitGroup
	wg.Go(post)
	wg.Go(post)
	wg.Wait()
	idle()
	post()
	idle()
	if n := challengesMade(t, b.DB); n != 1 {
		t.Fatalf("%d challenges from three copies of one /challenge", n)
	}
	if n := repeatAnswers(rec); n < 1 {
		t.Errorf("the copy posted after the first was handled was not answered as a repeat: %v", rec.Ops())
	}
}

// The sweep forgets the interactions applied longer ago than
// store.InteractionMemory.
func TestSweepForgetsOldInteractions(t *testing.T) {
	t.Parallel()
	bots, _, db := sharedBots(t, 1)
	now := time.Now()
	db.Now = func() time.Time { return now }
	i := payload(t, "challenge_aseb.json")
	bots[0].Handle(context.Background(), i)
	if err := bots[0].Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ok, err := db.Handled(context.Background(), i.ID); err != nil || !ok {
		t.Fatalf("the challenge's interaction is not recorded after a sweep at once: %v", err)
	}
	now = now.Add(store.InteractionMemory + time.Minute)
	if err := bots[0].Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ok, err := db.Handled(context.Background(), i.ID); err != nil || ok {
		t.Errorf("the sweep an hour later kept the interaction: %v", err)
	}
}

// A repeat answers once repeatAnswerAfter has passed since the interaction
// was made, not before: the first copy answers first.
func TestRepeatWaitsForTheFirstAnswer(t *testing.T) {
	t.Parallel()
	made := time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)
	id := strconv.FormatInt((made.UnixMilli()-1420070400000)<<22, 10) // a snowflake of that moment
	for _, c := range []struct {
		at   time.Duration // after the interaction was made
		want time.Duration
	}{
		{0, repeatAnswerAfter},
		{500 * time.Millisecond, repeatAnswerAfter - 500*time.Millisecond},
		{repeatAnswerAfter, 0},
		{time.Minute, 0},
		{-time.Second, 0}, // a clock behind Discord's by more than is plausible: no waiting on it
	} {
		if got := repeatWait(id, made.Add(c.at)); got != c.want {
			t.Errorf("a repeat %v after the interaction waits %v, want %v", c.at, got, c.want)
		}
	}
	if got := repeatWait("not a snowflake", made); got != 0 {
		t.Errorf("a repeat with a malformed id waits %v", got)
	}
}

// A copy that failed because another copy of it was applied meanwhile (its
// board moved on under it) is answered as a repeat; a copy whose own change
// was applied keeps its own error.
func TestSettledAfterAnotherCopy(t *testing.T) {
	t.Parallel()
	bots, _, db := sharedBots(t, 1)
	b, bg := bots[0], context.Background()
	i := payload(t, "click_unknown_game.json")
	stale := fmt.Errorf("game moved on: %w", store.ErrConflict)
	if err := b.settled(store.Once(bg, i.ID), i, stale); err != stale {
		t.Fatalf("with no copy applied: %v", err)
	}
	if err := db.SetAutoMove(store.Once(bg, i.ID), "someone", true); err != nil { // the other copy
		t.Fatal(err)
	}
	if err := b.settled(store.Once(bg, i.ID), i, stale); !errors.Is(err, store.ErrRepeat) {
		t.Errorf("after another copy was applied: %v, want a repeat", err)
	}
	mine := store.Once(bg, "1300000000000000777")
	if err := db.SetAutoMove(mine, "someone", false); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("the answer was refused")
	if err := b.settled(mine, &discordgo.Interaction{ID: "1300000000000000777"}, failed); err != failed {
		t.Errorf("a copy whose change was applied failing later: %v, want its own error", err)
	}
}
