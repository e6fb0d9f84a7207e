package play

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	"kilab/games/seega"
	"kilab/lang"
	"kilab/store"
)

// The random placement's button is made through its route's shape, which the
// router registers in the bot; here the test does.
func init() { kit.RegisterShape("a", kit.VerbIDVersion) }

// seegaGame starts a Seega game of size between Ana (first) and Bo.
func seegaGame(t *testing.T, db *store.DB, size string) (store.Game, seega.Position) {
	t.Helper()
	cfg, err := games.Normalize(seega.Game{}, games.Config{Options: map[string]string{"size": size}})
	if err != nil {
		t.Fatal(err)
	}
	pos, err := seega.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.CreateGame(context.Background(), store.NewGame{GuildID: kittest.Guild, ChannelID: kittest.Channel, Kind: "seega", Config: cfg,
		Players: [2]string{kittest.Ana, kittest.Bo}, Position: pos.String(), ToMove: pos.Due().Player, TimeLimit: 72 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	return g, pos
}

// placeClick is user's click on custom_id id, and the action the router reads
// from it.
func placeClick(t *testing.T, user, id string) (*discordgo.Interaction, kit.Action) {
	t.Helper()
	i := kittest.Click(t, "../testdata/click_leaderboard.json", id)
	i.Member.User.ID = user
	f := strings.Split(id, "/")
	a := kit.Action{Kind: f[0]}
	if !kit.VerbIDVersion.Parse(f[1:], &a) {
		t.Fatalf("%q does not read", id)
	}
	return i, a
}

// record is game's plies as stored.
func record(t *testing.T, db *store.DB, game int64) []store.Played {
	t.Helper()
	rec, err := db.Record(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// Place at random plays, for the player on move, the placement the game's
// seeded source picks (S2) as one committed move, and shows the board after
// it in place of the clicked one.
func TestRandomPlaceClickPlaces(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const seed = 5
	core, rec, db := kittest.Core(t, seed)
	p := New(core)
	g, start := seegaGame(t, db, "9")
	want, _ := start.RandomPlacement(games.Seeded(seed))
	i, a := placeClick(t, kittest.Ana, kit.RandomPlaceCID(g.ID, g.Version))
	if err := p.RandomPlace(ctx, i, a); err != nil {
		t.Fatal(err)
	}
	plies := record(t, db, g.ID)
	if len(plies) != 1 || plies[0].Player != games.First || plies[0].Move != want {
		t.Fatalf("record %+v, want Ana's %s", plies, want)
	}
	after, _ := db.Game(ctx, g.ID)
	if after.Version != g.Version+1 || after.ToMove != games.Second {
		t.Fatalf("game after the click: version %d, %v on move", after.Version, after.ToMove)
	}
	last := rec.Calls[len(rec.Calls)-1]
	if last.Op != "respond" || last.Typ != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("the clicked board was not updated: %v", rec.Ops())
	}
	// Bo's turn is a placement too: his board offers the button.
	s, _ := core.LoadLatest(ctx, g.ID)
	if !hasRandomPlace(kit.Components(lang.En, g.ID, after.Version, s.Pos, "")) {
		t.Errorf("Bo's placement turn has no Place at random")
	}
}

// A click on a board the game has moved past, a second click on the same
// board, a click by the player not on move and one by someone not playing
// change nothing.
func TestRandomPlaceRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, _, db := kittest.Core(t, 2)
	p := New(core)
	g, _ := seegaGame(t, db, "5")
	id := kit.RandomPlaceCID(g.ID, g.Version)
	for _, c := range []struct {
		user string
		want error
	}{{kittest.Bo, games.ErrNotYourTurn}, {"1000000000000000003", lang.Fail("play.not_playing")}} {
		i, a := placeClick(t, c.user, id)
		if err := p.RandomPlace(ctx, i, a); err == nil || err.Error() != c.want.Error() {
			t.Errorf("%s's click: %v, want %v", c.user, err, c.want)
		}
	}
	if n := len(record(t, db, g.ID)); n != 0 {
		t.Fatalf("refused clicks placed %d times", n)
	}
	i, a := placeClick(t, kittest.Ana, id)
	if err := p.RandomPlace(ctx, i, a); err != nil {
		t.Fatal(err)
	}
	i, a = placeClick(t, kittest.Ana, id) // the same board again: a double click
	if err := p.RandomPlace(ctx, i, a); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second click: %v, want a stale board", err)
	}
	after, _ := db.Game(ctx, g.ID)
	// Bo, now on move, clicks Ana's old board: stale too.
	i, a = placeClick(t, kittest.Bo, id)
	if err := p.RandomPlace(ctx, i, a); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Bo on an old board: %v, want a stale board", err)
	}
	if n, now := len(record(t, db, g.ID)), mustGame(t, db, g.ID); n != 1 || now.Version != after.Version || now.ToMove != games.Second {
		t.Fatalf("after a double click and a stale one: %d plies, version %d (want 1, %d)", n, now.Version, after.Version)
	}
}

// An id the bot never made (another verb, a game whose turn places
// nothing) is refused as forged and changes nothing.
func TestRandomPlaceForged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, _, db := kittest.Core(t, 3)
	p := New(core)
	g, _ := seegaGame(t, db, "5")
	i, a := placeClick(t, kittest.Ana, kit.RandomPlaceCID(g.ID, g.Version))
	a.Verb = "x"
	if err := p.RandomPlace(ctx, i, a); !errors.Is(err, kit.ErrForged) {
		t.Errorf("verb x: %v", err)
	}
	ag := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, false, store.Unfinished, "")
	i, a = placeClick(t, ag.Players[ag.ToMove], kit.RandomPlaceCID(ag.ID, ag.Version))
	if err := p.RandomPlace(ctx, i, a); !errors.Is(err, kit.ErrForged) {
		t.Errorf("an Aseb game: %v", err)
	}
	if len(record(t, db, g.ID))+len(record(t, db, ag.ID)) != 0 {
		t.Error("a forged click played")
	}
}

func mustGame(t *testing.T, db *store.DB, id int64) store.Game {
	t.Helper()
	g, err := db.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// hasRandomPlace reports whether the controls hold Place at random.
func hasRandomPlace(rows []discordgo.MessageComponent) bool {
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok && strings.HasPrefix(b.CustomID, "a/p/") {
				return true
			}
		}
	}
	return false
}

// The button is on every step of a placement's picker, within Discord's
// limits, and on no other turn.
func TestRandomPlaceButtonOnPlacementTurns(t *testing.T) {
	t.Parallel()
	pos, _ := seega.New(games.Config{Options: map[string]string{"size": "9"}})
	for _, prefix := range []string{"", "row 1", "row 1/A1"} {
		rows := kit.Components(lang.For("ru"), 1, 1, pos, prefix)
		if !hasRandomPlace(rows) || len(rows) > kit.MaxRows {
			t.Errorf("%q: %d rows, button %v", prefix, len(rows), hasRandomPlace(rows))
		}
		for _, r := range rows { // a select menu fills its row alone; at most 5 buttons
			cs := r.(discordgo.ActionsRow).Components
			if _, sel := cs[0].(discordgo.SelectMenu); (sel && len(cs) != 1) || len(cs) > 5 {
				t.Errorf("%q: a row of %d components, the first a select: %v", prefix, len(cs), sel)
			}
		}
	}
	moving, err := seega.Parse(games.Config{Options: map[string]string{"size": "5"}}, "LDLDL/DLDLD/LD.DL/DLDLD/LDLDL D move quiet=0")
	if err != nil {
		t.Fatal(err)
	}
	if hasRandomPlace(kit.Components(lang.En, 1, 1, moving, "")) {
		t.Error("a moving turn offers Place at random")
	}
	aseb, _ := games.Lookup("aseb")
	cfg, _ := games.Normalize(aseb, games.Config{})
	start, _ := aseb.New(cfg)
	if hasRandomPlace(kit.Components(lang.En, 1, 1, start, "")) {
		t.Error("an Aseb board offers Place at random")
	}
}

// With /settings autoplace on, each of the player's placement turns is
// played for them as their opponent's turn is committed, and for both
// players at a game's start the whole placement is played (S2); a player
// without it is left their choice.
func TestAutoPlaceSetting(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, calls, db := kittest.Core(t, 9)
	p := New(core)
	if err := db.SetAutoPlace(ctx, kittest.Bo, true); err != nil {
		t.Fatal(err)
	}
	g, _ := seegaGame(t, db, "7")
	core.AutoStart(ctx, g) // Ana is on move and has it off: nothing to play
	if n := len(record(t, db, g.ID)); n != 0 {
		t.Fatalf("Ana's turn was played for her: %d plies", n)
	}
	i, a := placeClick(t, kittest.Ana, kit.RandomPlaceCID(g.ID, g.Version))
	if err := p.RandomPlace(ctx, i, a); err != nil {
		t.Fatal(err)
	}
	plies := record(t, db, g.ID)
	if len(plies) != 2 || plies[0].Player != games.First || plies[1].Player != games.Second || !strings.Contains(plies[1].Move, "+") {
		t.Fatalf("after Ana's click: %+v, want Bo's placement after hers", plies)
	}
	if now := mustGame(t, db, g.ID); now.ToMove != games.First {
		t.Fatalf("%v on move after Bo's placement", now.ToMove)
	}
	if last := calls.Calls[len(calls.Calls)-1]; last.Msg == nil || !strings.Contains(last.Msg.Content, "dark: place") || !strings.Contains(last.Msg.Content, ", at random") {
		t.Errorf("Ana is not told of Bo's placement: %+v", last.Msg)
	}

	// Both on, from the start: the whole placement is played, 12 turns each
	// on 7x7, the players in turn, and the game goes on to the steps (S3).
	if err := db.SetAutoPlace(ctx, kittest.Ana, true); err != nil {
		t.Fatal(err)
	}
	g2, _ := seegaGame(t, db, "7")
	core.AutoStart(ctx, g2)
	s, err := core.LoadLatest(ctx, g2.ID)
	if err != nil {
		t.Fatal(err)
	}
	pos := s.Pos.(seega.Position)
	if len(s.Plies) < 24 || pos.Phase() != seega.Movement || pos.At(pos.Centre()) != seega.Empty {
		t.Fatalf("after the start: %d plies, phase %v, position %s", len(s.Plies), pos.Phase(), pos)
	}
	for k, ply := range s.Plies {
		if placed := strings.Contains(ply.Move, "+"); placed != (k < 24) || (k < 24 && ply.Player != games.Player(k%2)) {
			t.Fatalf("ply %d is %v's %q", k+1, ply.Player, ply.Move)
		}
	}
}
