package kit

import (
	"context"
	"fmt"
	"kilab/lang"
	"kilab/store"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Options maps a command's options by name (subcommands' options included).
func Options(i *discordgo.Interaction) map[string]*discordgo.ApplicationCommandInteractionDataOption {
	out := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range i.ApplicationCommandData().Options {
		out[o.Name] = o
		for _, sub := range o.Options {
			out[sub.Name] = sub
		}
	}
	return out
}

func OptString(i *discordgo.Interaction, name string) string {
	if o, ok := Options(i)[name]; ok {
		return strings.TrimSpace(fmt.Sprint(o.Value))
	}
	return ""
}

// GameOf reads the game option: a game id, as autocomplete offers it (a
// leading # is forgiven).
func (b *Core) GameOf(ctx context.Context, i *discordgo.Interaction) (store.Game, error) {
	raw := strings.TrimPrefix(OptString(i, OptGame), "#")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return store.Game{}, lang.Fail("cmd.not_a_game", "Raw", strconv.Quote(Clip(raw, 20)))
	}
	g, err := b.DB.Game(ctx, id)
	if err != nil {
		return g, err
	}
	if _, plays := g.Seat(UserOf(i).ID); (i.GuildID == "" && !plays) || (i.GuildID != "" && g.GuildID != i.GuildID) {
		return g, store.ErrNotFound // a server's games stay in it; in DMs, your own games only
	}
	return g, nil
}

// OptUser is the user a user option names, or the one asking when it is
// left out (or Discord sent no resolved user for it).
func OptUser(i *discordgo.Interaction, name string) *discordgo.User {
	o, ok := Options(i)[name]
	res := i.ApplicationCommandData().Resolved
	if ok && res != nil && res.Users[fmt.Sprint(o.Value)] != nil {
		return res.Users[fmt.Sprint(o.Value)]
	}
	return UserOf(i)
}

// OptGame is the option that names a game by its id, in every command that
// takes one; autocomplete offers the player's games for it.
const OptGame = "game"
