package lang

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The glossaries: one a language, glossary/<tag>.json, the one word each
// language uses for each of the product's concepts (a piece, the sticks, a
// draw, a level, a variant's name...), the words it must not use for them,
// and the orders it always says things in (wins, draws, losses). The
// catalog tests hold every message to them, and the bot's language sweep
// every text a player is sent. See glossary/README.md.
//
//go:embed glossary/*.json
var glossaries embed.FS

// Glossary is one language's words for the product's concepts.
type Glossary struct {
	Terms  []Term  `json:"terms"`
	Orders []Order `json:"orders"`
}

// Term is the one word a language uses for a concept: Use must appear in
// every message In names, and no text of the language may say one of
// Reject. A word ending in "…" is a stem ("Christian…" is also
// "Christians").
type Term struct {
	ID      string   `json:"id"`
	Concept string   `json:"concept"`
	Use     string   `json:"use"`
	Reject  []string `json:"reject"`
	In      []string `json:"in"`
}

// Order is a sequence the language always says in the same order: each
// message In names holds every item, in the order of Items.
type Order struct {
	ID      string   `json:"id"`
	Concept string   `json:"concept"`
	Items   []string `json:"items"`
	In      []string `json:"in"`
}

// GlossaryOf reads the glossary of language t; a field it does not know is
// an error, so that a misspelt one is not silently ignored.
func GlossaryOf(t Tag) (Glossary, error) {
	var g Glossary
	buf, err := glossaries.ReadFile("glossary/" + string(t) + ".json")
	if err != nil {
		return g, fmt.Errorf("lang: no glossary for %s: %w", t, err)
	}
	dec := json.NewDecoder(bytes.NewReader(buf))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&g); err != nil {
		return g, fmt.Errorf("lang: glossary/%s.json: %w", t, err)
	}
	return g, nil
}

// Rejected are the words text says that g rejects, each with the word g
// uses instead: "palillos (use palitos)".
func (g Glossary) Rejected(text string) []string {
	var out []string
	for _, e := range g.Terms {
		for _, r := range e.Reject {
			if says(text, r) {
				out = append(out, fmt.Sprintf("%s (%s: use %q)", r, e.Concept, e.Use))
			}
		}
	}
	return out
}

// says reports whether text says word, case aside: word stands whole, not
// inside a longer word, or with a trailing "…" as the stem of one
// ("Christian…" says "Christians"). A word that begins or ends with a
// sign ("**Throw**", "pass (") is matched there as it is.
func says(text, word string) bool {
	stem := strings.HasSuffix(word, "…")
	word = strings.ToLower(strings.TrimSuffix(word, "…"))
	text = strings.ToLower(text)
	if word == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(word)
	last, _ := utf8.DecodeLastRuneInString(word)
	for from := 0; ; {
		k := strings.Index(text[from:], word)
		if k < 0 {
			return false
		}
		start, end := from+k, from+k+len(word)
		before := isWordRune(first) && letterBefore(text, start)
		after := !stem && isWordRune(last) && letterAfter(text, end)
		if !before && !after {
			return true
		}
		from = start + 1
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// letterBefore and letterAfter report whether a letter or digit stands just
// before i, or at i.
func letterBefore(text string, i int) bool {
	r, n := utf8.DecodeLastRuneInString(text[:i])
	return n > 0 && isWordRune(r)
}

func letterAfter(text string, i int) bool {
	r, n := utf8.DecodeRuneInString(text[i:])
	return n > 0 && isWordRune(r)
}
