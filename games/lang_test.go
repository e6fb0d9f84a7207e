package games_test

import (
	"strings"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/games/seega"
	"kilab/games/tab"
	"kilab/lang"
)

// Every game explains itself (/rules) in every language: as many lines as in
// English, none of them missing from the catalogs, none left in English, and
// the notation's examples kept as they are.
func TestGamesSpeakEveryLanguage(t *testing.T) {
	for _, g := range []games.Game{aseb.Game{}, tab.Game{}, seega.Game{}} {
		enSummary, enGuide := games.Summary(lang.En, g), games.MoveNotation(lang.En, g)
		for _, tag := range lang.Tags[1:] {
			l := lang.Of(tag)
			summary, guide := games.Summary(l, g), games.MoveNotation(l, g)
			if len(summary) != len(enSummary) || len(guide) != len(enGuide) {
				t.Fatalf("%s %s: %d summary and %d notation lines", tag, g.Name(), len(summary), len(guide))
			}
			for i, line := range append(summary, guide...) {
				en := append(enSummary, enGuide...)[i]
				if line == "" || line[0] == '[' || line == en {
					t.Errorf("%s %s line %d: %q", tag, g.Name(), i, line)
				}
			}
			for i, line := range guide {
				if code := strings.SplitN(enGuide[i], "`", 3); len(code) == 3 && !strings.Contains(line, "`"+code[1]+"`") {
					t.Errorf("%s %s: notation line %q lost the example `%s`", tag, g.Name(), line, code[1])
				}
			}
		}
	}
}

// Move labels and picker groups are said in the reader's language; cells and
// numbers stay as they are.
func TestLabelsInRussian(t *testing.T) {
	ru := lang.Of(lang.Russian)
	a, _ := aseb.Game{}.Parse(games.Config{}, "c:5,9 s:8 c:4")
	tb, _ := tab.ParsePosition("7/7/5mM/7 w 1,2 - 0")
	s, _ := seega.Game{}.Parse(games.Config{}, "L..../.DLL./...D./LD.../..L.D L move quiet=9")
	placing, _ := seega.Game{}.Parse(games.Config{}, "...../...../...../...../..... L place hand=12/12")
	for _, c := range []struct {
		pos        games.Position
		move, want string
	}{
		{a, "5x8", "5 → 8, взятие, ещё бросок"},
		{a, "9-13", "9 → 13"},
		{tb, "1b7-b6", "1: b7 → b6, взятие"},
		{s, "C1-C2", "C1 → C2, берёт B2"},
		{placing, "D2+E2", "поставить на D2 и E2"},
	} {
		if got := games.Label(ru, c.pos, c.move); got != c.want {
			t.Errorf("%s: %s labelled %q, want %q", c.pos, c.move, got, c.want)
		}
	}
	if got := games.GroupLabel(ru, placing, "row 3"); got != "ряд 3" {
		t.Errorf("group row 3: %q", got)
	}
	if got := games.GroupLabel(lang.En, placing, "row 3"); got != "row 3" {
		t.Errorf("group row 3 in English: %q", got)
	}
	if got := games.GroupLabel(ru, placing, "A1"); got != "A1" {
		t.Errorf("group A1: %q", got)
	}
	if got := games.GroupLabel(ru, a, "5"); got != "5" {
		t.Errorf("Aseb group 5: %q", got)
	}
}

// An outcome's reason is said in the reader's language and kept in English
// for records.
func TestOutcomeReasonInEveryLanguage(t *testing.T) {
	p, err := tab.ParsePosition("7/7/5mM/7 w 1,2 - 0")
	if err != nil {
		t.Fatal(err)
	}
	q, err := p.Play("1b7-b6")
	if err != nil {
		t.Fatal(err)
	}
	o := q.Outcome()
	if o.Reason.String() != "black has lost all pieces" || o.Reason.In(lang.Of(lang.Russian)) != "чёрные потеряли все фишки" {
		t.Errorf("reason %q / %q", o.Reason, o.Reason.In(lang.Of(lang.Russian)))
	}
}
