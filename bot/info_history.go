package bot

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// historyCommand is /history game: the game's record as a text file in the
// notation, and its animated replay, for any game of this server (in DMs, of
// your own games, as gameOf allows). A long game's replay takes seconds to
// draw, more than the 3 s Discord gives an answer, so the answer is deferred
// once the game is found and filled in when the files are ready.
func (b *Bot) historyCommand(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.gameOf(ctx, i)
	if err != nil {
		return err
	}
	s, err := b.loadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	if err := b.dc.Respond(i, discordgo.InteractionResponseDeferredChannelMessageWithSource, nil); err != nil {
		return fmt.Errorf("deferring /history: %w", err)
	}
	// From here on the interaction is answered: a failure edits the answer
	// rather than returning to fail, which would answer a second time.
	if err := b.dc.EditOriginal(i, b.historyMessage(s)); err != nil {
		b.logger(ctx).Error("posting a game's history", "err", err)
		text, _ := explain(langOf(i), err)
		_ = b.dc.EditOriginal(i, &Message{Content: text})
	}
	return nil
}

// historyMessage carries the record and the replay. Without the replay (it
// could not be drawn) the record still goes out, with a word about it.
func (b *Bot) historyMessage(s *state) *Message {
	base := fmt.Sprintf("kilab-%s-%d", s.g.Kind, s.g.ID)
	m := &Message{ // Mentions nil: the players are named, not pinged
		Content: clip(fmt.Sprintf("**%s #%d** · %s: <@%s> (%s%s) vs <@%s> (%s%s) · %s. The record, %d %s, and the replay:",
			s.game.Title(), s.g.ID, configText(s.game, s.g.Config), s.g.Players[0], s.seatName(games.First), s.computerSuffix(games.First),
			s.g.Players[1], s.seatName(games.Second), s.computerSuffix(games.Second),
			s.resultText(), len(s.plies), pluralWord(len(s.plies), "ply", "plies")), 2000),
		Files: []File{{Name: base + ".txt", ContentType: "text/plain; charset=utf-8", Data: []byte(b.recordText(s, base+".txt")),
			Description: fmt.Sprintf("The record of %s #%d in Kilab's notation, one ply per line.", s.game.Title(), s.g.ID)}},
	}
	gif, err := render.Replay(lang.En, s.game, s.g.Config, s.plies)
	if err != nil {
		b.log.Error("drawing a replay", "game", s.g.ID, "err", err)
		m.Content = clip(m.Content+"\n(The replay could not be drawn this time.)", 2000)
		return m
	}
	m.Files = append(m.Files, File{Name: base + ".gif", ContentType: "image/gif", Data: gif, Description: replayAlt(s)})
	return m
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// replayAlt is the replay's alt text: what it shows and where it ends.
func replayAlt(s *state) string {
	end := render.Describe(lang.En, s.game, s.g.Config, s.pos, s.pictured())
	return clip(fmt.Sprintf("Animated replay of %s #%d (%s), %d %s from the start. At the end: %s",
		s.game.Title(), s.g.ID, configText(s.game, s.g.Config), len(s.plies), pluralWord(len(s.plies), "ply", "plies"), end), render.MaxDescription)
}

// recordText is the record file: header lines marked with #, then one ply
// per line, its number and its token as games.Ply.String writes it, a tab
// between. The tokens alone, in order, are what `kilab replay` and
// games.ParseRecord read; the header says how to feed them.
func (b *Bot) recordText(s *state, file string) string {
	var w strings.Builder
	cfg := s.g.Config.String()
	fmt.Fprintf(&w, "# Kilab: %s #%d\n# Game: %s\n# Variant: %s\n", s.game.Title(), s.g.ID, s.g.Kind, cfg)
	for p := games.First; p <= games.Second; p++ {
		fmt.Fprintf(&w, "# %s (seat %d%s): %s (Discord user %s)%s\n", titleCase(s.seatName(p)), p, firstNote(p), b.lookupName(s.g.Players[p]), s.g.Players[p], s.computerMark(p))
	}
	if s.g.Opening != "" { // the throw-off's throws too (A3, D3)
		fmt.Fprintf(&w, "# First player: %s\n", b.plainMentions(strings.ReplaceAll(s.g.Opening, "\n", " ")))
	}
	fmt.Fprintf(&w, "# Result: %s\n", s.plainResult())
	if s.g.Reason != "" {
		fmt.Fprintf(&w, "# Reason: %s\n", s.g.Reason)
	}
	fmt.Fprintf(&w, "# Rated: %s · %s per move%s\n", yesNo(s.g.Rated), daysText(s.g.TimeLimit), computerNote(s.g))
	fmt.Fprintf(&w, "# Started: %s%s\n", s.g.Created.UTC().Format(time.RFC3339), finishedText(s))
	flags := replayFlags(cfg)
	old, oldest := s.oldRevisions()
	if oldest > 0 {
		fmt.Fprintf(&w, "# Rules: %d %s played under an older revision of the rules, which the rules now refuse; each is marked, and replays as it was played.\n",
			len(old), pluralWord(len(old), "ply was", "plies were"))
		flags += fmt.Sprintf(" --revision %d", oldest)
	}
	fmt.Fprintf(&w, "# Replay: kilab replay --game %s%s $(grep -v '^#' %s | cut -f2)\n", s.g.Kind, flags, file)
	for n, p := range s.plies {
		if rev, ok := old[n]; ok {
			fmt.Fprintf(&w, "%d\t%s\tplayed under rules revision %d\n", n+1, p, rev)
			continue
		}
		fmt.Fprintf(&w, "%d\t%s\n", n+1, p)
	}
	fmt.Fprintf(&w, "# Position: %s\n", s.pos)
	return w.String()
}

// oldRevisions finds the plies that replay only as the older rules revision
// they were played under played them (games.PlayRecorded), by index, with that
// revision, and the oldest such revision (0 when there is none).
func (s *state) oldRevisions() (map[int]int, int) {
	start, err := s.game.New(s.g.Config)
	if err != nil {
		return nil, 0
	}
	old, oldest := map[int]int{}, 0
	// loadLatest replayed this record already: an error cannot come here.
	_, _ = games.ReplayRevised(start, s.plies, func(i int, p games.Ply, _ games.Position, o bool) {
		if o {
			old[i] = p.Revision
			if oldest == 0 || p.Revision < oldest {
				oldest = p.Revision
			}
		}
	})
	return old, oldest
}

func firstNote(p games.Player) string {
	if p == games.First {
		return ", moves first"
	}
	return ""
}

// plainResult is the result without mentions, which a text file cannot show.
func (s *state) plainResult() string {
	w, won := s.g.Result.Winner()
	switch {
	case won:
		return s.seatName(w) + " won"
	case s.g.Result == store.Draw:
		return "draw"
	case s.g.Result == store.Aborted:
		return "aborted"
	}
	return fmt.Sprintf("in play, %s to %s", s.seatName(s.g.ToMove), s.dueVerb())
}

func finishedText(s *state) string {
	if s.g.Finished.IsZero() {
		return ""
	}
	return " · Finished: " + s.g.Finished.UTC().Format(time.RFC3339)
}

// replayFlags turns "standard dice=sticks pieces=5" into the CLI's flags.
func replayFlags(cfg string) string {
	f := strings.Fields(cfg)
	if len(f) == 0 {
		return ""
	}
	out := " --variant " + f[0]
	for _, kv := range f[1:] {
		out += " --opt " + kv
	}
	return out
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func daysText(d time.Duration) string {
	days := int(d / (24 * time.Hour))
	return fmt.Sprintf("%d day%s", days, plural(days))
}

var mention = regexp.MustCompile(`<@(\d+)>`)

// plainMentions writes the users a text mentions by name, for a file read
// outside Discord.
func (b *Bot) plainMentions(text string) string {
	return mention.ReplaceAllStringFunc(text, func(m string) string {
		return b.lookupName(mention.FindStringSubmatch(m)[1])
	})
}
