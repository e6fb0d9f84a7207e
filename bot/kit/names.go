package kit

import (
	"kilab/lang"

	"github.com/bwmarrin/discordgo"
)

// Remember keeps the display names the bot sees, for thread names and
// autocomplete labels (which cannot render mentions).
func (b *Core) Remember(i *discordgo.Interaction) {
	remember := func(u *discordgo.User) {
		if u != nil && u.ID != "" {
			b.people.see(u.ID, DisplayName(u))
		}
	}
	remember(UserOf(i))
	if i.Type == discordgo.InteractionApplicationCommand && i.ApplicationCommandData().Resolved != nil {
		for _, u := range i.ApplicationCommandData().Resolved.Users {
			remember(u)
		}
	}
}

// Name is a user's display name from what the bot has seen, "player" in l
// when it has not seen them (autocomplete must answer fast, without a
// lookup).
func (b *Core) Name(l *lang.Lang, id string) string {
	if n, ok := b.people.seenName(id); ok {
		return n
	}
	return l.T("play.player")
}

// LookupName is Name, asking Discord when the bot has not seen the user since
// it started (a thread's name outlives the process).
func (b *Core) LookupName(l *lang.Lang, id string) string {
	if n, ok := b.people.seenName(id); ok {
		return n
	}
	n, err := b.DC.UserName(id)
	if err != nil {
		return l.T("play.player")
	}
	b.people.see(id, n)
	return n
}
