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

// board builds a board message: an embed with the players, whose turn, the
// last ply and the time left, the PNG with its alt text, and the controls.
func (b *Bot) board(s *state, o boardOpts) (*Message, error) {
	pic, err := b.pictures.get(s, lang.En)
	if err != nil {
		return nil, err
	}
	png, alt := pic.png, pic.alt
	m := &Message{
		Embeds: []*discordgo.MessageEmbed{{
			Title:       clip(fmt.Sprintf("%s · %s", s.game.Title(), configText(s.game, s.g.Config)), 256),
			Description: clip(s.describe(), 4096),
			Color:       kindColour(s.g.Kind),
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Footer:      &discordgo.MessageEmbedFooter{Text: clip(s.footer()+prefixed("\n", render.Legend(lang.En, s.pos)), 2048)},
		}},
		Files: []File{{Name: "board.png", ContentType: "image/png", Description: clip(alt, 1024), Data: png}},
	}
	switch {
	case o.controls && s.g.ComputerOnMove():
		// The computer's turn: it plays by itself, nothing for a person to click.
	case o.controls && s.g.Active():
		m.Components = components(s.g.ID, s.g.Version, s.pos, o.prefix)
	case o.controls:
		m.Components = rematchRow(s.g)
	}
	m.Content, m.Mentions = s.headline(o)
	return m, nil
}

// footer names the game and the commands that fit it: /move only while it
// goes on, its record once it is over.
func (s *state) footer() string {
	if s.g.Active() {
		return fmt.Sprintf("Game #%d · /move game:%d · /board game:%d", s.g.ID, s.g.ID, s.g.ID)
	}
	return fmt.Sprintf("Game #%d · over · /history game:%d", s.g.ID, s.g.ID)
}

// pictured is what the picture marks: the last ply, and the result when the
// game ended off the board (resigned, on time, agreed, aborted), so a final
// picture never says whose turn it would have been.
func (s *state) pictured() render.Last {
	last := s.last
	if s.g.Active() || s.pos.Outcome().Over() {
		return last
	}
	e := &render.Ending{Reason: s.endReason()}
	if w, won := s.g.Result.Winner(); won {
		e.Status, e.Winner = games.Won, w
	} else if s.g.Result == store.Draw {
		e.Status = games.Drawn
	}
	last.Ended = e
	return last
}

// endReason says in words how a game ended off the board: "Dark resigned".
func (s *state) endReason() string {
	loser := titleCase(s.seatName(s.g.ToMove))
	if w, won := s.g.Result.Winner(); won {
		loser = titleCase(s.seatName(w.Other()))
	}
	switch s.g.Reason {
	case store.ReasonResignation:
		return loser + " resigned"
	case store.ReasonTimeout:
		return loser + " ran out of time"
	case store.ReasonAgreement:
		return "agreed"
	case store.ReasonAbort:
		return "before both players had moved"
	}
	return s.g.Reason
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
func (s *state) headline(o boardOpts) (string, []string) {
	var lines []string
	if o.note != "" {
		lines = append(lines, o.note)
	}
	var ping []string
	switch {
	case !o.mention:
	case s.g.ComputerOnMove():
		lines = append(lines, fmt.Sprintf("The computer (%s) is thinking…", s.g.Computer.Level))
	case s.g.Active():
		mover := s.g.Players[s.g.ToMove]
		ping = []string{mover}
		lines = append(lines, fmt.Sprintf("<@%s>, your turn: %s.", mover, s.dueText()))
	default:
		ping = s.people()
		lines = append(lines, fmt.Sprintf("<@%s> <@%s>: %s", s.g.Players[0], s.g.Players[1], s.resultText()))
	}
	return strings.Join(lines, "\n"), ping
}

func (s *state) dueText() string {
	switch d := s.pos.Due(); {
	case d.Kind == games.DueThrow:
		return "throw"
	case len(s.pos.Moves()) == 1:
		return "one move is possible"
	default:
		return "choose your move"
	}
}

// describe is the embed's body: players, then the state of play.
func (s *state) describe() string {
	var b strings.Builder
	for p := games.First; p <= games.Second; p++ {
		fmt.Fprintf(&b, "**%s**: <@%s>%s%s\n", titleCase(s.seatName(p)), s.g.Players[p], s.computerMark(p), awayMark(s.away, s.g.Players[p]))
	}
	b.WriteByte('\n')
	if s.g.Active() {
		fmt.Fprintf(&b, "**Turn**: <@%s> (%s) to %s", s.g.Players[s.g.ToMove], s.seatName(s.g.ToMove), s.dueVerb())
		if !s.g.Deadline.IsZero() && !s.g.ComputerOnMove() {
			fmt.Fprintf(&b, ", due <t:%d:R>", s.g.Deadline.Unix())
		}
		b.WriteByte('\n')
	} else {
		fmt.Fprintf(&b, "**Result**: %s\n", s.resultText())
	}
	if last := s.lastText(); last != "" {
		fmt.Fprintf(&b, "**Last**: %s\n", last)
	}
	return b.String()
}

// computerMark follows the computer's name: " (computer, hard)".
func (s *state) computerMark(p games.Player) string {
	if s.g.Human(p) {
		return ""
	}
	return fmt.Sprintf(" (computer, %s)", s.g.Computer.Level)
}

// computerSuffix is computerMark inside parentheses: ", computer, hard".
func (s *state) computerSuffix(p games.Player) string {
	if s.g.Human(p) {
		return ""
	}
	return ", computer, " + s.g.Computer.Level
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

func (s *state) dueVerb() string {
	if s.pos.Due().Kind == games.DueThrow {
		return "throw"
	}
	return "move"
}

func (s *state) resultText() string {
	w, won := s.g.Result.Winner()
	reason := s.g.Reason
	switch {
	case won:
		return fmt.Sprintf("<@%s> (%s) wins · %s", s.g.Players[w], s.seatName(w), reason)
	case s.g.Result == store.Draw:
		return "draw · " + reason
	case s.g.Result == store.Aborted:
		return "aborted · " + reason
	}
	return "in play"
}

// lastText says what the last ply was: "spindles threw 3 and played in-3
// (enter on 3)", the move in notation and, where the game has them, in words.
func (s *state) lastText() string {
	if len(s.plies) == 0 {
		return ""
	}
	p := s.plies[len(s.plies)-1]
	who := s.seatName(p.Player)
	var parts []string
	if len(p.Throws) > 0 {
		parts = append(parts, "threw "+throwsText(p.Throws))
	}
	if p.Move != "" {
		played := "played " + p.Move
		if s.last.Before != nil && s.last.Move == p.Move {
			if l := games.Label(s.last.Before, p.Move); l != p.Move {
				played += " (" + l + ")"
			}
		}
		parts = append(parts, played)
	}
	return who + " " + strings.Join(parts, " and ")
}

func throwsText(ts []games.Throw) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = fmt.Sprint(t)
	}
	return strings.Join(s, ", ")
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
