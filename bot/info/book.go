package info

import (
	"context"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/docs"
	"kilab/games"
	"kilab/lang"
)

// /rules gives a book in pages, one embed at a time with Previous and Next:
// a game's book is its summary (variants, options, odds), then its whole
// rulebook, the shared throwing-sticks rules (D1-D5) first for Aseb and
// Tab; the notation book is the players' notation guide. Both come in the
// reader's language, from the files in docs/ built into the program.

// NotationBook is the /rules choice, and the book, of the notation guide.
const NotationBook = "notation"

// pageBudget is the most a page's text holds: under Discord's 4096 for a
// description and 6000 for a whole embed, and short enough to read on a
// phone without losing one's place.
const pageBudget = 3000

// Rules is /rules: the first page of a game's book, or of the notation
// guide. It is ephemeral, like /help: reference reading that would crowd a
// busy channel.
func (b *Info) Rules(_ context.Context, i *discordgo.Interaction) error {
	book := kit.OptString(i, kit.OptGame)
	if book != NotationBook {
		g, err := kit.KindOf(i)
		if err != nil {
			return err
		}
		book = g.Name()
	}
	m, err := b.rulesPage(kit.LangOf(i), book, 0)
	if err != nil {
		return err
	}
	m.Ephemeral = true
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// RulesPage answers Previous and Next: the page the button names, in place
// of the one shown. A book or page the bot never made is refused and the
// page shown stays.
func (b *Info) RulesPage(_ context.Context, i *discordgo.Interaction, a kit.Action) error {
	if g, err := games.Lookup(a.Arg); a.Arg != NotationBook && (err != nil || g.Name() != a.Arg) {
		return kit.ErrForged // the bot writes a game's name as the registry does
	}
	m, err := b.rulesPage(kit.LangOf(i), a.Arg, int(a.ID))
	if err != nil {
		return err
	}
	return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, m)
}

// errNoPage is a page past a book's end: only a forged button names one.
var errNoPage = lang.Fail("info.err.no_page")

// rulesPage is page n (from 0) of book in l, with its buttons.
func (b *Info) rulesPage(l *lang.Lang, book string, n int) (*kit.Message, error) {
	pages, err := b.bookPages(l, book)
	if err != nil {
		return nil, err
	}
	if n < 0 || n >= len(pages) {
		return nil, errNoPage
	}
	e := pages[n]
	page := l.T("info.rules.page", "Page", n+1, "Pages", len(pages))
	if e.Footer == nil {
		e.Footer = &discordgo.MessageEmbedFooter{Text: page}
	} else {
		e.Footer.Text = page + " · " + e.Footer.Text
	}
	return &kit.Message{Embeds: []*discordgo.MessageEmbed{e}, Components: bookButtons(l, book, n, len(pages))}, nil
}

// bookButtons are Previous and Next, each disabled where there is no such
// page. Their custom_ids always differ (Discord refuses duplicates in one
// message): Previous names a page below Next's.
func bookButtons(l *lang.Lang, book string, n, pages int) []discordgo.MessageComponent {
	prev, next := max(n-1, 0), min(n+1, pages-1)
	if prev == next {
		next = prev + 1
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("info.leaderboard.previous"), Style: discordgo.SecondaryButton, CustomID: kit.RulesCID(book, prev), Disabled: n == 0},
		discordgo.Button{Label: l.T("info.leaderboard.next"), Style: discordgo.SecondaryButton, CustomID: kit.RulesCID(book, next), Disabled: n+1 >= pages},
	}}}
}

// bookPages are every page of book in l, without their page numbers.
func (b *Info) bookPages(l *lang.Lang, book string) ([]*discordgo.MessageEmbed, error) {
	code := string(l.Tag())
	if book == NotationBook {
		sections, err := docs.Notation(code)
		if err != nil {
			return nil, err
		}
		return b.notationPages(l, code, sections), nil
	}
	g, err := games.Lookup(book)
	if err != nil {
		return nil, kit.ErrForged
	}
	summary, err := rulesEmbed(l, g)
	if err != nil {
		return nil, err
	}
	sections, err := docs.Rules(code)
	if err != nil {
		return nil, err
	}
	mine := gameSections(g, sections)
	for _, s := range mine {
		if s.Letter != "D" { // the summary is the game's: it links to the game's part
			summary.URL = b.docLink(docs.RulesDoc, code, s.Part)
			break
		}
	}
	return append([]*discordgo.MessageEmbed{summary}, b.rulePages(l, g, code, mine)...), nil
}

// gameSections are the sections of g's rules, in the book's order: the
// throwing sticks' (D) for a game that throws them, then its own.
func gameSections(g games.Game, sections []docs.Section) []docs.Section {
	english, err := docs.Rules("en")
	if err != nil {
		return nil
	}
	letter := letterOf(g.Title(), english)
	if letter == "" {
		return nil // a game the rulebook has no part for: its summary is all
	}
	sticks := throws(g)
	var out []docs.Section
	for _, s := range sections {
		if s.Letter == letter || s.Letter == "D" && sticks {
			out = append(out, s)
		}
	}
	return out
}

// letterOf is the letter of the rules of the game titled title: that of
// the English rulebook's part named after it ("Aseb, the Game of Twenty
// Squares", "Tab"), the original the translations follow id by id; "" where
// there is none (a game's name may begin with another's letter: "dash").
func letterOf(title string, english []docs.Section) string {
	for _, s := range english {
		if s.Letter != "D" && (s.Part == title || strings.HasPrefix(s.Part, title+",")) {
			return s.Letter
		}
	}
	return ""
}

// throws reports whether g's start position waits for a throw: a game of
// dice, for which the throwing-sticks rules hold.
func throws(g games.Game) bool {
	cfg, err := games.Normalize(g, games.Config{})
	if err != nil {
		return false
	}
	pos, err := g.New(cfg)
	return err == nil && pos.Due().Kind == games.DueThrow
}

// rulePages packs a game's sections into pages: whole rules, as many as fit
// the budget, a new page where a part (the sticks, the game) begins, so
// that each page's title names its part and the ids it holds.
func (b *Info) rulePages(l *lang.Lang, g games.Game, code string, sections []docs.Section) []*discordgo.MessageEmbed {
	var out []*discordgo.MessageEmbed
	for _, p := range packSections(sections) {
		var blocks, ids []string
		for _, s := range p {
			blocks = append(blocks, b.sectionText(code, s))
			if s.ID != "" {
				ids = append(ids, s.ID)
			}
		}
		title := p[0].Part
		if len(ids) > 0 {
			title = l.T("info.rules.page_title", "Part", p[0].Part, "Rules", idRange(ids))
		}
		out = append(out, &discordgo.MessageEmbed{Title: kit.Clip(title, 256), Description: strings.Join(blocks, "\n\n"),
			Color: kit.KindColour(g.Name()), URL: b.docLink(docs.RulesDoc, code, p[0].Heading)})
	}
	return out
}

// packSections groups sections into pages: in order, whole, as many as fit
// pageBudget, and never two parts on one page.
func packSections(sections []docs.Section) [][]docs.Section {
	var out [][]docs.Section
	var cur []docs.Section
	used := 0
	for _, s := range sections {
		n := utf8.RuneCountInString(docs.Discord(s.Body, "en", nil)) + utf8.RuneCountInString(s.Heading) + 8
		if len(cur) > 0 && (s.Part != cur[0].Part || used+n > pageBudget) {
			out, cur, used = append(out, cur), nil, 0
		}
		cur = append(cur, s)
		used += n
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// idRange is the rules a page holds: "A1-A4", or "A12" alone.
func idRange(ids []string) string {
	if len(ids) == 1 {
		return ids[0]
	}
	return ids[0] + "–" + ids[len(ids)-1]
}

// sectionText is a section as a page shows it: a rule under its heading in
// bold (its id first, as the bot's messages cite it), an introduction as it
// is.
func (b *Info) sectionText(code string, s docs.Section) string {
	text := docs.Discord(s.Body, code, b.linkTo(code))
	if s.ID == "" {
		return text
	}
	return "**" + s.Heading + "**\n" + text
}

// notationPages are the notation guide's pages: one per part (records,
// each game), the guide's introduction on the first, a part longer than a
// page split between paragraphs.
func (b *Info) notationPages(l *lang.Lang, code string, sections []docs.Section) []*discordgo.MessageEmbed {
	var out []*discordgo.MessageEmbed
	title, intro := sections[0].Heading, docs.Discord(sections[0].Body, code, b.linkTo(code))
	for n, s := range sections[1:] {
		text := docs.Discord(s.Body, code, b.linkTo(code))
		if n == 0 && intro != "" {
			text = intro + "\n\n" + text // the guide's few opening lines lead into its first part
		}
		for _, page := range splitParagraphs(text, pageBudget) {
			out = append(out, &discordgo.MessageEmbed{Title: kit.Clip(l.T("info.rules.notation_page", "Guide", title, "Part", s.Heading), 256),
				Description: page, Color: notationColour, URL: b.docLink(docs.NotationDoc, code, s.Heading)})
		}
	}
	return out
}

// notationColour is the notation guide's, which belongs to no one game.
const notationColour = 0x8b7355

// splitParagraphs cuts text into pieces of at most budget characters
// between paragraphs (never inside a code block, which has no blank line).
func splitParagraphs(text string, budget int) []string {
	var out []string
	cur := ""
	for p := range strings.SplitSeq(text, "\n\n") {
		if cur != "" && utf8.RuneCountInString(cur)+2+utf8.RuneCountInString(p) > budget {
			out, cur = append(out, cur), ""
		}
		if cur != "" {
			cur += "\n\n"
		}
		cur += p
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// docLink is the address of heading in doc's file in code where the
// operator hosts the docs (DocsURL): DocsURL/rules.de.md#a6-..., the anchor
// GitHub gives the heading, escaped (a Russian heading's letters). "" when
// the docs are hosted nowhere.
func (b *Info) docLink(doc, code, heading string) string {
	if b.DocsURL == "" {
		return ""
	}
	return b.DocsURL + "/" + docs.File(doc, code) + "#" + url.PathEscape(docs.Anchor(heading))
}

// linkTo makes the docs' links between their files ("notation.md") point
// where the operator hosts them; without DocsURL a link keeps only its text.
func (b *Info) linkTo(code string) func(string) string {
	if b.DocsURL == "" {
		return nil
	}
	return func(target string) string {
		if strings.Contains(target, "://") {
			return target
		}
		return b.DocsURL + "/" + target
	}
}
