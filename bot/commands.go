package bot

import (
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/games"
)

// Options of /challenge that every game shares; the rest come from the
// game's variants.
const (
	optOpponent = "opponent"
	optVariant  = "variant"
	optFirst    = "first"
	optTime     = "time"
	optRated    = "rated"
	optLevel    = "level"
	optGame     = "game"
	optMove     = "move"
)

// Commands returns the slash commands, built from the games registry so that a
// variant or option added to an engine appears without touching the bot.
func Commands() []*discordgo.ApplicationCommand {
	contexts := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	cmds := []*discordgo.ApplicationCommand{
		{Name: "challenge", Description: "Challenge someone (or anyone) to a game", Options: challengeSubcommands()},
		{Name: "move", Description: "Play a move in one of your games", Options: []*discordgo.ApplicationCommandOption{
			gameOption("The game to move in"),
			{Type: discordgo.ApplicationCommandOptionString, Name: optMove, Description: "The move, or throw", Required: true, Autocomplete: true, MaxLength: 40},
		}},
		{Name: "board", Description: "Show the current board of a game", Options: []*discordgo.ApplicationCommandOption{gameOption("The game to show")}},
		{Name: "games", Description: "Active games, whose turn it is and the time left", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose games (default: yours)"},
		}},
		{Name: "resign", Description: "Resign a game", Options: []*discordgo.ApplicationCommandOption{gameOption("The game to resign")}},
		{Name: "draw", Description: "Offer a draw in Tab or Seega, or accept your opponent's offer", Options: []*discordgo.ApplicationCommandOption{gameOption("The game")}},
		{Name: "settings", Description: "Turn DMs, reminders, automatic only moves and throws on or off", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "dms", Description: "Send me a DM when it is my turn"},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "reminders", Description: "Remind me by DM before a move's deadline"},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "automove", Description: "Play my move for me when only one is possible"},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "autothrow", Description: "Throw for me when my turn begins with a throw"},
		}},
		vacationCommand(),
		{Name: "help", Description: "What Kilab is and how to start a game"},
		{Name: "rules", Description: "How to play a game, its variants and the chances of each throw", Options: []*discordgo.ApplicationCommandOption{kindOption("The game")}},
		{Name: "leaderboard", Description: "This server's ratings in a game", Options: []*discordgo.ApplicationCommandOption{kindOption("The game")}},
		{Name: "stats", Description: "Ratings, wins, losses and draws per game, and recent games", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose stats (default: yours)"}}},
		{Name: "history", Description: "A game's record as a text file and an animated replay", Options: []*discordgo.ApplicationCommandOption{gameOption("The game (its number; finished games too)")}},
		{Name: "review", Description: "A finished game's winning chances move by move, and each player's costliest moves", Options: []*discordgo.ApplicationCommandOption{gameOption("The finished game")}},
	}
	for _, c := range cmds {
		c.Contexts = contexts
	}
	cmds = append(cmds, tournamentCommands()...) // server-only, with their own contexts
	return cmds
}

func gameOption(desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: optGame, Description: desc, Required: true, Autocomplete: true, MaxLength: 20}
}

func challengeSubcommands() []*discordgo.ApplicationCommandOption {
	var subs []*discordgo.ApplicationCommandOption
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		opts := []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionUser, Name: optOpponent, Description: "Who to play (leave out for an open challenge anyone may accept)"},
		}
		opts = append(opts, variantOptions(g)...)
		opts = append(opts,
			choiceOption(optFirst, "Who moves first (default: random)", "random", "me", "opponent"),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: optTime, Description: "Days per move (default 3)",
				Choices: intChoices(1, 3, 7, 14)},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: optRated, Description: "Does the game count for ratings (default: yes)"},
			choiceOption(optLevel, "The computer's strength, when you challenge Kilab itself (default: "+ai.DefaultLevel+")", ai.Levels...),
		)
		subs = append(subs, &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: "Challenge to a game of " + g.Title(), Options: opts,
		})
	}
	return subs
}

// variantOptions turns a game's variants and their options into slash command
// options: a variant choice where there is more than one, then every option of
// any variant (the handler refuses one given with the wrong variant).
func variantOptions(g games.Game) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	vs := g.Variants()
	if len(vs) > 1 {
		keys := make([]string, len(vs))
		for i, v := range vs {
			keys[i] = v.Key
		}
		out = append(out, choiceOption(optVariant, "The rules (default: "+keys[0]+")", keys...))
	}
	seen := map[string]bool{}
	for _, v := range vs {
		for _, o := range v.Options {
			if seen[o.Key] {
				continue
			}
			seen[o.Key] = true
			out = append(out, optionFor(o, v.Key, len(vs) > 1))
		}
	}
	return out
}

func optionFor(o games.Option, variant string, several bool) *discordgo.ApplicationCommandOption {
	desc := o.Help.String() + " (default " + o.Values[0] + ")"
	if several {
		desc = o.Help.String() + " (" + variant + " only; default " + o.Values[0] + ")"
	}
	if isBool(o.Values) {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: o.Key, Description: clip(desc, 100)}
	}
	return choiceOption(o.Key, clip(desc, 100), o.Values...)
}

func isBool(values []string) bool {
	s := slices.Clone(values)
	slices.Sort(s)
	return slices.Equal(s, []string{"false", "true"})
}

func choiceOption(name, desc string, values ...string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc}
	for _, v := range values {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
	}
	return o
}

func intChoices(vals ...int) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range vals {
		name := "1 day"
		if v != 1 {
			name = strconv.Itoa(v) + " days"
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: v})
	}
	return out
}

// clip shortens s to at most n runes, for Discord's length limits.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
