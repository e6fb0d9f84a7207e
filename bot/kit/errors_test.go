package kit

import (
	"errors"
	"fmt"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/lang"
	"kilab/store"
)

// An engine's refusal keeps its English log line and reads, for a player, as
// a sentence in the player's language.
func TestExplainEngineRefusal(t *testing.T) {
	t.Parallel()
	p, err := aseb.Game{}.Parse(games.Config{}, "c:5 s:- c:2")
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Play("5-8")
	if !errors.Is(err, games.ErrIllegalMove) {
		t.Fatalf("5-8: %v", err)
	}
	if want := "aseb: with a 2 the piece on cell 5 goes to cell 7, not cell 8: games: illegal move"; err.Error() != want {
		t.Errorf("log line %q, want %q", err, want)
	}
	for l, want := range map[*lang.Lang]string{
		lang.En:               "With a 2 the piece on cell 5 goes to cell 7, not cell 8.",
		lang.Of(lang.Russian): "При броске 2 фишка с клетки 5 идёт на клетку 7, а не на клетку 8.",
		lang.Of(lang.German):  "Mit einer 2 zieht der Stein auf Feld 5 auf Feld 7, nicht auf Feld 8.",
	} {
		if got, ok := Explain(l, err); !ok || got != want {
			t.Errorf("%s: %q, %v; want %q", l.Tag(), got, ok, want)
		}
	}
	// The bot's own refusals are sentences already, and an engine error
	// without words of its own is still a refusal, not a fault.
	if got, _ := Explain(lang.En, lang.Fail("err.not_your_turn")); got != "It is not your turn." {
		t.Errorf("a bot refusal: %q", got)
	}
	if got, ok := Explain(lang.En, games.ErrIllegalMove); !ok || got != lang.En.T("err.not_allowed") {
		t.Errorf("a bare illegal move: %q, %v", got, ok)
	}
}

// A commit whose outcome the database could not tell is a fault, but the
// player is not told that nothing was changed.
func TestExplainOutcomeUnknown(t *testing.T) {
	t.Parallel()
	err := fmt.Errorf("accept: transaction 7: %w", store.ErrOutcomeUnknown)
	for _, l := range []*lang.Lang{lang.En, lang.Of(lang.Russian), lang.Of(lang.German), lang.Of(lang.French), lang.Of(lang.Spanish)} {
		got, ok := Explain(l, err)
		if ok || got != l.T("err.fault_unknown") || got == l.T("err.fault") {
			t.Errorf("%s: %q, %v", l.Tag(), got, ok)
		}
	}
	if got, ok := Explain(lang.En, errors.New("disk full")); ok || got != lang.En.T("err.fault") {
		t.Errorf("another fault: %q, %v", got, ok)
	}
}

func TestSentence(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"throw first":         "Throw first.",
		"сначала бросьте":     "Сначала бросьте.",
		"2b3-b2: a 2 (T3)":    "2b3-b2: a 2 (T3).",
		"Already a sentence.": "Already a sentence.",
		"":                    "",
	} {
		if got := sentence(in); got != want {
			t.Errorf("sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
