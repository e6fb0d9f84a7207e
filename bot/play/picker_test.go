package play

import (
	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// parseGame reads a board's custom_id as the router does, through the game
// route's shape.
func parseGame(id string) (kit.Action, string, error) {
	f := strings.SplitN(id, "/", 5)
	a := kit.Action{Kind: f[0]}
	if a.Kind != "g" || !kit.GameShape.Parse(f[1:], &a) {
		return a, "", kit.ErrForged
	}
	return a, a.Kind, nil
}

// The picker never shows more than Discord allows, for every position of a
// random 9x9 Seega placement and a 29-wide Tab turn, and every move stays
// reachable through its steps.
func TestPickerReachesEveryMove(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ game, opt, val string }{{"seega", "size", "9"}, {"tab", "width", "29"}, {"aseb", "pieces", "7"}} {
		g, _ := games.Lookup(tc.game)
		cfg, _ := games.Normalize(g, games.Config{Options: map[string]string{tc.opt: tc.val}})
		pos, _ := g.New(cfg)
		src := games.Seeded(3)
		var rec games.Recorder
		for n := 0; n < 40 && pos.Due().Kind != games.DueNothing; n++ {
			if pos.Due().Kind == games.DueThrow {
				pos, _ = games.Roll(pos, pos.Due().Player, src, &rec)
				continue
			}
			checkPicker(t, pos)
			moves := pos.Moves()
			pos, _ = pos.Play(moves[src.Uint64()%uint64(len(moves))].Notation)
		}
	}
}

// checkPicker walks the stepped picker from the top and checks that every
// legal move is offered somewhere, within Discord's limits at every step.
func checkPicker(t *testing.T, pos games.Position) {
	t.Helper()
	found := map[string]bool{}
	var walk func(prefix string, depth int)
	walk = func(prefix string, depth int) {
		rows := kit.MovePicker(lang.En, 1, 1, pos, prefix)
		if len(rows) > kit.MaxRows || depth > 6 {
			t.Fatalf("%s: picker %q has %d rows (depth %d)", pos, prefix, len(rows), depth)
		}
		for _, r := range rows {
			for _, c := range r.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.Button:
					if a, _, _ := parseGame(c.CustomID); a.Verb == "m" {
						found[a.Arg] = true
					}
				case discordgo.SelectMenu:
					if len(c.Options) > kit.MaxOptions {
						t.Fatalf("%s: %d options", pos, len(c.Options))
					}
					a, _, _ := parseGame(c.CustomID)
					for _, o := range c.Options {
						switch {
						case a.Verb == "s":
							found[o.Value] = true
						case strings.HasPrefix(o.Value, "="):
							found[o.Value[1:]] = true
						default:
							walk(pickerTarget(a.Arg, []string{o.Value}), depth+1)
						}
					}
				}
			}
		}
	}
	walk("", 0)
	for _, m := range pos.Moves() {
		if !found[m.Notation] {
			t.Fatalf("%s: move %s cannot be reached through the picker", pos, m.Notation)
		}
	}
}

// Buttons and select options are worded by the game and stay within
// Discord's limits; their ids keep the notation.
func TestPickerLabelsInWords(t *testing.T) {
	t.Parallel()
	g, _ := games.Lookup("tab")
	cfg, _ := games.Normalize(g, games.Config{Options: map[string]string{"width": "7"}})
	pos, err := g.Parse(cfg, "ccc4/7/2m(MM)M2/7 w 1,3 - 0")
	if err != nil {
		t.Fatal(err)
	}
	labels := map[string]string{}
	for _, r := range kit.MovePicker(lang.En, 1, 1, pos, "") {
		for _, c := range r.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok {
				a, _, _ := parseGame(b.CustomID)
				labels[a.Arg] = b.Label
			}
		}
	}
	if labels["1b4^b3"] != "1: top of b4 → b3, captures" || labels["3b5-b2"] != "3: b5 → b2" || len(labels) != len(pos.Moves()) {
		t.Errorf("button labels %v", labels)
	}
}

// The board's buttons are made through the game route's shape, which the
// router registers in the bot; here the test does.
func init() { kit.RegisterShape("g", kit.GameShape) }
