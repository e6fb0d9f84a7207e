package bot_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"kilab/internal/fakediscord"
)

func TestE2EChallengeRefusals(t *testing.T) { inModes(t, testChallengeRefusals) }

func testChallengeRefusals(t *testing.T, m mode) {
	h := newModeHarness(t, 9, m)
	ana, other := h.srv.AddUser("ana"), h.srv.AddBotUser("otherbot")
	ch := h.srv.ChannelID()
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", ana.ID))), "cannot challenge yourself")
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", other.ID))), "is a bot")
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("aseb",
		fakediscord.Arg("variant", "royalur"), fakediscord.Arg("pieces", "7"))), "belongs to variant standard")
	if list, _ := h.db.ActiveGames(h.ctx, ana.ID, ""); len(list) != 0 {
		t.Fatal("a refused challenge made a game")
	}
}

func TestE2EOpenChallengeDeclineCancel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 10)
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	ch := h.srv.ChannelID()
	open := h.reply(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("tab", fakediscord.Arg("width", "9"))))
	if _, ok := open.Button("Decline"); ok {
		t.Error("an open challenge offers Decline")
	}
	h.ephemeralSays(h.srv.Click(ana.ID, open.ID, open.CustomIDs()[0]), "your own challenge")
	h.reply(h.srv.Click(cy.ID, open.ID, open.CustomIDs()[0]))
	g := h.newGame(cy.ID)
	if g.Config.Options["width"] != "9" || (g.Players[0] != ana.ID && g.Players[1] != ana.ID) {
		t.Fatalf("open challenge gave %+v", g)
	}
	direct := h.reply(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("seega", fakediscord.Arg("opponent", bo.ID))))
	decline, _ := direct.Button("Decline")
	h.ephemeralSays(h.srv.Click(cy.ID, direct.ID, decline.CustomID), "not yours")
	if m := h.reply(h.srv.Click(bo.ID, direct.ID, decline.CustomID)); len(m.CustomIDs()) != 0 || !strings.Contains(m.Embeds[0].Description, "Declined") {
		t.Errorf("declined challenge: %q, %v", m.Embeds[0].Description, m.CustomIDs())
	}
	again := h.reply(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", bo.ID))))
	cancel, _ := again.Button("Cancel")
	h.reply(h.srv.Click(ana.ID, again.ID, cancel.CustomID))
	accept, _ := again.Button("Accept")
	h.ephemeralSays(h.srv.ForgeClick(bo.ID, again.ChannelID, again.ID, accept.CustomID), "no longer open")
}

// Accepting from the DM works like accepting in the channel, and the
// channel's challenge message is updated too.
func TestE2EAcceptFromDM(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 11)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	msg := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", bo.ID))))
	dm := h.waitBoard(h.srv.DMChannel(bo.ID), func(m fakediscord.Message) bool { return len(m.CustomIDs()) > 0 })
	accept, ok := dm.Button("Accept")
	if !ok {
		t.Fatalf("challenge DM without Accept: %v", dm.CustomIDs())
	}
	h.reply(h.srv.Click(bo.ID, dm.ID, accept.CustomID))
	h.newGame(bo.ID)
	// The channel's offer is redrawn by delivery, after the accept's answer.
	accepted := func(m fakediscord.Message) bool {
		return m.ID == msg.ID && len(m.CustomIDs()) == 0 && strings.Contains(m.Embeds[0].Description, "Accepted")
	}
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	if _, err := h.srv.WaitMessage(ctx, h.srv.ChannelID(), accepted); err != nil {
		now, _ := h.srv.Message(msg.ID)
		t.Errorf("channel challenge after a DM accept: %q %v", now.Embeds[0].Description, now.CustomIDs())
	}
}

// /move with autocomplete: the player's games, then "throw", then the legal
// moves; /board, /games, /resign and /help answer.
func TestE2ECommands(t *testing.T) { inModes(t, testCommands) }

func testCommands(t *testing.T, m mode) {
	h := newModeHarness(t, 12, m)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.noAutoMove(ana) // the throw must wait for its move
	ch := h.srv.ChannelID()
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "me"))
	id := strconv.FormatInt(g.ID, 10)
	choices, err := h.srv.Autocomplete(ana.ID, ch, "move", fakediscord.Focus("game", ""), fakediscord.Arg("move", "")).Choices(h.ctx)
	if err != nil || len(choices) != 1 || choices[0].Value != id || !strings.Contains(choices[0].Name, "your turn") {
		t.Fatalf("game choices %+v, %v", choices, err)
	}
	moves, err := h.srv.Autocomplete(ana.ID, ch, "move", fakediscord.Arg("game", id), fakediscord.Focus("move", "")).Choices(h.ctx)
	if err != nil || len(moves) != 1 || moves[0].Value != "throw" {
		t.Fatalf("move choices before the throw: %+v, %v", moves, err)
	}
	if m := h.reply(h.srv.Command(ana.ID, ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", "throw"))); !m.Ephemeral() || len(m.Attachments) == 0 {
		t.Errorf("/move throw answered %q", m.Content)
	}
	if g2 := h.game(g.ID); g2.Version != g.Version+1 {
		t.Fatal("/move throw did not throw")
	}
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", "16-off")), "")
	h.ephemeralSays(h.srv.Command(bo.ID, ch, "move", fakediscord.Arg("game", id), fakediscord.Arg("move", "throw")), "not your turn")
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "move", fakediscord.Arg("game", "nonsense"), fakediscord.Arg("move", "throw")), "is not a game")
	if b := h.reply(h.srv.Command(bo.ID, ch, "board", fakediscord.Arg("game", id))); len(b.Attachments) == 0 || len(b.CustomIDs()) != 0 {
		t.Errorf("/board for the waiting player: %d files, controls %v", len(b.Attachments), b.CustomIDs())
	}
	if l := h.reply(h.srv.Command(bo.ID, ch, "games")); !strings.Contains(l.Embeds[0].Description, "Aseb #"+id) {
		t.Errorf("/games: %q", l.Embeds[0].Description)
	}
	if m := h.resign(bo.ID, g.ID); !strings.Contains(m.Content, "You resigned") {
		t.Errorf("/resign confirmed: %q", m.Content)
	}
	if end := h.game(g.ID); end.Active() {
		t.Fatal("/resign left the game going")
	}
	h.ephemeralSays(h.srv.Command(bo.ID, ch, "resign", fakediscord.Arg("game", id)), "over")
	if m := h.reply(h.srv.Command(bo.ID, ch, "help")); !strings.Contains(m.Embeds[0].Description, "/challenge") {
		t.Errorf("/help: %q", m.Embeds[0].Description)
	}
}

// Where the bot may not create threads, the game is played in the channel.
func TestE2ENoThreadPermission(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 13)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.srv.DenyThreads(h.srv.ChannelID())
	g := h.challengeAccepted(ana, bo, "aseb")
	if g.ThreadID != "" {
		t.Fatalf("thread %s made without permission", g.ThreadID)
	}
	h.waitBoard(h.srv.ChannelID(), hasGameControls)
}

// A game's thread is named after both players, even when the challenger has
// not been seen since a restart; from DMs, /board shows only your own games.
func TestE2EThreadNameAndPrivateBoards(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 14)
	ana, bo, cy := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("cy")
	msg := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", bo.ID))))
	h.stop()
	h.start()
	h.reply(h.srv.Click(bo.ID, msg.ID, msg.CustomIDs()[0]))
	g := h.newGame(bo.ID)
	th, ok := h.srv.Channel(g.ThreadID)
	if !ok || !strings.Contains(th.Name, "ana") || !strings.Contains(th.Name, "bo") || !strings.HasPrefix(th.Name, "Aseb - ") {
		t.Errorf("thread name %q", th.Name)
	}
	id := strconv.FormatInt(g.ID, 10)
	h.ephemeralSays(h.srv.Command(cy.ID, h.srv.DMChannel(cy.ID), "board", fakediscord.Arg("game", id)), "could not find")
	if m := h.reply(h.srv.Command(ana.ID, h.srv.DMChannel(ana.ID), "board", fakediscord.Arg("game", id))); len(m.Attachments) == 0 {
		t.Error("a player's /board in DMs shows no board")
	}
}

// /history's game option offers finished games too.
func TestE2EHistoryAutocompleteOffersFinishedGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 15)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "7"))
	id := strconv.FormatInt(g.ID, 10)
	h.resign(bo.ID, g.ID)
	choices, err := h.srv.Autocomplete(ana.ID, h.srv.ChannelID(), "history", fakediscord.Focus("game", "")).Choices(h.ctx)
	if err != nil || len(choices) != 1 || choices[0].Value != id || !strings.Contains(choices[0].Name, "over") {
		t.Fatalf("history choices %+v, %v", choices, err)
	}
}

// Aseb standard's throw-off (A3) is shown in the thread and kept with the
// game, every throw of it (D3), so /history can show it too.
func TestE2EThrowOffIsRecorded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 16)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "aseb")
	if !strings.HasPrefix(g.Opening, "Throw-off") || !strings.Contains(g.Opening, "Round 1:") {
		t.Fatalf("opening kept: %q", g.Opening)
	}
	if n := h.count(g.ThreadID, "Throw-off"); n != 1 {
		t.Errorf("throw-off posted %d times in the thread", n)
	}
	ix := h.srv.Command(ana.ID, h.srv.ChannelID(), "history", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10)))
	m := h.reply(ix)
	txt, ok := m.Attachment(fmt.Sprintf("kilab-aseb-%d.txt", g.ID))
	if !ok || !strings.Contains(string(txt.Data), "# First player: Throw-off") || !strings.Contains(string(txt.Data), "ana") {
		t.Errorf("history header:\n%s", txt.Data)
	}
	coin := h.challengeAccepted(ana, bo, "seega")
	if !strings.Contains(coin.Opening, "coin") {
		t.Errorf("seega opening %q", coin.Opening)
	}
}

// A typed move is recorded as the engine writes it, however it was typed.
func TestE2ETypedMoveRecordedCanonically(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 17)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "seega", fakediscord.Arg("first", "me"))
	m := h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "move", fakediscord.Arg("game", strconv.FormatInt(g.ID, 10)), fakediscord.Arg("move", "b1+a1")))
	if !m.Ephemeral() || len(m.Attachments) == 0 {
		t.Fatalf("/move answered %q", m.Content)
	}
	rec, err := h.db.Record(h.ctx, g.ID)
	if err != nil || len(rec) != 1 || rec[0].Move != "A1+B1" {
		t.Fatalf("record %+v, %v; want the placement written A1+B1", rec, err)
	}
}

// Reminders are their own setting: with turn DMs off they still come.
func TestE2EReminderWithTurnDMsOff(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 18)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	h.reply(h.srv.Command(bo.ID, h.srv.ChannelID(), "settings", fakediscord.Arg("dms", false)))
	g := h.challengeAccepted(ana, bo, "aseb", fakediscord.Arg("first", "opponent"), fakediscord.Arg("time", 1))
	dm := h.srv.DMChannel(bo.ID)
	if n := len(h.srv.Messages(dm)); n != 0 {
		t.Fatalf("%d DMs with DMs off", n)
	}
	h.clock.Add(g.Deadline.Sub(h.clock.Now()) - time.Hour)
	h.sweep()
	if n := h.count(dm, "Reminder"); n != 1 {
		t.Fatalf("%d reminders with reminders on and turn DMs off", n)
	}
}
