package bot

import (
	"kilab/bot/kit"
	"testing"

	"kilab/games"
	"kilab/lang"
)

// TestSeatWords checks every seat of every game has its own word in every
// language, and the capital of seatTitle.
func TestSeatWords(t *testing.T) {
	t.Parallel()
	for _, tag := range lang.Tags {
		l := lang.Of(tag)
		seen := map[string]bool{}
		for _, name := range games.Names() {
			g, _ := games.Lookup(name)
			for p := range games.Player(2) {
				w := kit.SeatWord(l, g, p)
				if w == "" || w[0] == '[' || seen[w] || (tag != lang.English && w == g.Seats()[p]) {
					t.Errorf("%s %s seat %d: %q", tag, name, p, w)
				}
				seen[w] = true
			}
		}
	}
	aseb, _ := games.Lookup("aseb")
	if got := kit.SeatTitle(lang.Of(lang.Russian), aseb, 1); got != "Веретёна" {
		t.Errorf("seatTitle: %q", got)
	}
}
