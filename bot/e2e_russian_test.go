package bot_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kilab/internal/fakediscord"
)

// TestE2EGameInRussian plays a whole game of Aseb by clicks between two
// players whose Discord is in Russian, on a server whose preferred locale is
// Russian, then asks for the board, the games, the stats, the record, the
// rules and help, and a click out of turn. Every word the bot showed them
// (replies, the channel, the game's thread, both players' DMs: contents,
// embeds, buttons, menus, alt texts) must be Russian: a Latin word that is
// not a name, a game, a variant or a key players type fails the test.
func TestE2EGameInRussian(t *testing.T) {
	h := newHarness(t, 77)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	for _, id := range []string{ana.ID, bo.ID, h.srv.Guild().ID} {
		h.srv.SetLocale(id, "ru")
	}
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
		if n == 3 { // a click out of turn is refused, in Russian
			see(h.reply(h.srv.Click(g.Players[g.ToMove.Other()], msg.ID, msg.CustomIDs()[0])))
		}
		see(h.step(g, msg, rng))
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
		see(h.reply(ix))
	}
	for _, ch := range []string{h.srv.ChannelID(), g.ThreadID, h.srv.DMChannel(ana.ID), h.srv.DMChannel(bo.ID)} {
		for _, m := range h.srv.Messages(ch) {
			see(m)
		}
	}
	if len(shown) < 20 {
		t.Fatalf("only %d messages seen", len(shown))
	}
	cyrillic := 0
	for _, m := range shown {
		for _, text := range visibleTexts(m) {
			if strings.ContainsFunc(text, isCyrillic) {
				cyrillic++
			}
			if w := englishWords(text, ana.Username, bo.Username); len(w) > 0 {
				t.Errorf("English %v in %q", w, text)
			}
		}
	}
	if cyrillic < 50 {
		t.Errorf("only %d Russian texts among %d messages", cyrillic, len(shown))
	}
}

func isCyrillic(r rune) bool { return r >= 'а' && r <= 'я' || r >= 'А' && r <= 'Я' || r == 'ё' }

// visibleTexts are the words of a message a player sees: content, embeds,
// buttons, menus and attachments' alt texts.
func visibleTexts(m fakediscord.Message) []string {
	out := []string{m.Content}
	for _, e := range m.Embeds {
		out = append(out, e.Title, e.Description)
		if e.Footer != nil {
			out = append(out, e.Footer.Text)
		}
		if e.Author != nil {
			out = append(out, e.Author.Name)
		}
		for _, f := range e.Fields {
			out = append(out, f.Name, f.Value)
		}
	}
	for _, b := range m.Buttons() {
		out = append(out, b.Label)
	}
	for _, s := range m.Selects() {
		out = append(out, s.Placeholder)
		for _, o := range s.Options {
			out = append(out, o.Label, o.Description)
		}
	}
	for _, a := range m.Attachments {
		out = append(out, a.Description)
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}

var (
	// notWords are what a text holds that is not words: mentions, time
	// stamps, links, code and notation (a token with a digit: "15-off") and
	// file paths.
	notWords = regexp.MustCompile("\\S*\\d\\S*|<[@#:/][^>]*>|<t:[^>]*>|https?://\\S+|`[^`]*`|\\S+\\.(md|png|txt|gif)\\b")
	latin    = regexp.MustCompile(`[A-Za-z]{3,}`)
	// names are the Latin words a Russian text may hold: the games, the
	// bot, variants, options and values players type, and rating terms.
	names = []string{"aseb", "tab", "seega", "kilab", "royalur", "standard", "twenty", "squares", "house4",
		"enter", "past", "own", "pieces", "dice", "sticks", "free", "lane", "size", "width", "true", "false",
		"glicko", "buchholz", "easy", "medium", "hard", "docs", "rules"}
)

// englishWords are the Latin words of text that are not names.
func englishWords(text string, users ...string) []string {
	var out []string
	for _, w := range latin.FindAllString(notWords.ReplaceAllString(text, " "), -1) {
		lw := strings.ToLower(w)
		if !slices.Contains(names, lw) && !slices.Contains(users, lw) {
			out = append(out, w)
		}
	}
	return out
}
