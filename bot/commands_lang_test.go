package bot

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
)

// localName is Discord's rule for a localised command or option name.
var localName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// allLocales are every Discord locale the commands are localised in.
func allLocales() []discordgo.Locale {
	var out []discordgo.Locale
	for _, d := range kit.DiscordLocales {
		out = append(out, d.Locales...)
	}
	return out
}

// TestCommandLocalisations checks every command, subcommand, option and
// choice in every locale against Discord's rules: names of its pattern, in
// lower case, unique among their siblings; descriptions and choice names of
// 1 to 100 characters, none clipped; and none missing.
func TestCommandLocalisations(t *testing.T) {
	t.Parallel()
	cmds := Commands()
	for _, loc := range allLocales() {
		seen := map[string]string{}
		for _, c := range cmds {
			path := "/" + c.Name
			var names, descs map[discordgo.Locale]string
			if c.NameLocalizations != nil {
				names = *c.NameLocalizations
			}
			if c.DescriptionLocalizations != nil {
				descs = *c.DescriptionLocalizations
			}
			checkName(t, loc, path, names, seen)
			checkDesc(t, loc, path, descs)
			checkOptions(t, loc, path, c.Options)
			if n := localChars(loc, c.Name, names, c.Description, descs, c.Options); n > 4000 {
				t.Errorf("%s in %s: names, descriptions and choices total %d characters; Discord allows 4000 per command and locale", path, loc, n)
			}
		}
	}
}

func checkOptions(t *testing.T, loc discordgo.Locale, path string, opts []*discordgo.ApplicationCommandOption) {
	seen := map[string]string{}
	for _, o := range opts {
		p := path + " " + o.Name
		checkName(t, loc, p, o.NameLocalizations, seen)
		checkDesc(t, loc, p, o.DescriptionLocalizations)
		for _, c := range o.Choices {
			checkChoice(t, loc, p, c)
		}
		checkOptions(t, loc, p, o.Options)
	}
}

// checkName checks the name of path in loc; seen holds its siblings' names
// in loc, by name, and gains this one.
func checkName(t *testing.T, loc discordgo.Locale, path string, names map[discordgo.Locale]string, seen map[string]string) {
	t.Helper()
	name, ok := names[loc]
	switch {
	case !ok || name == "":
		t.Errorf("%s has no name in %s: add its cmd.*.name or cmd.opt.* message (or a case in optionName for a new game option)", path, loc)
		return
	case !localName.MatchString(name):
		t.Errorf("%s is named %q in %s: Discord takes 1-32 letters, digits, - and _, no spaces", path, name, loc)
	case strings.ToLower(name) != name:
		t.Errorf("%s is named %q in %s: Discord wants lower case", path, name, loc)
	}
	if other, dup := seen[name]; dup {
		t.Errorf("%s and %s are both named %q in %s: Discord refuses siblings of one name", other, path, name, loc)
	}
	seen[name] = path
}

func checkDesc(t *testing.T, loc discordgo.Locale, path string, descs map[discordgo.Locale]string) {
	t.Helper()
	d, ok := descs[loc]
	n := utf8.RuneCountInString(d)
	switch {
	case !ok || n == 0:
		t.Errorf("%s has no description in %s", path, loc)
	case n > 100:
		t.Errorf("%s's description in %s has %d characters, Discord allows 100: %q", path, loc, n, d)
	case strings.HasSuffix(d, "…"):
		t.Errorf("%s's description in %s was clipped to Discord's 100 characters; shorten its translation: %q", path, loc, d)
	}
}

// checkChoice checks a choice's name in loc: a name with a letter in it is
// a word to translate (a proper name is localised as itself), a number
// needs no translation.
func checkChoice(t *testing.T, loc discordgo.Locale, path string, c *discordgo.ApplicationCommandOptionChoice) {
	t.Helper()
	name, ok := c.NameLocalizations[loc]
	if !ok {
		if strings.IndexFunc(c.Name, unicode.IsLetter) >= 0 {
			t.Errorf("%s: choice %q has no name in %s: add a case to kit.ChoiceName and a cmd.choice message", path, c.Name, loc)
		}
		return
	}
	if n := utf8.RuneCountInString(name); n < 1 || n > 100 {
		t.Errorf("%s: choice %q is %q in %s: 1 to 100 characters", path, c.Name, name, loc)
	}
}

// localChars counts a command as Discord does for its limit of 4000
// characters, in one locale: names, descriptions, choice names and values.
func localChars(loc discordgo.Locale, name string, names map[discordgo.Locale]string, desc string, descs map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption) int {
	pick := func(def string, m map[discordgo.Locale]string) int {
		if s, ok := m[loc]; ok {
			return utf8.RuneCountInString(s)
		}
		return utf8.RuneCountInString(def)
	}
	n := pick(name, names) + pick(desc, descs)
	for _, o := range opts {
		for _, c := range o.Choices {
			n += pick(c.Name, c.NameLocalizations) + utf8.RuneCountInString(fmt.Sprint(c.Value))
		}
		n += localChars(loc, o.Name, o.NameLocalizations, o.Description, o.DescriptionLocalizations, o.Options)
	}
	return n
}

// commandMention is a "/word" in a message: a slash after a space, an
// opening bracket, quote or backtick, or at the start. URLs (https://...),
// paths (docs/rules.md) and fractions (1/2, W/D/L) do not match.
var commandMention = regexp.MustCompile("(^|[\\s(«\"'`„“])/([\\p{L}-]+)")

// commandNamesIn are the top-level command names players of language tag
// type: the English names, or the localised ones of the tag's first Discord
// locale.
func commandNamesIn(tag lang.Tag, cmds []*discordgo.ApplicationCommand) []string {
	var loc discordgo.Locale
	for _, d := range kit.DiscordLocales {
		if d.Tag == tag {
			loc = d.Locales[0]
		}
	}
	var names []string
	for _, c := range cmds {
		name := c.Name
		if loc != "" && c.NameLocalizations != nil && (*c.NameLocalizations)[loc] != "" {
			name = (*c.NameLocalizations)[loc]
		}
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// TestMessagesNameCommandsOfTheirLanguage fails on a message that mentions
// a command by a name its language's players cannot type: "/board" in a
// Russian message, where the command is /доска.
func TestMessagesNameCommandsOfTheirLanguage(t *testing.T) {
	t.Parallel()
	cmds := Commands()
	for _, tag := range lang.Tags {
		names := commandNamesIn(tag, cmds)
		msgs := lang.Messages(tag)
		ids := make([]string, 0, len(msgs))
		for id := range msgs {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			for _, text := range msgs[id] {
				for _, m := range commandMention.FindAllStringSubmatch(text, -1) {
					if !slices.Contains(names, m[2]) {
						t.Errorf("%s message %s says /%s, which is no command in %s; its commands are /%s",
							tag, id, m[2], tag, strings.Join(names, ", /"))
					}
				}
			}
		}
	}
}

// TestEnglishNamesAreTheirMessages keeps the English names the handlers
// switch on equal to the English of the catalog's name messages.
func TestEnglishNamesAreTheirMessages(t *testing.T) {
	t.Parallel()
	for _, c := range Commands() {
		if got := lang.En.T("cmd." + c.Name + ".name"); got != c.Name {
			t.Errorf("/%s: its English name message says %q", c.Name, got)
		}
	}
}

// /help, /settings and /games answer in the locale the command came with.
func TestSmallCommandsSpeakTheirLocale(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd, locale, want string
	}{
		{"help", "ru", "`/вызов aseb`"},
		{"help", "es-419", "`/desafío aseb`"},
		{"help", "en-US", "`/challenge aseb`"},
		{"settings", "de", "Erinnerungen: **an**"},
		{"games", "fr", "n'a aucune partie en cours"},
	} {
		b, rec, _ := unitBot(t)
		i := payload(t, "autocomplete_game.json")
		i.Type, i.Locale = discordgo.InteractionApplicationCommand, discordgo.Locale(tc.locale)
		i.Data = discordgo.ApplicationCommandInteractionData{Name: tc.cmd}
		b.Handle(context.Background(), i)
		resp, ok := rec.First("respond")
		if !ok {
			t.Fatalf("/%s in %s: no answer", tc.cmd, tc.locale)
		}
		text := resp.Msg.Content
		for _, e := range resp.Msg.Embeds {
			text += e.Description
		}
		if !strings.Contains(text, tc.want) {
			t.Errorf("/%s in %s: %q lacks %q", tc.cmd, tc.locale, text, tc.want)
		}
	}
}

// The bulk overwrite Kilab sends carries the localisations, of commands and
// of options alike.
func TestRegistrationSendsLocalisations(t *testing.T) {
	t.Parallel()
	body, err := kit.CommandsBody(Commands())
	if err != nil {
		t.Fatal(err)
	}
	c := body[0]
	names, _ := c["name_localizations"].(map[string]any)
	opts, _ := c["options"].([]any)
	if names["ru"] != "вызов" || c["description_localizations"] == nil || len(opts) == 0 {
		t.Fatalf("/%v is sent without its localisations: %v", c["name"], c)
	}
	if o, _ := opts[0].(map[string]any); o["name_localizations"] == nil || o["description_localizations"] == nil {
		t.Errorf("/%v %v is sent without its localisations", c["name"], o["name"])
	}
}
