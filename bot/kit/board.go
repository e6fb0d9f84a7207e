package kit

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// KindColour is a game's own colour (render.Colour) for the embeds about it.
func KindColour(kind string) int {
	g, err := games.Lookup(kind)
	if err != nil {
		return BrandColour
	}
	return render.Colour(g)
}

// BrandColour frames what is about Kilab rather than one game.
const BrandColour = 0xC8963E

// BoardOpts says what a board message carries besides the picture.
type BoardOpts struct {
	Controls bool   // the player on move's components
	Prefix   string // the picker step the components show
	Mention  bool   // ping the player on move (or both players at the end)
	Note     string // a line above the embed ("You threw 3.")
	// Turned draws the picture from the second seat's side: for a board
	// only its reader sees, who plays that seat (Core.Turned).
	Turned bool
	// Textual draws the board as an old one reads once retired: its text
	// without the picture or the legend that explains it (TextOnly), the
	// line that says the game has moved on (or its result) after the Note,
	// and no controls but a finished game's Rematch. Controls and Mention
	// are left out.
	Textual bool
}

// Board builds a board message in l: an embed with the players, whose turn,
// the last ply and the time left, the PNG with its alt text, and the
// controls. The thread's board and a player's DM copy of it may speak
// different languages, so each is built for its reader.
func (b *Core) Board(l *lang.Lang, s *State, o BoardOpts) (*Message, error) {
	m := &Message{
		Lang: l.Tag(),
		Embeds: []*discordgo.MessageEmbed{{
			Title:       Clip(fmt.Sprintf("%s · %s", s.Game.Title(), ConfigText(l, s.Game, s.G.Config)), 256),
			Description: Clip(s.describe(l), 4096),
			Color:       KindColour(s.G.Kind),
			Footer:      &discordgo.MessageEmbedFooter{Text: Clip(s.footer(l), 2048)},
		}},
	}
	if !o.Textual {
		pic, err := b.pictures.get(l, s, o.Turned)
		if err != nil {
			return nil, err
		}
		e := m.Embeds[0]
		e.Image = &discordgo.MessageEmbedImage{URL: "attachment://board.png"}
		e.Footer.Text = Clip(s.footer(l)+Prefixed("\n", render.Legend(l, s.Pos)), 2048)
		m.Files = []File{{Name: "board.png", ContentType: "image/png", Description: Clip(pic.alt, 1024), Data: pic.png}}
	}
	if o.Textual {
		return s.retired(l, m, o), nil
	}
	switch {
	case o.Controls && s.G.ComputerOnMove():
		// The computer's turn: it plays by itself, nothing for a person to click.
	case o.Controls && s.G.Active():
		m.Components = Components(l, s.G.ID, s.G.Version, s.Pos, o.Prefix)
	case o.Controls:
		m.Components = RematchRow(l, s.G)
	}
	if link := s.LinkAt(len(s.Plies)); link != "" {
		m.Embeds[0].URL = link
		m.Components = WithLink(l, m.Components, link)
	}
	m.Content, m.Mentions = s.headline(l, o)
	return m, nil
}

// footer names the game and the commands that fit it: /move only while it
// goes on, its record once it is over.
func (s *State) footer(l *lang.Lang) string {
	if s.G.Active() {
		return l.T("play.footer", "Game", s.G.ID)
	}
	return l.T("end.footer", "Game", s.G.ID)
}

// Pictured is what the picture marks: the last ply, and the result when the
// game ended off the board (resigned, on time, agreed, aborted), so a final
// picture never says whose turn it would have been. Its words are l's.
func (s *State) Pictured(l *lang.Lang) render.Last {
	last := s.Last
	if s.G.Active() || s.Pos.Outcome().Over() {
		return last
	}
	e := &render.Ending{Reason: s.endReason(l)}
	if w, won := s.G.Result.Winner(); won {
		e.Status, e.Winner = games.Won, w
	} else if s.G.Result == store.Draw {
		e.Status = games.Drawn
	}
	last.Ended = e
	return last
}

// endReason says in words how a game ended off the board: "Dark resigned".
func (s *State) endReason(l *lang.Lang) string {
	loser := s.G.ToMove
	if w, won := s.G.Result.Winner(); won {
		loser = w.Other()
	}
	switch s.G.Reason {
	case store.ReasonResignation:
		return l.T("end.reason.resigned", "Seat", SeatTitle(l, s.Game, loser))
	case store.ReasonTimeout:
		return l.T("end.reason.out_of_time", "Seat", SeatTitle(l, s.Game, loser))
	case store.ReasonAgreement:
		return l.T("end.reason.agreed")
	case store.ReasonAbort:
		return l.T("end.reason.before_moves")
	}
	if _, ok := store.AbortedBy(s.G.Reason); ok { // a picture shows no mention
		return l.T("end.reason.moderator")
	}
	return s.ReasonLine(l)
}

// reasonText is why the game ended, in l: the engine's own words when the
// rules ended it (the store keeps only their English), else reasonText's.
func (s *State) ReasonLine(l *lang.Lang) string {
	if o := s.Pos.Outcome(); o.Over() && o.Reason.ID != "" && o.Reason.String() == s.G.Reason {
		return o.Reason.In(l)
	}
	return ReasonText(l, s.G.Reason)
}

// ReasonText is a stored end reason in l's words: the store's own reasons
// (resignation, timeout, ...) are messages; an engine's reason for an end by
// the rules is kept as the engine wrote it.
func ReasonText(l *lang.Lang, reason string) string {
	switch reason {
	case store.ReasonResignation:
		return l.T("end.why.resignation")
	case store.ReasonTimeout:
		return l.T("end.why.timeout")
	case store.ReasonAgreement:
		return l.T("end.why.agreement")
	case store.ReasonAbort:
		return l.T("end.why.abort")
	case store.ReasonWithdrew:
		return l.T("end.why.withdrew")
	}
	if who, ok := store.AbortedBy(reason); ok {
		return l.T("end.why.moderator", "User", who)
	}
	if reason == "" || l.Tag() == lang.English {
		return reason
	}
	// The rules ended the game; the store keeps the engine's words in
	// English only, and where no position is at hand to say them again
	// (state.reasonText) a reader of another language is told just that.
	return l.T("end.why.rules")
}

// ConfigText is the variant and the options that differ from their
// defaults, named in l as /challenge names them: "standard · pieces 7",
// "двадцать клеток · дом4 да".
func ConfigText(l *lang.Lang, g games.Game, c games.Config) string {
	parts := []string{ChoiceText(l, g, c.Variant)}
	defaults := map[string]string{}
	if d, err := games.Normalize(g, games.Config{Variant: c.Variant}); err == nil {
		defaults = d.Options
	}
	for _, kv := range strings.Fields(c.String())[1:] {
		k, v, _ := strings.Cut(kv, "=")
		if defaults[k] != v {
			parts = append(parts, optionText(l, g, c.Variant, k)+" "+ChoiceText(l, g, v))
		}
	}
	return strings.Join(parts, " · ")
}

// optionText is option key of g's variant as /challenge names it in l, or
// the key itself where it has no name.
func optionText(l *lang.Lang, g games.Game, variant, key string) string {
	for _, v := range g.Variants() {
		for _, o := range v.Options {
			if v.Key == variant && o.Key == key && o.Name.ID != "" {
				return o.Name.In(l)
			}
		}
	}
	return key
}

// headline is the message's text line and who it pings.
func (s *State) headline(l *lang.Lang, o BoardOpts) (string, []string) {
	var lines []string
	if o.Note != "" {
		lines = append(lines, o.Note)
	}
	var ping []string
	switch {
	case !o.Mention:
	case s.G.ComputerOnMove():
		lines = append(lines, l.T("play.thinking", "Level", LevelWord(l, s.G.Computer.Level)))
	case s.G.Active():
		mover := s.G.Players[s.G.ToMove]
		ping = []string{mover}
		lines = append(lines, l.T("play.your_turn", "User", mover, "Due", s.dueText(l)))
	default:
		ping = s.people()
		lines = append(lines, fmt.Sprintf("<@%s> <@%s>: %s", s.G.Players[0], s.G.Players[1], s.ResultText(l)))
	}
	return strings.Join(lines, "\n"), ping
}

// dueText is what the player on move has to do: "throw", "choose your move".
func (s *State) dueText(l *lang.Lang) string {
	switch d := s.Pos.Due(); {
	case d.Kind == games.DueThrow:
		return l.T("play.due.throw")
	case len(s.Pos.Moves()) == 1:
		return l.T("play.due.one_move")
	default:
		return l.T("play.due.choose")
	}
}

// describe is the embed's body: players, then the state of play.
func (s *State) describe(l *lang.Lang) string {
	var b strings.Builder
	for p := games.First; p <= games.Second; p++ {
		fmt.Fprintf(&b, "**%s**: <@%s>%s%s\n", SeatTitle(l, s.Game, p), s.G.Players[p], s.ComputerMark(l, p), AwayMarkIn(l, s.Away, s.G.Players[p]))
	}
	b.WriteByte('\n')
	if s.G.Active() {
		b.WriteString(l.T("play.turn", "User", s.G.Players[s.G.ToMove], "Seat", SeatWord(l, s.Game, s.G.ToMove), "Verb", s.dueVerb(l)))
		if !s.G.Deadline.IsZero() && !s.G.ComputerOnMove() {
			b.WriteString(l.T("play.turn_due", "Unix", s.G.Deadline.Unix()))
		}
		b.WriteByte('\n')
	} else {
		b.WriteString(l.T("end.result_line", "Result", s.ResultText(l)) + "\n")
	}
	if since := s.sinceText(l, 4096-utf8.RuneCountInString(b.String())-1); since != "" {
		b.WriteString(since + "\n")
	}
	return b.String()
}

// ComputerMark follows the computer's name: " (computer, hard)".
func (s *State) ComputerMark(l *lang.Lang, p games.Player) string {
	if s.G.Human(p) {
		return ""
	}
	return l.T("play.computer_mark", "Level", LevelWord(l, s.G.Computer.Level))
}

// ComputerSuffix is computerMark inside parentheses: ", computer, hard".
func (s *State) ComputerSuffix(l *lang.Lang, p games.Player) string {
	if s.G.Human(p) {
		return ""
	}
	return l.T("play.computer_suffix", "Level", LevelWord(l, s.G.Computer.Level))
}

// people are the game's players who are people: both, or the one playing the
// computer. Only they are pinged.
func (s *State) people() []string {
	var out []string
	for p := games.First; p <= games.Second; p++ {
		if s.G.Human(p) {
			out = append(out, s.G.Players[p])
		}
	}
	return out
}

// dueVerb is what the player on move is to do, as a verb: "throw", "move".
func (s *State) dueVerb(l *lang.Lang) string {
	if s.Pos.Due().Kind == games.DueThrow {
		return l.T("play.verb.throw")
	}
	return l.T("play.verb.move")
}

// ResultText is how the game stands: "<@1> (cones) wins · resignation".
func (s *State) ResultText(l *lang.Lang) string {
	w, won := s.G.Result.Winner()
	reason := s.ReasonLine(l)
	switch {
	case won:
		return l.T("end.wins", "User", s.G.Players[w], "Seat", SeatWord(l, s.Game, w), "Reason", reason)
	case s.G.Result == store.Draw:
		return l.T("end.draw", "Reason", reason)
	case s.G.Result == store.Aborted:
		return l.T("end.aborted", "Reason", reason)
	}
	return l.T("end.in_play")
}

// sinceText is the board's account of everything played since the reader's
// last move (render.Last.Span): the "Last" line when that is one ply, else
// a heading and a line per ply, the latest that fit in n characters with
// the earlier ones counted. A player back after days sees the opponent's
// whole turn: its throws, each move in notation and in words with what it
// captured, and the passes the rules played.
func (s *State) sinceText(l *lang.Lang, n int) string {
	span := s.Last.Span
	switch len(span) {
	case 0:
		return ""
	case 1:
		return Clip(l.T("play.last_line", "Last", s.plyText(l, span[0])), n)
	}
	lines := make([]string, len(span))
	for i, p := range span {
		lines[i] = "- " + s.plyText(l, p)
	}
	head := s.sinceHeading(l)
	return head + "\n" + fitLatestLines(l, lines, n-utf8.RuneCountInString(head)-1)
}

// sinceHeading says whose plies the board lists: the last turn of a game
// that is over (or of the player the computer answers), the reader's own
// turn so far while it goes on, or what came since their last move.
func (s *State) sinceHeading(l *lang.Lang) string {
	own := true
	for _, p := range s.Last.Span {
		own = own && p.Ply.Player == s.Last.Reader
	}
	switch {
	case !s.G.Active() || s.G.ComputerOnMove():
		return l.T("play.since.last_turn")
	case own:
		return l.T("play.since.own_turn")
	}
	return l.T("play.since.heading")
}

// fitLatestLines keeps the latest lines that fit in n characters, a line
// counting the earlier ones first: a long capture chain or a Tab turn of
// many throws keeps its end, where the position now stands.
func fitLatestLines(l *lang.Lang, lines []string, n int) string {
	k, size := len(lines), 0
	for k > 0 {
		more := 0
		if k > 1 {
			more = utf8.RuneCountInString(l.N("play.since.earlier", k-1)) + 1
		}
		if size+utf8.RuneCountInString(lines[k-1])+1+more > n {
			break
		}
		k--
		size += utf8.RuneCountInString(lines[k]) + 1
	}
	kept := lines[k:]
	if k > 0 {
		kept = append([]string{l.N("play.since.earlier", k)}, kept...)
	}
	return Clip(strings.Join(kept, "\n"), max(n, 1))
}

// plyText says one ply in l, as render.PlyText does.
func (s *State) plyText(l *lang.Lang, p render.Played) string { return render.PlyText(l, s.Game, p) }

// ThrowsText lists throws as they came: "1, 1, 3".
func ThrowsText(ts []games.Throw) string { return render.ThrowsText(ts) }

// RematchRow is the Rematch button of a finished game's board, in l.
func RematchRow(l *lang.Lang, g store.Game) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("chal.rematch.button"), Style: discordgo.SecondaryButton, CustomID: RematchCID(g.ID), Emoji: &discordgo.ComponentEmoji{Name: "🔁"}},
	}}}
}

// AwayMarkIn follows a player's name on a board or in /games while they are
// on vacation: " · on vacation until <t:…:R>".
func AwayMarkIn(l *lang.Lang, away map[string]time.Time, user string) string {
	end, ok := away[user]
	if !ok {
		return ""
	}
	return " · " + AwayUntil(l, end)
}

// AwayOf is who of g's players is on vacation, and until when.
func (b *Core) AwayOf(ctx context.Context, gs ...store.Game) (map[string]time.Time, error) {
	var users []string
	for _, g := range gs {
		for seat := range games.Player(2) {
			if g.Human(seat) {
				users = append(users, g.Players[seat])
			}
		}
	}
	return b.DB.Away(ctx, users...)
}

// AwayUntil is "on vacation until <t:…:R>", to follow a player's name.
func AwayUntil(l *lang.Lang, until time.Time) string {
	return l.T("vac.until", "Unix", until.Unix())
}

// OpeningOf is how g's first player was decided, in l: the words the bot
// stored when the game began (a coin, the challenge's choice, a throw-off),
// or for a tournament's game, which the store starts with no words, its
// pairing in its round.
func (b *Core) OpeningOf(ctx context.Context, l *lang.Lang, g store.Game) (string, error) {
	if g.Tournament == 0 {
		return g.Opening, nil
	}
	t, err := b.DB.Tournament(ctx, g.Tournament)
	if err != nil {
		return "", err
	}
	ps, err := b.DB.Pairings(ctx, t.ID)
	if err != nil {
		return "", err
	}
	for _, p := range ps {
		if p.Game == g.ID {
			return l.T("tour.opening", "ID", t.ID, "Round", p.Round, "Rounds", t.Rounds, "Player", g.Players[0]), nil
		}
	}
	return g.Opening, nil
}

// Turned reports whether a board of g that only user sees (a DM copy, a
// private answer) is drawn from their own side: they play g's second seat
// and have not chosen the thread's fixed side (/settings side). A failed
// read draws the fixed side.
func (b *Core) Turned(ctx context.Context, user string, g store.Game) bool {
	seat, plays := g.Seat(user)
	if !plays || seat != games.Second {
		return false
	}
	s, err := b.SettingsOf(ctx, user)
	return err == nil && !s.FixedSide
}

// retired makes m, a board drawn without its picture, read as the
// retirement of old boards leaves one (Textual).
func (s *State) retired(l *lang.Lang, m *Message, o BoardOpts) *Message {
	m.Content = strings.Join(slices.DeleteFunc([]string{o.Note, RetiredText(l, s.G, "board")}, func(line string) bool { return line == "" }), "\n")
	if !s.G.Active() {
		m.Components = RematchRow(l, s.G)
	}
	return m
}

// RetiredText replaces the line above a retired board's picture, in the
// language l of the board, which said whose turn it was, so that nobody
// scrolling back takes an old board for the game as it stands. Edits ping
// nobody, mentions included. A draw offer keeps its text ("" leaves it): an
// answered one already says who accepted or declined it.
func RetiredText(l *lang.Lang, g store.Game, kind string) string {
	switch {
	case kind == "offer":
		return ""
	case g.Active():
		return l.T("play.moved_on", "Game", g.ID)
	}
	return l.T("end.retired", "Game", g.ID, "Result", overText(l, g))
}

// overText is a finished game's result with no seat names: "<@1> won ·
// resignation".
func overText(l *lang.Lang, g store.Game) string {
	var text string
	switch w, won := g.Result.Winner(); {
	case won:
		text = l.T("end.over.won", "User", g.Players[w])
	case g.Result == store.Draw:
		text = l.T("end.over.draw")
	case g.Reason == "":
		return l.T("end.over.aborted")
	default:
		return ReasonText(l, g.Reason)
	}
	if g.Reason != "" {
		text += " · " + ReasonText(l, g.Reason)
	}
	return text
}
