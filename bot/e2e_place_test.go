package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/store"
)

// placeButton is the board's Place at random, or "".
func placeButton(m fakediscord.Message) string {
	for _, id := range m.CustomIDs() {
		if strings.HasPrefix(id, "a/p/") {
			return id
		}
	}
	return ""
}

// Seega's placement by one click and by the setting, as players see it: the
// board of a placement turn offers Place at random; a click places the
// player's pair and bo, who turned /settings autoplace on, has his placed as
// her turn is committed, which she is told; the old button, pressed again,
// and forged ids change nothing.
func TestE2ESeegaPlaceAtRandom(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 61)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	m := h.reply(h.srv.Command(bo.ID, h.srv.ChannelID(), "settings", fakediscord.Arg("autoplace", true)))
	if !strings.Contains(m.Content, "Seega pieces placed for you at random: **on**") {
		t.Fatalf("/settings autoplace:true answered %q", m.Content)
	}
	g, msg := h.board(h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("first", "me")).ID)
	place := placeButton(msg)
	if place != fmt.Sprintf("a/p/%d/%d", g.ID, g.Version) {
		t.Fatalf("ana's first board has %v, want Place at random", msg.CustomIDs())
	}
	h.ephemeralSays(h.srv.Click(bo.ID, msg.ID, place), "not your turn")
	for _, forged := range []string{fmt.Sprintf("a/x/%d/%d", g.ID, g.Version), fmt.Sprintf("a/p/%d", g.ID), "a/p/x/1", fmt.Sprintf("a/p/%d/%d/m", g.ID, g.Version)} {
		h.ephemeralSays(h.srv.ForgeClick(ana.ID, msg.ChannelID, msg.ID, forged), "not one of Kilab's")
	}
	if now := h.game(g.ID); now.Version != g.Version {
		t.Fatalf("refused clicks changed the game: version %d -> %d", g.Version, now.Version)
	}
	after := h.reply(h.srv.Click(ana.ID, msg.ID, place))
	if !strings.Contains(after.Content, "dark: place ") || !strings.Contains(after.Content, ", at random") {
		t.Errorf("ana is not told of bo's placement: %q", after.Content)
	}
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil || len(rec) != 2 || rec[0].Player != games.First || rec[1].Player != games.Second || !strings.Contains(rec[0].Move+rec[1].Move, "+") {
		t.Fatalf("after ana's click: %+v, %v", rec, err)
	}
	now, board := h.board(g.ID)
	if now.ToMove != games.First || placeButton(board) != fmt.Sprintf("a/p/%d/%d", g.ID, now.Version) {
		t.Fatalf("ana's next board: to move %v, controls %v", now.ToMove, board.CustomIDs())
	}
	h.ephemeralSays(h.srv.ForgeClick(ana.ID, msg.ChannelID, msg.ID, place), "out of date")
	if again := h.game(g.ID); again.Version != now.Version {
		t.Fatal("the old button placed again")
	}
}

// Against the computer, a player with autoplace on has the whole placement
// made for them: the computer's turns and theirs follow one another with no
// click until the pieces move (S3).
func TestE2ESeegaAutoPlaceAgainstTheComputer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 62)
	ana := h.srv.AddUser("ana")
	h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "settings", fakediscord.Arg("autoplace", true)))
	_, g := h.challengeComputer(ana, "seega", fakediscord.Arg("level", "easy"))
	g = h.waitGame(g.ID, "the end of the placement", func(g store.Game) bool { return strings.Contains(g.Position, " move") })
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil || len(rec) < 12 {
		t.Fatalf("placement on 5x5: %d plies, %v", len(rec), err)
	}
	for k, p := range rec[:12] { // 6 turns each of 2 pieces
		seat := rec[0].Player
		if k%2 == 1 {
			seat = seat.Other()
		}
		if !strings.Contains(p.Move, "+") || p.Player != seat {
			t.Fatalf("ply %d: %v's %q", k+1, p.Player, p.Move)
		}
	}
}
