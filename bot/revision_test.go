package bot

import (
	"context"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"strings"
	"testing"
	"time"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/store"
)

// oldRoyalurGame stores a royalur game as revision 1 of aseb's rules played
// it: its fourth ply is the pass the server played for the cones' 2, because
// revision 1 took the spindles' cell 4 for the cones' own cell 4. By the rules
// now (A1, A8) 2-4 was legal there.
func oldRoyalurGame(t *testing.T, db *store.DB) store.Game {
	t.Helper()
	ctx := context.Background()
	g, _ := games.Lookup("aseb")
	cfg, err := games.Normalize(g, games.Config{Variant: "royalur"})
	if err != nil {
		t.Fatal(err)
	}
	sg, err := db.CreateGame(ctx, store.NewGame{GuildID: kittest.Guild, ChannelID: kittest.Channel, Kind: "aseb", Config: cfg,
		Players: [2]string{kittest.Ana, kittest.Bo}, Position: "c:- s:- c:throw", ToMove: games.First, TimeLimit: 72 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetThread(ctx, sg.ID, "1600000000000000001"); err != nil {
		t.Fatal(err)
	}
	plies := []games.Ply{
		{Player: 0, Throws: []games.Throw{2}, Move: "in-2"},
		{Player: 1, Throws: []games.Throw{4}, Move: "in-4"},
		{Player: 1, Throws: []games.Throw{0}, Move: "pass"},
		{Player: 0, Throws: []games.Throw{2}, Move: "pass"},
	}
	sg, _, err = db.Commit(ctx, store.Commit{Game: sg.ID, Version: sg.Version, Plies: plies, Revision: 1,
		Position: "c:2 s:4 s:throw", ToMove: games.Second})
	if err != nil {
		t.Fatal(err)
	}
	return sg
}

// A game with a ply that only its older rules revision played loads, its
// record kept as it was, and play goes on by the current rules; /history
// marks the ply and says how to replay the record.
func TestOldRevisionGameLoadsAndPlaysOn(t *testing.T) {
	t.Parallel()
	b, rec, db := unitBot(t)
	ctx := context.Background()
	sg := oldRoyalurGame(t, db)
	s, err := b.LoadLatest(ctx, sg.ID)
	if err != nil || s.Pos.String() != "c:2 s:4 s:throw" {
		t.Fatalf("loading the game: %v", err)
	}

	throw := clickOn(t, kit.GameCID(sg.ID, sg.Version, "t", ""))
	throw.Member.User.ID = kittest.Bo
	b.Handle(ctx, throw)
	g, played, err := db.GameRecord(ctx, sg.ID)
	if err != nil || g.Version == sg.Version || len(played) < 5 {
		t.Fatalf("after the spindles' throw: version %d (was %d), %d plies, %v; calls %v", g.Version, sg.Version, len(played), err, rec.Ops())
	}
	for _, p := range played[:4] {
		if p.Revision != 1 {
			t.Errorf("ply %d (%s) is now of revision %d: the record was rewritten", p.N, p.Ply, p.Revision)
		}
	}
	if p := played[4]; p.Revision != aseb.Revision || p.Player != games.Second || len(p.Throws) == 0 {
		t.Errorf("the new ply %+v: want the spindles' throw, revision %d", p, aseb.Revision)
	}
	if played[3].Move != "pass" {
		t.Errorf("ply 4 is %s, want the old pass kept", played[3].Ply)
	}
	after, err := b.LoadLatest(ctx, sg.ID)
	if err != nil {
		t.Fatalf("loading the game after the throw: %v", err)
	}
	if moves := after.Pos.Moves(); len(moves) > 0 && !moves[0].Pass {
		mv := clickOn(t, kit.GameCID(g.ID, g.Version, "m", moves[0].Notation))
		mv.Member.User.ID = kittest.Bo
		b.Handle(ctx, mv)
		g2, played2, err := db.GameRecord(ctx, sg.ID)
		if err != nil || g2.Version == g.Version || played2[4].Move != moves[0].Notation || played2[4].Revision != aseb.Revision {
			t.Fatalf("the spindles' move %s: version %d, ply 5 %+v, %v; calls %v", moves[0].Notation, g2.Version, played2[4], err, rec.Ops())
		}
	}

	b.Handle(ctx, payload(t, "history_game.json"))
	m := rec.Calls[len(rec.Calls)-1].Msg
	if m == nil || len(m.Files) != 2 || strings.Contains(m.Content, "could not be drawn") {
		t.Fatalf("/history answered %v: want the record and its replay, drawn through the old ply", rec.Ops())
	}
	text := string(m.Files[0].Data)
	for _, w := range []string{"4\t2:pass\tplayed under rules revision 1\n", "--variant royalur --revision 1 $(", "# Rules: 1 ply was played under an older revision"} {
		if !strings.Contains(text, w) {
			t.Errorf("record file lacks %q:\n%s", w, text)
		}
	}
	if strings.Count(text, "\tplayed under") != 1 {
		t.Errorf("record file marks a ply the current rules play:\n%s", text)
	}
}
