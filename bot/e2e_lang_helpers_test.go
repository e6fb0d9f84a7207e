package bot_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/internal/fakediscord"
	"kilab/lang"
	"kilab/store"
)

// Helpers of the end-to-end tests that check what players read is in their
// language: what the bot sent, and which of its words are English.

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
	// bot and Discord; the variants, options and option values players
	// type in /challenge, which the board and the record show as keys
	// ("standard · width 9", "dice=sticks"); and the words of the notation
	// players type in /move (pass, Seega's stop).
	names = []string{"aseb", "tab", "seega", "kilab", "discord",
		"standard", "twenty", "squares", "royalur", "free", "lane",
		"enter", "past", "own", "pieces", "dice", "sticks", "size", "width", "true", "false",
		"pass", "stop"}
)

// notationLine is a record's line that gives the game or its configuration
// as kilab replay reads them, in keys ("Вариант: standard width=7"): no
// words to hold to a glossary.
var notationLine = regexp.MustCompile(`^[^:]+: [a-z0-9-]+( [a-z0-9-]+=[a-z0-9-]+)*$`)

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

// catalogWords are the words (three letters or more, lower case) of every
// message of language t, placeholders left out.
func catalogWords(t lang.Tag) map[string]bool {
	out := map[string]bool{}
	for _, forms := range lang.Messages(t) {
		for _, s := range forms {
			for _, w := range wordsOf(placeholders.ReplaceAllString(s, " ")) {
				out[w] = true
			}
		}
	}
	return out
}

var placeholders = regexp.MustCompile(`{{[^}]*}}`)

// wordsOf are the words of s of three letters or more, lower case.
func wordsOf(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 3 {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// englishOnly are the words of English messages that no message of t has:
// a text in t holding one of them holds English.
func englishOnly(t lang.Tag) map[string]bool {
	theirs := catalogWords(t)
	out := map[string]bool{}
	for w := range catalogWords(lang.English) {
		if !theirs[w] && !slices.Contains(names, w) {
			out[w] = true
		}
	}
	return out
}

// english says which words of a text are English to a reader of tag: for
// Russian any Latin word that is not a name; for a language written in Latin
// letters, a word only English messages use.
type english func(text string) []string

func englishFor(tag lang.Tag, users ...string) english {
	if tag == lang.Russian {
		return func(text string) []string { return englishWords(text, users...) }
	}
	only := englishOnly(tag)
	return func(text string) []string {
		var out []string
		for _, w := range wordsOf(notWords.ReplaceAllString(text, " ")) {
			if only[w] && !slices.Contains(users, w) {
				out = append(out, w)
			}
		}
		return out
	}
}

// sentTexts are the texts of everything the bot sent to Discord so far: each
// message it posted or edited, each answer to an interaction (deferred ones'
// edits and follow-ups included), thread names, autocomplete choices, alt
// texts, and the header of a record file. Registering the commands, whose
// English names and descriptions are the defaults Discord falls back on, is
// left out.
func sentTexts(srv *fakediscord.Server) []string {
	var out []string
	for _, r := range srv.Requests() {
		if r.Status >= 300 || strings.Contains(r.Path, "/commands") {
			continue
		}
		if len(r.JSON) > 0 {
			var v any
			if json.Unmarshal(r.JSON, &v) == nil {
				payloadTexts("", v, &out)
			}
		}
		for _, f := range r.Files {
			if strings.HasSuffix(f.Filename, ".txt") {
				out = append(out, recordHeader(string(f.Data))...)
			}
		}
	}
	return slices.DeleteFunc(out, func(s string) bool { return strings.TrimSpace(s) == "" })
}

// payloadTexts collects the words a player sees in a JSON payload: contents,
// titles, descriptions, labels, placeholders, footers, the names and values
// of embed fields, authors' and choices' names, and a thread's name; not
// custom_ids, the values of choices and options, URLs, file names or emoji.
func payloadTexts(parent string, v any, out *[]string) {
	switch v := v.(type) {
	case []any:
		for _, x := range v {
			payloadTexts(parent, x, out)
		}
	case map[string]any:
		for k, x := range v {
			s, isText := x.(string)
			switch k {
			case "content", "title", "description", "label", "placeholder", "text":
				if isText {
					*out = append(*out, s)
				}
			case "name":
				if isText && (parent == "" || parent == "fields" || parent == "author" || parent == "choices") {
					*out = append(*out, s)
				}
			case "value":
				if isText && parent == "fields" {
					*out = append(*out, s)
				}
			case "custom_id", "url", "emoji", "filename", "allowed_mentions", "nonce":
			default:
				payloadTexts(k, x, out)
			}
		}
	}
}

// recordHeader are the header lines of a /history record file, but for the
// command that replays it and the final position, which are notation.
func recordHeader(file string) []string {
	var out []string
	lines := strings.Split(strings.TrimSpace(file), "\n")
	for k, line := range lines {
		if !strings.HasPrefix(line, "# ") || k == len(lines)-1 || strings.Contains(line, "kilab replay") {
			continue
		}
		out = append(out, strings.TrimPrefix(line, "# "))
	}
	return out
}

// nativeFor says whether a text is in tag: for Russian, it holds Cyrillic;
// for the others, a word of the language's messages that no English message
// has.
func nativeFor(tag lang.Tag) func(text string) bool {
	if tag == lang.Russian {
		return func(text string) bool { return strings.ContainsFunc(text, isCyrillic) }
	}
	en, theirs := catalogWords(lang.English), catalogWords(tag)
	return func(text string) bool {
		return slices.ContainsFunc(wordsOf(text), func(w string) bool { return theirs[w] && !en[w] })
	}
}

// checkTexts fails on every text that holds English to a reader of tag, or
// a word tag's glossary rejects (lang.GlossaryOf: words the code puts
// together as well as the catalogs'), naming each text once, and when fewer
// than min of them are in tag.
func checkTexts(t *testing.T, tag lang.Tag, texts []string, min int, users ...fakediscord.User) {
	t.Helper()
	var names []string
	for _, u := range users {
		names = append(names, strings.ToLower(u.Username))
	}
	isEnglish, isNative := englishFor(tag, names...), nativeFor(tag)
	words, err := lang.GlossaryOf(tag)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	native := 0
	for _, text := range texts {
		if isNative(text) {
			native++
		}
		if seen[text] {
			continue
		}
		seen[text] = true
		if w := isEnglish(text); len(w) > 0 {
			t.Errorf("%s: English %v in %q", tag, w, text)
		}
		if !notationLine.MatchString(text) {
			for _, r := range words.Rejected(text) {
				t.Errorf("%s: %s in %q", tag, r, text)
			}
		}
	}
	if native < min {
		t.Errorf("only %d texts in %s among %d", native, tag, len(texts))
	}
}

// checkSaid is checkTexts of everything the bot sent (sentTexts).
func checkSaid(t *testing.T, srv *fakediscord.Server, tag lang.Tag, min int, users ...fakediscord.User) {
	t.Helper()
	checkTexts(t, tag, sentTexts(srv), min, users...)
}

// speakers are a harness's users whose Discord speaks locale, on a server
// whose preferred locale it is.
func (h *harness) speakers(locale string, names ...string) []fakediscord.User {
	h.srv.SetLocale(h.srv.Guild().ID, locale)
	var out []fakediscord.User
	for _, n := range names {
		u := h.srv.AddUser(n)
		h.srv.SetLocale(u.ID, locale)
		out = append(out, u)
	}
	return out
}

// stepLive is step for boards in any language: it never clicks the picker's
// Back button, known by its custom_id, not its label.
func (h *harness) stepLive(g store.Game, msg fakediscord.Message, rng *rand.Rand) fakediscord.Message {
	h.t.Helper()
	user := g.Players[g.ToMove]
	if sel := msg.Selects(); len(sel) > 0 {
		s := sel[rng.IntN(len(sel))]
		opt := s.Options[rng.IntN(len(s.Options))]
		return h.reply(h.srv.Select(user, msg.ID, s.CustomID, opt.Value))
	}
	back := fmt.Sprintf("g/%d/%d/p/", g.ID, g.Version)
	var live []discordgo.Button
	for _, b := range msg.Buttons() {
		if strings.HasPrefix(b.CustomID, "g/") && !strings.HasPrefix(b.CustomID, back) {
			live = append(live, b)
		}
	}
	if len(live) == 0 {
		h.t.Fatalf("board without controls: %+v", msg.CustomIDs())
	}
	return h.reply(h.srv.Click(user, msg.ID, live[rng.IntN(len(live))].CustomID))
}

// playLive plays game id by clicks to its end, calling at (when not nil)
// before each click with the game and its board; it returns the game over.
func (h *harness) playLive(id int64, rng *rand.Rand, maxClicks int, at func(n int, g store.Game, msg fakediscord.Message)) store.Game {
	h.t.Helper()
	for n := 0; n < maxClicks; n++ {
		g, msg := h.board(id)
		if !g.Active() {
			return g
		}
		if at != nil {
			at(n, g, msg)
			if g2 := h.game(id); g2.Version != g.Version || !g2.Active() {
				continue // what at did moved the game on
			}
		}
		h.stepLive(g, msg, rng)
		if g2 := h.game(id); !g2.Active() {
			return g2
		}
	}
	h.t.Fatalf("game %d not over after %d clicks", id, maxClicks)
	return store.Game{}
}

// due is what game g waits for: a throw or a move.
func (h *harness) due(g store.Game) games.DueKind {
	h.t.Helper()
	s, err := games.Lookup(g.Kind)
	if err != nil {
		h.t.Fatal(err)
	}
	pos, err := s.Parse(g.Config, g.Position)
	if err != nil {
		h.t.Fatal(err)
	}
	return pos.Due().Kind
}

// buttonWith is the message's button whose custom_id starts with prefix.
func (h *harness) buttonWith(m fakediscord.Message, prefix string) discordgo.Button {
	h.t.Helper()
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.CustomID, prefix) {
			return b
		}
	}
	h.t.Fatalf("no button %s… on %q: %v", prefix, m.Content, m.CustomIDs())
	return discordgo.Button{}
}

// hasButton reports whether m has a button whose custom_id starts with prefix.
func hasButton(m fakediscord.Message, prefix string) bool {
	for _, id := range m.CustomIDs() {
		if strings.HasPrefix(id, prefix) {
			return true
		}
	}
	return false
}
