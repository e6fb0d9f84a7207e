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

// Each game says of itself whether draws may be agreed (T12, S8; Aseb is a
// race, A12), whether a turn is several throws (T2), and whether moving
// first is an edge a round robin evens out (Aseb, Seega).
func TestGamesDescribeThemselves(t *testing.T) {
	for _, c := range []struct {
		g        games.Game
		draws    bool
		turnOdds bool
		sides    bool
	}{{aseb.Game{}, false, false, true}, {tab.Game{}, true, true, false}, {seega.Game{}, true, false, true}} {
		if got := games.AgreedDraws(c.g); got != c.draws {
			t.Errorf("%s: agreed draws %v, want %v", c.g.Name(), got, c.draws)
		}
		if got := games.SidesMatter(c.g); got != c.sides {
			t.Errorf("%s: sides matter %v, want %v", c.g.Name(), got, c.sides)
		}
		if len(games.Summary(lang.En, c.g)) < 5 {
			t.Errorf("%s: summary %q", c.g.Name(), games.Summary(lang.En, c.g))
		}
		odds := games.TurnOdds(c.g)
		if (odds != nil) != c.turnOdds {
			t.Errorf("%s: turn odds %v", c.g.Name(), odds)
		}
		for _, o := range odds {
			if o.Num <= 0 || o.Num > o.Den {
				t.Errorf("%s: turn odds %+v out of range", c.g.Name(), o)
			}
		}
	}
}

// /rules names the quiet counts the pictures show (T12, S8) in the words the
// pictures use.
func TestSummariesNameTheQuietCounts(t *testing.T) {
	for _, g := range []games.Game{tab.Game{}, seega.Game{}} {
		text := strings.Join(games.Summary(lang.En, g), "\n")
		if !strings.Contains(text, "quiet") {
			t.Errorf("%s: the summary never says quiet: %s", g.Name(), text)
		}
	}
}

// A game names its own variants and word values for the choices players
// pick from; numbers and values of other games are not its words.
func TestValueName(t *testing.T) {
	for _, c := range []struct {
		g     games.Game
		value string
		id    string
	}{
		{aseb.Game{}, "twenty-squares", "cmd.choice.twenty_squares"},
		{aseb.Game{}, "sticks", "cmd.choice.sticks"},
		{seega.Game{}, "lane", "cmd.choice.lane"},
		{aseb.Game{}, "5", ""},
		{tab.Game{}, "11", ""},
		{tab.Game{}, "sticks", ""},
	} {
		got, ok := games.ValueName(c.g, c.value)
		if got.ID != c.id || ok != (c.id != "") {
			t.Errorf("%s %q: %q, %v; want %q", c.g.Name(), c.value, got.ID, ok, c.id)
		}
	}
}

// Each game names its own seats in every language; a caller that kept only
// a seat's key (a chart) finds the same words through the registry. In
// English the words are the keys.
func TestSeatNames(t *testing.T) {
	for _, g := range []games.Game{aseb.Game{}, tab.Game{}, seega.Game{}} {
		for _, tag := range lang.Tags {
			l := lang.Of(tag)
			for p, key := range g.Seats() {
				name := games.SeatName(l, g, games.Player(p))
				if name == "" || name[0] == '[' || (tag == lang.English) != (name == key) {
					t.Errorf("%s %s seat %d: %q", tag, g.Name(), p, name)
				}
				if w := games.SeatWord(l, key); w != name {
					t.Errorf("%s %s: SeatWord(%q) = %q, SeatName %q", tag, g.Name(), key, w, name)
				}
			}
		}
	}
	if w := games.SeatWord(lang.En, "nobody"); w != "nobody" {
		t.Errorf("an unknown seat key: %q", w)
	}
}
