package kit

import (
	"kilab/games"
	"kilab/lang"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// DiscordLocales are the Discord locales of each language Kilab speaks
// besides English, the default: Discord has two Spanish ones.
var DiscordLocales = []struct {
	Tag     lang.Tag
	Locales []discordgo.Locale
}{
	{lang.Russian, []discordgo.Locale{discordgo.Russian}},
	{lang.German, []discordgo.Locale{discordgo.German}},
	{lang.French, []discordgo.Locale{discordgo.French}},
	{lang.Spanish, []discordgo.Locale{discordgo.SpanishES, discordgo.SpanishLATAM}},
}

// Sayer is words said in the reader's language: a lang.Text, or words
// built of several Texts (a game option's help and its default), which a
// Text cannot hold (a Text among a Text's values is said in English).
type Sayer interface{ In(l *lang.Lang) string }

// SayFunc is a sayer of its own making.
type SayFunc func(l *lang.Lang) string

func (f SayFunc) In(l *lang.Lang) string { return f(l) }

// Localized says s in every Discord locale of discordLocales, clipped to n
// runes, for a NameLocalizations or DescriptionLocalizations field.
func Localized(s Sayer, n int) map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{}
	for _, d := range DiscordLocales {
		said := Clip(s.In(lang.Of(d.Tag)), n)
		for _, loc := range d.Locales {
			m[loc] = said
		}
	}
	return m
}

// Everywhere is a proper name (a game's: "aseb", "Aseb"), the same in every
// locale.
func Everywhere(s string) map[discordgo.Locale]string {
	return Localized(SayFunc(func(*lang.Lang) string { return s }), 100)
}

// Command is a slash command named name in English and nameT elsewhere.
func Command(name string, nameT lang.Text, desc Sayer, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	names, descs := Localized(nameT, 32), Localized(desc, 100)
	return &discordgo.ApplicationCommand{Name: name, NameLocalizations: &names,
		Description: Clip(desc.In(lang.En), 100), DescriptionLocalizations: &descs, Options: opts}
}

// Option is an option (or subcommand) named name in English and nameT
// elsewhere; a nameT without an id (a game's option Kilab has no words for)
// leaves it without localisations, which the tests catch.
func Option(typ discordgo.ApplicationCommandOptionType, name string, nameT lang.Text, desc Sayer, required bool) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: typ, Name: name,
		Description: Clip(desc.In(lang.En), 100), DescriptionLocalizations: Localized(desc, 100), Required: required}
	if nameT.ID != "" {
		o.NameLocalizations = Localized(nameT, 32)
	}
	return o
}

// GuildOnly are the contexts of a command offered in servers only: one
// whose handler refuses DMs (it needs a server's ratings, channels or
// moderators) is registered with these, so that Discord does not offer it
// where it cannot work. The handler keeps its own check: an old client or
// a forged interaction may still send it from a DM.
func GuildOnly() *[]discordgo.InteractionContextType {
	return &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
}

// Subcommand is an option of type SubCommand holding opts.
func Subcommand(name string, nameT lang.Text, desc Sayer, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o := Option(discordgo.ApplicationCommandOptionSubCommand, name, nameT, desc, false)
	o.Options = opts
	return o
}

func WithMax(o *discordgo.ApplicationCommandOption, maxLength int, autocomplete bool) *discordgo.ApplicationCommandOption {
	o.MaxLength, o.Autocomplete = maxLength, autocomplete
	return o
}

// DayChoices are choices of days ("1 day", "3 days"), valued in days.
func DayChoices(vals ...int) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range vals {
		t := lang.N("lang.days", v)
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: t.In(lang.En), NameLocalizations: Localized(t, 100), Value: v})
	}
	return out
}

// Options of /challenge that every game shares; the rest come from the
// game's variants.
const (
	OptOpponent = "opponent"
	OptVariant  = "variant"
	OptFirst    = "first"
	OptTime     = "time"
	OptRated    = "rated"
	OptLevel    = "level"
	OptMove     = "move"
	// OptTournament names a tournament by its id.
	OptTournament = "tournament"
)

// GameSubcommand is a subcommand named after game g, as players type it in
// every language, described by desc.
func GameSubcommand(g games.Game, desc Sayer, opts []*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o := Option(discordgo.ApplicationCommandOptionSubCommand, g.Name(), lang.Text{}, desc, false)
	o.NameLocalizations, o.Options = Everywhere(g.Name()), opts
	return o
}

func GameOption(desc lang.Text) *discordgo.ApplicationCommandOption {
	return WithMax(Option(discordgo.ApplicationCommandOptionString, OptGame, lang.T("cmd.opt.game"), desc, true), 20, true)
}

// KindOptionIn is /rules' and /leaderboard's game option with its
// localisations; its choices are the games, proper names in every language.
func KindOptionIn(desc lang.Text) *discordgo.ApplicationCommandOption {
	o := KindOption(desc.In(lang.En))
	o.NameLocalizations = Localized(lang.T("cmd.opt.game"), 32)
	o.DescriptionLocalizations = Localized(desc, 100)
	for _, c := range o.Choices {
		c.NameLocalizations = Everywhere(c.Name)
	}
	return o
}

// TimeOption is the days a player has for each move, for a challenge or a
// tournament.
func TimeOption() *discordgo.ApplicationCommandOption {
	o := Option(discordgo.ApplicationCommandOptionInteger, OptTime, lang.T("cmd.opt.time"), lang.T("cmd.challenge.time"), false)
	o.Choices = DayChoices(1, 3, 7, 14)
	return o
}

// VariantOptions turns a game's variants and their options into slash command
// options: a variant choice where there is more than one, then every option of
// any variant (the handler refuses one given with the wrong variant).
func VariantOptions(g games.Game) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	vs := g.Variants()
	if len(vs) > 1 {
		keys := make([]string, len(vs))
		for i, v := range vs {
			keys[i] = v.Key
		}
		desc := SayFunc(func(l *lang.Lang) string {
			return l.T("cmd.challenge.variant", "Default", ChoiceText(l, g, keys[0]))
		})
		out = append(out, ChoiceOption(g, OptVariant, lang.T("cmd.opt.variant"), desc, keys...))
	}
	seen := map[string]bool{}
	for _, v := range vs {
		for _, o := range v.Options {
			if seen[o.Key] {
				continue
			}
			seen[o.Key] = true
			out = append(out, OptionFor(g, o, v.Key, len(vs) > 1))
		}
	}
	return out
}

// OptionFor is game g's option o as a slash command option, named as the
// game names it: its help, the variant it belongs to when the game has
// several, and its default.
func OptionFor(g games.Game, o games.Option, variant string, several bool) *discordgo.ApplicationCommandOption {
	desc := SayFunc(func(l *lang.Lang) string {
		if several {
			return l.T("cmd.challenge.variant_option", "Help", o.Help.In(l), "Variant", ChoiceText(l, g, variant), "Default", ChoiceText(l, g, o.Values[0]))
		}
		return l.T("cmd.challenge.option", "Help", o.Help.In(l), "Default", ChoiceText(l, g, o.Values[0]))
	})
	if IsBool(o.Values) {
		return Option(discordgo.ApplicationCommandOptionBoolean, o.Key, o.Name, desc, false)
	}
	return ChoiceOption(g, o.Key, o.Name, desc, o.Values...)
}

func IsBool(values []string) bool {
	s := slices.Clone(values)
	slices.Sort(s)
	return slices.Equal(s, []string{"false", "true"})
}

// ChoiceOption is a string option offering values, each shown by its
// choiceName where it has one; g is the game whose values they are, or nil
// for the bot's own.
func ChoiceOption(g games.Game, name string, nameT lang.Text, desc Sayer, values ...string) *discordgo.ApplicationCommandOption {
	o := Option(discordgo.ApplicationCommandOptionString, name, nameT, desc, false)
	for _, v := range values {
		c := &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v}
		if t, ok := ChoiceName(g, v); ok {
			c.Name, c.NameLocalizations = Clip(t.In(lang.En), 100), Localized(t, 100)
		}
		o.Choices = append(o.Choices, c)
	}
	return o
}
