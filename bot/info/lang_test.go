package info

import (
	"kilab/bot/kit/kittest"
	"strings"
	"testing"

	"kilab/games"
	"kilab/lang"
)

// /rules in every language fits Discord's limits and shows the variants'
// titles in that language.
func TestRulesEmbedsInEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, tag := range lang.Tags {
		l := lang.Of(tag)
		for _, name := range games.Names() {
			g, _ := games.Lookup(name)
			e, err := rulesEmbed(l, g)
			if err != nil {
				t.Fatal(err)
			}
			kittest.CheckEmbed(t, e)
			if title := g.Variants()[0].Title.In(l); !strings.Contains(e.Fields[0].Value, title) {
				t.Errorf("%s /rules %s lacks %q:\n%s", tag, name, title, e.Fields[0].Value)
			}
		}
	}
}
