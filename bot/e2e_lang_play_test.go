package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
)

// A game speaks to each reader in their language: its thread in the
// server's (Russian), each player's DMs and reminders in that player's last
// seen locale (German, French), and the answer to a click in the clicker's,
// but for a board the click leaves behind in the thread. Old boards are
// retired in the language they were written for.
func TestE2EPlaySpeaksEachReadersLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 61)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.noAutoMove(ana, bo)
	h.srv.SetLocale(h.srv.Guild().ID, "ru")
	h.srv.SetLocale(ana.ID, "fr")
	h.srv.SetLocale(bo.ID, "de")
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me"), fakediscord.Arg("time", 1))
	g, msg := h.board(g.ID)
	// Bo's click out of turn records his locale and is answered in it.
	h.ephemeralSays(h.srv.Click(bo.ID, msg.ID, msg.CustomIDs()[0]), "Du bist nicht am Zug.")

	rng := rand.New(rand.NewPCG(61, 1))
	var reply fakediscord.Message
	posted := msg.Embeds[0].Description
	for g.Players[g.ToMove] == ana.ID {
		reply = h.step(g, msg, rng)
		g, msg = h.board(g.ID)
		if g.Players[g.ToMove] == ana.ID && !strings.Contains(reply.Embeds[0].Description, "**Dernier coup** : ") {
			t.Errorf("Ana's click answered, not in French: %q", reply.Embeds[0].Description)
		}
	}
	// The click that passed the turn left the thread's board behind: it reads
	// as the retirement writes it, in Russian, with the text it was sent with,
	// whichever edit Discord applies last.
	if want := fmt.Sprintf("Партия #%d ушла дальше этой доски", g.ID); !strings.Contains(reply.Content, want) {
		t.Errorf("the board Ana's last click left behind says %q, want %q", reply.Content, want)
	}
	if d := reply.Embeds[0].Description; d != posted {
		t.Errorf("the board Ana's last click left behind says %q, not what it was sent with, %q", d, posted)
	}

	// The thread's new board is Russian, its buttons too.
	if want := fmt.Sprintf("<@%s>, ваш ход: бросайте.", bo.ID); !strings.Contains(msg.Content, want) {
		t.Errorf("thread board says %q, want %q", msg.Content, want)
	}
	if d := msg.Embeds[0].Description; !strings.Contains(d, fmt.Sprintf("**Ход**: <@%s> (веретёна), нужно бросить, срок — <t:", bo.ID)) {
		t.Errorf("thread board's embed: %q", d)
	}
	if f := msg.Embeds[0].Footer.Text; !strings.HasPrefix(f, fmt.Sprintf("Партия #%d · /ход игра:%d", g.ID, g.ID)) {
		t.Errorf("thread board's footer: %q", f)
	}
	if b := msg.Buttons(); len(b) != 1 || !strings.HasPrefix(b[0].Label, "Бросить ") {
		t.Errorf("thread board's buttons: %+v", b)
	}

	// Bo's turn DM is German, the same board's words too.
	h.deliver()
	dm := h.lastWith(h.srv.DMChannel(bo.ID), "Du bist am Zug in Aseb #"+strconv.FormatInt(g.ID, 10))
	if d := dm.Embeds[0].Description; !strings.Contains(d, fmt.Sprintf("**Zug**: <@%s> (Spindeln) muss werfen", bo.ID)) {
		t.Errorf("Bo's DM board: %q", d)
	}
	if b := dm.Buttons(); len(b) != 1 || !strings.HasSuffix(b[0].Label, " werfen") {
		t.Errorf("Bo's DM buttons: %+v", b)
	}

	// The boards the turn left behind say so: the thread's in Russian, the
	// DM Ana got when it was her turn in French.
	h.lastWith(g.ThreadID, fmt.Sprintf("Партия #%d ушла дальше этой доски", g.ID))
	h.lastWith(h.srv.DMChannel(ana.ID), fmt.Sprintf("La partie #%d a avancé depuis ce plateau", g.ID))

	// A /move without a move is refused in the asker's language.
	h.ephemeralSays(h.srv.Command(bo.ID, h.srv.ChannelID(), "move", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10)), fakediscord.Arg("move", " ")),
		fmt.Sprintf("Gib einen Zug an: In Aseb #%d musst du zuerst werfen.", g.ID))

	// The reminder is Bo's, in German.
	h.clock.Add(g.Deadline.Sub(h.clock.Now()) - time.Hour)
	h.sweep()
	rem := h.lastWith(h.srv.DMChannel(bo.ID), "Erinnerung: Dein Zug in Aseb #")
	if !strings.Contains(rem.Content, "sonst ist die Partie auf Zeit verloren") && !strings.Contains(rem.Content, "sonst ist die Partie abgebrochen") {
		t.Errorf("reminder: %q", rem.Content)
	}
}

// lastWith is the newest message in channel whose content contains s.
func (h *harness) lastWith(channel, s string) fakediscord.Message {
	h.t.Helper()
	msgs := h.srv.Messages(channel)
	for k := len(msgs) - 1; k >= 0; k-- {
		if strings.Contains(msgs[k].Content, s) {
			return msgs[k]
		}
	}
	var seen []string
	for _, m := range msgs {
		seen = append(seen, m.Content)
	}
	h.t.Fatalf("no message in %s says %q; it has %q", channel, s, seen)
	return fakediscord.Message{}
}
