package info

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
)

// rulesEmbed is the first page of a game's book in l: a summary a newcomer
// can follow, every variant and option, and the throw odds as the engines
// give them (D4).
func rulesEmbed(l *lang.Lang, g games.Game) (*discordgo.MessageEmbed, error) {
	e := &discordgo.MessageEmbed{
		Title:       kit.Clip(l.T("info.rules.title", "Game", g.Title()), 256),
		Description: kit.Clip(strings.Join(games.Summary(l, g), "\n"), 4096),
		Color:       kit.KindColour(g.Name()),
		Footer:      &discordgo.MessageEmbedFooter{Text: l.T("info.rules.footer", "Game", g.Name())},
		Fields:      []*discordgo.MessageEmbedField{{Name: l.T("info.rules.variants"), Value: kit.FitLinesIn(l, variantLines(l, g), 1024)}},
	}
	if guide, ok := g.(games.NotationGuide); ok {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("info.rules.notation"), Value: kit.FitLinesIn(l, append(guide.MoveNotation(l), kit.NotationDoc(l)), 1024)})
	}
	throws, err := throwLines(l, g)
	if err != nil {
		return nil, err
	}
	if len(throws) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("info.rules.throw_odds"), Value: kit.FitLinesIn(l, throws, 1024)})
		e.Footer.Text += " " + l.T("info.rules.footer_throws")
	}
	if turn := games.TurnOdds(g); turn != nil {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("info.rules.turn_odds"), Value: oddsText(turn)})
	}
	return e, nil
}

// variantLines lists each variant, the default first, and under it each of its
// options with the values it takes, by the names /challenge shows for them
// in l (a Russian reader picks "двадцать клеток", not "twenty-squares").
func variantLines(l *lang.Lang, g games.Game) []string {
	var lines []string
	for n, v := range g.Variants() {
		line := l.T("info.rules.variant", "Key", variantName(l, v), "Title", v.Title.In(l))
		if n == 0 {
			line = l.T("info.rules.variant_default", "Key", variantName(l, v), "Title", v.Title.In(l))
		}
		lines = append(lines, line)
		for _, o := range v.Options {
			lines = append(lines, l.T("info.rules.option", "Key", optionName(l, o), "Values", kit.OrWords(l, valueWords(l, o, ordered(o.Values))),
				"Help", o.Help.In(l), "Default", valueWord(l, o, o.Values[0])))
		}
	}
	return lines
}

// variantName is v as /challenge names it in l, or its key where it has no name.
func variantName(l *lang.Lang, v games.Variant) string {
	if v.Name.ID == "" {
		return v.Key
	}
	return v.Name.In(l)
}

// optionName is o as /challenge names it in l, or its key where it has no name.
func optionName(l *lang.Lang, o games.Option) string {
	if o.Name.ID == "" {
		return o.Key
	}
	return o.Name.In(l)
}

// ordered puts numeric values in numeric order (the engines list the default
// first: Tab's widths 11, 7, 9, ...); others stay as they are.
func ordered(values []string) []string {
	nums := make([]int, len(values))
	for n, v := range values {
		k, err := strconv.Atoi(v)
		if err != nil {
			return values
		}
		nums[n] = k
	}
	slices.Sort(nums)
	out := make([]string, len(nums))
	for n, k := range nums {
		out[n] = strconv.Itoa(k)
	}
	return out
}

// valueWords shows true/false options as on/off, as a player thinks of them,
// and o's words ("sticks") as /challenge names them in l.
func valueWords(l *lang.Lang, o games.Option, values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = valueWord(l, o, v)
	}
	return out
}

func valueWord(l *lang.Lang, o games.Option, v string) string {
	switch v {
	case "true":
		return l.T("info.rules.on")
	case "false":
		return l.T("info.rules.off")
	}
	if t, ok := o.Words[v]; ok {
		return t.In(l)
	}
	return v
}

// diceWords name the dice for players in l.
func diceWords(l *lang.Lang, d games.Dice) string {
	switch d {
	case games.Sticks:
		return l.T("info.dice.sticks")
	case games.TabSticks:
		return l.T("info.dice.tab_sticks")
	case games.D4:
		return l.T("info.dice.d4")
	}
	return d.String()
}

// throwLines gives the chance of each score per throw for every way a game's
// variants throw: one line per distinct way, naming the variants (and the
// Option values) that throw so. A game without dice has none.
func throwLines(l *lang.Lang, g games.Game) ([]string, error) {
	var order []string
	who := map[string][]string{}
	for _, v := range g.Variants() {
		seen := map[string]bool{}
		for _, c := range variantConfigs(l, v) {
			line, err := configOdds(l, g, c.cfg)
			if err != nil {
				return nil, err
			}
			if line == "" || seen[line] {
				continue // no dice, or thrown as with the variant's defaults
			}
			seen[line] = true
			if _, ok := who[line]; !ok {
				order = append(order, line)
			}
			who[line] = append(who[line], c.label)
		}
	}
	out := make([]string, len(order))
	for n, line := range order {
		out[n] = fmt.Sprintf("**%s** %s", strings.Join(who[line], ", "), line)
	}
	return out, nil
}

type labelledConfig struct {
	label string
	cfg   games.Config
}

// variantConfigs is a variant with its defaults, then with each other value
// of each option in turn: every option that can change how it throws.
func variantConfigs(l *lang.Lang, v games.Variant) []labelledConfig {
	out := []labelledConfig{{variantName(l, v), games.Config{Variant: v.Key}}}
	for _, o := range v.Options {
		for _, val := range o.Values[1:] {
			out = append(out, labelledConfig{l.T("info.rules.with", "Variant", variantName(l, v), "Option", optionName(l, o), "Value", valueWord(l, o, val)),
				games.Config{Variant: v.Key, Options: map[string]string{o.Key: val}}})
		}
	}
	return out
}

// configOdds is how the start position of cfg throws, and the odds of each
// score: "(sticks, ...): 1 4/15 (26.7%) · ...". A 0 that the engine throws
// again counts for nothing, so the odds are then those of the other scores
// (D4: "after re-throwing 0s"). "" where nothing is thrown.
func configOdds(l *lang.Lang, g games.Game, cfg games.Config) (string, error) {
	cfg, err := games.Normalize(g, cfg)
	if err != nil {
		return "", err
	}
	pos, err := g.New(cfg)
	if err != nil {
		return "", err
	}
	d := pos.Due()
	if d.Kind != games.DueThrow {
		return "", nil
	}
	words := diceWords(l, d.Dice)
	odds := d.Dice.Odds()
	if zeroThrownAgain(pos) {
		odds, words = withoutZero(odds), l.T("info.dice.zero_again", "Dice", words)
	}
	return l.T("info.rules.dice_odds", "Dice", words, "Odds", oddsText(odds)), nil
}

// zeroThrownAgain asks the engine what a 0 does from pos: whether the same
// player must throw again by itself (Aseb standard, A4) rather than pass.
func zeroThrownAgain(pos games.Position) bool {
	d := pos.Due()
	if d.Kind != games.DueThrow || !d.Dice.Valid(0) {
		return false
	}
	next, err := pos.Throw(0)
	if err != nil {
		return false
	}
	nd := next.Due()
	return nd.Kind == games.DueThrow && nd.Player == d.Player && nd.Auto
}

// withoutZero is the odds of each score given that the throw is not a 0:
// over a common denominator the 0's share leaves it (4/16 becomes 4/15, as
// D4 writes it).
func withoutZero(odds []games.Odds) []games.Odds {
	common := 1
	for _, o := range odds {
		common = common / gcd(common, o.Den) * o.Den
	}
	rest := common
	var out []games.Odds
	for _, o := range odds {
		n := o.Num * (common / o.Den)
		if o.Throw == 0 {
			rest -= n
			continue
		}
		out = append(out, games.Odds{Throw: o.Throw, Num: n})
	}
	for k := range out {
		out[k].Den = rest
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// oddsText is "1 4/15 (26.7%) · 2 6/15 (40%) · ...".
func oddsText(odds []games.Odds) string {
	parts := make([]string, len(odds))
	for n, o := range odds {
		parts[n] = fmt.Sprintf("%d %d/%d (%s%%)", o.Throw, o.Num, o.Den, percent(o.Num, o.Den))
	}
	return strings.Join(parts, " · ")
}

// percent is num/den in percent to one decimal, halves rounded up (1/16 is
// 6.3%), without a trailing ".0".
func percent(num, den int) string {
	tenths := math.Round(1000 * float64(num) / float64(den))
	return strings.TrimSuffix(strconv.FormatFloat(tenths/10, 'f', 1, 64), ".0")
}
