package bot

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// docPlayingPath is the players' page, from this package's directory.
var docPlayingPath = filepath.Join("..", "docs", "playing.md")

// docUsages are the slash commands as their usage lines, one per command or,
// for a command with subcommands, per subcommand: the command's path
// ("/mod channels add"), then each option, a required one as its name, one
// that may be left out in brackets ("/games [user]").
func docUsages(cmds []*discordgo.ApplicationCommand) []string {
	var out []string
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		line := path
		for _, o := range opts {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				walk(path+" "+o.Name, o.Options)
				continue
			}
			if o.Required {
				line += " " + o.Name
			} else {
				line += " [" + o.Name + "]"
			}
		}
		if line != path || !docHasSub(opts) {
			out = append(out, line)
		}
	}
	for _, c := range cmds {
		walk("/"+c.Name, c.Options)
	}
	return out
}

func docHasSub(opts []*discordgo.ApplicationCommandOption) bool {
	for _, o := range opts {
		if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			return true
		}
	}
	return false
}

func TestDocUsages(t *testing.T) {
	t.Parallel()
	cmds := []*discordgo.ApplicationCommand{
		{Name: "help"},
		{Name: "games", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionUser, Name: "user"}}},
		{Name: "mod", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "show"},
			{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "role", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "set", Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionRole, Name: "role", Required: true}}},
			}},
		}},
	}
	want := []string{"/help", "/games [user]", "/mod show", "/mod role set role"}
	if got := docUsages(cmds); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("usages = %q, want %q", got, want)
	}
}

// docPlaying is docs/playing.md.
func docPlaying(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(docPlayingPath)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docMentions reports whether text has path ("/mod", "/mod channels add")
// as a whole: not the start of a longer name ("/mod" in "/moderate").
func docMentions(text, path string) bool {
	return regexp.MustCompile(regexp.QuoteMeta(path) + `(?:[^A-Za-z0-9_-]|$)`).MatchString(text)
}

// Every slash command the bot registers is in docs/playing.md: each
// command as /name, each subcommand as /name sub, and every command or
// subcommand with every one of its options, in the table of commands, as
// `/name sub option [optional]`, so that an option added, renamed or made
// required shows here.
func TestDocPlayingHasEveryCommand(t *testing.T) {
	t.Parallel()
	doc := docPlaying(t)
	cmds := Commands()
	if len(cmds) < 15 {
		t.Fatalf("Commands() has only %d commands", len(cmds))
	}
	var paths func(path string, opts []*discordgo.ApplicationCommandOption)
	paths = func(path string, opts []*discordgo.ApplicationCommandOption) {
		if !docMentions(doc, path) {
			t.Errorf("%s does not mention %s", docPlayingPath, path)
		}
		for _, o := range opts {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				paths(path+" "+o.Name, o.Options)
			}
		}
	}
	for _, c := range cmds {
		paths("/"+c.Name, c.Options)
	}
	for _, u := range docUsages(cmds) {
		if !strings.Contains(doc, "`"+u+"`") {
			t.Errorf("%s has no `%s` (its table of commands gives each command with all its options)", docPlayingPath, u)
		}
	}
}

// Every option of /settings is named in docs/playing.md as `option`, with
// what it turns on or off.
func TestDocPlayingHasEverySetting(t *testing.T) {
	t.Parallel()
	doc := docPlaying(t)
	var settings *discordgo.ApplicationCommand
	for _, c := range Commands() {
		if c.Name == "settings" {
			settings = c
		}
	}
	if settings == nil {
		t.Fatal("no /settings among Commands()")
	}
	var walk func(opts []*discordgo.ApplicationCommandOption)
	n := 0
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			walk(o.Options)
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				continue
			}
			n++
			if !regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(o.Name) + "` \\|").MatchString(doc) {
				t.Errorf("%s's table of settings has no row for `%s`", docPlayingPath, o.Name)
			}
		}
	}
	walk(settings.Options)
	if n == 0 {
		t.Error("/settings has no options")
	}
}
