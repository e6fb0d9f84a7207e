package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// kindColour is a game's own colour (render.Colour) for the embeds about it.
func kindColour(kind string) int {
	g, err := games.Lookup(kind)
	if err != nil {
		return brandColour
	}
	return render.Colour(g)
}

// brandColour frames what is about Kilab rather than one game.
const brandColour = 0xC8963E

// boardOpts says what a board message carries besides the picture.
type boardOpts struct {
	controls bool   // the player on move's components
	prefix   string // the picker step the components show
	mention  bool   // ping the player on move (or both players at the end)
	note     string // a line above the embed ("You threw 3.")
}

// board builds a board message in l: an embed with the players, whose turn,
// the last ply and the time left, the PNG with its alt text, and the
// controls. The thread's board and a player's DM copy of it may speak
// different languages, so each is built for its reader.
func (b *Bot) board(l *lang.Lang, s *state, o boardOpts) (*Message, error) {
	pic, err := b.pictures.get(l, s)
	if err != nil {
		return nil, err
	}
	png, alt := pic.png, pic.alt
	m := &Message{
		Embeds: []*discordgo.MessageEmbed{{
			Title:       clip(fmt.Sprintf("%s · %s", s.game.Title(), configText(s.game, s.g.Config)), 256),
			Description: clip(s.describe(l), 4096),
			Color:       kindColour(s.g.Kind),
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Footer:      &discordgo.MessageEmbedFooter{Text: clip(s.footer(l)+prefixed("\n", render.Legend(l, s.pos)), 2048)},
		}},
		Files: []File{{Name: "board.png", ContentType: "image/png", Description: clip(alt, 1024), Data: png}},
	}
	switch {
	case o.controls && s.g.ComputerOnMove():
		// The computer's turn: it plays by itself, nothing for a person to click.
	case o.controls && s.g.Active():
		m.Components = components(l, s.g.ID, s.g.Version, s.pos, o.prefix)
	case o.controls:
		m.Components = rematchRow(l, s.g)
	}
	m.Content, m.Mentions = s.headline(l, o)
	return m, nil
}

// footer names the game and the commands that fit it: /move only while it
// goes on, its record once it is over.
func (s *state) footer(l *lang.Lang) string {
	if s.g.Active() {
		return l.T("play.footer", "Game", s.g.ID)
	}
	return l.T("end.footer", "Game", s.g.ID)
}

// pictured is what the picture marks: the last ply, and the result when the
// game ended off the board (resigned, on time, agreed, aborted), so a final
// picture never says whose turn it would have been. Its words are l's.
func (s *state) pictured(l *lang.Lang) render.Last {
	last := s.last
	if s.g.Active() || s.pos.Outcome().Over() {
		return last
	}
	e := &render.Ending{Reason: s.endReason(l)}
	if w, won := s.g.Result.Winner(); won {
		e.Status, e.Winner = games.Won, w
	} else if s.g.Result == store.Draw {
		e.Status = games.Drawn
	}
	last.Ended = e
	return last
}

// endReason says in words how a game ended off the board: "Dark resigned".
func (s *state) endReason(l *lang.Lang) string {
	loser := s.g.ToMove
	if w, won := s.g.Result.Winner(); won {
		loser = w.Other()
	}
	switch s.g.Reason {
	case store.ReasonResignation:
		return l.T("end.reason.resigned", "Seat", seatTitle(l, s.game, loser))
	case store.ReasonTimeout:
		return l.T("end.reason.out_of_time", "Seat", seatTitle(l, s.game, loser))
	case store.ReasonAgreement:
		return l.T("end.reason.agreed")
	case store.ReasonAbort:
		return l.T("end.reason.before_moves")
	}
	return s.reasonText(l)
}

// reasonText is why the game ended, in l: the engine's own words when the
// rules ended it (the store keeps only their English), else reasonText's.
func (s *state) reasonText(l *lang.Lang) string {
	if o := s.pos.Outcome(); o.Over() && o.Reason.ID != "" && o.Reason.String() == s.g.Reason {
		return o.Reason.In(l)
	}
	return reasonText(l, s.g.Reason)
}

// reasonText is a stored end reason in l's words: the store's own reasons
// (resignation, timeout, ...) are messages; an engine's reason for an end by
// the rules is kept as the engine wrote it.
func reasonText(l *lang.Lang, reason string) string {
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
	if reason == "" || l.Tag() == lang.English {
		return reason
	}
	// The rules ended the game; the store keeps the engine's words in
	// English only, and where no position is at hand to say them again
	// (state.reasonText) a reader of another language is told just that.
	return l.T("end.why.rules")
}

// configText is the variant and the options that differ from their
// defaults: "standard · pieces 7".
func configText(g games.Game, c games.Config) string {
	parts := []string{c.Variant}
	defaults := map[string]string{}
	if d, err := games.Normalize(g, games.Config{Variant: c.Variant}); err == nil {
		defaults = d.Options
	}
	for _, kv := range strings.Fields(c.String())[1:] {
		k, v, _ := strings.Cut(kv, "=")
		if defaults[k] != v {
			parts = append(parts, k+" "+v)
		}
	}
	return strings.Join(parts, " · ")
}

// headline is the message's text line and who it pings.
func (s *state) headline(l *lang.Lang, o boardOpts) (string, []string) {
	var lines []string
	if o.note != "" {
		lines = append(lines, o.note)
	}
	var ping []string
	switch {
	case !o.mention:
	case s.g.ComputerOnMove():
		lines = append(lines, l.T("play.thinking", "Level", levelWord(l, s.g.Computer.Level)))
	case s.g.Active():
		mover := s.g.Players[s.g.ToMove]
		ping = []string{mover}
		lines = append(lines, l.T("play.your_turn", "User", mover, "Due", s.dueText(l)))
	default:
		ping = s.people()
		lines = append(lines, fmt.Sprintf("<@%s> <@%s>: %s", s.g.Players[0], s.g.Players[1], s.resultText(l)))
	}
	return strings.Join(lines, "\n"), ping
}

// dueText is what the player on move has to do: "throw", "choose your move".
func (s *state) dueText(l *lang.Lang) string {
	switch d := s.pos.Due(); {
	case d.Kind == games.DueThrow:
		return l.T("play.due.throw")
	case len(s.pos.Moves()) == 1:
		return l.T("play.due.one_move")
	default:
		return l.T("play.due.choose")
	}
}

// describe is the embed's body: players, then the state of play.
func (s *state) describe(l *lang.Lang) string {
	var b strings.Builder
	for p := games.First; p <= games.Second; p++ {
		fmt.Fprintf(&b, "**%s**: <@%s>%s%s\n", seatTitle(l, s.game, p), s.g.Players[p], s.computerMark(l, p), awayMarkIn(l, s.away, s.g.Players[p]))
	}
	b.WriteByte('\n')
	if s.g.Active() {
		b.WriteString(l.T("play.turn", "User", s.g.Players[s.g.ToMove], "Seat", seatWord(l, s.game, s.g.ToMove), "Verb", s.dueVerb(l)))
		if !s.g.Deadline.IsZero() && !s.g.ComputerOnMove() {
			b.WriteString(l.T("play.turn_due", "Unix", s.g.Deadline.Unix()))
		}
		b.WriteByte('\n')
	} else {
		b.WriteString(l.T("end.result_line", "Result", s.resultText(l)) + "\n")
	}
	if last := s.lastText(l); last != "" {
		b.WriteString(l.T("play.last_line", "Last", last) + "\n")
	}
	return b.String()
}

// computerMark follows the computer's name: " (computer, hard)".
func (s *state) computerMark(l *lang.Lang, p games.Player) string {
	if s.g.Human(p) {
		return ""
	}
	return l.T("play.computer_mark", "Level", levelWord(l, s.g.Computer.Level))
}

// computerSuffix is computerMark inside parentheses: ", computer, hard".
func (s *state) computerSuffix(l *lang.Lang, p games.Player) string {
	if s.g.Human(p) {
		return ""
	}
	return l.T("play.computer_suffix", "Level", levelWord(l, s.g.Computer.Level))
}

// people are the game's players who are people: both, or the one playing the
// computer. Only they are pinged.
func (s *state) people() []string {
	var out []string
	for p := games.First; p <= games.Second; p++ {
		if s.g.Human(p) {
			out = append(out, s.g.Players[p])
		}
	}
	return out
}

// dueVerb is what the player on move is to do, as a verb: "throw", "move".
func (s *state) dueVerb(l *lang.Lang) string {
	if s.pos.Due().Kind == games.DueThrow {
		return l.T("play.verb.throw")
	}
	return l.T("play.verb.move")
}

// resultText is how the game stands: "<@1> (cones) wins · resignation".
func (s *state) resultText(l *lang.Lang) string {
	w, won := s.g.Result.Winner()
	reason := s.reasonText(l)
	switch {
	case won:
		return l.T("end.wins", "User", s.g.Players[w], "Seat", seatWord(l, s.game, w), "Reason", reason)
	case s.g.Result == store.Draw:
		return l.T("end.draw", "Reason", reason)
	case s.g.Result == store.Aborted:
		return l.T("end.aborted", "Reason", reason)
	}
	return l.T("end.in_play")
}

// lastText says what the last ply was: "spindles threw 3 and played in-3
// (enter on 3)", the move in notation and, where the game has them, in words.
func (s *state) lastText(l *lang.Lang) string {
	if len(s.plies) == 0 {
		return ""
	}
	p := s.plies[len(s.plies)-1]
	who := seatWord(l, s.game, p.Player)
	move := p.Move
	if move != "" && s.last.Before != nil && s.last.Move == p.Move {
		if label := games.Label(l, s.last.Before, p.Move); label != p.Move {
			move += " (" + label + ")"
		}
	}
	switch {
	case len(p.Throws) > 0 && move != "":
		return l.T("play.last.threw_played", "Seat", who, "Throws", throwsText(p.Throws), "Move", move)
	case len(p.Throws) > 0:
		return l.T("play.last.threw", "Seat", who, "Throws", throwsText(p.Throws))
	case move != "":
		return l.T("play.last.played", "Seat", who, "Move", move)
	}
	return who
}

func throwsText(ts []games.Throw) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = fmt.Sprint(t)
	}
	return strings.Join(s, ", ")
}
