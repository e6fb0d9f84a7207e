package bot

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/games"
	"kilab/lang"
	"kilab/tournament"
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

// The definitions of the slash commands, as the route table (routes.go)
// registers them.

func challengeCommand() *discordgo.ApplicationCommand {
	return command("challenge", lang.T("cmd.challenge.name"), lang.T("cmd.challenge.desc"), challengeSubcommands()...)
}

func moveCommandDef() *discordgo.ApplicationCommand {
	return command("move", lang.T("cmd.move.name"), lang.T("cmd.move.desc"),
		gameOption(lang.T("cmd.move.game")),
		withMax(option(discordgo.ApplicationCommandOptionString, optMove, lang.T("cmd.opt.move"), lang.T("cmd.move.move"), true), 40, true))
}

func boardCommandDef() *discordgo.ApplicationCommand {
	return command("board", lang.T("cmd.board.name"), lang.T("cmd.board.desc"), gameOption(lang.T("cmd.board.game")))
}

func gamesCommandDef() *discordgo.ApplicationCommand {
	return command("games", lang.T("cmd.games.name"), lang.T("cmd.games.desc"),
		option(discordgo.ApplicationCommandOptionUser, "user", lang.T("cmd.opt.user"), lang.T("cmd.games.user"), false))
}

func resignCommandDef() *discordgo.ApplicationCommand {
	return command("resign", lang.T("cmd.resign.name"), lang.T("cmd.resign.desc"), gameOption(lang.T("cmd.resign.game")))
}

func drawCommandDef() *discordgo.ApplicationCommand {
	return command("draw", lang.T("cmd.draw.name"), lang.T("cmd.draw.desc"), gameOption(lang.T("cmd.draw.game")))
}

func settingsCommandDef() *discordgo.ApplicationCommand {
	return command("settings", lang.T("cmd.settings.name"), lang.T("cmd.settings.desc"),
		option(discordgo.ApplicationCommandOptionBoolean, "dms", lang.T("cmd.opt.dms"), lang.T("cmd.settings.dms"), false),
		option(discordgo.ApplicationCommandOptionBoolean, "reminders", lang.T("cmd.opt.reminders"), lang.T("cmd.settings.reminders"), false),
		option(discordgo.ApplicationCommandOptionBoolean, "automove", lang.T("cmd.opt.automove"), lang.T("cmd.settings.automove"), false),
		option(discordgo.ApplicationCommandOptionBoolean, "autothrow", lang.T("cmd.opt.autothrow"), lang.T("cmd.settings.autothrow"), false))
}

func helpCommandDef() *discordgo.ApplicationCommand {
	return command("help", lang.T("cmd.help.name"), lang.T("cmd.help.desc"))
}

func rulesCommandDef() *discordgo.ApplicationCommand {
	return command("rules", lang.T("cmd.rules.name"), lang.T("cmd.rules.desc"), kindOptionIn(lang.T("cmd.rules.game")))
}

func leaderboardCommandDef() *discordgo.ApplicationCommand {
	return command("leaderboard", lang.T("cmd.leaderboard.name"), lang.T("cmd.leaderboard.desc"), kindOptionIn(lang.T("cmd.leaderboard.game")))
}

func statsCommandDef() *discordgo.ApplicationCommand {
	return command("stats", lang.T("cmd.stats.name"), lang.T("cmd.stats.desc"),
		option(discordgo.ApplicationCommandOptionUser, "user", lang.T("cmd.opt.user"), lang.T("cmd.stats.user"), false))
}

func historyCommandDef() *discordgo.ApplicationCommand {
	return command("history", lang.T("cmd.history.name"), lang.T("cmd.history.desc"), gameOption(lang.T("cmd.history.game")))
}

func reviewCommandDef() *discordgo.ApplicationCommand {
	return command("review", lang.T("cmd.review.name"), lang.T("cmd.review.desc"), gameOption(lang.T("cmd.review.game")))
}

// discordLocales are the Discord locales of each language Kilab speaks
// besides English, the default: Discord has two Spanish ones.
var discordLocales = []struct {
	tag     lang.Tag
	locales []discordgo.Locale
}{
	{lang.Russian, []discordgo.Locale{discordgo.Russian}},
	{lang.German, []discordgo.Locale{discordgo.German}},
	{lang.French, []discordgo.Locale{discordgo.French}},
	{lang.Spanish, []discordgo.Locale{discordgo.SpanishES, discordgo.SpanishLATAM}},
}

// sayer is words said in the reader's language: a lang.Text, or words
// built of several Texts (a game option's help and its default), which a
// Text cannot hold (a Text among a Text's values is said in English).
type sayer interface{ In(l *lang.Lang) string }

// sayFunc is a sayer of its own making.
type sayFunc func(l *lang.Lang) string

func (f sayFunc) In(l *lang.Lang) string { return f(l) }

// localized says s in every Discord locale of discordLocales, clipped to n
// runes, for a NameLocalizations or DescriptionLocalizations field.
func localized(s sayer, n int) map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{}
	for _, d := range discordLocales {
		said := clip(s.In(lang.Of(d.tag)), n)
		for _, loc := range d.locales {
			m[loc] = said
		}
	}
	return m
}

// everywhere is a proper name (a game's: "aseb", "Aseb"), the same in every
// locale.
func everywhere(s string) map[discordgo.Locale]string {
	return localized(sayFunc(func(*lang.Lang) string { return s }), 100)
}

// command is a slash command named name in English and nameT elsewhere.
func command(name string, nameT lang.Text, desc sayer, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	names, descs := localized(nameT, 32), localized(desc, 100)
	return &discordgo.ApplicationCommand{Name: name, NameLocalizations: &names,
		Description: clip(desc.In(lang.En), 100), DescriptionLocalizations: &descs, Options: opts}
}

// option is an option (or subcommand) named name in English and nameT
// elsewhere; a nameT without an id (a game's option Kilab has no words for)
// leaves it without localisations, which the tests catch.
func option(typ discordgo.ApplicationCommandOptionType, name string, nameT lang.Text, desc sayer, required bool) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: typ, Name: name,
		Description: clip(desc.In(lang.En), 100), DescriptionLocalizations: localized(desc, 100), Required: required}
	if nameT.ID != "" {
		o.NameLocalizations = localized(nameT, 32)
	}
	return o
}

// subcommand is an option of type SubCommand holding opts.
func subcommand(name string, nameT lang.Text, desc sayer, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o := option(discordgo.ApplicationCommandOptionSubCommand, name, nameT, desc, false)
	o.Options = opts
	return o
}

// gameSubcommand is a subcommand named after game g, as players type it in
// every language, described by desc.
func gameSubcommand(g games.Game, desc sayer, opts []*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o := option(discordgo.ApplicationCommandOptionSubCommand, g.Name(), lang.Text{}, desc, false)
	o.NameLocalizations, o.Options = everywhere(g.Name()), opts
	return o
}

func withMax(o *discordgo.ApplicationCommandOption, maxLength int, autocomplete bool) *discordgo.ApplicationCommandOption {
	o.MaxLength, o.Autocomplete = maxLength, autocomplete
	return o
}

func gameOption(desc lang.Text) *discordgo.ApplicationCommandOption {
	return withMax(option(discordgo.ApplicationCommandOptionString, optGame, lang.T("cmd.opt.game"), desc, true), 20, true)
}

// kindOptionIn is /rules' and /leaderboard's game option with its
// localisations; its choices are the games, proper names in every language.
func kindOptionIn(desc lang.Text) *discordgo.ApplicationCommandOption {
	o := kindOption(desc.In(lang.En))
	o.NameLocalizations = localized(lang.T("cmd.opt.game"), 32)
	o.DescriptionLocalizations = localized(desc, 100)
	for _, c := range o.Choices {
		c.NameLocalizations = everywhere(c.Name)
	}
	return o
}

func challengeSubcommands() []*discordgo.ApplicationCommandOption {
	var subs []*discordgo.ApplicationCommandOption
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		opts := []*discordgo.ApplicationCommandOption{
			option(discordgo.ApplicationCommandOptionUser, optOpponent, lang.T("cmd.opt.opponent"), lang.T("cmd.challenge.opponent"), false),
		}
		opts = append(opts, variantOptions(g)...)
		level := sayFunc(func(l *lang.Lang) string {
			return l.T("cmd.challenge.level", "Default", choiceText(l, nil, ai.DefaultLevel))
		})
		opts = append(opts,
			choiceOption(nil, optFirst, lang.T("cmd.opt.first"), lang.T("cmd.challenge.first"), "random", "me", "opponent"),
			timeOption(),
			option(discordgo.ApplicationCommandOptionBoolean, optRated, lang.T("cmd.opt.rated"), lang.T("cmd.challenge.rated"), false),
			choiceOption(nil, optLevel, lang.T("cmd.opt.level"), level, ai.Levels...),
		)
		subs = append(subs, gameSubcommand(g, lang.T("cmd.challenge.game", "Game", g.Title()), opts))
	}
	return subs
}

// timeOption is the days a player has for each move, for a challenge or a
// tournament.
func timeOption() *discordgo.ApplicationCommandOption {
	o := option(discordgo.ApplicationCommandOptionInteger, optTime, lang.T("cmd.opt.time"), lang.T("cmd.challenge.time"), false)
	o.Choices = dayChoices(1, 3, 7, 14)
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
		desc := sayFunc(func(l *lang.Lang) string {
			return l.T("cmd.challenge.variant", "Default", choiceText(l, g, keys[0]))
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
	desc := sayFunc(func(l *lang.Lang) string {
		if several {
			return l.T("cmd.challenge.variant_option", "Help", o.Help.In(l), "Variant", choiceText(l, g, variant), "Default", choiceText(l, g, o.Values[0]))
		}
		return l.T("cmd.challenge.option", "Help", o.Help.In(l), "Default", choiceText(l, g, o.Values[0]))
	})
	if isBool(o.Values) {
		return option(discordgo.ApplicationCommandOptionBoolean, o.Key, o.Name, desc, false)
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
func choiceOption(g games.Game, name string, nameT lang.Text, desc sayer, values ...string) *discordgo.ApplicationCommandOption {
	o := option(discordgo.ApplicationCommandOptionString, name, nameT, desc, false)
	for _, v := range values {
		c := &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v}
		if t, ok := choiceName(g, v); ok {
			c.Name, c.NameLocalizations = clip(t.In(lang.En), 100), localized(t, 100)
		}
		o.Choices = append(o.Choices, c)
	}
	return o
}

// dayChoices are choices of days ("1 day", "3 days"), valued in days.
func dayChoices(vals ...int) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range vals {
		t := lang.N("lang.days", v)
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: t.In(lang.En), NameLocalizations: localized(t, 100), Value: v})
	}
	return out
}

// choiceText is a choice's value as l shows it: its choiceName (g's, or
// with nil the bot's own), or the value itself (a number).
func choiceText(l *lang.Lang, g games.Game, value string) string {
	if t, ok := choiceName(g, value); ok {
		return t.In(l)
	}
	return value
}

// clip shortens s to at most n runes, for Discord's length limits.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// choiceName is the display name of a choice's value in every language:
// the bot's own words ("random", "easy", "swiss", "true"), then game g's
// (games.ValueName: "twenty-squares", "sticks"); false for a value that is
// no word to translate (a number) or one neither knows. g may be nil.
func choiceName(g games.Game, value string) (lang.Text, bool) {
	switch value {
	case "random":
		return lang.T("cmd.choice.random"), true
	case "me":
		return lang.T("cmd.choice.me"), true
	case "opponent":
		return lang.T("cmd.choice.opponent"), true
	case "easy":
		return lang.T("cmd.choice.easy"), true
	case "medium":
		return lang.T("cmd.choice.medium"), true
	case "hard":
		return lang.T("cmd.choice.hard"), true
	case string(tournament.RoundRobin):
		return lang.T("cmd.choice.round_robin"), true
	case string(tournament.Swiss):
		return lang.T("cmd.choice.swiss"), true
	case "true":
		return lang.T("cmd.choice.true"), true
	case "false":
		return lang.T("cmd.choice.false"), true
	}
	if g == nil {
		return lang.Text{}, false
	}
	return games.ValueName(g, value)
}
