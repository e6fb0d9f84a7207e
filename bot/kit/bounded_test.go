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
		core.people.recordLocale(fmt.Sprint(i), "de")
		core.guildLocales.Put(fmt.Sprint("g", i), "de")
	}
	if n := core.people.m.Len(); n != keptPerMap {
		t.Errorf("%d players kept, the bound is %d", n, keptPerMap)
	}
	if n := core.guildLocales.Len(); n != keptPerMap {
		t.Errorf("%d servers' locales kept, the bound is %d", n, keptPerMap)
	}
	if core.Name(lang.En, "0") != lang.En.T("play.player") || core.Name(lang.En, fmt.Sprint(keptPerMap+499)) != fmt.Sprint("u", keptPerMap+499) {
		t.Error("the oldest name was kept, or the newest forgotten")
	}
}

// A player's one entry keeps its fields apart: a name seen (a user named in
// a command) is not a name recorded, so the first record still writes; a
// record reports a change only when the value differs.
func TestPeopleKeepFieldsApart(t *testing.T) {
	t.Parallel()
	p := newPeople()
	p.see("1", "Ana")
	if !p.recordName("1", "Ana") {
		t.Error("a name seen counted as recorded")
	}
	if p.recordName("1", "Ana") || !p.recordName("1", "Ana B") {
		t.Error("recordName reports no change as one, or a change as none")
	}
	if !p.recordLocale("1", "de") || p.recordLocale("1", "de") || !p.recordLocale("1", "fr") {
		t.Error("recordLocale reports changes wrongly")
	}
	if n, ok := p.seenName("1"); !ok || n != "Ana" {
		t.Errorf("the name seen became %q, %v", n, ok)
	}
	if _, ok := p.seenName("2"); ok {
		t.Error("a user never seen has a name")
	}
	p.recordLocale("3", "de")
	if _, ok := p.seenName("3"); ok {
		t.Error("a user whose locale was recorded has an empty name seen")
	}
}
