package docs

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"kilab/lang"
)

// paragraph is a paragraph of a document, as a reader meets it, and the
// number of the line it begins on.
type paragraph struct {
	line int
	text string
}

// prose is text's paragraphs: a paragraph's or a list item's lines joined
// (a file wraps them anywhere, "de\nLane" is "de Lane"), a heading and a
// table row each on its own, code blocks and code spans (variant keys,
// options, notation tokens, which no language translates) left out.
func prose(text string) []paragraph {
	var out []paragraph
	var cur []string
	first, inCode := 0, false
	end := func() {
		if len(cur) > 0 {
			out = append(out, paragraph{first, code.ReplaceAllString(strings.Join(cur, " "), " ")})
			cur = nil
		}
	}
	for n, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			end()
			inCode = !inCode
		case inCode:
		case trimmed == "":
			end()
		case strings.HasPrefix(trimmed, "#"), strings.HasPrefix(trimmed, "|"):
			end()
			cur, first = []string{trimmed}, n+1
			end()
		case strings.HasPrefix(trimmed, "- "), numbered.MatchString(trimmed) && len(cur) > 0 && (strings.HasPrefix(cur[0], "- ") || numbered.MatchString(cur[0])):
			end()
			cur, first = []string{trimmed}, n+1
		default:
			if len(cur) == 0 {
				first = n + 1
			}
			cur = append(cur, trimmed)
		}
	}
	end()
	return out
}

// rejected are the words of its language's glossary that file says outside
// code, each as "file:line: word (concept: use ...)".
func rejected(file, text string, g lang.Glossary) []string {
	var out []string
	for _, p := range prose(text) {
		for _, r := range g.Rejected(p.text) {
			out = append(out, fmt.Sprintf("%s:%d: %s", file, p.line, r))
		}
	}
	return out
}

// The rulebook and the notation guide /rules shows speak each language's
// glossary, as the bot's messages do: the die is "кубик" in the Russian
// rulebook as on the button, T4's pieces are "unmoved" in every text, not
// Lane's "Christians". The English full guide, notation.md, which DOCS_URL
// may link to, is held to the English glossary too.
func TestDocumentsSpeakTheGlossary(t *testing.T) {
	t.Parallel()
	for _, tag := range Langs {
		g, err := lang.GlossaryOf(lang.Tag(tag))
		if err != nil {
			t.Fatal(err)
		}
		names := []string{File(RulesDoc, tag), File(NotationDoc, tag)}
		if tag == "en" {
			names = append(names, "notation.md")
		}
		for _, name := range names {
			text, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rejected(name, string(text), g) {
				t.Error(r)
			}
		}
	}
}

// prose joins what a file wraps and leaves out what no language translates.
func TestProse(t *testing.T) {
	t.Parallel()
	text := "# Title\n\nA paragraph, d'après\nLane, with `a\ntoken`.\n\n- an item\n  going on\n- another\n\n" +
		"```\nChristians in a code block\n```\n| `pass` | a row |\n"
	want := []paragraph{{1, "# Title"}, {3, "A paragraph, d'après Lane, with  ."}, {7, "- an item going on"},
		{9, "- another"}, {14, "|   | a row |"}}
	if got := prose(text); !slices.Equal(got, want) {
		t.Errorf("prose:\n%v\nwant:\n%v", got, want)
	}
}
