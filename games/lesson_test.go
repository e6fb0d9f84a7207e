package games_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kilab/games"
	_ "kilab/games/aseb"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
	"kilab/lang"
)

// rulebookIDs are the rule ids docs/rules.md defines, as headings.
func rulebookIDs(t *testing.T) []string {
	t.Helper()
	book, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range regexp.MustCompile(`(?m)^#### ([ADTS]\d+)\. `).FindAllStringSubmatch(string(book), -1) {
		ids = append(ids, m[1])
	}
	if len(ids) == 0 {
		t.Fatal("docs/rules.md defines no rule")
	}
	return ids
}

// gameRules are the ids of rulebook that game g plays by: its own letter's,
// and the shared D rules it uses. D1-D4 are about the throwing sticks, which
// Seega has none of; D5 (decisions that move nothing) is every game's.
func gameRules(g string, rulebook []string) []string {
	var out []string
	for _, id := range rulebook {
		switch {
		case strings.HasPrefix(id, strings.ToUpper(g[:1])):
			out = append(out, id)
		case id == "D5", strings.HasPrefix(id, "D") && g != "seega":
			out = append(out, id)
		}
	}
	return out
}

// Every game /learn offers (a Teacher) has a lesson that teaches every rule
// of its part of the rulebook, and at least Aseb's is there.
func TestLessonsCoverTheRulebook(t *testing.T) {
	rulebook := rulebookIDs(t)
	teachers := 0
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		l, err := games.LessonOf(g)
		if errors.Is(err, games.ErrNoLesson) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: the lesson does not build: %v", name, err)
		}
		teachers++
		want := gameRules(name, rulebook)
		taught := map[string]bool{}
		for k, s := range l.Steps {
			for _, id := range s.Rules {
				if !slices.Contains(want, id) {
					t.Errorf("%s step %d teaches %s, no rule of %s", name, k+1, id, name)
				}
				taught[id] = true
			}
			for _, o := range s.Offers {
				if !slices.Contains(want, o.Rule) {
					t.Errorf("%s step %d: %q is wrong by %q, no rule of %s", name, k+1, o.Move, o.Rule, name)
				}
			}
		}
		for _, id := range want {
			if !taught[id] {
				t.Errorf("%s: no step teaches %s", name, id)
			}
		}
	}
	if teachers == 0 {
		t.Fatal("no game has a lesson")
	}
	if _, err := games.LessonOf(mustGame(t, "aseb")); err != nil {
		t.Errorf("Aseb has no lesson: %v", err)
	}
}

func mustGame(t *testing.T, name string) games.Game {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Every step asks for a legal move, and every other move it offers is either
// legal and said to be wrong in words that cite its rule, or refused by the
// engine with a reason of its own.
func TestLessonStepsAskLegalMoves(t *testing.T) {
	for _, name := range games.Names() {
		l, err := games.LessonOf(mustGame(t, name))
		if err != nil {
			continue
		}
		for k, s := range l.Steps {
			checkStep(t, name, k+1, s)
		}
	}
}

func checkStep(t *testing.T, game string, n int, s games.Step) {
	t.Helper()
	var legal []string
	for _, m := range s.Pos.Moves() {
		legal = append(legal, m.Notation)
	}
	if !slices.Contains(legal, s.Ask) {
		t.Errorf("%s step %d asks %q, not among the legal moves %v", game, n, s.Ask, legal)
	}
	if s.Say.ID == "" || !lang.Has(s.Say.ID) || len(s.Rules) == 0 {
		t.Errorf("%s step %d: no sentence %q in the catalogs, or no rule", game, n, s.Say.ID)
	}
	for _, tag := range lang.Tags {
		for _, id := range s.Rules {
			if said := s.Say.In(lang.Of(tag)); !regexp.MustCompile(`\b` + id + `\b`).MatchString(said) {
				t.Errorf("%s step %d teaches %s, which its sentence in %s does not name: %q", game, n, id, tag, said)
			}
		}
	}
	if len(s.Offers) == 0 || len(slices.Compact(s.Choices())) != len(s.Offers)+1 {
		t.Errorf("%s step %d: offers %v: none, or one twice, or the asked move", game, n, s.Offers)
	}
	for _, o := range s.Offers {
		checkOffer(t, game, n, s, o, slices.Contains(legal, o.Move))
	}
}

func checkOffer(t *testing.T, game string, n int, s games.Step, o games.Offer, legal bool) {
	t.Helper()
	cite := "(" + o.Rule + ")"
	if legal {
		for _, tag := range lang.Tags {
			if o.Why.ID == "" || !strings.Contains(o.Why.In(lang.Of(tag)), cite) {
				t.Errorf("%s step %d offers legal %q without words in %s that cite %s", game, n, o.Move, tag, o.Rule)
			}
		}
		return
	}
	_, err := s.Pos.Play(o.Move)
	var said *lang.Error
	if !errors.Is(err, games.ErrIllegalMove) || !errors.As(err, &said) || o.Rule == "" || o.Why.ID != "" {
		t.Errorf("%s step %d offers %q: want an illegal move with the engine's reason and a rule, got %v (rule %q)", game, n, o.Move, err, o.Rule)
	}
}
