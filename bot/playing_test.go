package bot

import (
	"context"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
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
	for _, w := range []string{"in words", "`/rules`", "`/rules game:Notation`", "`in-2`", "aborts the game, unrated"} {
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
