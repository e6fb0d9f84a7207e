package bot

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
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
	optMove     = "move"
)

// The definitions of the slash commands, as the route table (routes.go)
// registers them.

func challengeCommand() *discordgo.ApplicationCommand {
	return kit.Command("challenge", lang.T("cmd.challenge.name"), lang.T("cmd.challenge.desc"), challengeSubcommands()...)
}

func moveCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("move", lang.T("cmd.move.name"), lang.T("cmd.move.desc"),
		gameOption(lang.T("cmd.move.game")),
		kit.WithMax(kit.Option(discordgo.ApplicationCommandOptionString, optMove, lang.T("cmd.opt.move"), lang.T("cmd.move.move"), true), 40, true))
}

func boardCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("board", lang.T("cmd.board.name"), lang.T("cmd.board.desc"), gameOption(lang.T("cmd.board.game")))
}

func gamesCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("games", lang.T("cmd.games.name"), lang.T("cmd.games.desc"),
		kit.Option(discordgo.ApplicationCommandOptionUser, "user", lang.T("cmd.opt.user"), lang.T("cmd.games.user"), false))
}

func resignCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("resign", lang.T("cmd.resign.name"), lang.T("cmd.resign.desc"), gameOption(lang.T("cmd.resign.game")))
}

func drawCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("draw", lang.T("cmd.draw.name"), lang.T("cmd.draw.desc"), gameOption(lang.T("cmd.draw.game")))
}

func settingsCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("settings", lang.T("cmd.settings.name"), lang.T("cmd.settings.desc"),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "dms", lang.T("cmd.opt.dms"), lang.T("cmd.settings.dms"), false),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "reminders", lang.T("cmd.opt.reminders"), lang.T("cmd.settings.reminders"), false),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "automove", lang.T("cmd.opt.automove"), lang.T("cmd.settings.automove"), false),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "autothrow", lang.T("cmd.opt.autothrow"), lang.T("cmd.settings.autothrow"), false))
}

func helpCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("help", lang.T("cmd.help.name"), lang.T("cmd.help.desc"))
}

func rulesCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("rules", lang.T("cmd.rules.name"), lang.T("cmd.rules.desc"), kindOptionIn(lang.T("cmd.rules.game")))
}

func leaderboardCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("leaderboard", lang.T("cmd.leaderboard.name"), lang.T("cmd.leaderboard.desc"), kindOptionIn(lang.T("cmd.leaderboard.game")))
}

func statsCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("stats", lang.T("cmd.stats.name"), lang.T("cmd.stats.desc"),
		kit.Option(discordgo.ApplicationCommandOptionUser, "user", lang.T("cmd.opt.user"), lang.T("cmd.stats.user"), false))
}

func historyCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("history", lang.T("cmd.history.name"), lang.T("cmd.history.desc"), gameOption(lang.T("cmd.history.game")))
}

func reviewCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("review", lang.T("cmd.review.name"), lang.T("cmd.review.desc"), gameOption(lang.T("cmd.review.game")))
}

// gameSubcommand is a subcommand named after game g, as players type it in
// every language, described by desc.
func gameSubcommand(g games.Game, desc kit.Sayer, opts []*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o := kit.Option(discordgo.ApplicationCommandOptionSubCommand, g.Name(), lang.Text{}, desc, false)
	o.NameLocalizations, o.Options = kit.Everywhere(g.Name()), opts
	return o
}

func gameOption(desc lang.Text) *discordgo.ApplicationCommandOption {
	return kit.WithMax(kit.Option(discordgo.ApplicationCommandOptionString, kit.OptGame, lang.T("cmd.opt.game"), desc, true), 20, true)
}

// kindOptionIn is /rules' and /leaderboard's game option with its
// localisations; its choices are the games, proper names in every language.
func kindOptionIn(desc lang.Text) *discordgo.ApplicationCommandOption {
	o := kit.KindOption(desc.In(lang.En))
	o.NameLocalizations = kit.Localized(lang.T("cmd.opt.game"), 32)
	o.DescriptionLocalizations = kit.Localized(desc, 100)
	for _, c := range o.Choices {
		c.NameLocalizations = kit.Everywhere(c.Name)
	}
	return o
}

func challengeSubcommands() []*discordgo.ApplicationCommandOption {
	var subs []*discordgo.ApplicationCommandOption
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		opts := []*discordgo.ApplicationCommandOption{
			kit.Option(discordgo.ApplicationCommandOptionUser, optOpponent, lang.T("cmd.opt.opponent"), lang.T("cmd.challenge.opponent"), false),
		}
		opts = append(opts, variantOptions(g)...)
		level := kit.SayFunc(func(l *lang.Lang) string {
			return l.T("cmd.challenge.level", "Default", kit.ChoiceText(l, nil, ai.DefaultLevel))
		})
		opts = append(opts,
			choiceOption(nil, optFirst, lang.T("cmd.opt.first"), lang.T("cmd.challenge.first"), "random", "me", "opponent"),
			timeOption(),
			kit.Option(discordgo.ApplicationCommandOptionBoolean, optRated, lang.T("cmd.opt.rated"), lang.T("cmd.challenge.rated"), false),
			choiceOption(nil, optLevel, lang.T("cmd.opt.level"), level, ai.Levels...),
		)
		subs = append(subs, gameSubcommand(g, lang.T("cmd.challenge.game", "Game", g.Title()), opts))
	}
	return subs
}

// timeOption is the days a player has for each move, for a challenge or a
// tournament.
func timeOption() *discordgo.ApplicationCommandOption {
	o := kit.Option(discordgo.ApplicationCommandOptionInteger, optTime, lang.T("cmd.opt.time"), lang.T("cmd.challenge.time"), false)
	o.Choices = kit.DayChoices(1, 3, 7, 14)
	return o
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
		desc := kit.SayFunc(func(l *lang.Lang) string {
			return l.T("cmd.challenge.variant", "Default", kit.ChoiceText(l, g, keys[0]))
		})
		out = append(out, choiceOption(g, optVariant, lang.T("cmd.opt.variant"), desc, keys...))
	}
	seen := map[string]bool{}
	for _, v := range vs {
		for _, o := range v.Options {
			if seen[o.Key] {
				continue
			}
			seen[o.Key] = true
			out = append(out, optionFor(g, o, v.Key, len(vs) > 1))
		}
	}
	return out
}

// optionFor is game g's option o as a slash command option, named as the
// game names it: its help, the variant it belongs to when the game has
// several, and its default.
func optionFor(g games.Game, o games.Option, variant string, several bool) *discordgo.ApplicationCommandOption {
	desc := kit.SayFunc(func(l *lang.Lang) string {
		if several {
			return l.T("cmd.challenge.variant_option", "Help", o.Help.In(l), "Variant", kit.ChoiceText(l, g, variant), "Default", kit.ChoiceText(l, g, o.Values[0]))
		}
		return l.T("cmd.challenge.option", "Help", o.Help.In(l), "Default", kit.ChoiceText(l, g, o.Values[0]))
	})
	if isBool(o.Values) {
		return kit.Option(discordgo.ApplicationCommandOptionBoolean, o.Key, o.Name, desc, false)
	}
	return choiceOption(g, o.Key, o.Name, desc, o.Values...)
}

func isBool(values []string) bool {
	s := slices.Clone(values)
	slices.Sort(s)
	return slices.Equal(s, []string{"false", "true"})
}

// choiceOption is a string option offering values, each shown by its
// choiceName where it has one; g is the game whose values they are, or nil
// for the bot's own.
func choiceOption(g games.Game, name string, nameT lang.Text, desc kit.Sayer, values ...string) *discordgo.ApplicationCommandOption {
	o := kit.Option(discordgo.ApplicationCommandOptionString, name, nameT, desc, false)
	for _, v := range values {
		c := &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v}
		if t, ok := kit.ChoiceName(g, v); ok {
			c.Name, c.NameLocalizations = kit.Clip(t.In(lang.En), 100), kit.Localized(t, 100)
		}
		o.Choices = append(o.Choices, c)
	}
	return o
}
