package kit

import (
	"fmt"
	"kilab/games"
	"kilab/lang"
	"kilab/tournament"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// OrWords is "a, b or c" in l.
func OrWords(l *lang.Lang, s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return l.T("chal.or_list", "Items", strings.Join(s[:len(s)-1], ", "), "Last", s[len(s)-1])
}

// NotationDoc points to the full notation guide, for /help and /rules.
func NotationDoc(l *lang.Lang) string { return l.T("play.notation_doc") }

// KindOption is the game option of /rules and /leaderboard: a game by name,
// chosen from a fixed list (these commands are about a game, not a match).
func KindOption(desc string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: OptGame, Description: desc, Required: true}
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: g.Title(), Value: name})
	}
	return o
}

// KindOf reads the game option of /rules and /leaderboard as a game's name.
func KindOf(i *discordgo.Interaction) (games.Game, error) {
	name := OptString(i, OptGame)
	g, err := games.Lookup(name)
	if err != nil {
		return nil, lang.Fail("info.err.unknown_game", "Name", fmt.Sprintf("%q", name), "Games", strings.Join(games.Names(), ", "))
	}
	return g, nil
}

// FitLinesIn joins lines with newlines within Discord's limit of n characters,
// leaving out whole lines rather than cutting one in half (a mention or link
// cut in two shows as garbage), and saying in l how many were left out.
func FitLinesIn(l *lang.Lang, lines []string, n int) string {
	var b strings.Builder
	size := 0
	for k, line := range lines {
		more := "\n" + l.N("info.more", len(lines)-k)
		room := n - size - utf8.RuneCountInString(more)
		if k == len(lines)-1 {
			room = n - size
		}
		if utf8.RuneCountInString(line)+1 > room {
			b.WriteString(more)
			break
		}
		if k > 0 {
			b.WriteByte('\n')
			size++
		}
		b.WriteString(line)
		size += utf8.RuneCountInString(line)
	}
	return b.String()
}

func KindTitle(kind string) string {
	if g, err := games.Lookup(kind); err == nil {
		return g.Title()
	}
	return kind
}

// ChoiceText is a choice's value as l shows it: its ChoiceName (g's, or
// with nil the bot's own), or the value itself (a number).
func ChoiceText(l *lang.Lang, g games.Game, value string) string {
	if t, ok := ChoiceName(g, value); ok {
		return t.In(l)
	}
	return value
}

// ChoiceName is the display name of a choice's value in every language:
// the bot's own words ("random", "easy", "swiss", "true"), then game g's
// (games.ValueName: "twenty-squares", "sticks"); false for a value that is
// no word to translate (a number) or one neither knows. g may be nil.
func ChoiceName(g games.Game, value string) (lang.Text, bool) {
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

// Each puts p before each of words.
func Each(p string, words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = p + w
	}
	return out
}

// ValidDays reports whether d is one of the time limits players choose from:
// 1, 3, 7 or 14 days a move.
func ValidDays(d int) bool { return d == 1 || d == 3 || d == 7 || d == 14 }
