package docs

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// code is a code span: a variant key, an option, a notation token.
var code = regexp.MustCompile("`[^`]+`")

// tokens are text's code spans, in order, but for commands ("/move"), whose
// names each language has its own.
func tokens(text string) []string {
	var out []string
	for _, t := range code.FindAllString(text, -1) {
		if !strings.HasPrefix(t, "`/") {
			out = append(out, strings.Join(strings.Fields(t), " ")) // wrapped anywhere
		}
	}
	return out
}

// Every translation of the rulebook has exactly the rules of the English
// original, in its order, each under its own id, with the same variant keys,
// options and tokens: a rule left out, added, renumbered or with a key
// translated is caught here.
func TestRulebooksHaveTheSameRules(t *testing.T) {
	t.Parallel()
	english, err := Rules("en")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range english {
		if s.ID != "" {
			ids = append(ids, s.ID)
		}
	}
	if len(ids) != 5+12+12+8 {
		t.Fatalf("rules.md has %d rules: %v", len(ids), ids)
	}
	for _, lang := range Langs[1:] {
		book, err := Rules(lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(book) != len(english) {
			t.Errorf("%s has %d sections, rules.md %d", File(RulesDoc, lang), len(book), len(english))
		}
		for n := range min(len(book), len(english)) {
			got, want := book[n], english[n]
			if got.ID != want.ID || got.Letter != want.Letter {
				t.Errorf("%s: section %d is %q (%s), rules.md has %q (%s)", File(RulesDoc, lang), n+1, got.Heading, got.Letter, want.Heading, want.Letter)
				continue
			}
			if !slices.Equal(tokens(got.Heading+" "+got.Body), tokens(want.Heading+" "+want.Body)) {
				t.Errorf("%s %s: code %v, rules.md has %v", File(RulesDoc, lang), got.ID, tokens(got.Heading+got.Body), tokens(want.Heading+want.Body))
			}
			if strings.TrimSpace(got.Body) == "" {
				t.Errorf("%s %s has no text", File(RulesDoc, lang), got.ID)
			}
		}
	}
}

// Every translation of the notation guide has the original's parts, and in
// each exactly its tokens: notation is never translated.
func TestNotationGuidesHaveTheSameTokens(t *testing.T) {
	t.Parallel()
	english, err := Notation("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(english) != 5 {
		t.Fatalf("notation-brief.md has %d parts", len(english))
	}
	for _, lang := range Langs[1:] {
		guide, err := Notation(lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(guide) != len(english) {
			t.Fatalf("%s has %d parts, notation-brief.md %d", File(NotationDoc, lang), len(guide), len(english))
		}
		for n := range guide {
			if got, want := tokens(guide[n].Body), tokens(english[n].Body); !slices.Equal(got, want) {
				t.Errorf("%s, part %q: tokens %v,\nnotation-brief.md %v", File(NotationDoc, lang), guide[n].Heading, got, want)
			}
		}
	}
}

// Discord shows Markdown's paragraphs, lists and tables its own way.
func TestDiscord(t *testing.T) {
	t.Parallel()
	body := "A paragraph\nwrapped over\n6. lines.\n\n| move | meaning |\n| --- | --- |\n| `in-3` | enter |\n\n" +
		"| variant | pieces | houses |\n| --- | --- | --- |\n| `standard` | 5 | 4, 8 |\n\n- an item\n  going on\n- another\n1. first\n\n" +
		"### Group\n\n```\ncode  line\n```\nSee [notation.md](notation.md)."
	want := "A paragraph wrapped over 6. lines.\n\n• `in-3`: enter\n\n• **`standard`**: pieces: 5; houses: 4, 8\n\n" +
		"• an item going on\n• another\n1. first\n\n**Group**\n\n```\ncode  line\n```\nSee notation.md."
	if got := Discord(body, "en", nil); got != want {
		t.Errorf("Discord:\n%s\nwant:\n%s", got, want)
	}
	if got := Discord("| a | b | c |\n| --- | --- | --- |\n| x | 1 | 2 |", "fr", nil); got != "• **x** : b : 1 ; c : 2" {
		t.Errorf("a French table: %q", got)
	}
	linked := Discord("See [notation.md](notation.md).", "en", func(target string) string { return "https://x.org/docs/" + target })
	if linked != "See [notation.md](https://x.org/docs/notation.md)." {
		t.Errorf("a link with an address: %s", linked)
	}
}

// Anchors are those GitHub gives the headings, so DOCS_URL's links land on
// the rule.
func TestAnchor(t *testing.T) {
	t.Parallel()
	for heading, want := range map[string]string{
		"A6. Stopping short (`standard`)":               "a6-stopping-short-standard",
		"A6. Остановка перед своей фишкой (`standard`)": "a6-остановка-перед-своей-фишкой-standard",
		"Throwing sticks (Aseb and Tab)":                "throwing-sticks-aseb-and-tab",
		"T12. Gagner, et les tours calmes":              "t12-gagner-et-les-tours-calmes",
	} {
		if got := Anchor(heading); got != want {
			t.Errorf("Anchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

// Every language's file is built in and read.
func TestEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, lang := range Langs {
		for _, read := range []func(string) ([]Section, error){Rules, Notation} {
			if s, err := read(lang); err != nil || len(s) == 0 {
				t.Errorf("%s: %d sections, %v", lang, len(s), err)
			}
		}
	}
	if _, err := Rules("xx"); err == nil {
		t.Error("a rulebook in a language there is none in")
	}
}
