package lang

import (
	"errors"
	"strings"
	"testing"
)

func TestFor(t *testing.T) {
	for locale, want := range map[string]Tag{
		"ru": Russian, "de": German, "fr": French, "es-ES": Spanish, "es-419": Spanish,
		"en-US": English, "en-GB": English, "pt-BR": English, "": English, "zh-CN": English,
	} {
		if got := For(locale).Tag(); got != want {
			t.Errorf("For(%q) = %s, want %s", locale, got, want)
		}
	}
}

// TestRussianPlurals checks that counts take Russian's three forms.
func TestRussianPlurals(t *testing.T) {
	ru := Of(Russian)
	for n, want := range map[int]string{1: "1 день", 2: "2 дня", 5: "5 дней", 21: "21 день", 22: "22 дня", 11: "11 дней"} {
		if got := ru.N("lang.days", n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
	if got := En.N("lang.days", 1); got != "1 day" {
		t.Errorf("English 1: %q", got)
	}
}

func TestErrorSaysItselfAndUnwraps(t *testing.T) {
	base := errors.New("games: illegal move")
	e := Wrap(base, "lang.days", "Count", 2)
	e.Count = new(int)
	*e.Count = 2
	if !errors.Is(e, base) {
		t.Fatal("does not unwrap")
	}
	if got := e.In(Of(German)); got != "2 Tage" {
		t.Fatalf("German: %q", got)
	}
	if e.Error() != "2 days: games: illegal move" {
		t.Fatalf("Error(): %q", e.Error())
	}
	if got := En.T(strings.Repeat("no.such.", 1) + "message"); got != "[no.such.message]" {
		t.Fatalf("missing: %q", got)
	}
}

// A Text whose value is a Text (a variant's name) says both in the reader's
// language.
func TestTextSaysTextsWithin(t *testing.T) {
	e := Fail("games.config.other_variant", "Option", T("cmd.opt.house4"), "Other", T("cmd.choice.twenty_squares"), "Variant", T("cmd.choice.royalur"))
	if got := e.In(Of(Russian)); !strings.Contains(got, "дом4") || !strings.Contains(got, "двадцать клеток") {
		t.Errorf("Russian: %q", got)
	}
	if got := e.Error(); !strings.Contains(got, "house4") || !strings.Contains(got, "twenty-squares") {
		t.Errorf("English: %q", got)
	}
	if _, ok := e.KV[1].(Text); !ok {
		t.Error("saying the Text changed its values")
	}
}
