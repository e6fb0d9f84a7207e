package try

import (
	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
)

// member is one of the made-up people of a new world: one for each
// language the bot speaks, so that switching shows each translation, and
// the first a moderator, for /mod.
type member struct {
	name, locale string
	moderator    bool
}

var members = []member{
	{"Ana", "en-US", true},
	{"Jonas", "de", false},
	{"Lucía", "es-ES", false},
	{"Camille", "fr", false},
	{"Misha", "ru", false},
}

// Seed adds the made-up members to a new world. A world read back from a
// file has them already, with the games the database keeps for them.
func Seed(fake *fakediscord.Server) {
	for _, m := range members {
		u := fake.AddUser(m.name)
		fake.SetLocale(u.ID, m.locale)
		if m.moderator {
			fake.GrantPermissions(u.ID, discordgo.PermissionManageGuild|discordgo.PermissionManageThreads)
		}
	}
}
