package bot_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"kilab/internal/fakediscord"
)

// A Russian-speaking player on a German server: what answers them speaks
// Russian (/rules, /vacation, /standings, the leave prompt, the /history
// record), and what the server's channel and threads show speaks German (the
// vacation notice, the tournament's announcement and round notice), whoever
// pressed the button.
func TestE2EInfoSpeaksEachReadersLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 61)
	h.srv.SetLocale(h.srv.Guild().ID, "de")
	admin := h.srv.AddUser("admin")
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	h.srv.SetLocale(ana.ID, "ru")
	ch := h.srv.ChannelID()

	if m := h.reply(h.srv.Command(ana.ID, ch, "rules", fakediscord.Arg("game", "aseb"))); len(m.Embeds) == 0 || m.Embeds[0].Title != "Как играть в Aseb" {
		t.Fatalf("/rules in Russian: %+v", m.Embeds)
	}

	g := h.challengeAccepted(ana, bo, "aseb")
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "vacation", fakediscord.Sub("start", fakediscord.Arg("days", 3))), "Вы в отпуске до")
	h.deliver()
	if n := h.count(g.ThreadID, "ist im Urlaub bis"); n != 1 {
		t.Fatalf("%d German vacation notices in the game's thread, want 1", n)
	}
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "vacation", fakediscord.Sub("end")), "осталось отпуска в этом году: 30 дней")

	ann := h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("create", fakediscord.Sub("aseb", fakediscord.Arg("format", "round-robin")))))
	if len(ann.Embeds) == 0 || !strings.HasPrefix(ann.Embeds[0].Title, "Aseb-Turnier #") {
		t.Fatalf("announcement: %+v", ann.Embeds)
	}
	btn, ok := ann.Button("Beitreten")
	if !ok {
		t.Fatalf("the announcement's buttons: %+v", ann.Buttons())
	}
	for _, p := range []fakediscord.User{ana, bo, cy} {
		ann = h.reply(h.srv.Click(p.ID, ann.ID, btn.CustomID))
	}
	if !strings.Contains(ann.Embeds[0].Description, "**Spieler (3)**") {
		t.Fatalf("after three joined, one of them Russian: %q", ann.Embeds[0].Description)
	}
	ts, err := h.db.Tournaments(h.ctx, h.srv.Guild().ID, 1)
	if err != nil || len(ts) != 1 {
		t.Fatalf("tournaments %v, %v", ts, err)
	}
	id := strconv.FormatInt(ts[0].ID, 10)
	if m := h.reply(h.srv.Command(admin.ID, ch, "tournament", fakediscord.Sub("start", fakediscord.Arg("tournament", id)))); !strings.Contains(m.Content, "has started") {
		t.Fatalf("start, asked in English: %q", m.Content)
	}
	h.deliver()
	if n := h.count(ch, "· Runde 1 von"); n != 1 {
		t.Fatalf("%d German notices of round 1, want 1", n)
	}
	st := h.reply(h.srv.Command(ana.ID, ch, "standings"))
	if len(st.Embeds) == 0 || !strings.HasPrefix(st.Embeds[0].Title, "Турнир по Aseb #") || !strings.Contains(st.Embeds[0].Footer.Text, "Победа — 1") {
		t.Fatalf("standings in Russian: %+v", st.Embeds)
	}
	prompt := h.reply(h.srv.Click(ana.ID, ann.ID, fmt.Sprintf("t/l/%s", id)))
	if _, ok := prompt.Button("Выйти и сдать оставшиеся партии"); !ok || !strings.HasPrefix(prompt.Content, "Выйти из турнира") {
		t.Fatalf("leave prompt %q %+v", prompt.Content, prompt.Buttons())
	}

	hist := h.reply(h.srv.Command(ana.ID, ch, "history", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10))))
	txt, ok := hist.Attachment(fmt.Sprintf("kilab-aseb-%d.txt", g.ID))
	if !ok || !strings.Contains(string(txt.Data), "# Игра: aseb\n") || !strings.Contains(string(txt.Data), "# Результат: идёт") {
		t.Fatalf("record file in Russian:\n%s", txt.Data)
	}
	if got := infoReplay(t, h.game(g.ID), string(txt.Data)); got != h.game(g.ID).Position {
		t.Errorf("the Russian record replays to %q", got)
	}
}
