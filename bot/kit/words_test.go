package kit

import (
	"testing"

	"kilab/games"
	"kilab/lang"
)

// A game's title names its variant and options as /challenge does, in the
// reader's language, leaving out options at their defaults.
func TestConfigTextSaysChallengeNames(t *testing.T) {
	t.Parallel()
	aseb, _ := games.Lookup("aseb")
	tab, _ := games.Lookup("tab")
	for _, c := range []struct {
		tag  lang.Tag
		g    games.Game
		cfg  games.Config
		want string
	}{
		{lang.English, aseb, games.Config{Variant: "standard", Options: map[string]string{"pieces": "7", "dice": "sticks"}}, "standard · pieces 7"},
		{lang.Russian, aseb, games.Config{Variant: "twenty-squares", Options: map[string]string{"house4": "true", "enter-past-own": "false"}}, "двадцать клеток · дом4 да"},
		{lang.German, aseb, games.Config{Variant: "standard", Options: map[string]string{"dice": "d4"}}, "Standard · würfel W4"},
		{lang.Spanish, tab, games.Config{Variant: "standard", Options: map[string]string{"width": "7"}}, "estándar · ancho 7"},
		{lang.French, aseb, games.Config{Variant: "royalur"}, "RoyalUr"},
	} {
		if got := ConfigText(lang.Of(c.tag), c.g, c.cfg); got != c.want {
			t.Errorf("%s %s %v: %q, want %q", c.tag, c.g.Name(), c.cfg, got, c.want)
		}
	}
}
