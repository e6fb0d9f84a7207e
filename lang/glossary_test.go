package lang

import (
	"slices"
	"strings"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// readGlossary reads the glossary of tag.
func readGlossary(t *testing.T, tag Tag) Glossary {
	t.Helper()
	g, err := GlossaryOf(tag)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSays(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text, word string
		want       bool
	}{
		{"while you have Christians", "Christian…", true},
		{"while you have Christians", "Christian", false},
		{"per DN, wenn", "DN", true},
		{"DNA", "DN", false},
		{"Desempate", "empate…", false},
		{"con las mismas fichas son", "mismas fichas", true},
		{"ещё не ходили: сложный", "сложный", true},
		{"несложный", "сложный", false},
		{"press **Throw**, then", "**Throw**", true},
		{"press **Throw the sticks**", "**Throw**", false},
		{"pass (no move)", "pass (", true},
		{"bypass (x)", "pass (", false},
	} {
		if got := says(c.text, c.word); got != c.want {
			t.Errorf("says(%q, %q) = %v", c.text, c.word, got)
		}
	}
}

// TestGlossariesMatch keeps the glossaries in step: every language has an
// entry for every concept of the English one, and names only messages the
// catalogs have.
func TestGlossariesMatch(t *testing.T) {
	t.Parallel()
	all := messages(t)
	ids := func(g Glossary) []string {
		var out []string
		for _, e := range g.Terms {
			out = append(out, e.ID)
		}
		for _, o := range g.Orders {
			out = append(out, o.ID)
		}
		slices.Sort(out)
		return out
	}
	en := ids(readGlossary(t, English))
	if len(en) == 0 {
		t.Fatal("the English glossary is empty")
	}
	for _, tag := range Tags {
		g := readGlossary(t, tag)
		if got := ids(g); !slices.Equal(got, en) {
			t.Errorf("%s: glossary entries %v, English has %v", tag, got, en)
		}
		for _, e := range g.Terms {
			checkEntry(t, tag, e.ID, e.In, all[tag])
			if e.Use == "" && len(e.In) > 0 {
				t.Errorf("%s %s: names messages but no word to use", tag, e.ID)
			}
			for _, r := range e.Reject {
				if says(e.Use, r) {
					t.Errorf("%s %s: %q rejects the word it uses, %q", tag, e.ID, r, e.Use)
				}
			}
		}
		for _, o := range g.Orders {
			checkEntry(t, tag, o.ID, o.In, all[tag])
		}
	}
}

func checkEntry(t *testing.T, tag Tag, id string, in []string, msgs map[string]*i18n.Message) {
	t.Helper()
	if id == "" {
		t.Errorf("%s: a glossary entry without an id", tag)
	}
	for _, key := range in {
		if _, ok := msgs[key]; !ok {
			t.Errorf("%s %s: no message %s", tag, id, key)
		}
	}
}

// TestGlossaryWordsRejected fails on a message that says a word its
// language's glossary rejects ("palillos" where Spanish says "palitos").
func TestGlossaryWordsRejected(t *testing.T) {
	t.Parallel()
	all := messages(t)
	for _, tag := range Tags {
		g := readGlossary(t, tag)
		for id, m := range all[tag] {
			for _, s := range forms(m) {
				for _, r := range g.Rejected(s) {
					t.Errorf("%s %s says %s", tag, id, r)
				}
			}
		}
	}
}

// TestGlossaryWordsUsed fails on a message that speaks of a concept without
// the glossary's word for it (a level, a variant's name).
func TestGlossaryWordsUsed(t *testing.T) {
	t.Parallel()
	all := messages(t)
	for _, tag := range Tags {
		for _, e := range readGlossary(t, tag).Terms {
			for _, id := range e.In {
				m, ok := all[tag][id]
				if !ok {
					continue // TestGlossariesMatch reports it
				}
				for _, s := range forms(m) {
					if !says(s, e.Use) {
						t.Errorf("%s %s: %q does not say %q, the word for %s", tag, id, s, e.Use, e.Concept)
					}
				}
			}
		}
	}
}

// TestGlossaryOrders fails on a message that says the items of an order
// (wins, draws and losses) in another order, or leaves one out.
func TestGlossaryOrders(t *testing.T) {
	t.Parallel()
	all := messages(t)
	for _, tag := range Tags {
		for _, o := range readGlossary(t, tag).Orders {
			for _, id := range o.In {
				m, ok := all[tag][id]
				if !ok {
					continue
				}
				for _, s := range forms(m) {
					if !inOrder(s, o.Items) {
						t.Errorf("%s %s: %q does not say %q in this order (%s)", tag, id, s, o.Items, o.Concept)
					}
				}
			}
		}
	}
}

// inOrder reports whether s holds every item, each after the one before.
func inOrder(s string, items []string) bool {
	low := strings.ToLower(s)
	at := 0
	for _, it := range items {
		it = strings.ToLower(it)
		k := strings.Index(low[at:], it)
		if k < 0 {
			return false
		}
		at += k + len(it)
	}
	return true
}

// TestGlossaryLetsProseThrough keeps rejected words precise: the rulebook
// and the notation guide (docs/) are held to the glossaries too, and a word
// the glossary rejects for one concept may be an ordinary word of the
// language elsewhere ("einfach" is "simply", not only the easiest level).
func TestGlossaryLetsProseThrough(t *testing.T) {
	t.Parallel()
	for tag, texts := range map[Tag][]string{
		English: {"A turn with nothing usable is its throws and the pass: 6,3:pass."},
		German:  {"Ein einzelner Stein zieht einfach.", "Ein Zug sind seine Würfe und das Passen: 6,3:pass."},
		French:  {"Sans coup permis, il faut passer : 6,3:pass."},
		Spanish: {"Según sus propios comentarios, la partida comienza al comenzar el turno.", "Sus tiradas y pasar: 6,3:pass."},
	} {
		g := readGlossary(t, tag)
		for _, text := range texts {
			if r := g.Rejected(text); len(r) > 0 {
				t.Errorf("%s: %q is ordinary prose, but the glossary rejects %v", tag, text, r)
			}
		}
	}
}
