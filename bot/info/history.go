package info

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// History is /history game: the game's record as a text file in the
// notation, and its animated replay, for any game of this server (in DMs, of
// your own games, as gameOf allows). A long game's replay takes seconds to
// draw, more than the 3 s Discord gives an answer, so the answer is deferred
// once the game is found and filled in when the files are ready.
func (b *Info) History(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return err
	}
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	if err := b.DC.Respond(i, discordgo.InteractionResponseDeferredChannelMessageWithSource, nil); err != nil {
		return fmt.Errorf("deferring /history: %w", err)
	}
	// From here on the interaction is answered: a failure edits the answer
	// rather than returning to fail, which would answer a second time.
	if err := b.DC.EditOriginal(i, b.historyMessage(ctx, kit.LangOf(i), s)); err != nil {
		b.Logger(ctx).Error("posting a game's history", "err", err)
		text, _ := kit.Explain(kit.LangOf(i), err)
		_ = b.DC.EditOriginal(i, &kit.Message{Content: text})
	}
	return nil
}

// historyMessage carries the record and the replay, in l. Without the replay
// (it could not be drawn) the record still goes out, with a word about it.
func (b *Info) historyMessage(ctx context.Context, l *lang.Lang, s *kit.State) *kit.Message {
	base := fmt.Sprintf("kilab-%s-%d", s.G.Kind, s.G.ID)
	m := &kit.Message{ // Mentions nil: the players are named, not pinged
		Content: kit.Clip(l.T("info.history.content", "Plies", l.N("info.n.plies", len(s.Plies)), "Game", s.Game.Title(), "ID", s.G.ID, "Config", kit.ConfigText(l, s.Game, s.G.Config),
			"First", s.G.Players[0], "FirstSeat", kit.SeatWord(l, s.Game, games.First), "FirstComputer", s.ComputerSuffix(l, games.First),
			"Second", s.G.Players[1], "SecondSeat", kit.SeatWord(l, s.Game, games.Second), "SecondComputer", s.ComputerSuffix(l, games.Second),
			"Result", s.ResultText(l)), 2000),
		Files: []kit.File{{Name: base + ".txt", ContentType: "text/plain; charset=utf-8", Data: []byte(b.recordText(ctx, l, s, base+".txt")),
			Description: l.T("info.history.file_alt", "Game", s.Game.Title(), "ID", s.G.ID)}},
		// The game's page steps through it from its start.
		Components: kit.WithLink(l, nil, s.LinkAt(0)),
	}
	gif, err := render.Replay(l, s.Game, s.G.Config, s.Plies)
	if err != nil {
		b.Log.Error("drawing a replay", "game", s.G.ID, "err", err)
		m.Content = kit.Clip(m.Content+"\n"+l.T("info.history.no_replay"), 2000)
		return m
	}
	m.Files = append(m.Files, kit.File{Name: base + ".gif", ContentType: "image/gif", Data: gif, Description: replayAlt(l, s)})
	return m
}

// replayAlt is the replay's alt text: what it shows and where it ends.
func replayAlt(l *lang.Lang, s *kit.State) string {
	end := render.Describe(l, s.Game, s.G.Config, s.Pos, s.Pictured(l))
	return kit.Clip(l.T("info.history.replay_alt", "Plies", l.N("info.n.plies", len(s.Plies)), "Game", s.Game.Title(), "ID", s.G.ID, "Config", kit.ConfigText(l, s.Game, s.G.Config),
		"End", end), render.MaxDescription)
}

// recordText is the record file: header lines marked with #, in l, then one
// ply per line, its number and its token as games.Ply.String writes it, a tab
// between. The tokens alone, in order, are what `kilab replay` and
// games.ParseRecord read; the header says how to feed them.
func (b *Info) recordText(ctx context.Context, l *lang.Lang, s *kit.State, file string) string {
	var w strings.Builder
	head := func(text string) { w.WriteString("# " + text + "\n") }
	cfg := s.G.Config.String()
	head(l.T("info.record.title", "Game", s.Game.Title(), "ID", s.G.ID))
	head(l.T("info.record.game", "Kind", s.G.Kind))
	head(l.T("info.record.variant", "Config", cfg))
	for p := games.First; p <= games.Second; p++ {
		kv := []any{"Seat", kit.SeatTitle(l, s.Game, p), "N", int(p), "Name", b.LookupName(l, s.G.Players[p]), "User", s.G.Players[p], "Computer", s.ComputerMark(l, p)}
		if p == games.First {
			head(l.T("info.record.player_first", kv...))
		} else {
			head(l.T("info.record.player", kv...))
		}
	}
	opening, err := b.OpeningOf(ctx, l, s.G)
	if err != nil {
		b.Logger(ctx).Warn("could not say a game's opening", "game", s.G.ID, "err", err)
		opening = s.G.Opening
	}
	if opening != "" { // the throw-off's throws too (A3, D3)
		head(l.T("info.record.opening", "Opening", b.plainMentions(l, strings.ReplaceAll(opening, "\n", " "))))
	}
	head(l.T("info.record.result", "Result", plainResult(l, s)))
	if s.G.Reason != "" {
		head(l.T("info.record.reason", "Reason", b.plainMentions(l, s.ReasonLine(l)))) // a moderator's abort names them
	}
	rated := l.T("info.no")
	if s.G.Rated {
		rated = l.T("info.yes")
	}
	head(l.T("info.record.rated", "Rated", rated, "Time", l.N("tour.per_move", int(s.G.TimeLimit/(24*time.Hour))), "Computer", computerNote(l, s.G)))
	// In the asker's time zone where they chose one (/settings timezone);
	// RFC 3339 says the offset either way.
	zone := time.UTC
	if a, ok := kit.AskerOf(ctx); ok && a.User != nil {
		zone = b.ZoneOf(ctx, a.User.ID)
	}
	started := s.G.Created.In(zone).Format(time.RFC3339)
	if s.G.Finished.IsZero() {
		head(l.T("info.record.started", "Start", started))
	} else {
		head(l.T("info.record.finished", "Start", started, "End", s.G.Finished.In(zone).Format(time.RFC3339)))
	}
	flags := s.G.Config.Flags()
	old, oldest := oldRevisions(s)
	if oldest > 0 {
		head(l.N("info.record.old_rules", len(old)))
		flags += fmt.Sprintf(" --revision %d", oldest)
	}
	head(l.T("info.record.replay", "Kind", s.G.Kind, "Flags", flags, "File", file))
	for n, p := range s.Plies {
		if rev, ok := old[n]; ok {
			fmt.Fprintf(&w, "%d\t%s\t%s\n", n+1, p, l.T("info.record.old_ply", "Revision", rev))
			continue
		}
		fmt.Fprintf(&w, "%d\t%s\n", n+1, p)
	}
	head(l.T("info.record.position", "Position", s.Pos.String()))
	return w.String()
}

// oldRevisions is games.OldRevisions of s's record.
func oldRevisions(s *kit.State) (map[int]int, int) {
	start, err := s.Game.New(s.G.Config)
	if err != nil {
		return nil, 0
	}
	return games.OldRevisions(start, s.Plies)
}

// plainResult is the result without mentions, which a text file cannot show.
func plainResult(l *lang.Lang, s *kit.State) string {
	w, won := s.G.Result.Winner()
	switch {
	case won:
		return l.T("info.record.won", "Seat", kit.SeatWord(l, s.Game, w))
	case s.G.Result == store.Draw:
		return l.T("info.record.draw")
	case s.G.Result == store.Aborted:
		return l.T("info.record.aborted")
	case s.Pos.Due().Kind == games.DueThrow:
		return l.T("info.record.to_throw", "Seat", kit.SeatWord(l, s.Game, s.G.ToMove))
	}
	return l.T("info.record.to_move", "Seat", kit.SeatWord(l, s.Game, s.G.ToMove))
}

var mention = regexp.MustCompile(`<@(\d+)>`)

// plainMentions writes the users a text mentions by name, for a file read
// outside Discord.
func (b *Info) plainMentions(l *lang.Lang, text string) string {
	return mention.ReplaceAllStringFunc(text, func(m string) string {
		return b.LookupName(l, mention.FindStringSubmatch(m)[1])
	})
}
