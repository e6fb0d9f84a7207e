package bot_test

import (
	"strings"
	"testing"

	"kilab/internal/fakediscord"
)

// A Russian-speaking player reads Tab's whole rulebook in Discord, in
// Russian, with Next, from the summary to T12, then the notation guide; a
// forged page gets a message and the page shown stays as it was.
func TestE2ERulesBookInDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 62)
	ana := h.srv.AddUser("ana")
	h.srv.SetLocale(ana.ID, "ru")
	ch := h.srv.ChannelID()

	m := h.reply(h.srv.Command(ana.ID, ch, "rules", fakediscord.Arg("game", "tab")))
	if !m.Ephemeral() || len(m.Embeds) != 1 || m.Embeds[0].Title != "Как играть в Tab" || !strings.HasPrefix(m.Embeds[0].Footer.Text, "Страница 1 из ") {
		t.Fatalf("/правила tab: %+v", m.Embeds)
	}
	text := ""
	for pages := 1; ; pages++ {
		next, ok := m.Button("Вперёд")
		if !ok {
			t.Fatalf("page %d's buttons: %+v", pages, m.Buttons())
		}
		if next.Disabled {
			break
		}
		after := h.reply(h.srv.Click(ana.ID, m.ID, next.CustomID))
		if after.ID != m.ID || len(after.Embeds) != 1 {
			t.Fatalf("Next posted %s instead of turning page %s", after.ID, m.ID)
		}
		m = after
		text += m.Embeds[0].Description
	}
	for _, w := range []string{"**D1. Палочки**", "**T4. Фишки, которые ещё не ходили**", "**T12. Победа и тихие ходы**", "`width`"} {
		if !strings.Contains(text, w) {
			t.Errorf("Tab's rulebook in Russian lacks %q", w)
		}
	}
	shown := m.Embeds[0].Description
	h.ephemeralSays(h.srv.ForgeClick(ana.ID, ch, m.ID, "b/tab/99"), "/правила")
	if now, _ := h.srv.Message(m.ID); now.Embeds[0].Description != shown {
		t.Error("a forged page changed the page shown")
	}

	n := h.reply(h.srv.Command(ana.ID, ch, "rules", fakediscord.Arg("game", "notation")))
	if len(n.Embeds) != 1 || !strings.Contains(n.Embeds[0].Title, "Нотация Kilab") || !strings.Contains(n.Embeds[0].Description, "`2,3:5-8`") {
		t.Fatalf("/правила игра:Нотация: %+v", n.Embeds)
	}
}
