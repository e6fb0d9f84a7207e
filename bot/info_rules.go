package bot

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
)

// kindOption is the game option of /rules and /leaderboard: a game by name,
// chosen from a fixed list (these commands are about a game, not a match).
func kindOption(desc string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: optGame, Description: desc, Required: true}
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: g.Title(), Value: name})
	}
	return o
}

// kindOf reads the game option of /rules and /leaderboard as a game's name.
func kindOf(i *discordgo.Interaction) (games.Game, error) {
	name := optString(i, optGame)
	g, err := games.Lookup(name)
	if err != nil {
		return nil, userf("I do not know the game %q: pick one of %s.", name, strings.Join(games.Names(), ", "))
	}
	return g, nil
}

// rulesCommand is /rules game: a summary a newcomer can follow, every variant
// and option, and the throw odds as the engines give them (D4). It is
// ephemeral, like /help: reference reading that would crowd a busy channel.
func (b *Bot) rulesCommand(i *discordgo.Interaction) error {
	g, err := kindOf(i)
	if err != nil {
		return err
	}
	e, err := rulesEmbed(g)
	if err != nil {
		return err
	}
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{e}})
}

// rulesEmbed is the /rules answer for one game.
func rulesEmbed(g games.Game) (*discordgo.MessageEmbed, error) {
	e := &discordgo.MessageEmbed{
		Title:       "How to play " + g.Title(),
		Description: clip(strings.Join(summaries[g.Name()], "\n"), 4096),
		Color:       kindColour(g.Name()),
		Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Start a game with /challenge %s. Rule ids in brackets are those of Kilab's rulebook, docs/rules.md in its source, where every rule is written out in full.", g.Name())},
		Fields:      []*discordgo.MessageEmbedField{{Name: "Variants and options", Value: fitLines(variantLines(g), 1024)}},
	}
	if guide, ok := g.(games.NotationGuide); ok {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Typing a move (/move)", Value: fitLines(append(guide.MoveNotation(), notationDoc), 1024)})
	}
	throws, err := throwLines(g)
	if err != nil {
		return nil, err
	}
	if len(throws) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Chance of each score per throw", Value: fitLines(throws, 1024)})
		e.Footer.Text += " Every throw is drawn by the server and kept in the game's record (/history)."
	}
	if turn := games.TurnOdds(g); turn != nil {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Chance that a turn's throws hold each score at least once", Value: oddsText(turn)})
	}
	return e, nil
}

// variantLines lists each variant, the default first, and under it each of its
// options with the values it takes.
func variantLines(g games.Game) []string {
	var lines []string
	for n, v := range g.Variants() {
		line := fmt.Sprintf("**%s**: %s", v.Key, v.Title)
		if n == 0 {
			line = fmt.Sprintf("**%s** (default): %s", v.Key, v.Title)
		}
		lines = append(lines, line)
		for _, o := range v.Options {
			lines = append(lines, fmt.Sprintf("· `%s` %s: %s (default %s)", o.Key, orList(valueWords(ordered(o.Values))), o.Help, valueWord(o.Values[0])))
		}
	}
	return lines
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

// valueWords shows true/false options as on/off, as a player thinks of them.
func valueWords(values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = valueWord(v)
	}
	return out
}

func valueWord(v string) string {
	switch v {
	case "true":
		return "on"
	case "false":
		return "off"
	}
	return v
}

// orList is "a, b or c".
func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// fitLines joins lines with newlines within Discord's limit of n characters,
// leaving out whole lines rather than cutting one in half (a mention or link
// cut in two shows as garbage), and saying how many were left out.
func fitLines(lines []string, n int) string {
	var b strings.Builder
	size := 0
	for k, l := range lines {
		more := fmt.Sprintf("\n… and %d more", len(lines)-k)
		room := n - size - utf8.RuneCountInString(more)
		if k == len(lines)-1 {
			room = n - size
		}
		if utf8.RuneCountInString(l)+1 > room {
			b.WriteString(more)
			break
		}
		if k > 0 {
			b.WriteByte('\n')
			size++
		}
		b.WriteString(l)
		size += utf8.RuneCountInString(l)
	}
	return b.String()
}

// diceWords name the dice for players.
var diceWords = map[games.Dice]string{
	games.Sticks:    "four sticks, score = flat sides up",
	games.TabSticks: "four sticks, 1-4 flat sides score 1-4, none scores 6",
	games.D4:        "a four-sided die",
}

// throwLines gives the chance of each score per throw for every way a game's
// variants throw: one line per distinct way, naming the variants (and the
// option values) that throw so. A game without dice has none.
func throwLines(g games.Game) ([]string, error) {
	var order []string
	who := map[string][]string{}
	for _, v := range g.Variants() {
		seen := map[string]bool{}
		for _, c := range variantConfigs(v) {
			line, err := configOdds(g, c.cfg)
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
		out[n] = fmt.Sprintf("**%s** (%s", strings.Join(who[line], ", "), line)
	}
	return out, nil
}

type labelledConfig struct {
	label string
	cfg   games.Config
}

// variantConfigs is a variant with its defaults, then with each other value
// of each option in turn: every option that can change how it throws.
func variantConfigs(v games.Variant) []labelledConfig {
	out := []labelledConfig{{v.Key, games.Config{Variant: v.Key}}}
	for _, o := range v.Options {
		for _, val := range o.Values[1:] {
			out = append(out, labelledConfig{fmt.Sprintf("%s with %s %s", v.Key, o.Key, valueWord(val)),
				games.Config{Variant: v.Key, Options: map[string]string{o.Key: val}}})
		}
	}
	return out
}

// configOdds is how the start position of cfg throws, and the odds of each
// score: "sticks, ...): 1 4/15 (26.7%) · ...". A 0 that the engine throws
// again counts for nothing, so the odds are then those of the other scores
// (D4: "after re-throwing 0s"). "" where nothing is thrown.
func configOdds(g games.Game, cfg games.Config) (string, error) {
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
	words := diceWords[d.Dice]
	if words == "" {
		words = d.Dice.String()
	}
	odds := d.Dice.Odds()
	if zeroThrownAgain(pos) {
		odds, words = withoutZero(odds), words+", a 0 thrown again"
	}
	return words + "): " + oddsText(odds), nil
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

// summaries explain each game to a newcomer, true to docs/rules.md (rule ids in
// brackets for whoever wants the exact wording); the variants' differences
// are named where they change what a newcomer does.
var summaries = map[string][]string{
	"aseb": {
		"**Goal**: be the first to bear off all your pieces (5, or 7 with the `pieces` option). A race: there are no draws. [A12]",
		"**Board**: 20 cells. Each of your pieces runs a 16-cell path: your 4 private cells (1-4), then 12 cells shared with your opponent (5-16), both of you running them the same way; after cell 16 a piece leaves the board. Houses are the marked cells 4, 8, 12 and 16 (twenty-squares: 8, 12, 16 unless `house4`). [A1, A2]",
		"**Who starts**: in standard both players throw until exactly one of them scores a 1; that player starts. In the other variants a coin decides. A challenge may name the first player instead. [A3]",
		"**A turn**: press **Throw**. The score is the number of sticks landing flat side up, 1-4 (or a four-sided die's, with the `dice` option). A 0 is thrown again in standard; in twenty-squares and royalur it ends your turn. Then make one move: enter a new piece on your private cell of that number, or move one piece that many cells on. With no legal move the turn passes. [A4, A5]",
		"**Your own pieces**: you never land on one. In standard a piece whose way is blocked by your own piece stops on the cell just before it; in twenty-squares it may not pass it at all; in royalur it may jump it. [A5-A8]",
		"**Houses**: landing on a house gives you another throw, again and again. [A11]",
		"**Captures**: land on an opponent's piece on a shared cell and it goes back to its owner's reserve. Your private cells are out of reach; in royalur a piece on a house is safe too. [A8, A9]",
		"**The end**: bearing off needs the exact throw, from cell p a score of 17 - p (in standard a piece with your own piece ahead stops short of it instead). The first to bear off every piece wins at once. [A10, A12]",
	},
	"tab": {
		"**Goal**: capture all your opponent's pieces. [T12]",
		"**Board**: 4 rows of W cells (W odd, 7 to 29, default 11). You start with one piece on every cell of your home row, row 1; row 4 is your opponent's home row. [T1]",
		"**The path**: row 1 left to right, row 2 right to left, row 3 left to right; from the end of row 3 a piece goes on into row 4 (right to left) or back round into row 2, so rows 2 and 3 form a loop. Pieces jump over any pieces on the way; no piece ever goes back into its own home row. [T3]",
		"**A turn**: press **Throw** once and the sticks are thrown until the first 2 or 3 (a 1, 4 or 6 throws again). Flat sides up score 1-4; none scores 6. Then use the scores one at a time, in any order: each moves one piece or stack that many cells. Scores are never added together. A score must be used while it has a legal move; the rest are lost. [T2, T11]",
		"**The first move**: the game's first score must be a 1 (throws before it count for nothing). A piece that has never moved may move only on a 1, one cell, and while you have such pieces every 1 must move the rightmost of them. [T4, T10]",
		"**Stacks**: landing on your own piece stacks on it, and a stack moves as one; on a 1 its top piece may split off. A stack moving from row 3 back into row 2, or from row 4 into row 3, keeps only its bottom piece: the rest leave the board. [T5, T6]",
		"**Row 4**: a piece may enter your opponent's home row only once, and only while they still have a piece there. Once in, it may move only when you have no pieces left in your own home row (and, in a stack, only when you have no single pieces left). [T8, T9]",
		"**Captures**: land exactly on a cell holding your opponent's pieces and they all leave the board; jumping over them does nothing. [T7]",
		"**The end**: a player with no pieces left loses. If 10 x W turns in a row pass with no piece leaving the board, more pieces wins and equal pieces is a draw. You may resign, or agree a draw with /draw. [T12]",
	},
	"seega": {
		"**Goal**: capture all your opponent's pieces, or have more of them when play stalls. [S8]",
		"**Board**: N x N cells, N = 5, 7 or 9, each player with (N x N - 1) / 2 pieces (12, 24 or 40), all off the board at the start. Cells are named A1 (bottom left) to E5 on 5x5. [S1]",
		"**Placing**: the first player (coin or challenge) starts; you take turns placing two pieces each on any empty cell but the centre, until only the centre is empty. Placing captures nothing. In the lane variant the first pieces go on the middles of the edges. [S2]",
		"**Moving**: the second player, who placed last, moves first. A move takes one of your pieces one cell up, down, left or right into an empty cell: no jumps, no diagonals. [S3]",
		"**Captures**: after your move, every opponent piece next to the piece you moved with one of your pieces directly beyond it, in line, is removed. A piece on the centre cannot be captured, and moving in between two opponents is safe. After a capture the same piece may move again while each move captures; you may stop instead. [S4, S5]",
		"**Back and forth**: a piece may go back and forth between the same two cells at most twice. [S6]",
		"**Blocked**: a player with no legal move passes. Their opponent must then open a way with their move if any move does, or else remove one of their own pieces to open one. [S7]",
		"**The end**: a player with no pieces loses. When neither player can move, or no piece has left the board in 50 steps in a row (70 on 7x7, 90 on 9x9; a step is one piece moving one cell), more pieces wins and equal pieces is a draw. You may resign, or agree a draw with /draw. [S8]",
	},
}
