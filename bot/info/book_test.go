package info

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/docs"
	"kilab/games"
	"kilab/lang"
)

// rulesIn is the /rules payload for book, asked in locale.
func rulesIn(t *testing.T, book, locale string) *discordgo.Interaction {
	t.Helper()
	i := payload(t, "rules_tab.json")
	i.Locale = discordgo.Locale(locale)
	data := i.ApplicationCommandData()
	data.Options[0].Value = book
	i.Data = data
	return i
}

// clickIn is a click on customID in locale, from the /rules payload's
// player (an ephemeral answer has no other reader).
func clickIn(t *testing.T, customID, locale string) *discordgo.Interaction {
	t.Helper()
	i := kittest.Click(t, "../testdata/rules_tab.json", customID)
	i.Type = discordgo.InteractionMessageComponent
	i.Locale = discordgo.Locale(locale)
	return i
}

// last is the last call recorded.
func last(t *testing.T, rec *kittest.Recorder) kittest.Call {
	t.Helper()
	rec.Calls = rec.Calls[:len(rec.Calls):len(rec.Calls)]
	if len(rec.Calls) == 0 {
		t.Fatal("nothing was answered")
	}
	return rec.Calls[len(rec.Calls)-1]
}

// buttons are a page's Previous and Next.
func buttons(t *testing.T, m *kit.Message) (prev, next discordgo.Button) {
	t.Helper()
	if len(m.Components) != 1 {
		t.Fatalf("a page has %d rows of buttons", len(m.Components))
	}
	row := m.Components[0].(discordgo.ActionsRow)
	if len(row.Components) != 2 {
		t.Fatalf("a page has %d buttons", len(row.Components))
	}
	return row.Components[0].(discordgo.Button), row.Components[1].(discordgo.Button)
}

// readBook opens book with /rules in locale and reads it to the end with
// Next, checking each page's number, limits and buttons; it returns the
// pages' embeds.
func readBook(t *testing.T, b *Info, rec *kittest.Recorder, book, locale string) []*discordgo.MessageEmbed {
	t.Helper()
	handle(b, rulesIn(t, book, locale))
	first := last(t, rec)
	if first.Typ != discordgo.InteractionResponseChannelMessageWithSource || !first.Msg.Ephemeral || len(first.Msg.Embeds) != 1 {
		t.Fatalf("%s /rules %s answered %+v", locale, book, first.Msg)
	}
	l := lang.For(locale)
	var pages []*discordgo.MessageEmbed
	m := first.Msg
	for n := 0; ; n++ {
		e := m.Embeds[0]
		kittest.CheckEmbed(t, e)
		pages = append(pages, e)
		prev, next := buttons(t, m)
		if prev.Disabled != (n == 0) {
			t.Errorf("%s %s page %d: Previous disabled %v", locale, book, n+1, prev.Disabled)
		}
		if n > 0 && prev.CustomID != kit.RulesCID(book, n-1) {
			t.Errorf("%s %s page %d: Previous is %s", locale, book, n+1, prev.CustomID)
		}
		if next.Disabled {
			total := n + 1
			for k, p := range pages {
				if want := l.T("info.rules.page", "Page", k+1, "Pages", total); !strings.HasPrefix(p.Footer.Text, want) {
					t.Errorf("%s %s: page %d's footer %q does not begin %q", locale, book, k+1, p.Footer.Text, want)
				}
			}
			return pages
		}
		if next.CustomID != kit.RulesCID(book, n+1) || n > 50 {
			t.Fatalf("%s %s page %d: Next is %s", locale, book, n+1, next.CustomID)
		}
		handle(b, clickIn(t, next.CustomID, locale))
		c := last(t, rec)
		if c.Typ != discordgo.InteractionResponseUpdateMessage || len(c.Msg.Embeds) != 1 {
			t.Fatalf("%s %s: Next from page %d answered %+v", locale, book, n+1, c.Msg)
		}
		m = c.Msg
	}
}

// ruleHead is a rule's heading as a page shows it: "**A6. ".
var ruleHead = regexp.MustCompile(`\*\*([ADTS]\d+)\. `)

// Each game's /rules is its summary, then every one of its rules (and the
// sticks' D1-D5 where it throws them), each once and in the book's order,
// in every language, within Discord's limits, Previous and Next leading
// page by page from the first to the last.
func TestRulesBookEveryLanguage(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	english, err := docs.Rules("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range lang.Tags {
		for _, name := range games.Names() {
			g, _ := games.Lookup(name)
			var want []string
			for _, s := range gameSections(g, english) {
				if s.ID != "" {
					want = append(want, s.ID)
				}
			}
			pages := readBook(t, b, rec, name, string(tag))
			if f := pages[0].Fields; f == nil || f[0].Name != lang.Of(tag).T("info.rules.variants") {
				t.Errorf("%s %s: the first page is not the summary:\n%s", tag, name, kittest.EmbedText(pages[0]))
			}
			var got []string
			for _, p := range pages[1:] {
				for _, m := range ruleHead.FindAllStringSubmatch(p.Description, -1) {
					got = append(got, m[1])
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s /rules %s shows rules %v, want %v", tag, name, got, want)
			}
		}
	}
}

// Aseb and Tab throw the sticks, so their books hold D1-D5; Seega's does not.
func TestRulesBookSticks(t *testing.T) {
	t.Parallel()
	english, _ := docs.Rules("en")
	for name, sticks := range map[string]bool{"aseb": true, "tab": true, "seega": false} {
		g, _ := games.Lookup(name)
		has := false
		for _, s := range gameSections(g, english) {
			has = has || s.ID == "D1"
		}
		if has != sticks {
			t.Errorf("%s's book has D1: %v", name, has)
		}
	}
}

// A game's rules are those of its part of the rulebook, found by its title,
// not by its name's first letter: a game named "dash" has none of the
// sticks' D rules as its own, nor Seega's rules a "senet".
func TestRulesLetterByTitle(t *testing.T) {
	t.Parallel()
	english, _ := docs.Rules("en")
	for title, want := range map[string]string{"Aseb": "A", "Tab": "T", "Seega": "S", "Dash": "", "Senet": "", "Ta": ""} {
		if got := letterOf(title, english); got != want {
			t.Errorf("letterOf(%q) = %q, want %q", title, got, want)
		}
	}
}

// /rules notation is the players' notation guide, every part of it, in
// every language.
func TestRulesNotationEveryLanguage(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	for _, tag := range lang.Tags {
		sections, err := docs.Notation(string(tag))
		if err != nil {
			t.Fatal(err)
		}
		pages := readBook(t, b, rec, NotationBook, string(tag))
		all := ""
		for _, p := range pages {
			all += kittest.EmbedText(p) + "\n"
		}
		for _, s := range sections {
			if !strings.Contains(all, s.Heading) {
				t.Errorf("%s /rules notation lacks its part %q", tag, s.Heading)
			}
		}
		for _, token := range []string{"`in-3`", "`3b5-b8`", "`A1+B2`", "`xC4`", "`2,3:5-8`"} {
			if !strings.Contains(all, token) {
				t.Errorf("%s /rules notation lacks %s", tag, token)
			}
		}
		if strings.Contains(all, "| ---") || strings.Contains(all, "\n## ") {
			t.Errorf("%s /rules notation shows raw Markdown:\n%s", tag, all)
		}
	}
}

// Previous and Next show the page they name; one the bot never made (a
// page past the end, a book that is not one, an id of another shape) gets
// a message and the page shown stays.
func TestRulesPageButtons(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	pages := readBook(t, b, rec, "tab", "en-US")
	handle(b, clickIn(t, kit.RulesCID("tab", 2), "en-US"))
	c := last(t, rec)
	if c.Typ != discordgo.InteractionResponseUpdateMessage || c.Msg.Embeds[0].Title != pages[2].Title {
		t.Errorf("b/tab/2 showed %q, want page 3 %q", c.Msg.Embeds[0].Title, pages[2].Title)
	}
	prev, next := buttons(t, c.Msg)
	if prev.CustomID != kit.RulesCID("tab", 1) || next.CustomID != kit.RulesCID("tab", 3) {
		t.Errorf("page 3's buttons are %s and %s", prev.CustomID, next.CustomID)
	}
	for _, id := range []string{fmt.Sprintf("b/tab/%d", len(pages)), "b/tab/1000000", "b/chess/0", "b/tab/-1", "b/tab/x", "b/tab", "b/notation/99", "b/Tab/1"} {
		before := len(rec.Calls)
		handle(b, clickIn(t, id, "en-US"))
		if len(rec.Calls) != before+1 {
			t.Fatalf("%s: %d calls", id, len(rec.Calls)-before)
		}
		c := last(t, rec)
		if c.Typ != discordgo.InteractionResponseChannelMessageWithSource || !c.Msg.Ephemeral || c.Msg.Content == "" || len(c.Msg.Embeds) != 0 {
			t.Errorf("%s answered %v %+v", id, c.Typ, c.Msg)
		}
	}
	// the Russian book's own end: a translation may run to more pages
	ru := readBook(t, b, rec, "tab", "ru")
	handle(b, clickIn(t, fmt.Sprintf("b/tab/%d", len(ru)), "ru"))
	if c := last(t, rec); !strings.Contains(c.Msg.Content, "/правила") {
		t.Errorf("a page past the end, in Russian: %q", c.Msg.Content)
	}
}

// With DOCS_URL, each page links to its first rule (or part) in the file of
// the reader's language, and /help to the rulebook and the guide; without
// it nothing links there.
func TestRulesDocsURL(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	b.DocsURL = "https://example.org/kilab/docs"
	pages := readBook(t, b, rec, "aseb", "de")
	for n, want := range map[int]string{0: "/rules.de.md#aseb-das-spiel-der-zwanzig-felder", 1: "/rules.de.md#d1-die-st%C3%A4bchen"} {
		if !strings.HasPrefix(pages[n].URL, b.DocsURL+"/") || !strings.Contains(pages[n].URL, want) {
			t.Errorf("page %d links to %q, want %q", n+1, pages[n].URL, want)
		}
	}
	rulePage := pages[len(pages)-1]
	first := ruleHead.FindStringSubmatch(rulePage.Description)[1]
	if !strings.Contains(rulePage.URL, "#"+strings.ToLower(first)+"-") {
		t.Errorf("the last page, from %s, links to %q", first, rulePage.URL)
	}
	notation := readBook(t, b, rec, NotationBook, "fr")
	if !strings.Contains(notation[1].URL, "/notation-brief.fr.md#") {
		t.Errorf("a notation page links to %q", notation[1].URL)
	}
	handle(b, rulesIn(t, "tab", "es-ES"))
	i := payload(t, "rules_tab.json")
	data := i.ApplicationCommandData()
	data.Name, data.Options = "help", nil
	i.Data, i.Locale = data, "es-ES"
	handle(b, i)
	if text := last(t, rec).Msg.Embeds[0].Description; !strings.Contains(text, "(https://example.org/kilab/docs/rules.es.md)") || !strings.Contains(text, "notation-brief.es.md") {
		t.Errorf("/help with DOCS_URL:\n%s", text)
	}
	b.DocsURL = ""
	for _, p := range readBook(t, b, rec, "aseb", "de") {
		if p.URL != "" || strings.Contains(p.Description, "](") {
			t.Errorf("without DOCS_URL, %q links to %q", p.Title, p.URL)
		}
	}
}
