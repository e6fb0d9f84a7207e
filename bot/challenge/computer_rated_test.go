package challenge

import (
	"context"
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/lang"
	"kilab/store"
)

// challengeOf is Ana's /challenge aseb against opponent, with rated:rated
// or, for nil, no rated option at all.
func challengeOf(t *testing.T, opponent string, rated *bool, locale string) *discordgo.Interaction {
	t.Helper()
	i := challengeBy(t, kittest.Ana, 0)
	i.Locale = discordgo.Locale(locale)
	data := i.ApplicationCommandData()
	sub := data.Options[0]
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	for _, o := range sub.Options {
		switch o.Name {
		case kit.OptOpponent:
			o.Value = opponent
		case kit.OptRated:
			if rated == nil {
				continue
			}
			o.Value = *rated
		}
		opts = append(opts, o)
	}
	sub.Options = opts
	data.Resolved.Users = map[string]*discordgo.User{opponent: {ID: opponent, Username: "x", Bot: opponent == computerID}}
	i.Data = data
	return i
}

const computerID = "1200000000000000000" // the bot's own user: the computer

// A game against the computer is never rated, so /challenge against it
// with rated:true is refused, in the player's language, with the way out,
// and nothing starts; without the option, or with rated:false, the game
// starts, unrated. Against a person rated:true still makes a rated
// challenge.
func TestComputerRefusesRated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	core.Self = func() string { return computerID }
	b := New(core)
	yes, no := true, false

	for _, locale := range []string{"en-US", "de", "es-ES", "fr", "ru"} {
		err := b.Challenge(ctx, challengeOf(t, computerID, &yes, locale))
		if got, want := explain(t, locale, err), lang.For(locale).T("chal.computer.not_rated"); got != want {
			t.Errorf("%s: rated:true against the computer answered %q, want %q", locale, got, want)
		}
	}
	if got := kittest.Refusal(t, b.Challenge(ctx, challengeOf(t, computerID, &yes, "en-US"))); got != "Games against the computer are never rated: challenge it without rated:true, or challenge a person for a rated game." {
		t.Errorf("in English: %q", got)
	}
	if len(rec.Calls) != 0 {
		t.Errorf("a refused challenge said more: %v", rec.Ops())
	}
	if _, err := db.Challenge(ctx, 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a refused challenge was made: %v", err)
	}

	for n, rated := range []*bool{nil, &no} {
		if err := b.Challenge(ctx, challengeOf(t, computerID, rated, "en-US")); err != nil {
			t.Fatalf("against the computer, rated %v: %v", rated, err)
		}
		g, err := db.Game(ctx, int64(n+1))
		if err != nil {
			t.Fatal(err)
		}
		if g.Rated || !g.Computer.Plays() {
			t.Errorf("against the computer, rated %v: %+v", rated, g)
		}
	}

	if err := b.Challenge(ctx, challengeOf(t, kittest.Bo, &yes, "en-US")); err != nil {
		t.Fatal(err)
	}
	if c, err := db.Challenge(ctx, 3); err != nil || !c.Rated || c.Opponent != kittest.Bo {
		t.Errorf("rated:true against a person: %+v, %v", c, err)
	}
}

// explain is what a player of locale reads of a handler's refusal.
func explain(t *testing.T, locale string, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	text, ok := kit.Explain(lang.For(locale), err)
	if !ok {
		t.Fatalf("a fault, not a refusal: %v", err)
	}
	return text
}
