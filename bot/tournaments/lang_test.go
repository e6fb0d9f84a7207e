package tournaments

import (
	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/store"
	"strings"
	"testing"
)

// Scores in words take the plural form of each language, halves included.
func TestPointsText(t *testing.T) {
	t.Parallel()
	ru, fr := lang.Of(lang.Russian), lang.Of(lang.French)
	for _, c := range []struct {
		l    *lang.Lang
		p    float64
		want string
	}{
		{lang.En, 1, "1 point"}, {lang.En, 3, "3 points"}, {lang.En, 0.5, "½ points"}, {lang.En, 2.5, "2½ points"},
		{ru, 1, "1 очко"}, {ru, 3, "3 очка"}, {ru, 5, "5 очков"}, {ru, 21, "21 очко"}, {ru, 1.5, "1½ очка"},
		{fr, 0, "0 point"}, {fr, 1.5, "1½ point"}, {fr, 2.5, "2½ points"},
	} {
		if got := pointsText(c.l, c.p); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.l.Tag(), c.p, got, c.want)
		}
	}
}

// The announcement's buttons and status speak the server's language.
func TestTournamentMessageLanguage(t *testing.T) {
	t.Parallel()
	tm := store.Tournament{ID: 7, Kind: "aseb", Status: store.TournamentOpen, Format: "swiss", Rounds: 5, TimeLimit: 2 * store.Day, Rated: true,
		Config: games.Config{Variant: "standard"}}
	m := tournamentMessage(lang.Of(lang.Russian), tm, nil)
	desc := m.Embeds[0].Description
	for _, w := range []string{"5 туров", "2 дня на ход", "пока никого", "**Участвовать**"} {
		if !strings.Contains(desc, w) {
			t.Errorf("announcement lacks %q:\n%s", w, desc)
		}
	}
}

// The tournament's buttons are made through their shape, which the router
// registers in the bot; here the test does.
func init() { kit.RegisterShape("t", kit.VerbThenID) }
