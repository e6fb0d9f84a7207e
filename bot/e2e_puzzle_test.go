package bot_test

import (
	"strings"
	"testing"

	"kilab/internal/fakediscord"
)

// /puzzle end to end: a puzzle for the player alone with its moves as
// buttons; the best move is right, another is wrong and names the best;
// either answer updates the puzzle's message and takes its buttons away; a
// button of a puzzle no longer offered says so.
func TestE2EPuzzle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 47)
	ana := h.srv.AddUser("ana")
	// A puzzle lists its best move first: its button's custom_id ends in /0.
	for _, c := range []struct {
		game, pick, says string
	}{{"aseb", "/0", "Right:"}, {"seega", "/1", "Not this one:"}, {"tab", "/0", "Right:"}} {
		m := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "puzzle", fakediscord.Sub("solve", fakediscord.Arg("game", c.game))))
		if !m.Ephemeral() || len(m.Buttons()) < 2 || len(m.Attachments) != 1 {
			t.Fatalf("/puzzle %s answered %+v", c.game, m)
		}
		var id string
		for _, cid := range m.CustomIDs() {
			if strings.HasSuffix(cid, c.pick) {
				id = cid
			}
		}
		after := h.reply(h.srv.Click(ana.ID, m.ID, id))
		if after.ID != m.ID || !strings.HasPrefix(after.Content, c.says) || len(after.Buttons()) != 0 {
			t.Errorf("/puzzle %s, %s: %s %q with %d buttons", c.game, id, after.ID, after.Content, len(after.Buttons()))
		}
		if c.says != "Right:" && !strings.Contains(after.Content, "The best move is") {
			t.Errorf("a wrong answer does not name the best move: %q", after.Content)
		}
		h.ephemeralSays(h.srv.ForgeClick(ana.ID, h.srv.ChannelID(), m.ID, "p/aseb-000000000000/0"), "no longer offered")
		h.ephemeralSays(h.srv.ForgeClick(ana.ID, h.srv.ChannelID(), m.ID, strings.TrimSuffix(id, c.pick)+"/25"), "not one of Kilab's")
	}
}
