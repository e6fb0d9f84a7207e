package bot_test

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"kilab/internal/fakediscord"
	"kilab/internal/testlong"
	"kilab/lang"
)

// TestE2EGameInRussian plays a whole game of Aseb by clicks between two
// players whose Discord is in Russian, on a server whose preferred locale is
// Russian, then asks for the board, the games, the stats, the record, the
// rules and help, and a click out of turn. Every word the bot showed them
// (replies, the channel, the game's thread, both players' DMs: contents,
// embeds, buttons, menus, alt texts) must be Russian: a Latin word that is
// not a name, a game, a variant or a key players type fails the test.
func TestE2EGameInRussian(t *testing.T) {
	t.Parallel()
	testlong.SkipWholeGame(t)
	gameIn(t, lang.Russian)
}

// TestE2EGameInOtherLanguages plays the same game in German, French and
// Spanish. Written in Latin letters as English is, a text there holds English
// when it holds a word of an English message that no message of the
// language has (englishOnly), names apart.
func TestE2EGameInOtherLanguages(t *testing.T) {
	t.Parallel()
	// The sweeps speak these languages in every run; the same game three
	// times over is for the long runs.
	testlong.Skip(t)
	for _, tag := range []lang.Tag{lang.German, lang.French, lang.Spanish} {
		t.Run(string(tag), func(t *testing.T) {
			t.Parallel()
			gameIn(t, tag)
		})
	}
}

// gameIn plays the game of TestE2EGameInRussian with players and a server
// speaking tag, and checks every word they were shown.
func gameIn(t *testing.T, tag lang.Tag) {
	h := newHarness(t, 77)
	users := h.speakers(string(tag), "ana", "bo")
	ana, bo := users[0], users[1]
	var shown []fakediscord.Message
	see := func(m fakediscord.Message) fakediscord.Message { shown = append(shown, m); return m }

	offer := see(h.reply(h.srv.Command(ana.ID, h.srv.ChannelID(), "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", bo.ID)))))
	see(h.reply(h.srv.Click(bo.ID, offer.ID, offer.CustomIDs()[0])))
	g := h.newGame(bo.ID)

	rng := rand.New(rand.NewPCG(77, 1))
	for n := 0; ; n++ {
		if n > 3000 {
			t.Fatal("the game did not end in 3000 clicks")
		}
		var msg fakediscord.Message
		g, msg = h.board(g.ID)
		if !g.Active() {
			break
		}
		see(msg)
		if n == 3 { // a click out of turn is refused, in the clicker's language
			see(h.reply(h.srv.Click(g.Players[g.ToMove.Other()], msg.ID, msg.CustomIDs()[0])))
		}
		see(h.stepLive(g, msg, rng))
		if g2, _ := h.db.Game(h.ctx, g.ID); !g2.Active() {
			g = g2
			break
		}
	}
	h.deliver()
	id := strconv.FormatInt(g.ID, 10)
	for _, ix := range []*fakediscord.Interaction{
		h.srv.Command(ana.ID, h.srv.ChannelID(), "board", fakediscord.Arg("game", id)),
		h.srv.Command(ana.ID, h.srv.ChannelID(), "games"),
		h.srv.Command(bo.ID, h.srv.ChannelID(), "stats"),
		h.srv.Command(bo.ID, h.srv.ChannelID(), "history", fakediscord.Arg("game", id)),
		h.srv.Command(ana.ID, h.srv.ChannelID(), "rules", fakediscord.Arg("game", "aseb")),
		h.srv.Command(ana.ID, h.srv.ChannelID(), "help"),
		h.srv.Command(ana.ID, h.srv.ChannelID(), "leaderboard", fakediscord.Arg("game", "aseb")),
	} {
		see(h.slowReply(ix)) // /history draws a replay: slow under the race detector
	}
	for _, ch := range []string{h.srv.ChannelID(), g.ThreadID, h.srv.DMChannel(ana.ID), h.srv.DMChannel(bo.ID)} {
		for _, m := range h.srv.Messages(ch) {
			see(m)
		}
	}
	if len(shown) < 20 {
		t.Fatalf("only %d messages seen", len(shown))
	}
	var texts []string
	for _, m := range shown {
		texts = append(texts, visibleTexts(m)...)
	}
	checkTexts(t, tag, texts, 50, ana, bo)
	checkSaid(t, h.srv, tag, 50, ana, bo) // and what the messages were before their edits
}
