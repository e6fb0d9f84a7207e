package kit

import (
	"kilab/lang"

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
