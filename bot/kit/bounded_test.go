package kit

import (
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/lang"
)

// The names and locales a copy remembers stay within their bound however
// many users it meets: the least recently seen are forgotten, and a name
// forgotten reads as "player" until they come back.
func TestRememberedStayBounded(t *testing.T) {
	t.Parallel()
	core := NewCore(nil, nil, nil, nil, ai.Env{})
	for i := range keptPerMap + 500 {
		core.Remember(&discordgo.Interaction{Type: discordgo.InteractionMessageComponent,
			User: &discordgo.User{ID: fmt.Sprint(i), Username: fmt.Sprint("u", i)}, Data: discordgo.MessageComponentInteractionData{}})
		core.locales.swap(fmt.Sprint("u", i), "de")
	}
	if n := core.names.Len(); n != keptPerMap {
		t.Errorf("%d names kept, the bound is %d", n, keptPerMap)
	}
	if n := core.locales.m.Len(); n != keptPerMap {
		t.Errorf("%d locales kept, the bound is %d", n, keptPerMap)
	}
	if core.Name(lang.En, "0") != lang.En.T("play.player") || core.Name(lang.En, fmt.Sprint(keptPerMap+499)) != fmt.Sprint("u", keptPerMap+499) {
		t.Error("the oldest name was kept, or the newest forgotten")
	}
}
