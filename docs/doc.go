// Package docs is Kilab's rulebook and players' notation guide in every
// language the bot speaks, built into the program, so that /rules can give
// them inside Discord, where a player cannot open the repository's files.
//
// rules.md is the English original and the source of truth; rules.LANG.md
// are its translations, with the same rule ids (the tests check it). The
// notation guide for players, notation-brief.md and its translations, is a
// condensed notation.md: how moves and records are written, without the
// positions and the command line that only operators use.
package docs

import (
	"embed"
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

//go:embed rules.md rules.*.md notation-brief.md notation-brief.*.md
var files embed.FS

// The documents, by their file stem.
const (
	RulesDoc    = "rules"
	NotationDoc = "notation-brief"
)

// Langs are the languages every document is written in, English first.
var Langs = []string{"en", "ru", "de", "fr", "es"}

// File is the name of doc's file in language code (rules.ru.md); English,
// the original, has none (rules.md).
func File(doc, code string) string {
	if code == "en" {
		return doc + ".md"
	}
	return doc + "." + code + ".md"
}

// Docs are the documents every language has, by their file stem.
var Docs = []string{RulesDoc, NotationDoc}

// Text is doc in language code, as written (Markdown).
func Text(doc, code string) (string, error) {
	text, err := files.ReadFile(File(doc, code))
	if err != nil {
		return "", fmt.Errorf("docs: no %s in %q", doc, code)
	}
	return string(text), nil
}

// Section is one rule of the rulebook (ID "A6"), the introduction of one of
// its parts (ID ""), or one part of the notation guide.
type Section struct {
	// ID is the rule's id; "" for an introduction or a notation part.
	ID string
	// Letter is the rule's letter ("A"), for an introduction that of the
	// first rule after it: which game it belongs to.
	Letter string
	// Heading is the heading as written ("A6. Stopping short (`standard`)"),
	// the part's title for an introduction or a notation part.
	Heading string
	// Body is the text under the heading, as written (Markdown).
	Body string
	// Part is the heading of the "##" part the section is in.
	Part string
}

// ruleHeading is a rule's heading: "#### A6. Title".
var ruleHeading = regexp.MustCompile(`^#### ([ADTS])(\d+)\. \S`)

// Rules is the rulebook in language code, one section per rule, each part's
// introduction before its rules.
func Rules(code string) ([]Section, error) {
	text, err := files.ReadFile(File(RulesDoc, code))
	if err != nil {
		return nil, fmt.Errorf("docs: no rulebook in %q", code)
	}
	return parseRules(string(text)), nil
}

// parseRules splits a rulebook at its "##" and "####" headings; "###"
// headings only group rules and are left out. The book's own introduction,
// before the first part, is about the book, not a game, and is left out too.
func parseRules(text string) []Section {
	var out []Section
	var cur *Section
	part := ""
	flush := func() {
		if cur != nil && (cur.ID != "" || strings.TrimSpace(cur.Body) != "") {
			cur.Body = strings.TrimSpace(cur.Body)
			out = append(out, *cur)
		}
		cur = nil
	}
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "## "):
			flush()
			part = strings.TrimPrefix(line, "## ")
			cur = &Section{Heading: part, Part: part}
		case strings.HasPrefix(line, "#### "):
			flush()
			m := ruleHeading.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			cur = &Section{ID: m[1] + m[2], Letter: m[1], Heading: strings.TrimPrefix(line, "#### "), Part: part}
		case strings.HasPrefix(line, "### "):
			if cur != nil && cur.ID == "" {
				continue // a group heading inside a part's introduction
			}
			flush()
		case cur != nil:
			cur.Body += line + "\n"
		}
	}
	flush()
	// An introduction belongs to the game of the rule after it.
	for n := len(out) - 2; n >= 0; n-- {
		if out[n].ID == "" {
			out[n].Letter = out[n+1].Letter
		}
	}
	return out
}

// Notation is the players' notation guide in language code: its
// introduction, then one section per "##" part (records, then each game).
func Notation(code string) ([]Section, error) {
	text, err := files.ReadFile(File(NotationDoc, code))
	if err != nil {
		return nil, fmt.Errorf("docs: no notation guide in %q", code)
	}
	var out []Section
	for line := range strings.Lines(string(text)) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "# "):
			out = append(out, Section{Heading: strings.TrimPrefix(line, "# ")})
		case strings.HasPrefix(line, "## "):
			out = append(out, Section{Heading: strings.TrimPrefix(line, "## ")})
		case len(out) > 0:
			out[len(out)-1].Body += line + "\n"
		}
	}
	for n := range out {
		out[n].Body = strings.TrimSpace(out[n].Body)
	}
	return out, nil
}

// Anchor is the anchor GitHub (and GitLab) give a heading: lower case,
// spaces to hyphens, punctuation other than hyphens and underscores
// dropped ("A6. Stopping short (`standard`)" is "a6-stopping-short-standard").
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
