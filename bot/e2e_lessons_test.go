package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/lang"
)

// buttonLabelled is the message's button that reads label.
func (h *harness) buttonLabelled(m fakediscord.Message, label string) discordgo.Button {
	h.t.Helper()
	for _, b := range m.Buttons() {
		if b.Label == label {
			return b
		}
	}
	h.t.Fatalf("no button %q on %q: %v", label, m.Content, m.CustomIDs())
	return discordgo.Button{}
}

// A lesson end to end, in Russian, through the real session and the fake
// Discord: /learn aseb for the player alone, each step answered wrongly and
// then rightly by clicks on that one message, and the button at its end
// starting a game against the computer at the easy level. Everything the
// player read was Russian, and the lesson wrote no game of its own.
func TestE2ELessonToFirstGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 91)
	ana := h.speakers("ru", "ana")[0]
	ru := lang.Of(lang.Russian)
	g, _ := games.Lookup("aseb")
	l, err := games.LessonOf(g)
	if err != nil {
		t.Fatal(err)
	}
	m := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "learn", fakediscord.Arg("game", "aseb")))
	if !m.Ephemeral() || len(m.Attachments) != 1 {
		t.Fatalf("/learn answered %q, ephemeral %v, %d pictures", m.Content, m.Ephemeral(), len(m.Attachments))
	}
	for k, s := range l.Steps {
		wrong := h.reply(h.srv.Click(ana.ID, m.ID, h.buttonLabelled(m, games.Named(ru, s.Pos, s.Offers[0].Move)).CustomID))
		if wrong.ID != m.ID || !strings.HasPrefix(wrong.Content, "❌") || !strings.Contains(wrong.Content, s.Offers[0].Rule) {
			t.Fatalf("step %d, a wrong move: %q", k+1, wrong.Content)
		}
		m = h.reply(h.srv.Click(ana.ID, m.ID, h.buttonLabelled(wrong, games.Named(ru, s.Pos, s.Ask)).CustomID))
		if !strings.HasPrefix(m.Content, "✅") {
			t.Fatalf("step %d, the right move: %q", k+1, m.Content)
		}
	}
	if list, err := h.db.ActiveGames(h.ctx, ana.ID, ""); err != nil || len(list) != 0 {
		t.Fatalf("after the lesson: games %v, %v", list, err)
	}
	h.reply(h.srv.Click(ana.ID, m.ID, h.buttonWith(m, kit.FirstGameCID("aseb")).CustomID))
	game := h.newGame(ana.ID)
	if game.Kind != "aseb" || game.Computer.Level != kit.FirstGameLevel || game.Config.Variant != "standard" {
		t.Errorf("the first game: %+v", game)
	}
	checkSaid(t, h.srv, lang.Russian, 2*len(l.Steps), ana)
}
