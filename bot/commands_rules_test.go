package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/info"
	"kilab/lang"
)

// /rules offers each game and, as one more choice of the same option, the
// notation guide, named in every language; "/rules game:aseb" stays as it
// was.
func TestRulesCommandOffersNotation(t *testing.T) {
	t.Parallel()
	def := rulesCommandDef()
	if len(def.Options) != 1 || def.Options[0].Name != "game" || !def.Options[0].Required {
		t.Fatalf("/rules options: %+v", def.Options)
	}
	var values []string
	var notation *discordgo.ApplicationCommandOptionChoice
	for _, c := range def.Options[0].Choices {
		values = append(values, c.Value.(string))
		if c.Value == info.NotationBook {
			notation = c
		}
	}
	if len(values) != 4 || values[0] != "aseb" || values[3] != info.NotationBook || notation == nil {
		t.Fatalf("/rules game choices: %v", values)
	}
	for _, tag := range lang.Tags {
		want := lang.Of(tag).T("cmd.rules.notation")
		found := tag == lang.English && notation.Name == want
		for loc, name := range notation.NameLocalizations {
			found = found || name == want && lang.For(string(loc)).Tag() == tag
		}
		if !found || want == "" {
			t.Errorf("the notation choice has no %s name %q: %v", tag, want, notation.NameLocalizations)
		}
	}
}
