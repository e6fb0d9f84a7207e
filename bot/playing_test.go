package bot

import (
	"context"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
)

// /help says buttons show moves in words and where the notation is explained.
func TestHelpPointsToNotation(t *testing.T) {
	t.Parallel()
	b, rec, _ := unitBot(t)
	i := payload(t, "autocomplete_game.json")
	i.Type = discordgo.InteractionApplicationCommand
	i.Data = discordgo.ApplicationCommandInteractionData{Name: "help"}
	b.Handle(context.Background(), i)
	resp, ok := rec.First("respond")
	if !ok || len(resp.Msg.Embeds) != 1 {
		t.Fatalf("/help answered %+v", resp.Msg)
	}
	kittest.CheckEmbed(t, resp.Msg.Embeds[0])
	for _, w := range []string{"in words", "`/rules`", "docs/notation.md", "`in-2`", "aborts the game, unrated"} {
		if !strings.Contains(resp.Msg.Embeds[0].Description, w) {
			t.Errorf("/help lacks %q", w)
		}
	}
}

func TestResignCustomIDs(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{kit.ResignCID("y", 1), kit.ResignCID("a", 12), kit.ResignCID("k", 99)} {
		if a, _, err := parseAction(ok); err != nil || a.Kind != "q" {
			t.Errorf("%q: %+v, %v", ok, a, err)
		}
	}
	for _, bad := range []string{"q/y/0", "q/y/-1", "q/x/1", "q/y", "q/y/1/2", "q/yy/1", "q//1"} {
		if _, _, err := parseAction(bad); err == nil {
			t.Errorf("%q accepted", bad)
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
				a, _, _ := parseAction(b.CustomID)
				labels[a.Arg] = b.Label
			}
		}
	}
	if labels["1b4^b3"] != "1: top of b4 → b3, captures" || labels["3b5-b2"] != "3: b5 → b2" || len(labels) != len(pos.Moves()) {
		t.Errorf("button labels %v", labels)
	}
}
