package bot_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
)

// A challenge speaks each reader's language: its post and the thread the
// server's (Russian), the opponent's DM and every answer to a click or
// command the clicker's (German), and closing it from the DM rewrites each
// message in its own language.
func TestE2EChallengeLanguages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 61)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.srv.SetLocale(h.srv.Guilds()[0].ID, "ru")
	h.srv.SetLocale(ana.ID, "ru")
	h.srv.SetLocale(bo.ID, "de")
	ch := h.srv.ChannelID()

	h.ephemeralSays(h.srv.Command(bo.ID, ch, "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", bo.ID))), "Du kannst dich nicht selbst herausfordern")
	post := h.reply(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("seega", fakediscord.Arg("opponent", bo.ID))))
	if !strings.Contains(post.Content, "вызывает") || !strings.Contains(post.Embeds[0].Description, "**Время**: 3 дня на ход") {
		t.Errorf("challenge post: %q / %q", post.Content, post.Embeds[0].Description)
	}
	if _, ok := post.Button("Отклонить"); !ok {
		t.Errorf("challenge post buttons: %v", post.CustomIDs())
	}
	dm := h.waitBoard(h.srv.DMChannel(bo.ID), func(m fakediscord.Message) bool { return len(m.CustomIDs()) > 0 })
	decline, ok := dm.Button("Ablehnen")
	if !ok || !strings.Contains(dm.Content, "Die Herausforderung:") {
		t.Fatalf("challenge DM %q with %v", dm.Content, dm.CustomIDs())
	}
	if m := h.reply(h.srv.Click(bo.ID, dm.ID, decline.CustomID)); !strings.Contains(m.Embeds[0].Description, "Abgelehnt von") {
		t.Errorf("declined DM: %q", m.Embeds[0].Description)
	}
	closed := func(m fakediscord.Message) bool {
		return len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, "Отклонён игроком")
	}
	for start := time.Now(); ; time.Sleep(5 * time.Millisecond) { // the channel's post is edited after the DM's answer
		if now, _ := h.srv.Message(post.ID); closed(now) {
			break
		} else if time.Since(start) > 10*time.Second {
			t.Fatalf("channel post after a decline in the DM: %+v", now.Embeds)
		}
	}

	post = h.reply(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("tab", fakediscord.Arg("opponent", bo.ID), fakediscord.Arg("first", "me"))))
	accept, _ := post.Button("Принять")
	h.reply(h.srv.Click(bo.ID, post.ID, accept.CustomID))
	g := h.newGame(bo.ID)
	h.waitBoardless(g.ThreadID, "Первый ход за <@"+ana.ID+">, как указано в вызове.")
	prompt := h.reply(h.srv.Command(bo.ID, ch, "resign", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10))))
	if _, ok := prompt.Button("Aufgeben"); !ok || !strings.HasPrefix(prompt.Content, "Tab #") {
		t.Errorf("/resign prompt %q with %v", prompt.Content, prompt.CustomIDs())
	}
}
